"""Waldgärtner on the phones (``table/web/``): each seat's hand, entered and played on its own phone.

A card drawn into a hand, the seven cards of a bonus draw and a search's cards are seen by
that player only. On the phone the seat enters the card it drew (its id), sees its hand, takes
its card from a bonus draw or search, and plants or sells from its hand: :class:`SeatDesk`
turns each into the lid's very command (``card 17``, ``choose 17``, ``plant 17``, ``sell 17``),
entered through the shell and journalled as usual; the lid says only what it says for a draw
typed at the lid (nothing until the card is played).

**Die choices** are simultaneous and secret at the table: each seat picks its deck (or the special
action) on its phone; the desk holds the choices until every seat still to choose has chosen, then
enters them all in seat order (``deck 3``, ``special``), as the table enters them once everyone has
shown. A die chosen on a phone and not yet entered is kept on disk at once by the door
(:mod:`table.web.held`), so a power cut after one seat chose keeps that choice.

Everybody sees what the lid shows that names no hidden card: whose turn it is, the question
(a line of its own where the lid's question would name a hand's cards), what the last command
made happen, each seat's storage.
"""

from __future__ import annotations

from typing import Any

from table.companion.protocol import CommandError
from table.companion.seatdesk import SeatDesk as BaseDesk
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.questions import held, seat_now
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.words import card_label
from table.i18n import _
from table.i18n.labels import is_number

ENTERED_STAGES = ("draw", "bdraw", "sdeal")
"""The engine's stages where a seat's hidden card is entered by its id."""
SECRET_CHOICES = ("bchoose", "schoose")
"""The engine's stages where a seat takes one of cards only it has seen."""


def _card_id(form: dict[str, Any], count: int) -> int:
    """``form["card"]`` as a card id of the card file (0 … count-1); CommandError otherwise."""
    value = str(form.get("card", "")).strip().lstrip("#")
    if not is_number(value, 4) or int(value) >= count:
        raise CommandError(_("enter the card's number (0-{last})").format(last=count - 1))
    return int(value)


def die_seats(ctl: WaldgaertnerCompanion) -> list[int]:
    """The seats whose die is still to be entered this round (in the order the table enters them)."""
    e = ctl.e
    if e is None or ctl.mode != "play" or e.step != "die":
        return []
    return [seat for kind, seat, _arg in e.t.jobs if kind == "die"]


def _play_label(ctl: WaldgaertnerCompanion, seat: int, action: int) -> str:
    """A play from the hand in words: "#17 Apple: plant in row 3, place 2 (fee 3)", "#17 Apple: sell"."""
    e = ctl.state  # a play or a form is asked only in a game
    text = A.to_text(action)
    w = text.split()
    if len(w) < 2 or not is_number(w[1]):
        return text
    card = card_label(e.card(int(w[1])))
    if w[0] == "sell":
        return _("{card}: sell").format(card=card)
    if w[0] == "offer":
        return _("{card}: offer to {seat}").format(card=card, seat=ctl.seat_title(int(w[3]) - 1))
    if w[0] == "plant":
        row, place = (int(x) for x in w[3].split("."))
        fee = next((f for r, p, f in e.plant_spots(seat, int(w[1])) if (r, p + 1) == (row, place)), 0)
        if fee:
            return _("{card}: plant in row {row}, place {place} (fee {fee})").format(
                card=card, row=row, place=place, fee=fee)
        return _("{card}: plant in row {row}, place {place}").format(card=card, row=row, place=place)
    return text


def _plays(ctl: WaldgaertnerCompanion, seat: int) -> list[list[str]]:
    """The plays the engine allows ``seat`` now, as (the lid's command, words) — the place of a plant
    is chosen with the card, as at the table."""
    return [[A.to_text(a), _play_label(ctl, seat, a)] for a in ctl.state.legal_actions()]


def _play(ctl: WaldgaertnerCompanion, seat: int, form: dict[str, Any]) -> str:
    """The lid's command for ``form["play"]``, one of :func:`_plays`; CommandError otherwise."""
    wanted = str(form.get("play", ""))
    plays = [command for command, _label in _plays(ctl, seat)]
    if wanted not in plays:
        raise CommandError(_("that card is not in your hand"))
    return wanted


