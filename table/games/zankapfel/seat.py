"""Zankapfel on the phones (``table/web/``): the discord card and the dice, chosen in secret.

At the table each seat in a discord lays a discord card face down and buys 0-3 dice; here each
chooses both on their phone. :class:`SeatDesk` holds the choices (never in another seat's or a
spectator's view) until every seat in the discord has chosen, then hands the shell the very
commands the lid would have taken — ``dice seat N K`` for each seat buying dice (once; none for
0), ``dice-done``, ``card seat N V`` in the discord's order — so the companion reveals them
together, journalled as usual.
A choice held on a phone and not yet entered is kept on disk at once by the door
(:mod:`table.web.held`: :meth:`SeatDesk.held`, :meth:`SeatDesk.restore`, :meth:`SeatDesk.moment`),
so a power cut after one seat chose keeps that choice.

Everybody sees what the lid shows: the question, the last announcements, the score track, and
who in the discord has chosen.
"""

from __future__ import annotations

from typing import Any

from table.companion.protocol import CommandError
from table.companion.seatdesk import SeatDesk as BaseDesk
from table.games.zankapfel.companion import ZankapfelCompanion
from table.i18n import _
from table.i18n.labels import is_number

MAX_DICE = 3
"""Dice a seat may buy in a discord (2 points each)."""


def _number(form: dict[str, Any], key: str) -> int | None:
    """``form[key]`` as a small whole number, None when missing; CommandError when not one."""
    value = form.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not is_number(str(value), 2):
        raise CommandError(_("{value} is not a number").format(value=repr(value)[:20]))
    return int(value)


