"""Stand-in for MicroPython's ``micropython`` module: ``kbd_intr`` (what the USB stdin does with
Ctrl-C: see ``board.py``) and ``const``."""

_state = {"kbd_intr": 3}


def kbd_intr(chr):
    """The byte that raises KeyboardInterrupt when it arrives on stdin; -1 turns it off."""
    _state["kbd_intr"] = chr


def interrupt_char():
    return _state["kbd_intr"]


def const(x):
    return x
