"""Draft Cider's table companion: a pure state machine the shell drives (``table.companion.protocol``).

The table holds the cards; the companion is told each pick and mirrors it into the Draft Cider
engine (``table.games.draftcider.rules``, rules and rulings in ``docs/draftcider.md``). Two ways to
play, chosen on the setup screen:

**Live** (``pad=live``): per pick the table enters the card the player took — its colour,
height and sweetness — and the batch it went into. The lid's seven trough buttons plus BLIND
are exactly the eight batch keys (trough 1 Monochrome … trough 7 Steady Height, BLIND Bad);
once the card is entered their lamps light the batches where it may legally go (Bad, on BLIND,
always may; BLIND has no lamp). The centre is never entered on its own: the engine's deal
(its chance actions ``deal N``) is the cards the table reports — each phase's deal is that
phase's picks, in the order taken; while a phase runs, the cards still in the centre are
placeholders (the lowest undealt cards), so a finished game's record holds no placeholder at
all. The engine is rebuilt from the picks after every pick (about a millisecond), so undo,
resume and replay are the same code.

**End-only score pad** (``pad=end``): after the game each player's cards are entered batch by
batch (in the order played within a batch) and scored with ``engine.draftcider.pad``.

**Commands** (a script line, the terminal, the journal; the journal keeps the long form):

=================================  ===========================  ===================================
``setup players=4 easy=off pad=live``  (setup screen)          2-6 players, easy mode, live / end
``colour red``                      ``red``, ``r`` / trough 1-3  the picked card's colour (green gold red)
``height 3``                        ``3`` / trough 1-5          its height
``sweetness 4``                     ``4`` / trough 1-5          its sweetness
``card red h3 s4``                  ``red h3 s4``               the whole card at once
``batch feather``                   ``feather`` / trough 1-7, BLIND   live: where it went; pad: the batch to fill
``pick seat 2 red h3 s4 feather``   ``red h3 s4 feather``       live: a whole pick at once
``pad 2 feather red h3 s4``         —                           pad: a card into any player's batch
``batch-done``                      CONFIRM (entering cards)    pad: back to the batch choice
``player 3``                        CONFIRM (choosing a batch)  pad: the next player's orchard
``pad-done``                        CONFIRM after the last one  pad: score it
``undo``                            UNDO                        take back the last command
=================================  ===========================  ===================================

A finished live game is the engine's ``draftcider-record/1`` (``engine.draftcider.replay``
reads it and scores it exactly); a finished pad is the pad JSON that ``applejack-table score
--game draftcider`` reads.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from table.companion.labels import listed, seat_name
from table.companion.leds import LedState
from table.companion.module import TableModule
from table.companion.players import names_dict, names_of
from table.companion.protocol import CommandError as CommandError  # re-exported: one refusal for every game
from table.companion.protocol import CommandHook
from table.games.draftcider.rules import Card, Config, State, score_pad
from table.games.draftcider.rules.cards import COLOURS, CardError
from table.games.draftcider.rules.game import DEAL, MAX_PLAYERS, MIN_PLAYERS, N_BATCHES, cards_per_phase
from table.games.draftcider.rules.scoring import (
    BAD,
    BATCHES,
    CARDS_PER_PLAYER,
    FEATHER,
    FORTEPIANO,
    MONOCHROME,
    SPECIAL,
    STEADY,
    SWEET,
    UNLUCKY,
    UNLUCKY_TARGET,
    batch_problem,
    feather_attributes,
    placement_problem,
    score_orchard,
    special_problem,
)
from table.i18n import N_, _, ngettext

log = logging.getLogger("applejack.draftcider")

GAME = "draftcider"
PAD_MODES = ("live", "end")
BATCH_BUTTONS: dict[str, int] = {**{f"trough{i + 1}": i for i in range(7)}, "blind": BAD}
"""The lid's eight batch keys: troughs 1-7 are Monochrome … Steady Height, BLIND is Bad."""
COLOUR_KEYS = {"g": "green", "o": "gold", "r": "red"}
STAGES = ("colour", "height", "sweetness", "batch")


COLOUR_NAMES: dict[str, str] = {"green": N_("green"), "gold": N_("gold"), "red": N_("red")}
"""The cards' colours as people read them (the command words stay ``green gold red``)."""
BATCH_NAMES: tuple[str, ...] = (N_("Monochrome"), N_("Apples of a Feather"), N_("Special Colour Tree"), N_("Unlucky"),
                                N_("Fortepiano Height"), N_("Sweet Couple"), N_("Steady Height"), N_("Bad"))
"""The engine's ``BATCH_TITLES`` marked for the catalogues (``tests/i18n`` checks they agree)."""


def colour_name(colour: str) -> str:
    """A card colour (``"gold"``) in the current language."""
    return _(COLOUR_NAMES.get(colour, colour))


def batch_title(b: int) -> str:
    """Batch ``b``'s full name in the current language (``BATCH_TITLES[b]`` in English)."""
    return _(BATCH_NAMES[b])


def height_text(n: int) -> str:
    return _("h{n}").format(n=n)


def sweetness_text(n: int) -> str:
    return _("s{n}").format(n=n)


def card_name(card: Card) -> str:
    """A card as people read it: ``red h3 s4`` (its text form) in English."""
    return _("{colour} {height} {sweetness}").format(colour=colour_name(card.colour), height=height_text(card.height),
                                                     sweetness=sweetness_text(card.sweetness))