def _die_word(ctl: WaldgaertnerCompanion, action: int) -> tuple[str, str] | None:
    """(command, label) of a die action: ``deck 3`` / "Deck 3", ``special`` / "Special action"."""
    if action == A.SPECIAL:
        return "special", _("Special action")
    if A.DECK <= action < A.DECK + 7:
        n = action - A.DECK + 1
        return f"deck {n}", _("Deck {n}").format(n=n)
    return None


class SeatDesk(BaseDesk[WaldgaertnerCompanion]):
    """What a seat may see and enter in Waldgärtner (see the module docstring)."""

    def __init__(self) -> None:
        self.dice: dict[int, str] = {}
        """Per seat (0-based): its die's command (``deck 3``, ``special``), chosen and not yet entered."""

    def _sync(self, ctl: WaldgaertnerCompanion) -> list[int]:
        """The seats choosing their die now; the choices of seats no longer choosing are let go."""
        seats = die_seats(ctl)
        self.dice = {s: c for s, c in self.dice.items() if s in seats}
        return seats

    def _public(self, ctl: WaldgaertnerCompanion) -> dict[str, Any]:
        e = ctl.e
        if e is None:
            return {"lines": []}
        s = seat_now(e)
        question = ctl.ask()
        if e.step == "play":
            question = _("{seat} plays a card").format(seat=ctl.seat_title(s))
        elif e.step in SECRET_CHOICES:
            question = _("{seat} takes a card in secret").format(seat=ctl.seat_title(s))
        facts = [[ctl.seat_title(p), _("storage {n}").format(n=e.storage(p))] for p in range(e.players)]
        choosing = die_seats(ctl)
        if choosing:
            chosen = [ctl.seat_title(p) for p in choosing if p in self.dice]
            facts.append([_("Chosen on a phone"), ", ".join(chosen) or "—"])
        return {
            "turn": ctl.seat_title(s) if s >= 0 else "",
            "question": question if ctl.mode == "play" else "",
            "lines": list(ctl.said_last[-4:]),
            "facts": facts,
        }

    def _private(self, ctl: WaldgaertnerCompanion, seat: int) -> dict[str, Any]:
        e = ctl.e
        if e is None or ctl.mode != "play":
            return {"facts": [], "form": None}
        hand = [card_label(e.card(c)) for c in held(e, seat)]
        facts = [[_("Your hand"), ", ".join(hand) or _("no card")]]
        if seat in self.dice:
            facts.append([_("Your die"), self.dice[seat]])
            return {"facts": facts, "note": _("Chosen. The dice are entered when everybody has chosen."),
                    "form": None}
        return {"facts": facts, "form": self._form(ctl, seat)}

    def _form(self, ctl: WaldgaertnerCompanion, seat: int) -> dict[str, Any] | None:
        e = ctl.state  # a play or a form is asked only in a game
        if seat in die_seats(ctl):
            if seat in self.dice:
                return None
            options = [[w, label] for w, label in filter(None, (_die_word(ctl, a) for a in e.legal_actions()))]
            return {"fields": [{"name": "die", "label": _("Your die, in secret"), "options": options,
                                "prompt": _("choose…")}],
                    "submit": _("Choose")}
        if seat_now(e) != seat:
            return None
        if e.step in ENTERED_STAGES:
            return {"fields": [{"name": "card", "label": _("The card you drew (its number)"),
                                "number": [0, len(e.cards) - 1]}],
                    "submit": _("Enter")}
        if e.step in SECRET_CHOICES:
            options = [[str(a - A.CHOOSE), card_label(e.card(a - A.CHOOSE))] for a in e.legal_actions()]
            return {"fields": [{"name": "card", "label": _("The card you take"), "options": options,
                                "prompt": _("choose…")}],
                    "submit": _("Take it")}
        if e.step == "play":
            return {"fields": [{"name": "play", "label": _("The card you play, and how"),
                                "options": _plays(ctl, seat), "prompt": _("choose…")}],
                    "submit": _("Play it")}
        return None

    # --- kept across a power cut (table.web.held) ---------------------------------------------
    def moment(self, ctl: WaldgaertnerCompanion) -> list[Any]:
        """The round the held dice belong to: the engine's actions so far."""
        return list(ctl.state.history) if ctl.e is not None and ctl.mode == "play" else []

    def progress(self, ctl: WaldgaertnerCompanion) -> tuple[str, list[tuple[int, bool]]] | None:
        """Who has chosen a die on a phone this round (``table/web/progress.py``: the lid shows it;
        never which): ("choose", [(seat, chosen)…]), None while no die is asked."""
        choosing = self._sync(ctl)
        return ("choose", [(s, s in self.dice) for s in choosing]) if choosing else None

    def held(self, ctl: WaldgaertnerCompanion | None = None) -> dict[str, Any]:
        """The dice held now (JSON): seat → its command."""
        if ctl is not None:
            self._sync(ctl)
        return {"dice": {str(s): c for s, c in sorted(self.dice.items())}} if self.dice else {}

    def restore(self, ctl: WaldgaertnerCompanion, held: dict[str, Any]) -> int:
        """Hold again what :meth:`held` gave at this very moment (a restart); a die that does not fit
        the table now is left out. How many were taken back."""
        choosing = self._sync(ctl)
        words = {w for w, _label in filter(None, (_die_word(ctl, a) for a in ctl.state.legal_actions()))} \
            if choosing else set()
        dice = held.get("dice")
        for key, value in (dice.items() if isinstance(dice, dict) else ()):
            if isinstance(key, str) and is_number(key) and int(key) in choosing and value in words:
                self.dice[int(key)] = value
        return len(self.dice)

    def lid(self, ctl: WaldgaertnerCompanion, command: str,
            using: frozenset[int]) -> tuple[list[str] | None, list[int]]:
        """A die entered at the lid (``deck 3``, ``special``: the next seat's in the table's order)
        while phones hold dice (``companion/phones_gate.py``): the held dice before it are entered
        first, those after it follow; the seats still choosing on a phone (``using``) are named.
        (commands instead or None, seats still choosing)."""
        choosing = self._sync(ctl)
        if not choosing or not (command == "special" or command.startswith("deck ")):
            return None, []
        waiting = [s for s in choosing if s in using and s not in self.dice]
        lead = 0
        while lead < len(choosing) and choosing[lead] in self.dice:
            lead += 1
        if not self.dice or lead == len(choosing):
            return None, waiting
        before = [self.dice[s] for s in choosing[:lead]]
        after: list[str] = []
        for s in choosing[lead + 1:]:
            if s not in self.dice:
                break
            after.append(self.dice[s])
        return [*before, command, *after], waiting

    def choose(self, ctl: WaldgaertnerCompanion, seat: int, form: dict[str, Any]) -> list[str]:
        """The lid's command for ``seat``'s entry; CommandError (one line) when it is not asked now."""
        choosing = self._sync(ctl)
        if seat in choosing:
            return self._die(ctl, seat, form, choosing)
        e = ctl.e
        if e is None or ctl.mode != "play" or seat_now(e) != seat:
            raise CommandError(_("nothing of yours is asked now"))
        if e.step == "play":
            return [_play(ctl, seat, form)]
        cid = _card_id(form, len(e.cards))
        if e.step in ENTERED_STAGES:
            return [f"card {cid}"]
        if e.step in SECRET_CHOICES:
            return [f"choose {cid}"]
        raise CommandError(_("nothing of yours is asked now"))

    def _die(self, ctl: WaldgaertnerCompanion, seat: int, form: dict[str, Any], choosing: list[int]) -> list[str]:
        """Hold ``seat``'s die; when every seat choosing has chosen, all of them in the table's order."""
        if seat in self.dice:
            raise CommandError(_("you have chosen already"))
        words = {w for w, _label in filter(None, (_die_word(ctl, a) for a in ctl.state.legal_actions()))}
        choice = str(form.get("die", ""))
        if choice not in words:
            raise CommandError(_("choose a deck or the special action: {choices}").format(
                choices=", ".join(sorted(words))))
        self.dice[seat] = choice
        if any(s not in self.dice for s in choosing):
            return []
        out = [self.dice[s] for s in choosing]
        self.dice = {}
        return out
