"""Waldgärtner's table companion: a pure state machine the shell drives (``table.companion.protocol``).

The table holds the cards; the companion is told what happened and mirrors it into the
Waldgärtner engine (``table.games.waldgaertner.rules``, rules and rulings in docs/waldgaertner.md).
The engine's chance actions are the cards the table turns up and draws, entered by their id in
the card file (``table.games.waldgaertner.files.load_cards``). From the engine comes everything the
table finds confusing: the 21-round clock (annual phases 0-9, 0-9, 0), each phase's blooms and
harvests per seat ("cube on the field", "cube to storage"), who gets a contested card and who
pays, the order of the special actions, row capacity and fees, bonus actions, and the final
score pad.

**Commands** (what a script line or the journal holds). Every decision is the engine's own
action text; the companion adds short forms:

=========================  ====================  ===============================================
``card 17``                ``17``                a card turned face up or drawn into a hand (id)
``unknown 140 size=3 …``   ``unknown size=3 …``  a card not in the card file, by its attributes
``deck 3``                 ``3`` / button 3      the starting draw's deck, or a seat's die on deck 3
``special``                ``s`` / button 7      a seat's die on "6" for a special action
``pass``                                         nothing on offer and no cube for a special
``sell 17``                                      play: sell card 17 (1 cube a shrub, 2 a tree)
``plant 17 at 3.2``        ``plant 17``          play: plant card 17 in row 3, place 2 (the first
                                                 free place when omitted); fee checked
``offer 17 to 2``, ``buy``, ``decline``          direct sale (the variant)
``alternative offer``      ``alt``               special action, 1 cube
``search 3``, ``search discard``, ``forgo``      special action, 3 cubes / give it up
``bonus 3``                                      the bonus action's deck
``choose 17``              ``17``                the card taken from the shown ones
``keep 17``                ``17``                a bonus draw or a search: the card kept (the
                                                 companion fills in the cards put back)
``undo``                   ``u``                 take back the last command
=========================  ====================  ===============================================

**A card that is not in the card file** (``unknown size=3 value=4 flower=white flowering=2
fruit=pome harvest=8``, optional ``sex=``, ``bonus=`` with ``partner=``, ``leaf``, ``nitrogen``)
stands in for an unseen card of the same continent and size class (the class counts of the file
stay exact, so the engine's card model is unchanged): the game's card set becomes the file with
that card rewritten, the engine is rebuilt on it with the same actions, and the record carries
the rewritten card text, so it replays.

**Die choices** are simultaneous and secret at the table; they are entered after everyone has
shown, one per seat in seat order (the lamps then light the contested decks while the table
settles them). **Cards put back** after a bonus draw or a search cannot be known to the
companion unless the table enters each of them (``card N`` for every card drawn, then
``choose N``); with ``keep N`` it fills them with cards of the deck's continent it has not
seen, which is exact for the scores but may make a later ``card`` entry from that deck refused
if the table turns one of the cards really put back (say ``undo`` and enter them all).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from typing import Any

from table.companion.labels import both, listed
from table.companion.leds import LedState
from table.companion.module import TableModule
from table.companion.players import names_dict, names_of
from table.companion.protocol import CommandError as CommandError  # re-exported: one refusal for every game
from table.companion.protocol import CommandHook
from table.engine.errors import ActionParseError, IllegalActionError
from table.engine.events import Event
from table.games.waldgaertner.names import PHASE_NAMES, card_name, phase_name, size_name, size_plural
from table.games.waldgaertner.rules import CardSet, Config, State, new_game
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules import events as E
from table.games.waldgaertner.rules.cards import Card
from table.games.waldgaertner.rules.position import ROUNDS, ROW_CAPACITY, deck_continents
from table.i18n import N_, _, ngettext

GAME = "waldgaertner"
PHASES = PHASE_NAMES
"""The annual phases by the indicator's number (0 winter … 9 late autumn), English (``phase_name``
says one in the table's language)."""
CHANCE_STAGES = ("draw", "reveal", "bdraw", "sdeal")
CHOOSE_STAGES = ("bchoose", "achoose", "schoose")


def seat_name(seat: int) -> str:
    """``Seat 3`` (0-based ``seat``) in the table's language."""
    return _("Seat {n}").format(n=seat + 1)


def _num(text: str, digits: int = 3) -> bool:
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def cards_digest(cards: CardSet) -> str:
    """A short digest of the card file's text: a journalled game only resumes on the same cards."""
    return hashlib.sha256(cards.text.encode()).hexdigest()[:12]


def or_list(names: list[str]) -> str:
    """``A or B`` in the table's language."""
    out = names[0] if names else ""
    for name in names[1:]:
        out = _("{first} or {second}").format(first=out, second=name)
    return out


def _deck_number(text: str, prefix: str, suffix: str = "") -> str | None:
    """The deck number in an engine text ``prefix N suffix``, or None."""
    if text.startswith(prefix) and text.endswith(suffix):
        middle = text[len(prefix):len(text) - len(suffix)]
        if _num(middle, 2):
            return middle
    return None


def choice_words(text: str) -> str:
    """A die choice's engine text (``deck 3``, ``special``, ``pass``) as the table hears it."""
    n = _deck_number(text, "deck ")
    if n is not None:
        return _("deck {n}").format(n=n)
    return {"special": _("special"), "pass": _("pass")}.get(text, text)


def source_words(text: str) -> str:
    """Where a card was drawn from, in the engine's words (``deck 3 (bonus)``, ``the discard pile``),
    as the table hears it."""
    for suffix, words in (("", N_("deck {n}")), (" (bonus)", N_("deck {n} (bonus)")),
                          (" (searched)", N_("deck {n} (searched)"))):
        n = _deck_number(text, "deck ", suffix)
        if n is not None:
            return _(words).format(n=n)
    return _("the discard pile") if text == "the discard pile" else text


def special_words(text: str) -> str:
    """A special action in the engine's words (``alternative offer``, ``search deck 3``,
    ``search discard pile``, ``forgone``) as the table hears it."""
    n = _deck_number(text, "search deck ")
    if n is not None:
        return _("search deck {n}").format(n=n)
    return {"alternative offer": _("alternative offer"), "search discard pile": _("search discard pile"),
            "forgone": _("forgone")}.get(text, text)


_NOT_ALLOWED = re.compile(r"(?P<action>.+) is not allowed now \((?P<stage>[a-z]+); legal: (?P<legal>.*)\)", re.S)
"""The engine's refusal of an action that is not legal now (``game.State.apply``)."""