def _joined(items: list[str], template: str) -> str:
    text = items[0] if items else ""
    for more in items[1:]:
        text = _(template).format(first=text, second=more)
    return text


def batch_problem_words(batch: int, cards: list[Card], card: Card) -> str | None:
    """The engine's :func:`batch_problem` (its decision), said in the current language (in English
    exactly the engine's words)."""
    problem = batch_problem(batch, cards, card)
    if problem is None:
        return None
    if batch == MONOCHROME:
        return _("Monochrome is {first} (its first card's colour), this card is {colour}").format(
            first=colour_name(cards[0].colour), colour=colour_name(card.colour))
    if batch == FEATHER:
        first = cards[0]
        needs = [(_("height {n}") if a == "height" else _("sweetness {n}")).format(n=getattr(first, a))
                 for a in feather_attributes(cards)]
        need = _joined(needs, N_("{first} or {second}")) or _("nothing (already broken)")
        return _("Apples of a Feather needs {need} (the first card's), this card has height {height}, "
                 "sweetness {sweetness}").format(need=need, height=card.height, sweetness=card.sweetness)
    if batch == SPECIAL:
        return _("the Special Colour Tree holds a single card")
    if batch == FORTEPIANO:
        return _("a Fortepiano pair needs two different heights, both are {height}").format(height=card.height)
    if batch == SWEET:
        return _("a Sweet Couple pair needs equal sweetness, {first} then {second}").format(
            first=cards[-1].sweetness, second=card.sweetness)
    if batch == STEADY:
        return _("Steady Height goes at most one up or down, {first} then {second}").format(
            first=cards[-1].height, second=card.height)
    return problem


def placement_problem_words(orchard: list[list[Card]], batch: int, card: Card) -> str | None:
    """The engine's :func:`placement_problem` in the current language."""
    problem = placement_problem(orchard, batch, card)
    if problem is None:
        return None
    words = batch_problem_words(batch, orchard[batch], card)
    if words is None and batch == SPECIAL and special_problem(orchard, card) is not None:
        return _("a {colour} card already lies outside the Bad batch, so a {colour} Special tree "
                 "cannot be planted").format(colour=colour_name(card.colour))
    return words or problem


_CARD_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"not a card: (?P<text>.*) \(expected e\.g\. 'green h3 s4'\)"),
     N_("not a card: {text} (expected e.g. 'green h3 s4')")),
    (re.compile(r"not a card: (?P<text>.*)"), N_("not a card: {text}")),
    (re.compile(r"height must be a whole number 1-5, got (?P<value>.*)"),
     N_("height must be a whole number 1-5, got {value}")),
    (re.compile(r"sweetness must be a whole number 1-5, got (?P<value>.*)"),
     N_("sweetness must be a whole number 1-5, got {value}")),
)


def card_error_words(text: str) -> str:
    """A typed card's refusal from the engine (English, a file format's words) in the current
    language; an unknown form as the engine said it."""
    for pattern, template in _CARD_ERRORS:
        m = pattern.fullmatch(text)
        if m is not None:
            return _(template).format(**m.groupdict())
    return text


def batch_key(b: int) -> str:
    """The lid's key for batch ``b``: ``1`` … ``7``, ``BLIND``."""
    return "BLIND" if b == BAD else str(b + 1)


def _digit(text: str, lo: int, hi: int) -> bool:
    return len(text) == 1 and text.isascii() and text.isdigit() and lo <= int(text) <= hi


def _on_off(val: str) -> bool:
    if val in ("on", "yes", "true", "1"):
        return True
    if val in ("off", "no", "false", "0"):
        return False
    raise CommandError(_("{value}: on or off").format(value=repr(val)))


@dataclass(frozen=True, slots=True)
class DSetup:
    """The setup screen's choices, journalled (with the game key) as the game's config.
    ``pad``: ``live`` (every pick entered) or ``end`` (an end-only score pad)."""

    players: int = 4
    easy: bool = False
    pad: str = "live"
    names: tuple[str | None, ...] = ()
    """The players per seat (``companion/players.py``), None where nobody was picked."""

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise CommandError(_("Draft Cider is for {low}-{high} players").format(low=MIN_PLAYERS, high=MAX_PLAYERS))
        if not isinstance(self.easy, bool):
            raise CommandError(_("easy is on or off"))
        if self.pad not in PAD_MODES:
            raise CommandError(_("pad is live or end"))

    def config(self) -> Config:
        return Config(self.players, easy=self.easy)

    def to_dict(self) -> dict[str, Any]:
        return {"game": GAME, "players": self.players, "easy": self.easy, "pad": self.pad,
                **names_dict(self.names[:self.players])}

    @classmethod
    def from_dict(cls, d: Any) -> DSetup:
        if not isinstance(d, dict) or d.get("game") != GAME:
            raise ValueError("not a Draft Cider setup")
        unknown = [k for k in d if k not in ("game", "players", "easy", "pad", "names")]
        if unknown:
            raise ValueError(f"unknown setup key {unknown[0]!r}")
        return cls(d.get("players"), d.get("easy", False), d.get("pad", "live"), names_of(d))  # type: ignore[arg-type]

    def to_text(self) -> str:
        """The setup as one line (``setup players=4 easy=off pad=live``); :meth:`from_text` reads it."""
        return f"setup players={self.players} easy={'on' if self.easy else 'off'} pad={self.pad}"

    @classmethod
    def from_text(cls, text: str, base: DSetup | None = None) -> DSetup:
        """``setup players=N easy=on|off pad=live|end`` (any subset, the rest from ``base``)."""
        s = base or cls()
        players, easy, pad = s.players, s.easy, s.pad
        words = text.split()
        if not words or words[0] != "setup":
            raise CommandError(_("a setup line starts with 'setup'"))
        for word in words[1:]:
            key, _eq, val = word.partition("=")
            if key == "players" and _digit(val, 0, 9):
                players = int(val)
            elif key == "easy":
                easy = _on_off(val)
            elif key == "pad" and val in PAD_MODES:
                pad = val
            else:
                raise CommandError(_("setup {word}: players=2..6, easy=on|off, pad=live|end").format(word=repr(word)))
        return replace(s, players=players, easy=easy, pad=pad)


