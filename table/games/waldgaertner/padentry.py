"""Waldgärtner's score pad in the window (setup ``pad=end``): a table that played without the
companion enters, player by player, the plants of each garden (by name — typed, a few letters
suffice — or on the lid's guided choice: size class, continent, flower colour, plant), looks over
the partner bonuses those plants earn, enters the cubes in storage (light 1, dark 2) and, with the
additional tasks, the task card; after the last player the pad is scored (``pad.score_pad``, the
same as ``score --game waldgaertner``) and shown on the shared result screen.

Commands (the journal's form; the pad is rebuilt from them on undo and resume):

================  ==========================  ============================================
``add 17``        a plant's name, buttons     the plant of card 17 into the garden
``cubes 3 2``     ``cubes 7``, buttons 1-4    the storage: 3 light, 2 dark (7 = 7 light)
``task 5``        ``task nitrogen``, buttons  the player's task card (with the tasks)
``next``          CONFIRM                     the next step; after the last one the score
================  ==========================  ============================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from table.companion.protocol import CommandError
from table.engine.errors import ScorePadError
from table.games.waldgaertner.names import card_name, size_name, task_name
from table.games.waldgaertner.naming import (
    SEX_SIGNS,
    SHOWN_CANDIDATES,
    candidates,
    guide_line,
    guide_options,
    plant_key,
    species_for,
)
from table.games.waldgaertner.pad import PadScore, check_rows, partner_bonuses, score_pad, winners
from table.games.waldgaertner.rules.cards import Card, CardSet
from table.games.waldgaertner.rules.position import deck_continents
from table.games.waldgaertner.setup import WSetup
from table.games.waldgaertner.tasks import lid_options, task_number
from table.i18n import _, ngettext
from table.i18n.labels import is_number, seat_name

STEPS = ("garden", "partners", "cubes", "task")
"""A player's steps in order (``task`` only with the additional tasks)."""
MAX_CUBES = 99
"""The most cubes of one colour a storage is entered with."""
CUBE_BUTTONS = {1: (1, 0), 2: (0, 1), 3: (-1, 0), 4: (0, -1)}
"""The cubes step on the trough buttons: (light, dark) added."""


@dataclass(frozen=True, slots=True)
class PadPool:
    """What the pad's guided choice chooses from (``naming.Pool``): the file's cards and the
    continents of the decks the setup's seat count uses."""

    cards: tuple[Card, ...]
    decks: tuple[str, ...]


@dataclass(slots=True)
class PadPlayer:
    """One player's entries: the garden's plants (a card of the file per plant), the storage's
    light and dark cubes, the task card (1-based, 0 none yet)."""

    garden: list[Card] = field(default_factory=list)
    light: int = 0
    dark: int = 0
    task: int = 0

    @property
    def storage(self) -> int:
        """The storage's value in points (light 1, dark 2)."""
        return self.light + 2 * self.dark


