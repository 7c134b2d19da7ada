"""Reference firmware entry point for the die-sensor board (MicroPython, Raspberry Pi Pico / RP2040).

Copy ``die_board.py`` and this file to the board (``mpremote cp die_board.py main.py :``).

Wiring (edit the constants below to match the board):
- UART0: GP0 = TX -> Pi BCM 15 (RXD), GP1 = RX <- Pi BCM 14 (TXD), GND to GND; 115200 8N1.
- ``SENSOR_MODE = "gpio"``: one digital hall switch per path space, outputs on ``SENSOR_PINS``
  (space 1 first), internal pull-ups, low when the die's magnet is over it.
- ``SENSOR_MODE = "mux"``: analog hall sensors on a CD74HC4067, S0..S3 on ``MUX_SELECT_PINS``,
  SIG on ``MUX_ADC_PIN`` (GP26 = ADC0); up to 16 spaces per multiplexer.
"""

import time

import machine
from die_board import GpioHallReader, MuxHallReader, SensorBoard

SPACES = 20
SENSOR_MODE = "gpio"
SENSOR_PINS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21)
MUX_SELECT_PINS = (2, 3, 4, 5)
MUX_ADC_PIN = 26
UART_ID = 0
UART_TX, UART_RX = 0, 1
BAUDRATE = 115200


def ticks_ms():
    return time.ticks_ms()


def ticks_diff(a, b):
    return time.ticks_diff(a, b)


def build_board(spaces=SPACES, mode=SENSOR_MODE):
    uart = machine.UART(UART_ID, baudrate=BAUDRATE, tx=machine.Pin(UART_TX), rx=machine.Pin(UART_RX))
    if mode == "gpio":
        pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in SENSOR_PINS[:spaces]]
        reader = GpioHallReader(pins)
    elif mode == "mux":
        select = [machine.Pin(n, machine.Pin.OUT) for n in MUX_SELECT_PINS]
        reader = MuxHallReader(select, machine.ADC(machine.Pin(MUX_ADC_PIN)), spaces)
    else:
        raise ValueError("SENSOR_MODE must be 'gpio' or 'mux'")
    return SensorBoard(reader, uart, ticks_ms, ticks_diff, spaces)


def run():
    board = build_board()
    while True:
        board.poll()
        time.sleep_ms(1)


if __name__ == "__main__":
    run()
