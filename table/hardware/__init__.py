"""The lid hardware: trough LEDs and buttons on GPIO, the die-position sensor on serial.

Modules (import the one you need; nothing here imports gpiozero or pyserial):

- ``pinmap``: the wiring (BCM numbers) from TOML, checked; ``default_pins.toml`` (DSI/HDMI screens)
  and ``spi_screen_pins.toml`` (beside a 3.5" SPI screen) ship here.
- ``header``: which pins each screen type and the Pi's own functions take; who likely holds a busy pin.
- ``factory``: ``make_pin_factory("mock" | "lgpio" | "rpigpio" | None)``, injected into devices.
- ``events``: ``ButtonPress``, ``DieReading``, ``SensorStatus`` — what arrives in the event queue.
- ``panel``: ``Panel`` (``.leds``, ``.events``): the LEDs and buttons.
- ``die_protocol``: the sensor's serial frames (pure parser, encoders).
- ``die_sensor``: ``DieSensor``, the reconnecting serial driver with the settle window.
- ``wiring``: draws ``docs/wiring.svg`` from a pin map.
- ``mocks``: loads the simulators in ``hardware-mocks/`` of a checkout.

Nothing here imports the rules engine or pygame.
"""