# ------------------------------------------------------------------------------------------------
# the engine mirror, rebuilt from the picks

Pick = tuple[int, int]
"""One pick: (card index in the deck, batch index)."""


def build(config: Config, picks: list[Pick]) -> State:
    """The engine after ``picks``: each phase dealt its picks in the order taken (placeholders,
    the lowest undealt cards, for what is still in the centre of the running phase), then played.
    IllegalActionError when a pick breaks a rule (the engine's reason)."""
    st = State(config)
    per = cards_per_phase(config.players) * config.players
    i = 0
    while not st.is_terminal():
        chunk = picks[i:i + per]
        named = [c for c, _ in chunk]
        for c in named:
            st.apply(DEAL + c)
        taken = set(named)
        for c in list(st.undealt):
            if not st.is_chance():
                break
            if c not in taken:
                st.apply(DEAL + c)
        for c, b in chunk:
            st.apply(c * N_BATCHES + b)
        if len(chunk) < per:
            break
        i += per
    return st


def card_for(deck: tuple[Card, ...], card: Card, used: Counter[Card]) -> int | None:
    """The index of a deck card equal to ``card`` not played yet (``used`` counts played cards)."""
    seen = 0
    for i, c in enumerate(deck):
        if c == card:
            if seen >= used[card]:
                return i
            seen += 1
    return None


def batch_note(orchard: list[list[Card]], b: int, easy: bool) -> str:
    """What batch ``b`` takes next, in a few words (the screen and ``status``)."""
    cards = orchard[b]
    n = len(cards)
    if b == MONOCHROME:
        return _("{colour} only").format(colour=colour_name(cards[0].colour)) if n else \
            _("any colour; the first sets it")
    if b == FEATHER:
        if not n:
            return _("the first sets height and sweetness")
        shown = [height_text(cards[0].height) if a == "height" else sweetness_text(cards[0].sweetness)
                 for a in feather_attributes(cards)]
        return _joined(shown, N_("{first} or {second}")) or _("broken")
    if b == SPECIAL:
        if n:
            colour = colour_name(cards[0].colour)
            if score_orchard(orchard, easy=easy).batches[SPECIAL] < 0:
                return _("{colour} tree: −20").format(colour=colour)
            return _("{colour} tree: +20 while no other {colour}").format(colour=colour)
        return _("one card, colour not outside Bad")
    if b == UNLUCKY:
        return _("sweetness {sum} of {target}").format(sum=sum(c.sweetness for c in cards), target=UNLUCKY_TARGET)
    if b == FORTEPIANO:
        return _("pair open: height ≠ {height}").format(height=cards[-1].height) if n % 2 else \
            _("any card starts a pair")
    if b == SWEET:
        return _("pair open: sweetness {sweetness}").format(sweetness=cards[-1].sweetness) if n % 2 else \
            _("any card starts a pair")
    if b == STEADY:
        if not n:
            return _("any height first")
        h = cards[-1].height
        return _("next height {low}-{high}").format(low=max(1, h - 1), high=min(5, h + 1))
    return _("any card, 0 each (easy)") if easy else _("any card, −1 each")


# ------------------------------------------------------------------------------------------------
# the module the shell drives

