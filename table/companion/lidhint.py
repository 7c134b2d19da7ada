"""Hints on the lid for the module games (Zankapfel, Draft Cider, Waldgärtner): the strong bot's
choice for the seat to move, given only where the choice is public.

The lid's screen and voice are public, so a hint is given only for a choice the whole table sees
being made from what the whole table knows (a game's :class:`LidHints` says which stages those
are). Even there the seat's own hidden cards stay out of it: the bot searches over
determinizations that deal *every* hand afresh from public counts (:func:`public_view`), so the
hint would be the same whatever the asking seat holds — a hint from the lid cannot tell the table
what is in a hand. A choice made in secret (a card laid face down, a die chosen at once, a hand
card played) gets one line saying why not (the phones are where it belongs); anything else —
no decision now, a game without a strong bot — gets the one refusal :data:`NO_HINT`.

A hint is advice, never a game step: not journalled; computed off the UI thread by the shell's
worker (``botworker.AdviceWorker``), and taken only if the table still stands at the position it
was asked for (:func:`position_key`). The bot's seed comes from public facts (:func:`public_seed`)
and the bot works to a fixed budget, so a position always gives the same hint.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from table.companion.protocol import CommandError
from table.i18n import N_, _
from table.i18n.labels import seat_name

NO_HINT = N_("no hint here: the table's bot has no advice to give for this")
"""The one refusal: a game without a strong bot, or no choice a hint could be given for now."""
HIDDEN = N_("no hint on the lid: this choice is made in secret, and a hint would show it to everyone "
            "(hints for secret choices belong on the seat's phone)")
"""A choice hidden at the table: the lid is public."""
NO_COACH = N_("no coach here: the table's bot cannot judge this game's moves afterwards")
"""The result's ``coach`` in a game whose strong bot cannot value a position (the module games)."""

Determinize = Callable[[Any, int, random.Random], Any]


def position_key(game: str, setup: Any, cmds: Sequence[str]) -> str:
    """Names where a game stands: its setup and every command so far (stable across processes)."""
    text = f"{game}|{setup!r}|" + "\n".join(cmds)
    return hashlib.sha256(text.encode()).hexdigest()


def public_seed(game: str, setup: Any, cmds: Sequence[str]) -> int:
    """A hint's seed: the game, its setup and *how many* commands so far — not the commands, which
    name cards drawn in secret (Waldgärtner): a seed from them would let a hidden card change the
    lid's hint, and so show something of it."""
    return int(hashlib.sha256(f"{game}|{setup!r}|{len(cmds)}".encode()).hexdigest()[:16], 16)


def public_view(determinize: Determinize, players: int) -> Determinize:
    """A determinizer that deals everything hidden from *any* seat afresh: first as another seat
    sees the game (the choosing seat's own hidden cards are dealt from the public pool), then as
    the choosing seat sees that copy (the other seat's too). What the companion knows or guesses
    of a hand never reaches the search."""
    def public(state: Any, seat: int, rng: random.Random) -> Any:
        other = (seat + 1) % players
        return determinize(determinize(state, other, rng), seat, rng)
    return public


@dataclass(frozen=True)
class LidHint:
    """A computed hint: for the position ``key``, the bot's choice for ``seat`` in words."""

    key: str
    seat: int
    choice: str

    @property
    def text(self) -> str:
        """The same words as Applejack's hint: ``Hint for Seat 2: …``."""
        return _("Hint for {seat}: {steps}").format(seat=seat_name(self.seat), steps=self.choice)


@dataclass(frozen=True)
class HintJob:
    """A hint wanted at ``key`` for ``seat``; ``state`` is the computer's own copy (a public
    determinization of the table's mirror). ``compute`` runs off the UI thread."""

    key: str
    seat: int
    game: LidHints = field(repr=False)
    state: Any = field(compare=False, repr=False)
    seed: int = 0
    """The search's seed, from public facts only (:func:`public_seed`)."""

    def compute(self) -> LidHint:
        rng = random.Random(self.seed)
        bot = self.game.bot(rng)
        bot.determinize = public_view(bot.determinize, self.state.players)
        root = bot.determinize(self.state, self.seat, random.Random(rng.getrandbits(64)))
        action = bot.choose(root)
        return LidHint(self.key, self.seat, self.game.words(root, action))


