"""Die-sensor board firmware entry point (MicroPython on a Raspberry Pi Pico / RP2040).

Copy the three files to the board: ``mpremote cp die_board.py links.py main.py :`` (see
``docs/die-sensor.md``, "Flashing"). The settings below are the only things to edit.

Wiring (3.3 V logic only, every part powered from the Pico's 3V3 OUT, pin 36):
- GP2 (pin 4)  -> SH/LD (pin 1) of every 74HC165 on the plate
- GP3 (pin 5)  -> CLK   (pin 2) of every 74HC165
- GP4 (pin 6)  <- QH    (pin 9) of register 0 (the plate's ID register), internal pull-down
- GP22 (pin 29): maintenance jumper to GND at power-on = firmware does not start (for mpremote)
- LINK = "usb": frames on the USB serial (``/dev/ttyACM0``, ``/dev/applejack-die`` with the udev rule)
- LINK = "uart": UART0, GP0 (pin 1) = TX -> Pi BCM 15 (RXD), GP1 (pin 2) = RX <- Pi BCM 14 (TXD),
  GND to GND; 115200 8N1. The USB keeps the REPL then.

The loop feeds ``machine.WDT`` every pass; any exception in it resets the board
(``machine.reset()``), so a fault costs about a second, not a silent board until unplugged.
"""

import time

import machine
import micropython
from die_board import ChainReader, SensorBoard
from links import UsbLink, uart_link

LINK = "usb"  # "usb" or "uart"
PIN_LOAD, PIN_CLOCK, PIN_DATA = 2, 3, 4
PIN_MAINTENANCE = 22
UART_ID, UART_TX, UART_RX, BAUDRATE = 0, 0, 1, 115200
WDT_MS = 2000  # the watchdog resets the board when the loop stalls this long (rp2: at most 8388)


def build_link():
    if LINK == "usb":
        micropython.kbd_intr(-1)  # a 0x03 from the host is data, not Ctrl-C into the REPL
        return UsbLink()
    if LINK == "uart":
        return uart_link(machine, UART_ID, UART_TX, UART_RX, BAUDRATE)
    raise ValueError("LINK must be 'usb' or 'uart'")


def build_board(link):
    Pin = machine.Pin
    reader = ChainReader(Pin(PIN_LOAD, Pin.OUT, value=1), Pin(PIN_CLOCK, Pin.OUT, value=0),
                         Pin(PIN_DATA, Pin.IN, Pin.PULL_DOWN))
    return SensorBoard(reader, link, time.ticks_ms, time.ticks_diff)


def maintenance():
    """True when GP22 is jumpered to GND: leave the REPL to ``mpremote``."""
    return machine.Pin(PIN_MAINTENANCE, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0


def run():
    if maintenance():
        print("die sensor: maintenance jumper on GP22, firmware not started")
        return
    try:
        wdt = machine.WDT(timeout=WDT_MS)
        board = build_board(build_link())
        while True:
            board.poll()
            wdt.feed()
            time.sleep_ms(1)
    except Exception:  # anything at all: start again clean (the host reconnects by itself)
        machine.reset()


if __name__ == "__main__":
    run()
