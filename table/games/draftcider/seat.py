"""Draft Cider on the phones (``table/web/``): each seat enters its own pick, and its own orchard
on the end-only score pad.

**What Draft Cider hides**: nothing. The rule text (``shared/seeds/003_…``) deals the centre face
up and every pick is planted in the open, so no seat has a hand or a face-down choice. What a
phone gives a seat is its own **entry**: on its pick it enters the card it took and the batch it
planted it in, and at the end (``pad=end``) it enters its own orchard while the others enter
theirs on their phones at the same time. A seat's view shows its own orchard batch by batch.

Every entry becomes at once the lid's own command, journalled like a line typed at the lid:

- live, on the seat's pick (and only while the lid has no card half entered):
  ``pick seat N COLOUR hH sS BATCH``;
- on the score pad, any time and any order (the pad's commands name the player):
  ``pad N BATCH COLOUR hH sS``; ``done`` marks the seat's orchard complete. A seat holding 12
  cards is complete without it. When every seat is complete the desk enters ``pad-done`` (twice
  when an orchard is short of 12 cards: the lid's CONFIRM asks once more, and each player has
  confirmed their own orchard on their phone).

The ``done`` marks are the only thing held here; the door keeps them on disk as they change
(``table/web/held.py``), so a power cut loses none (the cards entered are in the journal). The
lid shows who is complete (:meth:`SeatDesk.progress`).
"""

from __future__ import annotations

from typing import Any

from table.companion.protocol import CommandError
from table.companion.seatdesk import PadDoneDesk
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.rules.cards import COLOURS
from table.games.draftcider.rules.scoring import BATCHES, CARDS_PER_PLAYER, score_orchard
from table.games.draftcider.words import batch_title, card_name, colour_name
from table.i18n import _

PIPS = ("1", "2", "3", "4", "5")
"""A card's heights and sweetnesses (pips)."""


def _pick(form: dict[str, Any], key: str, allowed: tuple[str, ...], label: str) -> str:
    """``form[key]`` when it is one of ``allowed``; CommandError (one line, naming ``label``) otherwise."""
    value = form.get(key)
    if not isinstance(value, str) or value not in allowed:
        raise CommandError(_("{field}: choose one of the form's values").format(field=label))
    return value


def card_fields() -> list[dict[str, Any]]:
    """The form's card: its colour, height, sweetness, and the batch it goes into."""
    return [
        {"name": "colour", "label": _("Colour"), "options": [[c, colour_name(c)] for c in COLOURS]},
        {"name": "height", "label": _("Height"), "options": [[p, p] for p in PIPS]},
        {"name": "sweetness", "label": _("Sweetness"), "options": [[p, p] for p in PIPS]},
        {"name": "batch", "label": _("Batch"), "options": [[b, batch_title(i)] for i, b in enumerate(BATCHES)]},
    ]


def card_words(form: dict[str, Any]) -> tuple[str, str]:
    """(``red h3 s4``, ``feather``) from a form; CommandError for a value not on the form."""
    colour = _pick(form, "colour", COLOURS, _("Colour"))
    height = _pick(form, "height", PIPS, _("Height"))
    sweetness = _pick(form, "sweetness", PIPS, _("Sweetness"))
    batch = _pick(form, "batch", BATCHES, _("Batch"))
    return f"{colour} h{height} s{sweetness}", batch