class PadEntry:
    """The score pad as the table fills it (see the module doc). ``scores``: the result once the
    last player is done, None before."""

    def __init__(self, setup: WSetup, cards: CardSet) -> None:
        self.setup = setup
        self.cards = cards
        self.players = [PadPlayer() for _p in range(setup.players)]
        self.player = 0
        self.step = STEPS[0]
        self.scores: tuple[PadScore, ...] | None = None
        self.pool = PadPool(cards.cards, tuple(deck_continents(setup.players, setup.choice)))
        self.candidates: list[int] = []
        """The plants (a card id each) a typed name left open, to be touched (a screen's passing state)."""

    @property
    def steps(self) -> tuple[str, ...]:
        return STEPS if self.setup.tasks else STEPS[:-1]

    @property
    def now(self) -> PadPlayer:
        return self.players[self.player]

    # --- commands ---------------------------------------------------------------------------------
    def canonical(self, text: str) -> str:
        """A typed or pressed command in its one form (the table above); CommandError otherwise (a
        name several plants share leaves them in :attr:`candidates`)."""
        self.candidates = []
        w = text.split()
        if w in (["next"], ["done"]):
            return "next"
        if w[0] == "cubes" and 2 <= len(w) <= 3 and all(is_number(x, 2) for x in w[1:]):
            self._asked("cubes", text)
            return f"cubes {int(w[1])} {int(w[2]) if len(w) == 3 else 0}"
        if w[0] == "task" and len(w) > 1:
            self._asked("task", text)
            return f"task {task_number(self.cards.tasks, ' '.join(w[1:]))}"
        name = w[1:] if w[0] == "add" else w
        if not name:
            raise CommandError(_("{text}: add which plant?").format(text=repr(text)))
        self._asked("garden", text)
        if len(name) == 1 and is_number(name[0], 3) and w[0] == "add":
            if int(name[0]) >= len(self.cards.cards):
                raise CommandError(_("no card {id} in the card file").format(id=int(name[0])))
            return f"add {int(name[0])}"
        found = candidates(self.cards, " ".join(name))
        self.candidates = [self.first_card(k) for k in found[:SHOWN_CANDIDATES]] if len(found) > 1 else []
        return f"add {self.first_card(species_for(self.cards, ' '.join(name)))}"

    def first_card(self, plant: str) -> int:
        """The file's first card of ``plant`` (``naming.plant_key``): the pad's card for it."""
        return next(c.id for c in self.cards.cards if plant_key(c) == plant)

    def _asked(self, step: str, text: str) -> None:
        """CommandError unless the pad is at ``step`` (its line says what is asked now)."""
        if self.step != step:
            raise CommandError(_("{text}: not now ({now})").format(text=repr(text), now=self.question(())))

    def apply(self, canon: str) -> list[str]:
        """Apply a command in its one form; returns what is said. CommandError if refused."""
        w = canon.split()
        p = self.now
        who = seat_name(self.player)
        if w[0] == "add":
            card = self.cards.cards[int(w[1])]
            try:
                check_rows(who, [*p.garden, card])
            except ScorePadError as exc:
                raise CommandError(str(exc)) from None
            p.garden.append(card)
            return [_("{seat}: {plant} ({size}, {points})").format(
                seat=who, plant=plant_label(card), size=size_name(card.size),
                points=ngettext("{n} point", "{n} points", card.value).format(n=card.value))]
        if w[0] == "cubes":
            p.light, p.dark = int(w[1]), int(w[2])
            return [_("{seat}: storage {value} ({light} light, {dark} dark)").format(
                seat=who, value=p.storage, light=p.light, dark=p.dark)]
        if w[0] == "task":
            p.task = int(w[1])
            return [_("{seat}: task {task}").format(seat=who, task=task_name(self.cards.tasks[p.task - 1].name))]
        return self._next()

    def _next(self) -> list[str]:
        """CONFIRM: the player's next step, the next player, or after the last the score."""
        if self.step == "task" and not self.now.task:
            raise CommandError(_("{seat}: which task card? {question}").format(
                seat=seat_name(self.player), question=self.question(())))
        k = self.steps.index(self.step)
        if k + 1 < len(self.steps):
            self.step = self.steps[k + 1]
            return []
        if self.player + 1 < len(self.players):
            self.player, self.step = self.player + 1, STEPS[0]
            return [_("Score pad: {seat}").format(seat=seat_name(self.player))]
        try:
            self.scores = score_pad(self.pad_dict(), self.cards)
        except ScorePadError as exc:
            raise CommandError(str(exc)) from None
        return []

    def cube_command(self, trough: int) -> str | None:
        """The cubes step's trough buttons: 1 and 2 add a light and a dark cube, 3 and 4 take one away."""
        if trough not in CUBE_BUTTONS:
            return None
        light, dark = CUBE_BUTTONS[trough]
        p = self.now
        return f"cubes {min(MAX_CUBES, max(0, p.light + light))} {min(MAX_CUBES, max(0, p.dark + dark))}"

    # --- what is asked and shown -------------------------------------------------------------------
    def lamps(self, guide: tuple[str, ...], task_page: int) -> tuple[int, ...]:
        """The trough buttons that mean something now (their lamps lit)."""
        if self.step == "garden":
            return tuple(range(1, len(guide_options(self.pool, guide)[1]) + 1))
        if self.step == "cubes":
            return tuple(CUBE_BUTTONS)
        if self.step == "task":
            return tuple(lid_options(self.cards.tasks, task_page))
        return ()

    def question(self, guide: tuple[str, ...]) -> str:
        """What the table is asked now (``guide``: the guided choice so far)."""
        who = seat_name(self.player)
        if self.step == "garden":
            plants = ngettext("{n} plant", "{n} plants", len(self.now.garden)).format(n=len(self.now.garden))
            return _("Score pad, {seat}'s garden ({plants}): a plant's name, or {guide}; CONFIRM when all are "
                     "entered").format(seat=who, plants=plants, guide=guide_line(self.pool, guide))
        if self.step == "partners":
            points = sum(c.bonus for c, found in partner_bonuses(self.now.garden) if found)
            return ngettext("{seat}'s partner bonuses: {points} point; CONFIRM goes on",
                            "{seat}'s partner bonuses: {points} points; CONFIRM goes on", points).format(
                seat=who, points=points)
        if self.step == "cubes":
            return _("{seat}'s storage: {light} light, {dark} dark cubes = {value}; buttons 1/2 add a light/dark cube, "
                     "3/4 take one away (or type cubes N); CONFIRM goes on").format(
                seat=who, light=self.now.light, dark=self.now.dark, value=self.now.storage)
        chosen = self.now.task
        return _("{seat}'s task card: {task}; the buttons, or task N; CONFIRM goes on").format(
            seat=who, task=task_name(self.cards.tasks[chosen - 1].name) if chosen else "—")

    def pad_dict(self) -> dict[str, Any]:
        """The pad as ``score --game waldgaertner`` reads it (plants by their Latin names)."""
        return {"players": [
            {"name": f"Seat {k + 1}", "garden": [c.name + SEX_SIGNS.get(c.sex, "") for c in p.garden],
             "cubes": {"light": p.light, "dark": p.dark},
             **({"task": self.cards.tasks[p.task - 1].name} if p.task else {})}
            for k, p in enumerate(self.players)]}

    def details(self) -> list[dict[str, Any]]:
        """Per seat the result's breakdown (``record_reader.ROWS``) and total."""
        assert self.scores is not None
        return [{"plants": s.plants, "partners": s.partners, "storage": s.storage, "task": s.task, "total": s.total}
                for s in self.scores]

    def winners(self) -> tuple[int, ...]:
        assert self.scores is not None
        won = winners(self.scores)
        return tuple(k for k, s in enumerate(self.scores) if s.name in won)


def plant_label(card: Card) -> str:
    """A plant as the pad lists it: its name in the table's language, ♂/♀ for a dioecious one."""
    return card_name(card) + SEX_SIGNS.get(card.sex, "")


def rebuilt(setup: WSetup, cards: CardSet, cmds: list[str]) -> PadEntry:
    """The pad after ``cmds`` (its journalled commands) from the start (undo, resume)."""
    pad = PadEntry(setup, cards)
    for c in cmds:
        pad.apply(c)
    return pad


def entering(pad: PadEntry | None) -> PadEntry:
    """The pad being entered: the pad's screen and its phone pages exist only while it is open."""
    assert pad is not None, "the pad's screen and pages are shown only in the pad mode"
    return pad
