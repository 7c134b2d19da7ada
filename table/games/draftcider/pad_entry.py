"""Draft Cider's end-only score pad (``pad=end``): after the game each player's cards are entered
batch by batch, in the order played within a batch — ``player N``, ``batch NAME``, the card's
colour, height and sweetness (or ``card …``), ``batch-done``, ``pad N BATCH CARD`` at once — and
``pad-done`` scores the pad (``rules.score_pad``; an orchard short of 12 cards is asked about once).

:class:`PadEntry` is the pad's job in ``DraftCiderCompanion`` (one of its bases): what it reads
of the companion (the setup, the card being entered, the box, the question and the result's
lines) is declared here and written there."""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from table.companion.protocol import CommandError
from table.games.draftcider.box import Box
from table.games.draftcider.commands import STAGES
from table.games.draftcider.rules import Card, score_pad
from table.games.draftcider.rules.scoring import BATCHES, CARDS_PER_PLAYER, score_orchard
from table.games.draftcider.setup import DSetup
from table.games.draftcider.words import batch_problem_words, batch_title, card_name
from table.i18n import _, ngettext
from table.i18n.labels import listed, seat_name


class PadEntry:
    """The end-only score pad's commands, question and JSON (a base of ``DraftCiderCompanion``)."""

    setup: DSetup
    entry: list[Any]
    box: Box
    pad_cards: list[list[list[Card]]]
    pad_player: int
    pad_batch: int | None
    pad_warned: bool
    result: Any

    # what the companion writes
    @abstractmethod
    def ask(self) -> str:
        raise NotImplementedError

    @abstractmethod
    def entry_text(self) -> str:
        raise NotImplementedError

    @abstractmethod
    def result_lines(self) -> list[str]:
        raise NotImplementedError

    @abstractmethod
    def _take_attr(self, verb: str, w: list[str], st: str, complete: Callable[[Card], list[str]]) -> list[str]:
        raise NotImplementedError

    @abstractmethod
    def _half_entered(self) -> str:
        raise NotImplementedError

    # --- what is asked --------------------------------------------------------------------------
    def pad_ask(self, st: str) -> str:
        """What the table enters next on the pad (``st``: the companion's stage)."""
        who = seat_name(self.pad_player)
        last = self.pad_player == self.setup.players - 1
        if st == "choose":
            nxt = _("CONFIRM scores the pad") if last else \
                _("CONFIRM goes on to {seat}").format(seat=seat_name(self.pad_player + 1))
            return _("Score pad, {seat} ({n} of {total} cards): which batch? (1-7, BLIND Bad); {next}").format(
                seat=who, n=self.pad_count(self.pad_player), total=CARDS_PER_PLAYER, next=nxt)
        assert self.pad_batch is not None
        title = batch_title(self.pad_batch)
        if st == "colour":
            return _("{seat}'s {batch}: the next card's colour? (1 green, 2 gold, 3 red; CONFIRM: batch done)"
                     ).format(seat=who, batch=title)
        if st == "height":
            return _("{seat}'s {batch}: {card} — height? (1-5)").format(seat=who, batch=title,
                                                                        card=self.entry_text())
        return _("{seat}'s {batch}: {card} — sweetness? (1-5)").format(seat=who, batch=title,
                                                                       card=self.entry_text())

    def pad_count(self, p: int) -> int:
        return sum(len(b) for b in self.pad_cards[p])

    # --- the pad's commands ---------------------------------------------------------------------
    def _apply_pad(self, canon: str, verb: str, w: list[str], st: str) -> list[str]:
        handler = self._PAD_VERBS.get(verb)
        if handler is None:
            raise CommandError(_("{command}: not on the score pad ({asked})").format(command=repr(canon),
                                                                                     asked=self.ask()))
        said = handler(self, w, st)
        if verb != "pad-done":
            self.pad_warned = False  # the pad changed: a short pad is asked about again
        return said

    def short_pad_line(self, short: list[int]) -> str:
        """The warning before a pad is scored with an orchard that does not hold 12 cards."""
        held = listed(ngettext("{seat} holds {n} card", "{seat} holds {n} cards", self.pad_count(p)).format(
            seat=seat_name(p), n=self.pad_count(p)) for p in short)
        return _("Not every orchard holds 12 cards ({held}): CONFIRM again to score the pad as it is, "
                 "or enter the missing cards").format(held=held)

    def _pad_seat(self, word: str) -> int:
        n = int(word) - 1
        if n >= self.setup.players:
            raise CommandError(_("there are {n} players").format(n=self.setup.players))
        return n

    def _pad_player_cmd(self, w: list[str], st: str) -> list[str]:
        n = self._pad_seat(w[1])
        if st != "choose":
            raise CommandError(_("finish this batch first (CONFIRM), or undo ({asked})").format(asked=self.ask()))
        self.pad_player = n
        return [_("Score pad: {seat}").format(seat=seat_name(n))]

    def _pad_batch_cmd(self, w: list[str], st: str) -> list[str]:
        if st != "choose":
            raise CommandError(_("{command}: finish this batch first (CONFIRM) ({asked})").format(
                command=f"batch {w[1]}", asked=self.ask()))
        self.pad_batch = BATCHES.index(w[1])
        return []

    def _pad_batch_done(self, w: list[str], st: str) -> list[str]:
        if st != "colour":
            raise CommandError(self._half_entered())
        self.pad_batch = None
        return []

    def _pad_attr(self, w: list[str], st: str) -> list[str]:
        if st not in STAGES:
            raise CommandError(_("choose a batch first ({asked})").format(asked=self.ask()))
        return self._take_attr(w[0], w, st, self._pad_card)

    def _pad_card(self, card: Card) -> list[str]:
        """The card just entered, into the batch being filled."""
        assert self.pad_batch is not None
        return self._pad_add(self.pad_player, self.pad_batch, card)

    def _pad_card_cmd(self, w: list[str], st: str) -> list[str]:
        if st != "colour":
            raise CommandError(_("choose a batch first ({asked})").format(asked=self.ask()) if st == "choose"
                               else self._half_entered())
        return self._pad_card(Card.from_text(" ".join(w[1:])))

    def _pad_any(self, w: list[str], st: str) -> list[str]:
        n = self._pad_seat(w[1])
        if self.entry or st not in ("choose", "colour"):
            raise CommandError(self._half_entered())
        said = self._pad_add(n, BATCHES.index(w[2]), Card.from_text(" ".join(w[3:6])))
        self.pad_player, self.pad_batch = n, None  # the screen shows the player just entered
        return said

    def _pad_done(self, w: list[str], st: str) -> list[str]:
        if self.entry:
            raise CommandError(self._half_entered())
        short = [p for p in range(self.setup.players) if self.pad_count(p) != CARDS_PER_PLAYER]
        if short and not self.pad_warned:  # asked once more; any other pad entry asks again
            self.pad_warned = True
            return [self.short_pad_line(short)]
        self.result = score_pad(self.pad_dict(), deck=self.box.deck())
        return self.result_lines()

    _PAD_VERBS: ClassVar[dict[str, Callable[[PadEntry, list[str], str], list[str]]]] = {
        "player": _pad_player_cmd, "batch": _pad_batch_cmd, "batch-done": _pad_batch_done,
        "colour": _pad_attr, "height": _pad_attr, "sweetness": _pad_attr, "card": _pad_card_cmd,
        "pad": _pad_any, "pad-done": _pad_done,
    }
    """The score pad's commands: verb → handler (the journal's long form, ``commands.canonical``)."""

    def _pad_add(self, p: int, b: int, card: Card) -> list[str]:
        orch = self.pad_cards[p]
        if self.pad_count(p) >= CARDS_PER_PLAYER:
            raise CommandError(_("{seat} already has {n} cards").format(seat=seat_name(p), n=CARDS_PER_PLAYER))
        problem = batch_problem_words(b, orch[b], card)
        if problem:
            raise CommandError(_("{card} cannot go into {seat}'s {batch}: {problem}").format(
                card=card_name(card), seat=seat_name(p), batch=batch_title(b), problem=problem))
        used = Counter(c for o in self.pad_cards for cards in o for c in cards)
        _idx, differs = self.box.take(card, used)
        orch[b].append(card)
        self.entry = []
        pts = score_orchard(orch, easy=self.setup.easy)
        points = pts.batches[b]
        line = _("{seat}'s {batch}: {card} ({cards}, {points}; {seat} {total})").format(
            seat=seat_name(p), batch=batch_title(b), card=card_name(card),
            cards=ngettext("{n} card", "{n} cards", len(orch[b])).format(n=len(orch[b])),
            points=ngettext("{n} point", "{n} points", abs(points)).format(n=points), total=pts.total)
        return [differs, line] if differs else [line]

    def pad_dict(self) -> dict[str, Any]:
        """The pad as ``score --game draftcider`` reads it."""
        pad: dict[str, Any] = {"players": [
            {"name": f"Seat {p + 1}", "batches": {n: [c.to_dict() for c in cards] for n, cards in zip(
                BATCHES, o, strict=True)}} for p, o in enumerate(self.pad_cards)]}
        if self.setup.easy:
            pad["easy"] = True
        return pad