def engine_reason(exc: Exception) -> str:
    """The engine's refusal in the table's language (the action texts in it are command words
    people type and stay as they are); any other engine message as it is."""
    text = str(exc)
    m = _NOT_ALLOWED.fullmatch(text)
    if m is None:
        return text
    legal = m["legal"]
    if legal == "nothing, the game is over":
        legal = _("nothing, the game is over")
    return _("{action} is not allowed now ({stage}; legal: {legal})").format(action=m["action"], stage=m["stage"],
                                                                          legal=legal)


def card_label(card: Card) -> str:
    """``#17 Apple`` (the id people enter, the name in the table's language)."""
    return f"#{card.id} {card_name(card)}"


@dataclass(frozen=True, slots=True)
class WSetup:
    """The setup screen's choices; journalled (with the game key) as the game's config.
    ``choice``: "EU" or "NA", the continent the rules leave open (2, 5 and 6 players, ruling W3);
    ``direct_sale``: the variant. The additional tasks are not offered at the table (secret cards)."""

    players: int = 2
    choice: str = "EU"
    direct_sale: bool = False
    names: tuple[str | None, ...] = ()
    """The players per seat (``companion/players.py``), None where nobody was picked."""

    def config(self, cards: CardSet) -> Config:
        return Config(self.players, cards, choice=self.choice, direct_sale=self.direct_sale)

    def to_dict(self, cards: CardSet) -> dict[str, Any]:
        return {"game": GAME, "players": self.players, "choice": self.choice, "direct_sale": self.direct_sale,
                "cards_digest": cards_digest(cards), **names_dict(self.names[:self.players])}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> WSetup:
        if not isinstance(d, dict) or d.get("game") != GAME:
            raise ValueError("not a Waldgärtner setup")
        s = cls(int(d["players"]), str(d.get("choice", "EU")), bool(d.get("direct_sale", False)), names_of(d))
        if not 2 <= s.players <= 7 or s.choice not in ("EU", "NA"):
            raise ValueError(f"a Waldgärtner setup for 2-7 players and EU or NA, not {d!r}")
        return s

    def text(self) -> str:
        return (f"setup players={self.players} choice={self.choice} "
                f"directsale={'on' if self.direct_sale else 'off'}")


def _load_default_cards() -> CardSet:
    from table.games.waldgaertner.files import load_cards  # the I/O half; imported late (the module stays pure)

    return load_cards()