class SeatDesk(BaseDesk[ZankapfelCompanion]):
    """The secret choices of the discord being fought (see the module docstring)."""

    def __init__(self) -> None:
        self.secret: dict[int, tuple[int, int]] = {}
        """Per seat (0-based): (dice, discord card; 0 = none left), chosen and not yet entered."""
        self._discord: tuple[Any, ...] = ()

    # --- which discord -----------------------------------------------------------------------
    def _sync(self, ctl: ZankapfelCompanion) -> None:
        """Forget choices held for a discord that is over (or taken back at the lid)."""
        b = ctl.b
        assert b is not None  # a discord is asked: the game is built
        key: tuple[Any, ...] = ()
        if b is not None and b.stage() in ("dice", "card"):  # the engine's history stands still in a discord
            key = (len(b.e.history), b.fight_seats())
        if key != self._discord:
            self._discord = key
            self.secret = {}
        choosing = self._choosing(ctl)  # a card entered (at the lid, from what a phone held) lets it go
        self.secret = {s: v for s, v in self.secret.items() if s in choosing}

    def _choosing(self, ctl: ZankapfelCompanion) -> list[int]:
        """The seats that choose on their phones now: in the dice stage every seat in the discord,
        once the dice are entered those whose card is still face down."""
        b = ctl.b
        assert b is not None  # a discord is asked: the game is built
        if b is None or ctl.mode != "play":
            return []
        st = b.stage()
        if st == "dice":
            return list(b.fight_seats())
        return list(b.card_todo()) if st == "card" else []

    # --- views (SeatDesk.view) --------------------------------------------------------------
    def _public(self, ctl: ZankapfelCompanion) -> dict[str, Any]:
        b = ctl.b
        assert b is not None  # a discord is asked: the game is built
        if b is None:
            return {"lines": list(ctl.log[-4:])}
        choosing = self._choosing(ctl)
        facts = [[ctl.seat_title(s), str(p)] for s, p in enumerate(ctl.positions())]
        if choosing:
            chosen = [ctl.seat_title(s) for s in choosing if s in self.secret]
            facts.append([_("Chosen on a phone"), ", ".join(chosen) or "—"])
        return {
            "turn": ctl.seat_title(b.seat()) if b.seat() >= 0 else "",
            "question": b.ask() if ctl.mode == "play" else "",
            "lines": list(ctl.log[-4:]),
            "facts": facts,
        }

    def _private(self, ctl: ZankapfelCompanion, seat: int) -> dict[str, Any]:
        if seat not in self._choosing(ctl):
            return {"facts": [], "form": None}
        b = ctl.b
        assert b is not None  # a discord is asked: the game is built
        held = self.secret.get(seat)
        if held is not None:
            dice, card = held
            shown = str(card) if card else _("none")
            return {"facts": [[_("Your discord card"), shown], [_("Your dice"), str(dice)]],
                    "note": _("Chosen. It is revealed when everybody in the discord has chosen."),
                    "form": None}
        fields: list[dict[str, Any]] = []
        left = b.e.discord_cards(seat)
        if left:
            fields.append({"name": "card", "label": _("Your discord card"),
                           "options": [[str(v), str(v)] for v in left], "prompt": _("choose…")})
        if b.stage() == "dice" and not b.dice.get(seat, 0):  # dice are bought once (at the lid, perhaps)
            fields.append({"name": "dice", "label": _("Dice to buy (2 points each)"),
                           "options": [[str(k), str(k)] for k in range(MAX_DICE + 1)]})
        return {"facts": [], "note": _("You are in the discord: choose in secret."),
                "form": {"fields": fields, "submit": _("Lay it face down")}}

    # --- kept across a power cut (table.web.held) ---------------------------------------------
    def moment(self, ctl: ZankapfelCompanion) -> list[Any]:
        """The decision the held choices belong to: the engine's actions so far and the stage."""
        b = ctl.b
        assert b is not None  # a discord is asked: the game is built
        if b is None or ctl.mode != "play":
            return []
        return [list(b.e.history), b.stage(), list(b.fight_seats())]

    def progress(self, ctl: ZankapfelCompanion) -> tuple[str, list[tuple[int, bool]]] | None:
        """Who in the discord has chosen on a phone (``table/web/progress.py``: the lid shows it;
        never what): ("choose", [(seat, chosen)…]), None outside a discord."""
        self._sync(ctl)
        choosing = self._choosing(ctl)
        return ("choose", [(s, s in self.secret) for s in choosing]) if choosing else None

    def held(self, ctl: ZankapfelCompanion | None = None) -> dict[str, Any]:
        """The choices held now (JSON): seat → [dice, discord card]."""
        if ctl is not None:
            self._sync(ctl)
        return {"secret": {str(s): list(v) for s, v in sorted(self.secret.items())}} if self.secret else {}

    def restore(self, ctl: ZankapfelCompanion, held: dict[str, Any]) -> int:
        """Hold again what :meth:`held` gave at this very moment (a restart); a choice that does not
        fit the table now is left out. How many were taken back."""
        self._sync(ctl)
        choosing = self._choosing(ctl)
        secret = held.get("secret")
        for key, value in (secret.items() if isinstance(secret, dict) else ()):
            if not (isinstance(key, str) and is_number(key) and isinstance(value, list) and len(value) == 2):
                continue
            seat, (dice, card) = int(key), value
            left = ctl.b.e.discord_cards(seat) if seat in choosing and ctl.b is not None else []
            if seat in choosing and dice in range(MAX_DICE + 1) and (card in left or (card == 0 and not left)):
                self.secret[seat] = (int(dice), int(card))
        return len(self.secret)

    # --- a choice ------------------------------------------------------------------------------
    def choose(self, ctl: ZankapfelCompanion, seat: int, form: dict[str, Any]) -> list[str]:
        """Hold ``seat``'s choice; once every seat choosing has chosen, the commands that reveal
        them all (else none). CommandError (one line) for a choice the table cannot take now."""
        self._sync(ctl)
        choosing = self._choosing(ctl)
        if seat not in choosing:
            raise CommandError(_("no discord card of yours is asked now"))
        if seat in self.secret:
            raise CommandError(_("you have chosen already"))
        b = ctl.b
        assert b is not None  # a discord is asked: the game is built
        left = b.e.discord_cards(seat)
        card = _number(form, "card")
        if left and card not in left:
            raise CommandError(_("choose one of your discord cards: {left}").format(
                left=" ".join(map(str, left))))
        dice = (_number(form, "dice") or 0) if not b.dice.get(seat, 0) else 0
        if dice > MAX_DICE:
            raise CommandError(_("0 to {most} dice").format(most=MAX_DICE))
        self.secret[seat] = (dice, card if left and card is not None else 0)
        if any(s not in self.secret for s in choosing):
            return []
        return self._reveal(ctl, choosing)

    # --- the lid's CONFIRM (companion/phones_gate.py) -------------------------------------------
    def lid(self, ctl: ZankapfelCompanion, command: str,
            using: frozenset[int]) -> tuple[list[str] | None, list[int]]:
        """The lid's ``command`` in a discord: CONFIRM (``dice-done``) enters what the phones hold
        first (their dice, then the discord cards due in the discord's order), a card typed at the
        lid brings the held cards before and after it; the seats still choosing on a phone (``using``:
        their page is open) are named. (commands instead or None, seats still choosing)."""
        self._sync(ctl)
        b = ctl.b
        if b is None or ctl.mode != "play" or b.stage() not in ("dice", "card"):
            return None, []
        w = command.split()
        waiting = [s for s in self._choosing(ctl) if s in using and s not in self.secret]
        if b.stage() == "dice":
            if w[:2] == ["dice", "seat"] and len(w) == 4 and is_number(w[2]) and int(w[2]) - 1 in self.secret:
                raise CommandError(_("{seat} chose on the phone: its dice come from there").format(
                    seat=ctl.seat_title(int(w[2]) - 1)))
            if command != "dice-done":
                return None, []
            waiting = [s for s in waiting if not b.dice.get(s, 0)]
            if not self.secret:
                return None, waiting
            out = [f"dice seat {s + 1} {self.secret[s][0]}" for s in b.fight_seats()
                   if s in self.secret and self.secret[s][0] and not b.dice.get(s, 0)]
            return [*out, "dice-done", *self._cards_due(ctl, list(b.fight_seats()))], waiting
        if w[:2] != ["card", "seat"] or len(w) != 4 or not is_number(w[2]):
            return None, []
        seat = int(w[2]) - 1
        if seat in self.secret:
            raise CommandError(_("{seat} chose on the phone: its card comes from there").format(
                seat=ctl.seat_title(seat)))
        todo = b.card_todo()
        if seat not in todo or not self.secret:
            return None, waiting
        at = todo.index(seat)
        before = self._cards_due(ctl, todo[:at])
        if len(before) < at:
            return None, waiting  # another seat's card is next: the lid's refusal says whose
        return [*before, command, *self._cards_due(ctl, todo[at + 1:])], waiting

    def _cards_due(self, ctl: ZankapfelCompanion, order: list[int]) -> list[str]:
        """The held discord cards of the seats in ``order`` up to the first without one (a seat with
        no card left is passed: the table turns none)."""
        out: list[str] = []
        b = ctl.b
        assert b is not None  # (a discord is being fought: lid() asked)
        for s in order:
            if not b.e.discord_cards(s):
                continue
            if s not in self.secret or not self.secret[s][1]:
                break
            out.append(f"card seat {s + 1} {self.secret[s][1]}")
        return out

    def _reveal(self, ctl: ZankapfelCompanion, choosing: list[int]) -> list[str]:
        """Every held choice as the lid's commands, in the discord's order; the choices are let go."""
        b = ctl.b
        assert b is not None  # a discord is asked: the game is built
        out: list[str] = []
        if b.stage() == "dice":  # 0 dice is no purchase; a seat that bought at the lid buys no more
            out = [f"dice seat {s + 1} {self.secret[s][0]}" for s in choosing
                   if self.secret[s][0] and not b.dice.get(s, 0)]
            out.append("dice-done")
        out += [f"card seat {s + 1} {self.secret[s][1]}" for s in choosing if self.secret[s][1]]
        self.secret = {}
        return out