class LidHints:
    """A game's lid hints (its ``hint.py``): which stages are public, the mirror's engine state,
    the strong bot and the words of its choice. The shell asks :meth:`why_not` and :meth:`job`."""

    public_stages: tuple[str, ...] = ()
    """The companion's stages (``ctl.stage()``) whose choice the whole table sees being made."""
    secret_stages: tuple[str, ...] = ()
    """The stages of a secret choice: refused with :data:`HIDDEN`."""

    def engine(self, ctl: LidHinted) -> Any:
        """The companion's engine mirror at the current decision."""
        raise NotImplementedError

    bots: str = ""
    """The game's bots module (``"table.games.zankapfel.bots"``): its ``make_bot`` is imported
    only when a hint is computed (the companion starts quickly)."""

    def bot(self, rng: random.Random) -> Any:
        """The game's strong bot (its ``make_bot("strong", rng)``: the Pi budget)."""
        return importlib.import_module(self.bots).make_bot("strong", rng)

    def words(self, state: Any, action: int) -> str:
        """``action`` (legal in ``state``) in the table's words."""
        raise NotImplementedError

    def seat(self, ctl: LidHinted) -> int:
        """The seat choosing now (-1: none)."""
        return int(ctl.seat())

    def why_not(self, ctl: LidHinted) -> str:
        """Why no hint can be given now ("" when one can)."""
        stage = ctl.stage() if ctl.mode == "play" else ""
        seat = self.seat(ctl) if stage else -1
        if stage in self.secret_stages:
            return _(HIDDEN)
        if stage not in self.public_stages or seat < 0:
            return _(NO_HINT)
        state = self.engine(ctl)
        if state is None or state.is_terminal() or state.current_player() != seat:
            return _(NO_HINT)
        return ""

    def job(self, ctl: LidHinted, key: str) -> HintJob:
        return HintJob(key, self.seat(ctl), self, self.engine(ctl).clone(), public_seed(ctl.game, ctl.setup, ctl.cmds))


class LidHinted:
    """The module games' side of lid hints (``TableModule`` inherits it): ``hint`` asks, the
    shell's worker computes :meth:`lid_hint_request`, :meth:`give_advice` takes the result."""

    hint_glue: ClassVar[LidHints | None] = None
    """The game's lid hints (a :class:`LidHints` from its ``hint.py``); None: no strong bot,
    ``hint`` is refused with :data:`NO_HINT`."""
    game: str
    mode: str
    setup: Any
    cmds: list[str]
    log: list[str]
    said_last: list[str]
    _hint_asked: str | None = None  # a class default: a game whose __init__ sets its own fields (Nim) has it
    _changed: Callable[[], None]

    def stage(self) -> str:
        """The step of the game now: every module game names its own (``TableModule`` subclasses)."""
        raise NotImplementedError

    def seat(self) -> int:
        """The seat choosing now (-1: none): every module game names its own, or its hints do."""
        raise NotImplementedError

    def position_key(self) -> str:
        """Names where the game stands: the setup and every command so far."""
        return position_key(self.game, self.setup, self.cmds)

    def _ask_hint(self) -> None:
        """``hint`` (key h): the strong bot's choice for the seat to move, where it is public;
        one line why not otherwise. Never journalled."""
        glue = self.hint_glue
        why = glue.why_not(self) if glue is not None else _(NO_HINT)
        if why:
            raise CommandError(why)
        self._hint_asked = self.position_key()
        self._changed()

    def lid_hint_request(self) -> HintJob | None:
        """The hint job asked for at this position, for the shell's worker; None when none is wanted."""
        glue, key = self.hint_glue, self._hint_asked
        if glue is None or key is None or key != self.position_key() or glue.why_not(self):
            return None
        return glue.job(self, key)

    def give_advice(self, advice: Any) -> bool:
        """A computed :class:`LidHint`, said and shown only if the table still stands where it
        was asked (else dropped)."""
        key = getattr(advice, "key", None)
        if key is None or key != self._hint_asked or key != self.position_key():
            return False
        line = advice.text
        self.log.append(line)
        self.said_last = [line]
        self._hint_asked = None
        self._changed()
        return True