class WaldgaertnerCompanion(TableModule):
    """Waldgärtner at the table (``table.companion.protocol.GameCompanion``). Modes: ``setup``,
    ``resume``, ``play``, ``result``. ``cards``: the card set the table plays with (default: the
    shipped card file)."""

    title = "Waldgärtner"
    setup_type = WSetup
    error_type = CommandError

    def fresh(self) -> WaldgaertnerCompanion:
        return WaldgaertnerCompanion(cards=self.cards)

    def resume_summary(self, setup: Any, steps: int) -> str:
        e = self.state
        return _("{n} players, round {round} of {rounds}, {steps} steps; next: {next}").format(
            n=setup.players, round=e.round, rounds=ROUNDS, steps=steps,
            next=self.ask() if self.mode == "play" else _("game over"))

    def resumed_line(self) -> str:
        """What the table is asked next, said after a resume."""
        return _("Resumed. {next}").format(next=self.ask() if self.mode == "play" else _("Game over"))

    def __init__(self, *, on_command: CommandHook | None = None, cards: CardSet | None = None) -> None:
        self.game = GAME
        self.cards = cards if cards is not None else _load_default_cards()
        self.on_command = on_command
        self.mode = "setup"
        self.setup = WSetup()
        self.e: State | None = None
        self.cmds: list[str] = []
        self.marks: list[tuple[int, int, CardSet]] = []
        """Per command: the engine's history length and event count before it (undo goes back to it)."""
        self.version = 0
        self.hint = ""
        self.storage_problem = ""
        self.log: list[str] = []
        self._said = 0
        self.resume_info = ""
        self.resume_refused = ""
        self.discard_armed = False
        self._resume_payload: tuple[WSetup, list[str]] | None = None
        self.record: dict[str, Any] | None = None
        self.track = None  # Applejack's front-end helpers look for it; Waldgärtner has no harvest board
        self.b = None  # the shell's "a game has begun" check looks for it (Zankapfel's build)
        self.die_seen: int | None = None
        self.typed = ""
        """Digits typed on the keys or the screen's keypad for a card id (confirm enters them)."""
        self.said_last: list[str] = []

    # --- protocol -----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        assert self.e is not None
        return self.e

    def stage(self) -> str:
        return self.e.step if self.e is not None else ""

    def seat(self) -> int:
        """Whose decision or card it is now (-1 for a deck turning its offer, or none)."""
        e = self.e
        if e is None or e.is_terminal():
            return -1
        kind, seat, _arg = e.t.jobs[0]
        return -1 if kind == "reveal" else seat

    def deck_now(self) -> int:
        """The supply deck (0-based) a chance entry comes from now, -1 if none."""
        e = self.e
        if e is None or e.is_terminal():
            return -1
        kind, _seat, arg = e.t.jobs[0]
        return arg if kind in CHANCE_STAGES else -1

    def contested(self) -> tuple[int, ...]:
        """Decks (0-based) chosen by more than one seat in this round's step 3."""
        e = self.e
        if e is None:
            return ()
        out: list[int] = []
        for ev in reversed(e.events):
            if isinstance(ev, (E.RoundStarted, E.GameStarted)):
                break
            if isinstance(ev, E.Conflict):
                out.append(ev.deck)
        return tuple(sorted(out))

    def leds(self) -> LedState:
        """The seven lamps are the die's choices: decks 1-6 and (lamp 7) the special action. While
        the dice are entered the choosable ones are lit; after they are shown, the contested decks."""
        if self.mode != "play" or self.e is None:
            return LedState("chase")
        st = self.stage()
        if st == "die":
            legal = self.e.legal_actions()
            lit = {min(a - A.DECK + 1, 6) for a in legal if A.DECK <= a < A.DECK + 7}
            if A.SPECIAL in legal:
                lit.add(7)
            return LedState("open", tuple(sorted(lit)))
        if st in ("start", "bonus"):
            base = A.DECK if st == "start" else A.BONUS
            return LedState("open", tuple(sorted({min(a - base + 1, 6) for a in self.e.legal_actions()})))
        c = self.contested()
        if c:
            return LedState("open", tuple(sorted({min(d + 1, 6) for d in c})))
        d = self.deck_now()
        return LedState("open", (min(d + 1, 6),)) if d >= 0 else LedState("off")

    # --- buttons, keys, touch -----------------------------------------------------------------
    def _command_for(self, b: str) -> str | None:
        if self.mode == "resume":
            return {"confirm": "resume", "undo": "discard"}.get(b)
        if self.mode == "result":
            return "new" if b == "confirm" else None
        if self.mode == "setup":
            if b.startswith("trough") and b[6:] in ("2", "3", "4", "5", "6", "7"):
                self.setup = replace(self.setup, players=int(b[6:]))
                return ""
            if b.startswith("players:"):
                self.setup = replace(self.setup, players=int(b.split(":")[1]))
                return ""
            if b in ("trough1", "choice"):
                self.setup = replace(self.setup, choice="NA" if self.setup.choice == "EU" else "EU")
                return ""
            if b == "directsale":
                self.setup = replace(self.setup, direct_sale=not self.setup.direct_sale)
                return ""
            return "start" if b == "confirm" else None
        assert self.e is not None
        st = self.stage()
        if b == "undo":
            if self.typed:
                self.typed = ""
                return ""
            return "undo"
        if b.startswith("cmd:"):  # a touch target carrying its command
            return b[4:]
        if st in CHANCE_STAGES or st in CHOOSE_STAGES:
            d = b[4:] if b.startswith("key:") else b
            if len(d) == 1 and d.isascii() and d.isdigit():
                if len(self.typed) < 3:
                    self.typed += d
                return ""
            if b in ("backspace",):
                self.typed = self.typed[:-1]
                return ""
            if b == "confirm" and self.typed:
                typed, self.typed = self.typed, ""
                return typed
            return None
        if b.startswith("trough") and b[6:].isdigit():
            k = int(b[6:])
            if st == "die":
                if k == 7:
                    return "special"
                if k == 6 and self.e.players == 7 and self.e.offer(5) < 0 and self.e.offer(6) >= 0:
                    return "deck 7"  # die face 6 is decks 6 and 7 (ruling W1)
                return f"deck {k}"
            if st in ("start", "bonus"):
                return f"{'deck' if st == 'start' else 'bonus'} {k}"
            if st == "special" and k <= 6:
                return f"search {k}"
            if st == "special" and k == 7:
                return "alternative offer"
            return None
        if st == "buyer":
            return {"confirm": "buy", "blind": "decline"}.get(b)
        if st == "special":
            return {"confirm": "alternative offer", "blind": "forgo"}.get(b)
        if st == "play":
            s = self.seat()
            new = self.e.pending(s) if self.e.pending(s) >= 0 else self.e.hand(s)
            if b == "blind":
                return f"sell {new}"
            if b == "confirm":
                return f"plant {new}"
        if st == "die" and b == "blind":
            return "pass" if A.PASS in self.e.legal_actions() else None
        return None

    # --- commands -----------------------------------------------------------------------------
    def setup_help(self, text: str) -> str:
        return _("{text}: on the setup screen: setup players=N choice=EU|NA directsale=on|off, "
                 "or start").format(text=repr(text))

    def do(self, command: str) -> None:
        """One command (script line, journal row, or what a key meant); CommandError if refused."""
        text = " ".join(command.strip().lower().split())
        if not text:
            raise CommandError(_("an empty command"))
        if self._resume_or_setup(command, text):
            return
        if text == "new" and self.mode == "result":
            self._reset()
            return
        if self.mode == "result":
            raise CommandError(_("the game is over and recorded: confirm starts a new one"))
        if text in ("undo", "u"):
            self._undo()
            return
        canon = self._canonical(text)
        self._apply(canon)
        self._emit("cmd", canon)  # journalled before a "finished" it may cause
        self._after()

    def _canonical(self, text: str) -> str:
        canon = self._canonical_form(text)
        w = canon.split()
        if len(w) == 2 and w[0] in ("card", "keep", "choose", "sell", "plant") and int(w[1]) >= len(self.cards.cards):
            raise CommandError(self._card_where(int(w[1])))
        return canon

    def _canonical_form(self, text: str) -> str:
        e = self.state
        st = self.stage()
        w = text.split()
        if len(w) == 2 and w[0] in ("card", "keep", "choose", "sell", "plant") and _num(w[1]) \
                and int(w[1]) >= len(self.cards.cards):
            return f"{w[0]} {int(w[1])}"
        if len(w) == 1 and _num(w[0]):
            n = int(w[0])
            if st in CHANCE_STAGES:
                return f"keep {n}" if st in ("bdraw", "sdeal") else f"card {n}"
            if st in CHOOSE_STAGES:
                return f"choose {n}"
            if st in ("die", "start"):
                return f"deck {n}"
            if st == "bonus":
                return f"bonus {n}"
            if st == "special":
                return f"search {n}"
            raise CommandError(_("{n}: no number is asked now ({now})").format(n=n, now=self.ask()))
        if w[0] == "unknown":
            return self._unknown_canonical(w[1:])
        if w == ["s"] and st == "die":
            return "special"
        if w in (["alt"], ["alternative"]):
            return "alternative offer"
        if len(w) == 2 and w[0] == "plant" and _num(w[1]):
            cid = int(w[1])
            spots = e.plant_spots(self.seat(), cid) if cid < len(e.cards) else []
            if not spots:
                raise CommandError(self._no_room(cid))
            r, p, _fee = spots[0]
            return f"plant {cid} at {r}.{p + 1}"
        if len(w) == 2 and w[0] == "keep" and _num(w[1]):
            return f"keep {int(w[1])}"
        try:
            return A.to_text(A.from_text(text))
        except ActionParseError:
            raise CommandError(_("{text} is not a Waldgärtner command (now: {now})").format(
                text=repr(text), now=self.ask())) from None

    def _no_room(self, cid: int) -> str:
        e = self.state
        s = self.seat()
        if cid >= len(e.cards):
            return _("there is no card {id} in the card file (0-{last})").format(id=cid, last=len(e.cards) - 1)
        c = e.card(cid)
        if cid not in (e.hand(s), e.pending(s)):
            return _("{seat} does not hold {card}").format(seat=seat_name(s), card=card_label(c))
        row = c.size
        have = sum(1 for (r, _p) in e.garden(s) if r == row)
        if have > ROW_CAPACITY[row]:
            if row == 5:
                return _("row {row} ({size}) is full: {have} plants, its capacity {cap} and one additional plant "
                         "(a second additional large tree goes to row 6 for 6 cubes); sell {id} instead").format(
                    row=row, size=size_plural(row), have=have, cap=ROW_CAPACITY[row], id=cid)
            return _("row {row} ({size}) is full: {have} plants, its capacity {cap} and one additional plant; "
                     "sell {id} instead").format(row=row, size=size_plural(row), have=have, cap=ROW_CAPACITY[row],
                                                 id=cid)
        fee = row if not any(e.card(x).male for (r, _p), x in e.garden(s).items() if r == row) else 0
        return _("row {row} holds {cap}: one more costs {fee} cubes (row {row}'s fee) and {seat} has {storage}; "
                 "sell {id} instead").format(row=row, cap=ROW_CAPACITY[row], fee=fee, seat=seat_name(s),
                                             storage=e.storage(s), id=cid)

    def _apply(self, canon: str) -> None:
        e = self.state
        mark = (len(e.history), len(e.events), e.config.cards)
        n_events = len(e.events)
        try:
            w = canon.split()
            if w[0] == "keep":
                self._keep(int(w[1]))
            elif w[0] == "unknown":
                self._unknown(canon)
            else:
                self._engine(canon)
        except (IllegalActionError, ActionParseError, CommandError) as exc:
            self.e = e  # an unknown card's rebuild is dropped
            while len(e.history) > mark[0]:
                e.undo()
            if isinstance(exc, CommandError):
                raise
            raise CommandError(self._refusal(canon, exc)) from None
        self.cmds.append(canon)
        self.marks.append(mark)
        said = self._lines(self.state.events[n_events:])
        self.log.extend(said)
        self.said_last = said

    def _engine(self, text: str) -> None:
        e = self.state
        st = self.stage()
        w = text.split()
        if w[0] == "card" and st not in CHANCE_STAGES:
            raise CommandError(_("no card is turned or drawn now ({now})").format(now=self.ask()))
        if w[0] != "card" and st in CHANCE_STAGES:
            raise CommandError(_("the table turns or draws a card now: {now}").format(now=self.ask()))
        if w[0] == "plant":
            cid = int(w[1])
            if st == "play" and cid < len(e.cards) and not e.plant_spots(self.seat(), cid):
                raise CommandError(self._no_room(cid))
        e.apply(text)

    # --- a card that is not in the card file ----------------------------------------------------
    def _unknown_canonical(self, words: list[str]) -> str:
        """``unknown size=3 value=4 flower=white flowering=2 fruit=pome harvest=8 [sex=male]
        [bonus=1 partner=Malus] [leaf] [nitrogen]`` → the canonical form with the card id it stands in
        for: an unseen card of the deck's continent and size class (the last in the file)."""
        st = self.stage()
        if st not in ("draw", "reveal", "bdraw"):
            raise CommandError(_("an unknown card is entered where a card is turned or drawn ({now})").format(
                now=self.ask()))
        if words and _num(words[0]):  # the journal's form already names the card it stands in for
            return "unknown " + " ".join(words)
        attrs = self._unknown_attrs(words)
        e = self.state
        d = self.deck_now()
        cont = e.decks[d]
        if not e.t.unknown[d]:
            shown = listed(card_label(e.card(x)) for x in sorted(set(e.t.known[d]))[:6])
            raise CommandError(_("every card left in deck {deck} is known to the companion ({shown}…): it cannot be "
                                 "an unknown one").format(deck=d + 1, shown=shown))
        base = self.cards.cards
        taken = {c.id for c in e.config.cards.cards if c != base[c.id]}
        free = [c for c in e.t.pools[cont] if base[c].size == attrs["size"] and c not in taken]
        if not free:
            raise CommandError(_("every {size} card of {continent} has been seen: no unseen card is left for the "
                                 "unknown one to stand in for").format(size=size_name(int(attrs["size"])),
                                                                       continent=cont))
        return f"unknown {max(free)} " + " ".join(f"{k}={v}" for k, v in attrs.items() if v not in ("", -1))

    @staticmethod
    def _unknown_attrs(words: list[str]) -> dict[str, str | int]:
        from table.games.waldgaertner.rules.cards import COLOURS, FRUITS, SEXES

        out: dict[str, str | int] = {"size": 0, "sex": "both", "value": 0, "bonus": 0, "flower": "",
                                     "flowering": -1, "fruit": "", "harvest": -1, "leaf": "no", "nitrogen": "no",
                                     "partner": "-"}
        for word in words:
            key, eq, val = word.partition("=")
            if not eq and key in ("leaf", "nitrogen"):
                out[key] = "yes"
                continue
            if key in ("size", "value", "bonus", "flowering", "harvest") and _num(val, 2):
                out[key] = int(val)
            elif (key, val) in {*(("sex", v) for v in SEXES), *(("flower", v) for v in COLOURS),
                                *(("fruit", v) for v in FRUITS), ("leaf", "yes"), ("leaf", "no"),
                                ("nitrogen", "yes"), ("nitrogen", "no")}:
                out[key] = val
            elif key == "partner" and val and val.isascii():
                out[key] = val[:1].upper() + val[1:]
            else:
                raise CommandError(_("unknown card: {word}? size=1-5 value=N flower=({colours}) flowering=0-9 "
                                     "fruit=({fruits}) harvest=0-9 [sex=male|female] [bonus=N partner=Genus] [leaf] "
                                     "[nitrogen]").format(word=repr(word), colours="|".join(COLOURS),
                                                          fruits="|".join(FRUITS)))
        male = out["sex"] == "male"
        need = ["size", "flower", "flowering"] + ([] if male else ["fruit", "harvest"])
        missing = [k for k in need if out[k] in ("", -1) or (k == "size" and out[k] == 0)]
        if missing:
            raise CommandError(_("unknown card: give {missing} (the attributes the rules use)").format(
                missing=listed(missing)))
        if not 1 <= int(out["size"]) <= 5 or not 0 <= int(out["flowering"]) <= 9 or int(out["harvest"]) > 9:
            raise CommandError(_("unknown card: size is 1-5, flowering and harvest are phases 0-9"))
        if male:
            out["fruit"], out["harvest"] = "", -1
        return out

    def _rebuilt(self, cards: CardSet, history: list[int]) -> State:
        """The game on other cards: the same actions (the substituted card was never seen before)."""
        st = new_game(self.setup.config(cards))
        for a in history:
            st.apply(a)
        return st

    def _unknown(self, canon: str) -> None:
        from dataclasses import replace

        from table.engine.errors import DataError
        from table.games.waldgaertner.rules.cards import parse_cards

        e = self.state
        w = canon.split()
        cid = int(w[1])
        attrs = self._unknown_attrs(w[2:])
        old = e.config.cards.cards
        if not 0 <= cid < len(old) or cid not in e.t.pools[old[cid].continent] or old[cid].size != attrs["size"]:
            raise CommandError(_("card {id} cannot stand in for an unknown card now").format(id=cid))
        male = attrs["sex"] == "male"
        card = replace(old[cid], name=f"Ignota {cid}", common=f"unknown plant {cid}", german=f"unbekannt {cid}",
                       sex=str(attrs["sex"]), value=int(attrs["value"]), bonus=int(attrs["bonus"]),
                       flower=str(attrs["flower"]), flowering=int(attrs["flowering"]),
                       fruit="" if male else str(attrs["fruit"]), harvest=-1 if male else int(attrs["harvest"]),
                       leaf=attrs["leaf"] == "yes", nitrogen=attrs["nitrogen"] == "yes",
                       partner="" if attrs["partner"] == "-" else str(attrs["partner"]))
        cards = tuple(card if c.id == cid else c for c in old)
        try:
            new = parse_cards(cards_toml(e.config.cards, cards), "unknown card")
        except DataError as exc:
            raise CommandError(str(exc).splitlines()[-1].strip()) from None
        self.e = self._rebuilt(new, list(e.history))
        self.state.apply(f"card {cid}")

    def _keep(self, cid: int) -> None:
        """A bonus draw or a search entered by the card kept: the cards put back are filled in."""
        e = self.state
        st = self.stage()
        if st not in ("bdraw", "sdeal", *CHOOSE_STAGES):
            raise CommandError(_("no card is kept now ({now})").format(now=self.ask()))
        if st in ("bdraw", "sdeal"):
            deck = self.deck_now()
            known = e.t.known[deck]
            if st == "bdraw" or cid not in known:
                if A.CARD + cid not in e.legal_actions():
                    raise CommandError(_("card {id} cannot be in deck {deck} now: {where}").format(
                        id=cid, deck=deck + 1, where=self._card_where(cid)))
                e.apply(f"card {cid}")
            while e.step == st:
                legal = [a for a in e.legal_actions() if a != A.CARD + cid]
                e.apply(legal[0] if legal else e.legal_actions()[0])
        e.apply(f"choose {cid}")

    def _card_where(self, cid: int) -> str:
        e = self.state
        if not 0 <= cid < len(e.cards):
            return _("there is no card {id} in the card file (0-{last})").format(id=cid, last=len(e.cards) - 1)
        c = e.card(cid)
        card = card_label(c)
        for s in range(e.players):
            if cid in e.garden(s).values():
                return _("{card} grows in {seat}'s garden").format(card=card, seat=seat_name(s))
            if cid in (e.hand(s), e.pending(s)):
                return _("{card} is in {seat}'s hand").format(card=card, seat=seat_name(s))
        if cid in e.discard:
            return _("{card} is on the discard pile").format(card=card)
        for d in range(e.players):
            if e.offer(d) == cid:
                return _("{card} is face up on deck {deck}").format(card=card, deck=d + 1)
            if cid in e.t.known[d]:
                return _("{card} is in deck {deck} (put back there, or filled in by a `keep`: if the table really put "
                         "other cards back, undo to that draw and enter each card)").format(card=card, deck=d + 1)
        decks = [d + 1 for d, cont in enumerate(e.decks) if cont == c.continent]
        if not decks:
            return _("{card} is a {continent} card: this game plays {decks}").format(
                card=card, continent=c.continent, decks="/".join(sorted(set(e.decks))))
        return _("{card} belongs to the {continent} decks ({decks})").format(
            card=card, continent=c.continent, decks=", ".join(map(str, decks)))

    def _refusal(self, canon: str, exc: Exception) -> str:
        e = self.state
        w = canon.split()
        st = self.stage()
        if w[0] == "card" and len(w) == 2 and _num(w[1]):
            cid, d = int(w[1]), self.deck_now()
            if d >= 0 and not e.t.unknown[d] and cid in e.t.pools.get(e.decks[d], ()):
                shown = listed(card_label(e.card(x)) for x in sorted(set(e.t.known[d]))[:6])
                return _("card {id} cannot come from deck {deck} now: the companion knows every card left in it "
                         "({shown}…; a search or bonus draw entered by `keep` filled them in — undo to it and enter "
                         "each card)").format(id=cid, deck=d + 1, shown=shown)
            return _("card {id} cannot come from deck {deck} now: {where}").format(id=cid, deck=d + 1,
                                                                                  where=self._card_where(cid))
        if st == "die" and w[0] in ("deck", "special", "pass"):
            offered = [_("deck {n}").format(n=d + 1) for d in range(e.players) if e.offer(d) >= 0]
            if A.SPECIAL in e.legal_actions():
                return _("{seat} can choose {decks}; special (needs 1 cube)").format(
                    seat=seat_name(self.seat()), decks=listed(offered) or _("no deck"))
            return _("{seat} can choose {decks}; no special (no cube)").format(
                seat=seat_name(self.seat()), decks=listed(offered) or _("no deck"))
        if st == "play" and w[0] in ("sell", "plant", "offer"):
            s = self.seat()
            held = [card_label(e.card(c)) for c in (e.hand(s), e.pending(s)) if c >= 0]
            return _("{seat} plays one of {cards} ({reason})").format(seat=seat_name(s), cards=listed(held),
                                                                     reason=engine_reason(exc))
        return f"{canon}: {engine_reason(exc)}"

    def _after(self) -> None:
        e = self.state
        if e.is_terminal():
            if self.mode != "result":
                self.mode = "result"
                self.record = self.finished_record()
                self.log.extend(self.result_lines())
                self._emit("finished", self.record)
                self.book.changed()  # the names just played come first next time
        else:
            self.mode = "play"
            self.log.append(self.ask())
        self.typed = ""
        self._changed()

    def _undo(self) -> None:
        if not self.cmds:
            raise CommandError(_("nothing to undo: this is the start of the game"))
        e = self.state
        last = self.cmds.pop()
        hist, _events, cards = self.marks.pop()
        if cards is not e.config.cards:  # an unknown card undone: the game goes back to the cards before it
            self.e = self._rebuilt(cards, e.history[:hist])
        e = self.state
        while len(e.history) > hist:
            e.undo()
        self._emit("cmd", "undo")
        self.mode = "play"
        self.record = None
        undone = _("Undone: {command}").format(command=last)
        self.log.append(undone)
        self.said_last = [undone]
        self._after()

    def _parse_setup(self, text: str) -> WSetup:
        s = self.setup
        players, choice, direct = s.players, s.choice, s.direct_sale
        for word in text.split()[1:]:
            key, _eq, val = word.partition("=")
            if key == "players" and _num(val, 1) and 2 <= int(val) <= 7:
                players = int(val)
            elif key == "choice" and val.upper() in ("EU", "NA"):
                choice = val.upper()
            elif key in ("directsale", "direct_sale") and val in ("on", "off"):
                direct = val == "on"
            else:
                raise CommandError(_("setup {word}: players=2..7, choice=EU|NA, directsale=on|off").format(
                    word=repr(word)))
        out: WSetup = replace(s, players=players, choice=choice, direct_sale=direct)
        return out

    def _start(self, setup: WSetup, *, journal: bool) -> None:
        self.setup = setup
        self.cmds, self.marks = [], []
        self.e = new_game(setup.config(self.cards))
        self.mode = "play"
        self.record = None
        self.said_last = []
        if journal:
            self._emit("game", setup.to_dict(self.cards))
        decks = deck_continents(setup.players, setup.choice)
        listed = ", ".join(f"{d + 1} {c}" for d, c in enumerate(decks))
        if setup.direct_sale:
            line = _("New game of Waldgärtner: {n} players, supply decks {decks}, direct sale. Every player has 1 "
                     "cube in storage.")
        else:
            line = _("New game of Waldgärtner: {n} players, supply decks {decks}. Every player has 1 cube in "
                     "storage.")
        self.log.append(line.format(n=setup.players, decks=listed))
        self._after()

    def _reset(self) -> None:
        self.mode = "setup"
        self.e = None
        self.cmds, self.marks = [], []
        self.record = None
        self._changed()

    def refusal_for(self, setup: Any) -> str:
        """Why a journalled setup cannot be resumed here ("" if it can): other cards."""
        digest = setup.get("cards_digest") if isinstance(setup, dict) else None
        mine = cards_digest(self.cards)
        if digest is not None and digest != mine:
            return _("played with another card file ({digest}, this one is {mine}): reinstall it, or discard the "
                     "game").format(digest=digest, mine=mine)
        return ""

    # --- words --------------------------------------------------------------------------------
    def phase_report(self) -> list[str]:
        """This round's step 1 as announced (blooms and harvests per seat); the screen keeps it up."""
        e = self.e
        if e is None:
            return []
        for i in range(len(e.events) - 1, -1, -1):
            ev = e.events[i]
            if isinstance(ev, E.RoundStarted):
                j = i + 1
                while j < len(e.events) and isinstance(e.events[j], (E.Bloomed, E.BloomedInVain, E.Harvested)):
                    j += 1
                return self._phase_lines(list(e.events[i + 1:j]), ev)
        return []

    def phase_summary(self) -> list[str]:
        """This round's step 1 per seat in short (the screen): ``Seat 3: cube on #198 #131 (#107 dark)
        · to storage #108 (1) · leaves +1 · in vain #149``."""
        e = self.e
        if e is None:
            return []
        evs: list[Event] = []
        for i in range(len(e.events) - 1, -1, -1):
            if isinstance(e.events[i], E.RoundStarted):
                j = i + 1
                while j < len(e.events) and isinstance(e.events[j], (E.Bloomed, E.BloomedInVain, E.Harvested)):
                    j += 1
                evs = list(e.events[i + 1:j])
                break
        out = []
        for s in range(e.players):
            mine = [ev for ev in evs if getattr(ev, "seat", -1) == s]
            cube = [_("#{id} dark").format(id=ev.card) if ev.value == 2 else f"#{ev.card}"
                    for ev in mine if isinstance(ev, E.Bloomed)]
            fruit = [f"#{ev.card} ({ev.value})" for ev in mine if isinstance(ev, E.Harvested) and ev.what == "fruit"]
            leaves = sum(1 for ev in mine if isinstance(ev, E.Harvested) and ev.what == "leaf")
            vain = [f"#{ev.card}" for ev in mine if isinstance(ev, E.BloomedInVain)]
            parts = ([_("cube on {cards}").format(cards=" ".join(cube))] if cube else []) \
                + ([_("to storage {cards}").format(cards=" ".join(fruit))] if fruit else []) \
                + ([_("leaves +{n}").format(n=leaves)] if leaves else []) \
                + ([_("in vain {cards}").format(cards=" ".join(vain))] if vain else [])
            if parts:
                out.append(f"{seat_name(s)}: " + " · ".join(parts))
        return out

    def _phase_lines(self, evs: list[Event], rs: E.RoundStarted) -> list[str]:
        e = self.state
        head = _("Round {round} of {rounds}: phase {phase}, {name}").format(round=rs.round, rounds=ROUNDS,
                                                                           phase=rs.phase, name=phase_name(rs.phase))
        lines = [head]
        for s in range(e.players):
            blooms, harvests, vain = [], [], []
            for ev in evs:
                if not isinstance(ev, (E.Bloomed, E.BloomedInVain, E.Harvested)) or ev.seat != s:
                    continue
                card = card_label(e.card(ev.card))
                if isinstance(ev, E.Bloomed):
                    blooms.append(_("{card} (dark cube, 2)").format(card=card) if ev.value == 2 else card)
                elif isinstance(ev, E.BloomedInVain):
                    vain.append(card)
                elif isinstance(ev, E.Harvested):
                    if ev.what == "leaf":
                        harvests.append(_("{card} leaves +1 from the supply").format(card=card))
                    else:
                        harvests.append(_("{card} cube ({value}) from its field").format(card=card, value=ev.value))
            parts = []
            if blooms:
                parts.append(_("a cube on the field of {cards}").format(cards=", ".join(blooms)))
            if harvests:
                parts.append(_("to storage: {cards}").format(cards=", ".join(harvests)))
            if vain:
                parts.append(_("blooms in vain (no partner): {cards}").format(cards=", ".join(vain)))
            if parts:
                lines.append("  " + _("{seat}: {report} — storage {storage}").format(
                    seat=seat_name(s), report="; ".join(parts), storage=e.storage(s)))
        if len(lines) == 1:
            lines.append("  " + _("Nothing flowers or is harvested"))
        return lines

    def _lines(self, evs: list[Event]) -> list[str]:
        """The events of one command as the table hears them."""
        out: list[str] = []
        i = 0
        while i < len(evs):
            ev = evs[i]
            if isinstance(ev, E.RoundStarted):
                j = i + 1
                while j < len(evs) and isinstance(evs[j], (E.Bloomed, E.BloomedInVain, E.Harvested)):
                    j += 1
                out.extend(self._phase_lines(list(evs[i + 1:j]), ev))
                i = j
                continue
            line = self._event_line(ev)
            if line:
                out.append(line)
            i += 1
        return out

    def _event_line(self, ev: Event) -> str:
        e = self.state
        if isinstance(ev, E.CardRevealed):
            return _("Deck {deck} offers {card}").format(deck=ev.deck + 1, card=card_label(e.card(ev.card)))
        if isinstance(ev, E.DieChosen):
            if ev.seat >= e.players - 1:
                return ""
            die = e.t.die[ev.seat]
            return f"{seat_name(ev.seat)}: " + (choice_words(A.to_text(die)) if die >= 0 else _("chosen"))
        if isinstance(ev, E.DiceRevealed):
            return _("Dice: {choices}").format(
                choices=", ".join(f"{seat_name(s)} {choice_words(c)}" for s, c in enumerate(ev.choices)))
        if isinstance(ev, E.Conflict):
            who = ", ".join(seat_name(s) for s in ev.seats)
            if ev.winner >= 0:
                return _("Deck {deck} is contested by {seats}: {winner} has the largest storage, pays 1 cube and takes "
                         "the card; the others draw from deck {deck}").format(deck=ev.deck + 1, seats=who,
                                                                              winner=seat_name(ev.winner))
            return _("Deck {deck} is contested by {seats}: a tie — the card goes to the discard pile and all of them "
                     "draw from deck {deck}").format(deck=ev.deck + 1, seats=who)
        if isinstance(ev, E.CardTaken):
            card = card_label(e.card(ev.card))
            if ev.paid:
                return _("{seat} takes {card}, pays {paid}").format(seat=seat_name(ev.seat), card=card, paid=ev.paid)
            return _("{seat} takes {card}").format(seat=seat_name(ev.seat), card=card)
        if isinstance(ev, E.CardDrawn):
            if ev.empty:
                return _("{seat} draws nothing: {source} is empty").format(seat=seat_name(ev.seat),
                                                                           source=source_words(ev.source))
            if ev.card >= 0:
                return _("{seat} takes {card} from {source}").format(
                    seat=seat_name(ev.seat), card=card_label(e.card(ev.card)), source=source_words(ev.source))
            return ""  # said by the question that asked for it
        if isinstance(ev, E.CardSold):
            return _("{seat} sells {card}: +{cubes} to storage").format(
                seat=seat_name(ev.seat), card=card_label(e.card(ev.card)), cubes=ev.cubes)
        if isinstance(ev, E.CardPlanted):
            words = dict(seat=seat_name(ev.seat), card=card_label(e.card(ev.card)), row=ev.row, place=ev.pos + 1)
            if ev.fee:
                return _("{seat} plants {card} in row {row}, place {place}, pays {fee} (additional plant)").format(
                    fee=ev.fee, **words)
            return _("{seat} plants {card} in row {row}, place {place}").format(**words)
        if isinstance(ev, E.NitrogenPlaced):
            return "  " + _("a dark cube waits on {seat}'s place {row}.{place} (nitrogen)").format(
                seat=seat_name(ev.seat), row=ev.row, place=ev.pos + 1)
        if isinstance(ev, E.BonusEarned):
            if ev.what == "colours":
                return _("{seat} earns a bonus action (flower colours): draw 7 cards of one deck, keep one").format(
                    seat=seat_name(ev.seat))
            return _("{seat} earns a bonus action (fruit types): draw 7 cards of one deck, keep one").format(
                seat=seat_name(ev.seat))
        if isinstance(ev, E.SpecialAction):
            if ev.cost:
                return _("{seat}: special action {action}, pays {cost}").format(
                    seat=seat_name(ev.seat), action=special_words(ev.what), cost=ev.cost)
            return _("{seat}: special action {action}").format(seat=seat_name(ev.seat), action=special_words(ev.what))
        if isinstance(ev, E.DirectSale):
            words = dict(buyer=seat_name(ev.buyer), card=card_label(e.card(ev.card)), seller=seat_name(ev.seller))
            if ev.accepted:
                return _("{buyer} buys {card} from {seller} for 3").format(**words)
            return _("{buyer} declines {card} from {seller} for 3").format(**words)
        if isinstance(ev, (E.GameOver, E.GameStarted, E.TaskDealt)):
            return ""
        text = str(ev)  # the engine's own words (no event reaches here today)
        return text[:1].upper() + text[1:]

    def held(self, seat: int) -> list[int]:
        e = self.state
        return [c for c in (e.hand(seat), e.pending(seat)) if c >= 0]

    def ask(self) -> str:
        """What the table must enter now, in words."""
        e = self.e
        if e is None:
            return ""
        st = self.stage()
        s = self.seat()
        if st == "over":
            return _("Game over")
        seat = seat_name(s) if s >= 0 else ""
        if st == "start":
            return _("{seat}: draw your first card from which deck? (1-{n})").format(seat=seat, n=e.players)
        if st == "draw":
            return _("{seat} draws from deck {deck}: which card? (its id)").format(seat=seat, deck=self.deck_now() + 1)
        if st == "reveal":
            return _("Deck {deck}: turn the top card face up — which card? (its id)").format(deck=self.deck_now() + 1)
        if st == "die":
            if A.SPECIAL in e.legal_actions():
                return _("Dice shown — {seat} chose: deck 1-{last}, 7 special").format(seat=seat,
                                                                                       last=min(e.players, 6))
            return _("Dice shown — {seat} chose: deck 1-{last}").format(seat=seat, last=min(e.players, 6))
        if st == "play":
            cards = or_list([card_label(e.card(c)) for c in self.held(s)])
            return _("{seat} plays {cards}: plant N (CONFIRM plants the new one), sell N (BLIND)").format(
                seat=seat, cards=cards)
        if st == "buyer":
            seller, cid, _price = e.sale_offer
            return _("{seat}: buy {card} from {seller} for 3? (buy / decline)").format(
                seat=seat, card=card_label(e.card(cid)), seller=seat_name(seller))
        if st == "bonus":
            return _("{seat}'s bonus action: draw 7 cards from which deck? (1-{n})").format(seat=seat, n=e.players)
        if st == "bdraw":
            return _("{seat}'s bonus draw from deck {deck}: which card is kept? (its id)").format(
                seat=seat, deck=self.deck_now() + 1)
        if st == "sdeal":
            return _("{seat} searches deck {deck}: which card is taken? (its id)").format(
                seat=seat, deck=self.deck_now() + 1)
        if st in CHOOSE_STAGES:
            shown = ", ".join(card_label(e.card(a - A.CHOOSE)) for a in e.legal_actions())
            return _("{seat} takes which card? {cards}").format(seat=seat, cards=shown)
        if st == "special":
            return _("{seat}'s special action (storage {storage}): alternative offer (1 cube, CONFIRM), search N or "
                     "search discard (3 cubes), forgo (BLIND)").format(seat=seat, storage=e.storage(s))
        return st

    # --- what the screens read ----------------------------------------------------------------
    def ledger(self) -> list[tuple[int, int, int, int]]:
        """Per seat: (storage value, cubes on cube fields, dark cubes waiting, plants)."""
        e = self.state
        return [(e.storage(s), e.garden_cubes(s), len(e.waiting_dark(s)), len(e.garden(s)))
                for s in range(e.players)]

    def rows(self, seat: int) -> list[tuple[int, int, int]]:
        """Per garden row 1-5 (and 6 if used): (row, plants, capacity)."""
        g = self.state.garden(seat)
        out = [(r, sum(1 for (rr, _p) in g if rr == r), ROW_CAPACITY[r]) for r in range(1, 6)]
        if any(r == 6 for (r, _p) in g):
            out.append((6, 1, 0))
        return out

    def finished_record(self) -> dict[str, Any]:
        """The engine's record (``waldgaertner-record/1``, replayable) plus the table's commands
        and the score pad."""
        e = self.state
        rec = e.to_record()
        rec["table_commands"] = list(self.cmds)
        rec["scores"] = [s.total for s in e.scores()]
        rec["score_pad"] = [{"plants": s.plants, "partners": s.partners, "storage": s.storage, "task": s.task,
                             "total": s.total} for s in e.scores()]
        rec["winners"] = list(e.winners())
        rec.update(self.names_record())
        return rec

    def result_lines(self) -> list[str]:
        e = self.state
        winners = e.winners()
        win = both([self.seat_title(s) for s in winners])
        sc = e.scores()
        order = sorted(range(e.players), key=lambda s: -sc[s].total)
        return [ngettext("Game over: {winners} wins", "Game over: {winners} win", len(winners)).format(winners=win),
                *(_("{seat}: {total} points (plants {plants}, partners {partners}, storage {storage})").format(
                    seat=self.seat_title(s), total=sc[s].total, plants=sc[s].plants, partners=sc[s].partners,
                    storage=sc[s].storage) for s in order)]