class DraftCiderCompanion(TableModule):
    """Draft Cider at the table (``table.companion.protocol.GameCompanion``). Modes: ``setup``,
    ``resume``, ``play`` (live), ``pad`` (end-only score pad), ``result``."""

    title = "Draft Cider"
    setup_type = DSetup
    error_type = CommandError

    def resumed_line(self) -> str:
        """What the table is asked next, said after a resume."""
        return _("Resumed. {asked}").format(asked=self.ask()) if self.mode != "result" else \
            _("Resumed: the game is over")

    def __init__(self, *, on_command: CommandHook | None = None) -> None:
        self.game = GAME
        self.on_command = on_command
        self.mode = "setup"
        self.setup = DSetup()
        self.cmds: list[str] = []
        self.version = 0
        self.refusal = ""
        self.storage_problem = ""
        self.log: list[str] = []
        self._said = 0
        self.resume_info = ""
        self.resume_refused = ""
        self.discard_armed = False
        self._resume_payload: tuple[DSetup, list[str]] | None = None
        self.record: dict[str, Any] | None = None
        self.track = None  # Applejack's front-end helpers look for it; Draft Cider has no harvest board
        self.die_seen: int | None = None
        self.said_last: list[str] = []
        """What the last command made happen (the screen shows its last line)."""
        # live play
        self.picks: list[Pick] = []
        self.engine: State | None = None
        # the card being entered: colour, height, sweetness (live: the pick; pad: the next card)
        self.entry: list[Any] = []
        # the end-only pad
        self.pad_cards: list[list[list[Card]]] = []
        self.pad_player = 0
        self.pad_batch: int | None = None
        self.result: Any = None  # PadResult of the end-only pad

    # --- protocol -----------------------------------------------------------------------------
    # --- what is asked now ----------------------------------------------------------------------
    def stage(self) -> str:
        """``colour``, ``height``, ``sweetness``, ``batch`` (live and pad), ``choose`` (pad: a batch
        to fill), ``over``; ``""`` off the play screens."""
        if self.mode == "play":
            assert self.engine is not None
            if self.engine.is_terminal():
                return "over"
            return STAGES[len(self.entry)]
        if self.mode == "pad":
            if self.pad_batch is None:
                return "choose"
            return STAGES[len(self.entry)]
        return ""

    def seat(self) -> int:
        """The seat picking now (live), the player being entered (pad); -1 otherwise."""
        if self.mode == "play" and self.engine is not None and not self.engine.is_terminal():
            return self.engine.current_player()
        if self.mode == "pad":
            return self.pad_player
        return -1

    def entered_card(self) -> Card | None:
        return Card(*self.entry) if len(self.entry) == 3 else None

    def entry_text(self) -> str:
        """The card entered so far (``red h3``), in the current language."""
        if len(self.entry) == 3:
            return card_name(Card(*self.entry))
        if len(self.entry) == 2:
            return _("{colour} {height}").format(colour=colour_name(self.entry[0]), height=height_text(self.entry[1]))
        return colour_name(self.entry[0]) if self.entry else ""

    def orchard(self, seat: int) -> list[list[Card]]:
        if self.mode == "pad" or (self.mode == "result" and self.setup.pad == "end"):
            return self.pad_cards[seat]
        assert self.engine is not None
        return self.engine.orchards[seat]

    def legal_batches(self) -> tuple[int, ...]:
        """Live: the batches the entered card may go into for the seat picking (empty before the
        card is complete). Pad: the batches a card may be added to while choosing (all eight)."""
        card = self.entered_card()
        if self.mode == "play" and card is not None and self.engine is not None:
            orch = self.engine.orchards[self.engine.current_player()]
            return tuple(b for b in range(N_BATCHES) if placement_problem(orch, b, card) is None)
        if self.mode == "pad" and self.pad_batch is None:
            return tuple(range(N_BATCHES))
        return ()

    def phase_line(self) -> str:
        e = self.engine
        assert e is not None
        per = e.per_phase * e.players
        done = len(self.picks) - (e.phase - 1) * per if not e.is_terminal() else per
        return _("Phase {phase} of {phases} · pick {pick} of {picks}").format(phase=e.phase, phases=e.phases,
                                                                              pick=min(done + 1, per), picks=per)

    def ask(self) -> str:
        """What the table must enter now, in words."""
        st = self.stage()
        if self.mode == "play":
            assert self.engine is not None
            if st == "over":
                return _("Game over")
            who = seat_name(self.engine.current_player())
            entry = self.entry_text()
            if st == "colour":
                return _("{seat} picks a card: its colour? (1 green, 2 gold, 3 red)").format(seat=who)
            if st == "height":
                return _("{seat}: {card} — height? (1-5)").format(seat=who, card=entry)
            if st == "sweetness":
                return _("{seat}: {card} — sweetness? (1-5)").format(seat=who, card=entry)
            legal = self.legal_batches()
            keys = listed(f"{batch_key(b)} {batch_title(b)}" for b in legal)
            return _("{seat}: {card} — which batch? It may go into {batches}").format(seat=who, card=entry,
                                                                                      batches=keys)
        if self.mode == "pad":
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
        return ""

    def pad_count(self, p: int) -> int:
        return sum(len(b) for b in self.pad_cards[p])

    # --- LEDs -----------------------------------------------------------------------------------
    def leds(self) -> LedState:
        """Lamps light the buttons that mean something now: the colours (1-3), heights and
        sweetnesses (1-5), and — once the card is entered — the batches it may legally go into
        (troughs 1-7; Bad is BLIND, which has no lamp). Chase on the setup, resume and result."""
        st = self.stage()
        if self.mode not in ("play", "pad") or st in ("", "over"):
            return LedState("chase")
        if st == "colour":
            return LedState("open", (1, 2, 3))
        if st in ("height", "sweetness"):
            return LedState("open", (1, 2, 3, 4, 5))
        return LedState("open", tuple(b + 1 for b in self.legal_batches() if b != BAD))

    # --- buttons, keys, touch -----------------------------------------------------------------
    def _command_for(self, b: str) -> str | None:
        if self.mode == "resume":
            return {"confirm": "resume", "undo": "discard"}.get(b)
        if self.mode == "result":
            return "new" if b == "confirm" else None
        if self.mode == "setup":
            s = self.setup
            if b.startswith("trough") and b[6:] in ("2", "3", "4", "5", "6"):
                b = f"players:{b[6:]}"
            if b.startswith("players:") and _digit(b[8:], 2, 6):
                self.setup = replace(s, players=int(b[8:]))
                return ""
            if b in ("trough7", "easy", "e"):
                self.setup = replace(s, easy=not s.easy)
                return ""
            if b in ("trough1", "padmode", "p"):
                self.setup = replace(s, pad="end" if s.pad == "live" else "live")
                return ""
            return "start" if b == "confirm" else None
        if b == "undo":
            return "undo"
        st = self.stage()
        if b.startswith("player:") and self.mode == "pad":
            return f"player {b[7:]}"
        if b.startswith("batch:"):
            return f"batch {b[6:]}"
        if st == "colour":
            if b.startswith("colour:"):
                return f"colour {b[7:]}"
            if b in COLOUR_KEYS:
                return f"colour {COLOUR_KEYS[b]}"
            if b.startswith("trough") and b[6:] in ("1", "2", "3"):
                return f"colour {COLOURS[int(b[6:]) - 1]}"
            if b == "confirm" and self.mode == "pad":
                return "batch-done"
            if b.startswith("trough") or b == "confirm":
                raise CommandError(_("the colour first: 1 green, 2 gold, 3 red ({asked})").format(asked=self.ask()))
            return None
        if st in ("height", "sweetness"):
            v = b[6:] if b.startswith("trough") else b[4:] if b.startswith("pip:") else b
            if _digit(v, 1, 5):
                return f"{st} {v}"
            if b.startswith("trough") or b == "confirm":
                raise CommandError((_("the height is 1-5 ({asked})") if st == "height" else
                                    _("the sweetness is 1-5 ({asked})")).format(asked=self.ask()))
            return None
        if st in ("batch", "choose"):
            if b in BATCH_BUTTONS:
                return f"batch {BATCHES[BATCH_BUTTONS[b]]}"
            if b == "confirm":
                if st == "batch":
                    raise CommandError(_("choose the batch with its button ({asked})").format(asked=self.ask()))
                last = self.pad_player == self.setup.players - 1
                return "pad-done" if last else f"player {self.pad_player + 2}"
            return None
        return None

    # --- commands -----------------------------------------------------------------------------
    def setup_help(self, text: str) -> str:
        return _("{command}: on the setup screen: setup players=N easy=on|off pad=live|end, or start").format(
            command=repr(text))

    def _parse_setup(self, text: str) -> DSetup:
        return DSetup.from_text(text, self.setup)

    def do(self, command: str) -> None:
        """One command (script line, journal row, or what a key meant); CommandError if refused."""
        text = " ".join(command.strip().lower().split())
        if not text:
            raise CommandError(_("an empty command"))
        if len(text) > 80:
            raise CommandError(_("a command is one short line"))
        if self._resume_or_setup(command, text):
            return
        if self.mode == "result":
            if text == "new":
                self._reset()
                return
            raise CommandError(_("the game is over and recorded: confirm starts a new one"))
        if text in ("undo", "u"):
            self._undo()
            return
        canon = self._canonical(text)
        said = self._apply(canon)
        self.cmds.append(canon)
        self.said_last = said
        self.log.extend(said)
        self._emit("cmd", canon)  # journalled before a "finished" it may cause
        self._after()

    def _canonical(self, text: str) -> str:
        """The journal's form of a command (short forms resolved against the stage)."""
        st = self.stage()
        w = text.split()
        if len(w) == 1 and w[0] in COLOUR_KEYS and st == "colour":
            w = [COLOUR_KEYS[w[0]]]
        if len(w) == 1:
            x = w[0]
            if x in COLOURS:
                return f"colour {x}"
            if _digit(x, 1, 5) and st in ("height", "sweetness"):
                return f"{st} {x}"
            if x in BATCHES:
                return f"batch {x}"
            if x in ("done", "ok", "confirm"):
                if st == "colour" and self.mode == "pad":
                    return "batch-done"
                if st == "choose":
                    return "pad-done" if self.pad_player == self.setup.players - 1 else f"player {self.pad_player + 2}"
            if x in ("batch-done", "pad-done"):
                return x
        if w[0] == "pick" and len(w) >= 2 and w[1] == "seat":
            if len(w) != 7 or not _digit(w[2], 1, 6):
                raise CommandError(_("pick seat N COLOUR hH sS BATCH, e.g. pick seat 2 red h3 s4 feather"))
            return f"pick seat {w[2]} {self._card_words(w[3:6])} {self._batch_word(w[6])}"
        if w[0] == "pick" and len(w) == 5:
            w = w[1:]
        if len(w) == 4 and w[0] in COLOURS and self.mode == "play":
            return f"pick seat {self.seat() + 1} {self._card_words(w[:3])} {self._batch_word(w[3])}"
        if w[0] == "card" and len(w) == 4:
            w = w[1:]
        if len(w) == 3 and w[0] in COLOURS:
            return f"card {self._card_words(w)}"
        match w:
            case ["colour" | "color", c] if c in COLOURS:
                return f"colour {c}"
            case ["height" | "sweetness", v] if _digit(v, 1, 5):
                return f"{w[0]} {v}"
            case ["batch", b]:
                return f"batch {self._batch_word(b)}"
            case ["player", n] if _digit(n, 1, 6):
                return f"player {n}"
            case ["pad", n, b, c, h, s] if _digit(n, 1, 6):
                return f"pad {n} {self._batch_word(b)} {self._card_words([c, h, s])}"
        raise CommandError(_("{command} is not a Draft Cider command (now: {asked})").format(command=repr(text),
                                                                                            asked=self.ask()))

    @staticmethod
    def _card_words(words: list[str]) -> str:
        try:
            return Card.from_text(" ".join(words)).to_text()
        except CardError as exc:
            raise CommandError(card_error_words(str(exc))) from None

    @staticmethod
    def _batch_word(word: str) -> str:
        if word in BATCHES:
            return word
        if _digit(word, 1, 8):
            return BATCHES[int(word) - 1]
        raise CommandError(_("no batch {word} (batches: {batches}, or 1-8)").format(word=repr(word),
                                                                                     batches=", ".join(BATCHES)))

    # --- applying (the same code for live input, undo, resume and replay) ---------------------
    def _apply(self, canon: str) -> list[str]:
        """Apply one canonical command; returns what is said. Nothing changes when it is refused."""
        w = canon.split()
        verb = w[0]
        st = self.stage()
        if self.mode == "play":
            return self._apply_live(canon, verb, w, st)
        return self._apply_pad(canon, verb, w, st)

    def _take_attr(self, verb: str, w: list[str], st: str) -> None:
        want = {"colour": "colour", "height": "height", "sweetness": "sweetness"}[verb]
        if st != want:
            raise CommandError(_("{command}: not now ({asked})").format(command=f"{verb} {w[1]}", asked=self.ask()))
        self.entry.append(w[1] if verb == "colour" else int(w[1]))

    def _check_card_free(self, card: Card, used: Counter[Card]) -> None:
        assert self.setup is not None
        deck = self.setup.config().deck
        if card_for(deck, card, used) is None:
            held = sum(1 for c in deck if c == card)
            if not held:
                raise CommandError(_("the deck has no {card}").format(card=card_name(card)))
            raise CommandError(_("{card} is already played (the deck holds {n}); check the card").format(
                card=card_name(card), n=held))

    def _used_live(self) -> Counter[Card]:
        assert self.engine is not None
        deck = self.engine.deck
        return Counter(deck[c] for c, _ in self.picks)

    def _apply_live(self, canon: str, verb: str, w: list[str], st: str) -> list[str]:
        assert self.engine is not None
        if st == "over":
            raise CommandError(_("the game is over"))
        if verb in ("colour", "height", "sweetness"):
            self._take_attr(verb, w, st)
            if len(self.entry) == 3:
                card = Card(*self.entry)
                try:
                    self._check_card_free(card, self._used_live())
                except CommandError:
                    self.entry.pop()
                    raise
            return []
        if verb == "card":
            if st != "colour":
                raise CommandError(_("a card is entered at the start of a pick; undo first ({asked})").format(
                    asked=self.ask()))
            card = Card.from_text(" ".join(w[1:]))
            self._check_card_free(card, self._used_live())
            self.entry = [card.colour, card.height, card.sweetness]
            return []
        if verb == "batch":
            if st != "batch":
                raise CommandError(_("{command}: enter the card first ({asked})").format(command=f"batch {w[1]}",
                                                                                         asked=self.ask()))
            return self._pick(Card(*self.entry), BATCHES.index(w[1]))
        if verb == "pick":
            seat = int(w[2]) - 1
            if st != "colour":
                raise CommandError(self._half_entered())
            if seat != self.engine.current_player():
                raise CommandError(_("it is {seat}'s pick, not {other}'s").format(
                    seat=seat_name(self.engine.current_player()), other=seat_name(seat)))
            card = Card.from_text(" ".join(w[3:6]))
            self._check_card_free(card, self._used_live())
            return self._pick(card, BATCHES.index(w[6]))
        raise CommandError(_("{command}: not in a live game ({asked})").format(command=repr(canon), asked=self.ask()))

    def _half_entered(self) -> str:
        return _("a card is half entered ({card}): finish it or undo").format(card=self.entry_text())

    def _pick(self, card: Card, b: int) -> list[str]:
        e = self.engine
        assert e is not None
        seat = e.current_player()
        problem = placement_problem_words(e.orchards[seat], b, card)
        if problem:
            raise CommandError(_("{card} cannot go into {batch}: {problem}").format(
                card=card_name(card), batch=batch_title(b), problem=problem))
        idx = card_for(e.deck, card, self._used_live())
        assert idx is not None
        before_phase = e.phase
        new = build(e.config, [*self.picks, (idx, b)])
        self.picks.append((idx, b))
        self.engine = new
        self.entry = []
        score = new.score(seat)
        pts = score.batches[b]
        n = len(new.orchards[seat][b])
        said = [_("{seat} plants {card} in {batch} ({cards}, {points}); {seat} now {total}").format(
            seat=seat_name(seat), card=card_name(card), batch=batch_title(b),
            cards=ngettext("{n} card", "{n} cards", n).format(n=n),
            points=ngettext("{n} point", "{n} points", abs(pts)).format(n=pts), total=score.total)]
        if new.is_terminal():
            said += self.result_lines()
        elif new.phase != before_phase:
            said.append(self.phase_start_line())
        return said

    def phase_start_line(self) -> str:
        e = self.engine
        assert e is not None
        per = e.per_phase * e.players
        return _("Phase {phase} of {phases}: deal {n} cards to the centre ({per} per player); {seat} picks first"
                 ).format(phase=e.phase, phases=e.phases, n=per, per=e.per_phase, seat=seat_name(e.first_seat(e.phase)))

    def _apply_pad(self, canon: str, verb: str, w: list[str], st: str) -> list[str]:
        p = self.pad_player
        if verb == "player":
            n = int(w[1]) - 1
            if n >= self.setup.players:
                raise CommandError(_("there are {n} players").format(n=self.setup.players))
            if st != "choose":
                raise CommandError(_("finish this batch first (CONFIRM), or undo ({asked})").format(asked=self.ask()))
            self.pad_player = n
            return [_("Score pad: {seat}").format(seat=seat_name(n))]
        if verb == "batch":
            if st != "choose":
                raise CommandError(_("{command}: finish this batch first (CONFIRM) ({asked})").format(
                    command=f"batch {w[1]}", asked=self.ask()))
            self.pad_batch = BATCHES.index(w[1])
            return []
        if verb == "batch-done":
            if st != "colour":
                raise CommandError(self._half_entered())
            self.pad_batch = None
            return []
        if verb in ("colour", "height", "sweetness"):
            if st not in STAGES:
                raise CommandError(_("choose a batch first ({asked})").format(asked=self.ask()))
            self._take_attr(verb, w, st)
            if len(self.entry) == 3:
                card = Card(*self.entry)
                try:
                    return self._pad_add(p, self.pad_batch, card)  # type: ignore[arg-type]
                except CommandError:
                    self.entry.pop()
                    raise
            return []
        if verb == "card":
            if st != "colour":
                raise CommandError(_("choose a batch first ({asked})").format(asked=self.ask()) if st == "choose"
                                   else self._half_entered())
            return self._pad_add(p, self.pad_batch, Card.from_text(" ".join(w[1:])))  # type: ignore[arg-type]
        if verb == "pad":
            n = int(w[1]) - 1
            if n >= self.setup.players:
                raise CommandError(_("there are {n} players").format(n=self.setup.players))
            if self.entry or st not in ("choose", "colour"):
                raise CommandError(self._half_entered())
            said = self._pad_add(n, BATCHES.index(w[2]), Card.from_text(" ".join(w[3:6])))
            self.pad_player, self.pad_batch = n, None  # the screen shows the player just entered
            return said
        if verb == "pad-done":
            if self.entry:
                raise CommandError(self._half_entered())
            self.result = score_pad(self.pad_dict(), deck=self.setup.config().deck)
            return self.result_lines()
        raise CommandError(_("{command}: not on the score pad ({asked})").format(command=repr(canon), asked=self.ask()))

    def _pad_add(self, p: int, b: int, card: Card) -> list[str]:
        orch = self.pad_cards[p]
        if self.pad_count(p) >= CARDS_PER_PLAYER:
            raise CommandError(_("{seat} already has {n} cards").format(seat=seat_name(p), n=CARDS_PER_PLAYER))
        problem = batch_problem_words(b, orch[b], card)
        if problem:
            raise CommandError(_("{card} cannot go into {seat}'s {batch}: {problem}").format(
                card=card_name(card), seat=seat_name(p), batch=batch_title(b), problem=problem))
        used = Counter(c for o in self.pad_cards for cards in o for c in cards)
        self._check_card_free(card, used)
        orch[b].append(card)
        self.entry = []
        pts = score_orchard(orch, easy=self.setup.easy)
        return [_("{seat}'s {batch}: {card} ({n} cards, {points} points; {seat} {total})").format(
            seat=seat_name(p), batch=batch_title(b), card=card_name(card), n=len(orch[b]), points=pts.batches[b],
            total=pts.total)]

    def pad_dict(self) -> dict[str, Any]:
        """The pad as ``score --game draftcider`` reads it."""
        pad: dict[str, Any] = {"players": [
            {"name": f"Seat {p + 1}", "batches": {n: [c.to_dict() for c in cards] for n, cards in zip(
                BATCHES, o, strict=True)}} for p, o in enumerate(self.pad_cards)]}
        if self.setup.easy:
            pad["easy"] = True
        return pad

    def _after(self) -> None:
        done = (self.mode == "play" and self.engine is not None and self.engine.is_terminal()) or \
            (self.mode == "pad" and self.result is not None)
        if done:
            self.mode = "result"
            self.record = self.finished_record()
            self._emit("finished", self.record)
            self.book.changed()  # the names just played come first next time
        else:
            self.log.append(self.ask())
        self._changed()

    def _undo(self) -> None:
        if not self.cmds:
            raise CommandError(_("nothing to undo: this is the start of the game"))
        last = self.cmds[-1]
        self._refold(self.cmds[:-1])
        self._emit("cmd", "undo")
        undone = _("Undone: {command}").format(command=last)
        self.log.append(undone)
        self.said_last = [undone]
        self._after()

    def _refold(self, cmds: list[str]) -> None:
        """The state after ``cmds`` from the start of the game (undo)."""
        self._fresh(self.setup)
        for c in cmds:
            self._apply(c)
            self.cmds.append(c)

    def _fresh(self, setup: DSetup) -> None:
        self.setup = setup
        self.cmds = []
        self.entry = []
        self.record = None
        self.result = None
        self.said_last = []
        self.picks = []
        if setup.pad == "live":
            self.mode = "play"
            self.engine = build(setup.config(), [])
            self.pad_cards = []
        else:
            self.mode = "pad"
            self.engine = None
            self.pad_cards = [[[] for _b in BATCHES] for _p in range(setup.players)]
            self.pad_player, self.pad_batch = 0, None

    def _start(self, setup: DSetup, *, journal: bool) -> None:
        self._fresh(setup)
        if journal:
            self._emit("game", setup.to_dict())
        if setup.pad == "live":
            e = self.engine
            assert e is not None
            line = _("New game of Draft Cider: {players} players, {phases} phases of {per} cards each, easy mode "
                     "(Bad costs nothing)") if setup.easy else \
                _("New game of Draft Cider: {players} players, {phases} phases of {per} cards each")
            self.log.append(line.format(players=setup.players, phases=e.phases, per=e.per_phase))
            self.log.append(self.phase_start_line())
        else:
            line = _("Draft Cider score pad: {players} players, easy mode (Bad costs nothing); enter each player's "
                     "cards batch by batch, in the order played") if setup.easy else \
                _("Draft Cider score pad: {players} players; enter each player's cards batch by batch, in the "
                  "order played")
            self.log.append(line.format(players=setup.players))
        self._after()

    def _reset(self) -> None:
        self.mode = "setup"
        self.engine = None
        self.cmds = []
        self.record = None
        self.result = None
        self.entry = []
        self._changed()

    # --- the end ------------------------------------------------------------------------------
    def final_scores(self) -> tuple[Any, ...]:
        if self.setup.pad == "end":
            assert self.result is not None
            return tuple(self.result.scores)
        assert self.engine is not None
        return self.engine.scores()

    def winners(self) -> tuple[int, ...]:
        if self.setup.pad == "end":
            assert self.result is not None
            return tuple(self.result.names.index(n) for n in self.result.winners)
        assert self.engine is not None
        return self.engine.winners()

    def result_lines(self) -> list[str]:
        """The end: each seat's total with its points per batch, then the winners."""
        scores = self.final_scores()
        out = [_("Game over") if self.setup.pad == "live" else _("Score pad scored")]
        for s, sc in enumerate(scores):
            parts = listed(_("{batch} {points}").format(batch=batch_title(b), points=p)
                              for b, p in enumerate(sc.batches) if p)
            out.append(_("{seat}: {total} points ({batches})").format(seat=self.seat_title(s), total=sc.total,
                                                                     batches=parts or _("nothing")))
        out.append(self.winner_line())
        return out

    def winner_line(self) -> str:
        """Who won, with how many points (the result screen's heading)."""
        scores = self.final_scores()
        win = self.winners()
        names = _joined([self.seat_title(s) for s in win], N_("{first} and {second}"))
        best = scores[win[0]].total if win else 0
        return ngettext("{names} wins with {best} points", "{names} win (a tie) with {best} points",
                        len(win)).format(names=names, best=best)

    def finished_record(self) -> dict[str, Any]:
        """Live: the engine's ``draftcider-record/1`` (its deal is exactly the cards picked).
        Pad: the pad JSON ``score --game draftcider`` reads."""
        if self.setup.pad == "end":
            return {**self.pad_dict(), **self.names_record()}
        assert self.engine is not None
        return {**self.engine.to_record(), **self.names_record()}


