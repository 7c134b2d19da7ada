"""A seat is one phone: the first phone to open a seat's page keeps it (issue 34).

The web server gives every browser a **device key** (``app.DEVICE_COOKIE``: 128 random bits in a
cookie, ``HttpOnly``, ``SameSite=Strict``) and sends it with every request to the kiosk. The door
binds each seat's token to the first device key that opens it (:class:`SeatPhones`); another
device presenting the same token is refused "Seat 2 is open on another phone", and the seat is
marked as asked for (the lid's strip shows it; the first phone's page offers **Hand it over**).
It takes the seat over only when the first phone agrees (op ``handover``) or the lid does
(``phone 2`` at the lid: the next device to open the code takes the seat). A spectator's code
stays open to every device. The bindings are the kiosk's memory: new tokens (a new game), or a
restart of the kiosk, start them afresh (the first phone to ask again holds the seat).

What this protects: a seat's page (its hidden cards and choices) against a second phone that got
hold of its code — a photo of the lid's QR code, a look over a shoulder — once the seat's own
phone has opened it. What it does not: a code opened by the wrong phone first (the lid's code
is the key: show it to its player only), a device that copies the first phone's cookie (it is
HttpOnly, but a person holding the unlocked phone holds the seat), or anyone who reads the lid's
screen or the table itself.
"""

from __future__ import annotations

import hmac
from typing import Any

from table.i18n import _

HANDOVER = "handover"
"""The op by which a seat's phone hands its seat to the phone asking for it."""
LONGEST_KEY = 64
"""A device key longer than this (characters) is no key."""


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8", "replace"), b.encode("utf-8", "replace"))


class SeatPhones:
    """Seat → the device key holding its page; the device asking for it; seats the lid released."""

    def __init__(self) -> None:
        self.holding: dict[int, str] = {}
        self.asking: dict[int, str] = {}
        self.released: set[int] = set()

    def forget(self) -> None:
        """New tokens: no seat is held by any phone yet."""
        self.holding, self.asking, self.released = {}, {}, set()

    def ask(self, seat: int, device: Any, op: Any, title: str) -> dict[str, Any] | None:
        """A request for ``seat``'s page from ``device``: None when it may go on (the seat is its,
        or nobody's yet: then it is), else the refusal. A request without a device key (the
        kiosk's own tests, never the web server) is not bound. ``op`` ``handover`` from the holder
        gives the seat to the device asking for it."""
        if not isinstance(device, str) or not device or len(device) > LONGEST_KEY:
            refused = {"ok": False, "error": "refused", "line": _("not possible from this page")}
            return None if device is None else refused
        held = self.holding.get(seat)
        if held is None or seat in self.released:
            self.holding[seat] = device
            self.released.discard(seat)
            self.asking.pop(seat, None)
            return None
        if _same(held, device):
            if op == HANDOVER:
                if seat not in self.asking:
                    return {"ok": False, "error": "refused", "line": _("no other phone asks for this seat")}
                self.holding[seat] = self.asking.pop(seat)
            return None
        self.asking[seat] = device
        return {"ok": False, "error": "taken", "line": _("{seat} is open on another phone").format(seat=title),
                "help": _("That phone can hand it over on its page, or the lid: type phone {n}").format(n=seat + 1)}

    def asked(self, seat: int) -> bool:
        """Whether another phone asks for ``seat`` (its page offers to hand it over)."""
        return seat in self.asking

    def doubled(self) -> list[int]:
        """The seats a second phone asks for (the lid's strip shows them)."""
        return sorted(self.asking)

    def release(self, seat: int) -> None:
        """The lid agrees: the next device to open ``seat``'s code takes it (the asking one, at its
        next try: its page asks again every few seconds)."""
        self.released.add(seat)