def cards_toml(base: CardSet, cards: tuple[Card, ...]) -> str:
    """A card file's TOML text for ``cards`` (one ``[[card]]`` each, in id order) with ``base``'s
    deck name and tasks: what a game with an unknown card records, so its record replays."""
    import json

    q = json.dumps  # a JSON string is a TOML basic string
    out = [f"[deck]\nname = {q(base.name)}\n"]
    for c in cards:
        lines = ["[[card]]", f"name = {q(c.name)}", f"common = {q(c.common)}", f"german = {q(c.german)}",
                 f"continent = {q(c.continent)}", f"size = {c.size}", f"sex = {q(c.sex)}", f"value = {c.value}",
                 f"flower = {q(c.flower)}", f"flowering = {c.flowering}", f"leaf = {'true' if c.leaf else 'false'}",
                 f"nitrogen = {'true' if c.nitrogen else 'false'}"]
        if c.bonus:
            lines.append(f"bonus = {c.bonus}")
        if not c.male:
            lines += [f"fruit = {q(c.fruit)}", f"harvest = {c.harvest}"]
        if c.partner:
            lines.append(f"partner = {q(c.partner)}")
        out.append("\n".join(lines) + "\n")
    for t in base.tasks:
        lines = ["[[task]]", f"name = {q(t.name)}", f"sizes = {list(t.sizes)}", f"fruits = {q(list(t.fruits))}",
                 f"nitrogen = {'true' if t.nitrogen else 'false'}", f"leaf = {'true' if t.leaf else 'false'}",
                 f"cross = {'true' if t.cross else 'false'}"]
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)


