"""Waldgärtner's end-only score pad (setup ``pad=end``, ``padentry.py``) on every phone at once.

The lid's pad goes player by player (Seat 1's garden, partner bonuses, cubes, task; then Seat 2 …),
so the phones' entries go into it in that order, as the lid's own commands (``add N``,
``next``, ``cubes L D``, ``task N``):

- the seat the pad is on: each plant is entered at once (``add N``, journalled); its cubes and
  task are held until it says ``done``, then entered with the ``next`` steps to the next player;
- any other seat: its plants, cubes and task are **held** here (checked against the garden's
  rows as they come) until the pad reaches it; when it reaches a seat that is done already, its
  whole pad is entered at once, and so on down the table.

So the journal holds every entry of the seat the pad is on; what a later seat typed before its
turn is held here, and the door keeps it on disk with the ``done`` marks as they change
(``table/web/held.py``: :meth:`PadDesk.held`, :meth:`PadDesk.moment`, :meth:`PadDesk.restore`),
so a power cut loses nothing typed on a phone. The public view and the lid
(:meth:`PadDesk.progress`) say who is done, never what is held.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from table.companion.protocol import CommandError
from table.companion.seatdesk import SeatDesk
from table.engine.errors import ScorePadError
from table.games.waldgaertner import padentry
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.names import task_name
from table.games.waldgaertner.naming import plant_key
from table.games.waldgaertner.pad import check_rows
from table.games.waldgaertner.padentry import entering
from table.i18n import _
from table.i18n.labels import is_number

MAX_CUBES = padentry.MAX_CUBES
"""The most cubes of one colour."""
CUBES = [[str(k), str(k)] for k in range(MAX_CUBES + 1)]
"""The cube counts as a list on the form (a typed number field would be required for a plant too)."""


@dataclass(slots=True)
class Held:
    """A seat's entries not yet on the lid's pad: plants (card ids), cubes (light, dark), task (1-based)."""

    plants: list[int] = field(default_factory=list)
    cubes: tuple[int, int] | None = None
    task: int = 0


def _number(form: dict[str, Any], key: str, most: int) -> int:
    """``form[key]`` as 0..``most``; CommandError (one line) otherwise."""
    value = form.get(key, "0")
    text = str(value) if isinstance(value, (int, str)) and not isinstance(value, bool) else ""
    if not is_number(text, 4) or int(text) > most:
        raise CommandError(_("a number from 0 to {most}").format(most=most))
    return int(text)


class PadDesk(SeatDesk[WaldgaertnerCompanion]):
    """Each seat's own score pad on its phone (see the module docstring)."""

    def __init__(self) -> None:
        self.waiting: dict[int, Held] = {}
        self.done: set[int] = set()
        self._tried = -1
        """The pad's length (commands) when :meth:`due` last found nothing it could enter."""

    def _sync(self, ctl: WaldgaertnerCompanion) -> None:
        pad = entering(ctl.pad)
        if ctl.mode != "pad" or pad is None:
            self.waiting, self.done = {}, set()
            return
        for seat in [s for s in self.waiting if s < pad.player]:  # the pad went past: entered at the lid
            del self.waiting[seat]

    # --- the form -------------------------------------------------------------------------------
    def _plants(self, ctl: WaldgaertnerCompanion) -> list[list[str]]:
        """Every plant once (the file's first card of it), by its name on the pad."""
        seen: dict[str, list[str]] = {}
        for card in ctl.cards.cards:
            seen.setdefault(plant_key(card), [str(card.id), padentry.plant_label(card)])
        return sorted(seen.values(), key=lambda o: o[1])

    def _form(self, ctl: WaldgaertnerCompanion) -> dict[str, Any]:
        what = [["plant", _("a plant of my garden")], ["cubes", _("my cubes in storage")]]
        fields: list[dict[str, Any]] = [
            {"name": "plant", "label": _("Plant"), "options": self._plants(ctl)},
            {"name": "light", "label": _("Light cubes"), "options": CUBES},
            {"name": "dark", "label": _("Dark cubes"), "options": CUBES},
        ]
        if ctl.setup.tasks:
            what.append(["task", _("my task card")])
            fields.append({"name": "task", "label": _("Task card"), "options": [
                [str(k + 1), task_name(t.name)] for k, t in enumerate(ctl.cards.tasks)]})
        what.append(["done", _("my pad is complete")])
        return {"fields": [{"name": "what", "label": _("Enter"), "options": what}, *fields], "submit": _("Send")}

    # --- views ----------------------------------------------------------------------------------
    def _public(self, ctl: WaldgaertnerCompanion) -> dict[str, Any]:
        if ctl.mode != "pad" or ctl.pad is None:
            return {"lines": list(ctl.log[-4:]), "facts": []}
        done = [ctl.seat_title(s) for s in sorted(self.done)]
        return {"turn": ctl.seat_title(entering(ctl.pad).player), "question": "", "lines": list(ctl.log[-4:]),
                "facts": [[_("Score pad entered"), ", ".join(done) or "—"]]}

    def _private(self, ctl: WaldgaertnerCompanion, seat: int) -> dict[str, Any]:
        pad = entering(ctl.pad)
        if ctl.mode != "pad" or pad is None or seat < pad.player:
            return {"facts": [], "form": None}
        mine = pad.players[seat]
        held = self.waiting.get(seat, Held())
        plants = [padentry.plant_label(c) for c in mine.garden] + \
            [padentry.plant_label(ctl.cards.cards[i]) for i in held.plants]
        light, dark = held.cubes if held.cubes is not None else (mine.light, mine.dark)
        facts = [[_("Plants"), ", ".join(plants) or "—"], [_("Light cubes"), str(light)],
                 [_("Dark cubes"), str(dark)]]
        task = held.task or mine.task
        if ctl.setup.tasks:
            facts.append([_("Task card"), task_name(ctl.cards.tasks[task - 1].name) if task else "—"])
        if seat in self.done:
            note = _("Your pad is complete.")
        elif seat == pad.player:
            note = _("The lid's pad is on you: each plant goes on it at once.")
        else:
            note = _("Held on this phone until the pad reaches you.")
        return {"facts": facts, "note": note, "form": self._form(ctl)}

    # --- who is done: on the lid, and kept across a power cut (table.web.held) -------------------
    def progress(self, ctl: WaldgaertnerCompanion) -> tuple[str, list[tuple[int, bool]]] | None:
        """Who is done: said so on the phone, or entered already (the pad went past): ("pad",
        [(seat, done)…]) while the pad is open (the lid shows it; never what is held), else None."""
        self._sync(ctl)
        pad = entering(ctl.pad)
        if ctl.mode != "pad" or pad is None:
            return None
        return "pad", [(s, s in self.done or s < pad.player) for s in range(len(pad.players))]

    def lid(self, ctl: WaldgaertnerCompanion, command: str,
            using: frozenset[int]) -> tuple[list[str] | None, list[int]]:
        """The lid's ``next`` (``companion/phones_gate.py``): the seat the pad is on, its phone in use
        (``using``) and not done, is still entering (its cubes and task wait for its done). (None, it)."""
        self._sync(ctl)
        pad = ctl.pad
        if command != "next" or ctl.mode != "pad" or pad is None:
            return None, []
        seat = pad.player
        return None, [seat] if seat in using and seat not in self.done and seat < len(pad.players) else []

    def moment(self, ctl: WaldgaertnerCompanion) -> list[Any]:
        """What is held belongs to this game's open pad (the door forgets it when the game ends or
        is discarded): the pad and the game's setup."""
        return ["pad", repr(ctl.setup)] if ctl.mode == "pad" and ctl.pad is not None else []

    def held(self, ctl: WaldgaertnerCompanion | None = None) -> dict[str, Any]:
        """The entries held for later seats and the ``done`` marks (JSON)."""
        entries = {str(s): {"plants": list(h.plants), "cubes": list(h.cubes) if h.cubes else None, "task": h.task}
                   for s, h in sorted(self.waiting.items()) if h.plants or h.cubes is not None or h.task}
        out: dict[str, Any] = {"done": sorted(self.done)} if self.done else {}
        return out | ({"entries": entries} if entries else {})

    def restore(self, ctl: WaldgaertnerCompanion, held: dict[str, Any]) -> int:
        """What :meth:`held` gave, again after a restart: for the seats the pad has not passed
        (the seat it is on keeps its cubes and task: its plants went on the pad at once), each
        plant checked against the garden's rows again; what does not fit is left out. How many
        seats hold something or are done."""
        self._sync(ctl)
        pad = entering(ctl.pad)
        if ctl.mode != "pad" or pad is None:
            return 0
        seats = range(pad.player, len(pad.players))
        done = held.get("done")
        self.done = {s for s in (done if isinstance(done, list) else ()) if s in seats}
        entries = held.get("entries")
        for key, value in (entries.items() if isinstance(entries, dict) else ()):
            seat = int(key) if isinstance(key, str) and is_number(key) else -1
            if seat in seats and isinstance(value, dict):
                self.waiting[seat] = self._entries(ctl, seat, value, plants=seat > pad.player)
        return len(self.done | set(self.waiting))

    def _entries(self, ctl: WaldgaertnerCompanion, seat: int, value: dict[str, Any], *, plants: bool) -> Held:
        """One seat's held entries read back (each checked as a phone's entry is)."""
        out = Held()
        for cid in (value.get("plants") or []) if plants else []:
            garden = [*entering(ctl.pad).players[seat].garden, *(ctl.cards.cards[i] for i in out.plants)]
            if isinstance(cid, int) and 0 <= cid < len(ctl.cards.cards):
                try:
                    check_rows(ctl.seat_title(seat), [*garden, ctl.cards.cards[cid]])
                except ScorePadError:
                    continue
                out.plants.append(cid)
        cubes = value.get("cubes")
        if isinstance(cubes, list) and len(cubes) == 2 and all(isinstance(c, int) and 0 <= c <= MAX_CUBES
                                                                 for c in cubes):
            out.cubes = (cubes[0], cubes[1])
        task = value.get("task")
        if isinstance(task, int) and ctl.setup.tasks and 0 < task <= len(ctl.cards.tasks):
            out.task = task
        return out

    # --- an entry -------------------------------------------------------------------------------
    def choose(self, ctl: WaldgaertnerCompanion, seat: int, form: dict[str, Any]) -> list[str]:
        """Hold or enter ``seat``'s entry; the lid's commands to enter now. CommandError (one line)
        for an entry the pad refuses (nothing is kept of it)."""
        self._sync(ctl)
        pad = entering(ctl.pad)
        if ctl.mode != "pad" or pad is None:
            raise CommandError(_("the score pad is not open"))
        if seat < pad.player:
            raise CommandError(_("your pad is entered already: change it at the lid"))
        before = (copy.deepcopy(self.waiting), set(self.done))
        try:
            self._take(ctl, seat, form)
            commands = self._due(ctl)
            self._dry_run(ctl, commands)
        except CommandError:
            self.waiting, self.done = before
            raise
        return commands

    def due(self, ctl: WaldgaertnerCompanion) -> list[str]:
        """The commands the pad takes now without a phone's entry (asked every frame): the lid
        moved the pad on to a seat whose entries are held, or that is done already."""
        self._sync(ctl)
        pad = entering(ctl.pad)
        if ctl.mode != "pad" or pad is None or self._tried == len(ctl.cmds):
            return []
        held = self.waiting.get(pad.player)
        waiting = held is not None and held.plants and pad.step == "garden"
        if not waiting and pad.player not in self.done:
            return []
        before = (copy.deepcopy(self.waiting), set(self.done))
        commands = self._due(ctl)
        try:
            self._dry_run(ctl, commands)
        except CommandError:
            self.waiting, self.done = before
            commands = []
        if not commands:
            self._tried = len(ctl.cmds)  # asked again once the pad changed
        return commands

    def _take(self, ctl: WaldgaertnerCompanion, seat: int, form: dict[str, Any]) -> None:
        held = self.waiting.setdefault(seat, Held())
        what = form.get("what")
        if what == "done":
            self.done.add(seat)
            return
        self.done.discard(seat)
        if what == "plant":
            cid = _number(form, "plant", len(ctl.cards.cards) - 1)
            garden = [*entering(ctl.pad).players[seat].garden, *(ctl.cards.cards[i] for i in held.plants)]
            try:
                check_rows(ctl.seat_title(seat), [*garden, ctl.cards.cards[cid]])
            except ScorePadError as exc:
                raise CommandError(str(exc)) from None
            held.plants.append(cid)
        elif what == "cubes":
            held.cubes = (_number(form, "light", MAX_CUBES), _number(form, "dark", MAX_CUBES))
        elif what == "task" and ctl.setup.tasks:
            held.task = _number(form, "task", len(ctl.cards.tasks))
            if not held.task:
                raise CommandError(_("choose your task card"))
        else:
            raise CommandError(_("choose what to enter"))

    def _due(self, ctl: WaldgaertnerCompanion) -> list[str]:
        """The commands the pad takes now: the plants of the seat it is on, and every done seat's
        remaining steps in the table's order (its held entries let go as they are handed over)."""
        pad = entering(ctl.pad)
        out: list[str] = []
        player, step = pad.player, pad.step
        steps = pad.steps
        while True:
            held = self.waiting.pop(player, Held())
            if step == "garden":
                out += [f"add {cid}" for cid in held.plants]
                held.plants = []
            if player not in self.done:
                self.waiting[player] = held  # its cubes and task wait for its done
                return out
            for s in steps[steps.index(step):]:
                if s == "cubes" and held.cubes is not None:
                    out.append(f"cubes {held.cubes[0]} {held.cubes[1]}")
                if s == "task" and held.task:
                    out.append(f"task {held.task}")
                out.append("next")
            if player + 1 >= len(pad.players):
                return out
            player, step = player + 1, steps[0]

    def _dry_run(self, ctl: WaldgaertnerCompanion, commands: list[str]) -> None:
        """CommandError if the pad would refuse ``commands`` (tried on a copy of it)."""
        trial = padentry.rebuilt(ctl.setup, ctl.cards, list(ctl.cmds))
        for command in commands:
            trial.apply(command)