class SeatDesk(PadDoneDesk[DraftCiderCompanion]):
    """A seat's own entries (see the module docstring)."""

    def __init__(self) -> None:
        self.done: set[int] = set()
        """Seats (0-based) that said on their phone their pad orchard is complete."""

    def _sync(self, ctl: DraftCiderCompanion) -> None:
        if ctl.mode != "pad":
            self.done = set()

    # --- what the lid shows -----------------------------------------------------------------
    def complete(self, ctl: DraftCiderCompanion) -> list[int]:
        """The pad's seats whose orchard is entered: said so on the phone, or holding 12 cards."""
        return [p for p in range(ctl.setup.players) if p in self.done or ctl.pad_count(p) >= CARDS_PER_PLAYER]

    def _public(self, ctl: DraftCiderCompanion) -> dict[str, Any]:
        players = int(ctl.setup.players)
        facts: list[list[str]] = []
        if ctl.mode in ("play", "pad", "result"):
            easy = bool(ctl.setup.easy)
            facts = [[ctl.seat_title(p), str(score_orchard(ctl.orchard(p), easy=easy).total)] for p in range(players)]
        if ctl.mode == "pad":
            done = [ctl.seat_title(p) for p in self.complete(ctl)]
            facts.append([_("Orchard entered"), ", ".join(done) or "—"])
        seat = ctl.seat()
        return {
            "turn": ctl.seat_title(seat) if seat >= 0 and ctl.mode == "play" else "",
            "question": ctl.ask() if ctl.mode in ("play", "pad") else "",
            "lines": list(ctl.log[-4:]),
            "facts": facts,
        }

    def _orchard_facts(self, ctl: DraftCiderCompanion, seat: int) -> list[list[str]]:
        """The seat's batches: cards in the order played and the batch's points."""
        orchard = ctl.orchard(seat)
        points = score_orchard(orchard, easy=bool(ctl.setup.easy)).batches
        return [[batch_title(b), f"{', '.join(card_name(c) for c in cards) or '—'} ({points[b]})"]
                for b, cards in enumerate(orchard)]

    def _private(self, ctl: DraftCiderCompanion, seat: int) -> dict[str, Any]:
        if ctl.mode == "play":
            facts = self._orchard_facts(ctl, seat)
            if ctl.seat() != seat:
                return {"facts": facts, "form": None}
            if ctl.stage() != "colour":
                return {"facts": facts, "note": _("The lid is entering your card."), "form": None}
            return {"facts": facts, "note": _("Your pick: the card you took and where you planted it."),
                    "form": {"fields": card_fields(), "submit": _("Plant it")}}
        if ctl.mode != "pad":
            return {"facts": [], "form": None}
        facts = self._orchard_facts(ctl, seat)
        what = {"name": "what", "label": _("Enter"),
                "options": [["card", _("this card")], ["done", _("my orchard is complete")]]}
        note = _("Your orchard is entered.") if seat in self.complete(ctl) else \
            _("Enter your cards batch by batch, in the order played.")
        return {"facts": facts, "note": note,
                "form": {"fields": [*card_fields(), what], "submit": _("Send")}}

    # --- who is done: on the lid, and kept across a power cut (table.web.held) -----------------
    def progress(self, ctl: DraftCiderCompanion) -> tuple[str, list[tuple[int, bool]]] | None:
        """Whose orchard is complete on the pad: ("pad", [(seat, done)…]) while it is open (the lid
        shows it; never a card), else None."""
        self._sync(ctl)
        if ctl.mode != "pad":
            return None
        complete = set(self.complete(ctl))
        return "pad", [(p, p in complete) for p in range(int(ctl.setup.players))]

    def moment(self, ctl: DraftCiderCompanion) -> list[Any]:
        """The marks belong to this game's open pad (the door forgets them when the game ends or is
        discarded): the pad and the game's setup."""
        return ["pad", repr(ctl.setup)] if ctl.mode == "pad" else []

    def held(self, ctl: DraftCiderCompanion | None = None) -> dict[str, Any]:
        """The ``done`` marks (JSON)."""
        return {"done": sorted(self.done)} if self.done else {}

    def restore(self, ctl: DraftCiderCompanion, held: dict[str, Any]) -> int:
        """The marks again after a restart (a seat the game does not have is left out); how many."""
        self._sync(ctl)
        done = held.get("done")
        if ctl.mode == "pad" and isinstance(done, list):
            self.done = {p for p in done if isinstance(p, int) and 0 <= p < int(ctl.setup.players)}
        return len(self.done)

    # --- an entry ---------------------------------------------------------------------------
    def choose(self, ctl: DraftCiderCompanion, seat: int, form: dict[str, Any]) -> list[str]:
        """The lid's commands for ``seat``'s entry; CommandError (one line) when it cannot be now."""
        self._sync(ctl)
        if ctl.mode == "play":
            if ctl.seat() != seat:
                raise CommandError(_("it is not your pick"))
            if ctl.stage() != "colour":
                raise CommandError(_("the lid is entering a card: wait or undo there"))
            card, batch = card_words(form)
            return [f"pick seat {seat + 1} {card} {batch}"]
        if ctl.mode != "pad":
            raise CommandError(_("nothing to enter now"))
        if form.get("what") == "done":
            self.done.add(seat)
            return self._finish(ctl)
        card, batch = card_words(form)
        self.done.discard(seat)
        return [f"pad {seat + 1} {batch} {card}"]

    def _finish(self, ctl: DraftCiderCompanion) -> list[str]:
        """``pad-done`` once every orchard is complete (twice when one is short: each player confirmed)."""
        players = int(ctl.setup.players)
        if len(self.complete(ctl)) < players:
            return []
        short = any(ctl.pad_count(p) != CARDS_PER_PLAYER for p in range(players))
        return ["pad-done", "pad-done"] if short else ["pad-done"]