# ------------------------------------------------------------------------------------------------
# a whole game as table commands (scenario tests, the demo)

def table_script(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"), *,
                 cards: CardSet | None = None, choice: str = "EU",
                 direct_sale: bool = False) -> tuple[list[str], State]:
    """Bots play a seeded game in the engine; returns what a table would enter for it (setup line,
    ``start``, then the commands: every card turned or drawn by id, each decision) and the
    engine's finished game to compare with."""
    import random

    from table.games.waldgaertner.bots import make_bot

    cards = cards if cards is not None else _load_default_cards()
    rng = random.Random(seed)
    seats = [make_bot(bots[i % len(bots)], random.Random(seed * 31 + i)) for i in range(players)]
    st = new_game(Config(players, cards, choice=choice, direct_sale=direct_sale))
    out = [WSetup(players, choice, direct_sale).text(), "start"]
    while not st.is_terminal():
        if st.is_chance():
            a = st.sample_chance(rng)
            st.apply(a)
            out.append(A.to_text(a))
            continue
        a = seats[st.current_player()].choose(st)
        st.apply(a)
        out.append(A.to_text(a))
    return out, st



def make_companion(*, on_command: CommandHook | None = None, rng: Any = None,
                   data: Any = None) -> WaldgaertnerCompanion:
    """The registry's factory (``GameDef.part("companion")``); this game needs no data set nor RNG."""
    return WaldgaertnerCompanion(on_command=on_command)