# ------------------------------------------------------------------------------------------------
# a whole game as table commands (scenario tests, the demo)

def table_script(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"), *, easy: bool = False,
                 steps: bool = False) -> tuple[list[str], State]:
    """Bots play a seeded game in the engine (``table.games.draftcider.bots``); returns what a table
    would enter for it (setup line, ``start``, one ``pick`` per pick — or, with ``steps``, the
    colour, height, sweetness and batch one by one) and the engine's finished game."""
    import random

    from table.games.draftcider.bots import make_bot, play_game, seat_seed

    seats = [make_bot(bots[i % len(bots)], random.Random(seat_seed(seed, i))) for i in range(players)]
    final = play_game(Config(players, easy=easy), seats, seed)
    out = [DSetup(players, easy, "live").to_text(), "start"]
    replayed = State(final.config)
    for a in final.history:
        if a >= DEAL:
            replayed.apply(a)
            continue
        seat = replayed.current_player()
        c, b = divmod(a, N_BATCHES)
        card = final.deck[c]
        if steps:
            out += [f"colour {card.colour}", f"height {card.height}", f"sweetness {card.sweetness}",
                    f"batch {BATCHES[b]}"]
        else:
            out.append(f"pick seat {seat + 1} {card} {BATCHES[b]}")
        replayed.apply(a)
    return out, final


def pad_script(state: State) -> list[str]:
    """A finished engine game as the end-only pad's commands (setup, start, cards, pad-done)."""
    out = [DSetup(state.players, state.config.easy, "end").to_text(), "start"]
    for s in range(state.players):
        for b, cards in enumerate(state.orchards[s]):
            out += [f"pad {s + 1} {BATCHES[b]} {c}" for c in cards]
    out.append("pad-done")
    return out


def make_companion(*, on_command: CommandHook | None = None, rng: Any = None, data: Any = None) -> DraftCiderCompanion:
    """The registry's factory (``GameDef.part("companion")``); this game needs no data set nor RNG."""
    return DraftCiderCompanion(on_command=on_command)
