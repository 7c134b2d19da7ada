"""Waldgärtner's table companion: a pure state machine the shell drives (``table.companion.protocol``).

The table holds the cards; the companion is told what happened and mirrors it into the
Waldgärtner engine (``table.engine.waldgaertner``, rules and rulings in docs/waldgaertner.md).
The engine's chance actions are the cards the table turns up and draws, entered by their id in
the card file (``table.waldgaertner_files.load_cards``). From the engine comes everything the
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
from dataclasses import dataclass
from typing import Any

from table.companion.controller import LedState
from table.companion.module import TableModule
from table.companion.protocol import CommandError as CommandError  # re-exported: one refusal for every game
from table.companion.protocol import CommandHook
from table.engine.errors import ActionParseError, IllegalActionError
from table.engine.events import Event
from table.engine.waldgaertner import CardSet, Config, State, new_game
from table.engine.waldgaertner import actions as A
from table.engine.waldgaertner import events as E
from table.engine.waldgaertner.cards import SIZE_NAMES, Card
from table.engine.waldgaertner.game import ROUNDS, ROW_CAPACITY, deck_continents

GAME = "waldgaertner"
PHASES = ("winter", "early spring", "mid spring", "late spring", "early summer", "mid summer", "late summer",
          "early autumn", "mid autumn", "late autumn")
"""The annual phases by the indicator's number (0 winter … 9 late autumn)."""
CHANCE_STAGES = ("draw", "reveal", "bdraw", "sdeal")
CHOOSE_STAGES = ("bchoose", "achoose", "schoose")


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def _num(text: str, digits: int = 3) -> bool:
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def cards_digest(cards: CardSet) -> str:
    """A short digest of the card file's text: a journalled game only resumes on the same cards."""
    return hashlib.sha256(cards.text.encode()).hexdigest()[:12]


def card_label(card: Card) -> str:
    """``#17 Apple`` (the id people enter, the English name)."""
    return f"#{card.id} {card.common}"


@dataclass(frozen=True, slots=True)
class WSetup:
    """The setup screen's choices; journalled (with the game key) as the game's config.
    ``choice``: "EU" or "NA", the continent the rules leave open (2, 5 and 6 players, ruling W3);
    ``direct_sale``: the variant. The additional tasks are not offered at the table (secret cards)."""

    players: int = 2
    choice: str = "EU"
    direct_sale: bool = False

    def config(self, cards: CardSet) -> Config:
        return Config(self.players, cards, choice=self.choice, direct_sale=self.direct_sale)

    def to_dict(self, cards: CardSet) -> dict[str, Any]:
        return {"game": GAME, "players": self.players, "choice": self.choice, "direct_sale": self.direct_sale,
                "cards_digest": cards_digest(cards)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> WSetup:
        if not isinstance(d, dict) or d.get("game") != GAME:
            raise ValueError("not a Waldgärtner setup")
        s = cls(int(d["players"]), str(d.get("choice", "EU")), bool(d.get("direct_sale", False)))
        if not 2 <= s.players <= 7 or s.choice not in ("EU", "NA"):
            raise ValueError(f"a Waldgärtner setup for 2-7 players and EU or NA, not {d!r}")
        return s

    def text(self) -> str:
        return (f"setup players={self.players} choice={self.choice} "
                f"directsale={'on' if self.direct_sale else 'off'}")


def _load_default_cards() -> CardSet:
    from table.waldgaertner_files import load_cards  # the I/O half; imported late (the module stays pure)

    return load_cards()


class WaldgaertnerCompanion(TableModule):
    """Waldgärtner at the table (``table.companion.protocol.GameCompanion``). Modes: ``setup``,
    ``resume``, ``play``, ``result``. ``cards``: the card set the table plays with (default: the
    shipped card file)."""

    title = "Waldgärtner"
    setup_type = WSetup
    error_type = CommandError

    def resumed_line(self) -> str:
        """What the table is asked next, said after a resume."""
        return f"Resumed. {self.ask() if self.mode == 'play' else 'Game over'}"

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
    def new_lines(self) -> list[str]:
        lines = self.log[self._said:]
        self._said = len(self.log)
        return lines

    def _changed(self) -> None:
        self.version += 1

    def _emit(self, kind: str, payload: Any) -> None:
        if self.on_command is not None:
            self.on_command(kind, payload)

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
        kind, seat, _ = e.t.jobs[0]
        return -1 if kind == "reveal" else seat

    def deck_now(self) -> int:
        """The supply deck (0-based) a chance entry comes from now, -1 if none."""
        e = self.e
        if e is None or e.is_terminal():
            return -1
        kind, _, arg = e.t.jobs[0]
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
                self.setup = WSetup(int(b[6:]), self.setup.choice, self.setup.direct_sale)
                return ""
            if b.startswith("players:"):
                self.setup = WSetup(int(b.split(":")[1]), self.setup.choice, self.setup.direct_sale)
                return ""
            if b in ("trough1", "choice"):
                self.setup = WSetup(self.setup.players, "NA" if self.setup.choice == "EU" else "EU",
                                    self.setup.direct_sale)
                return ""
            if b == "directsale":
                self.setup = WSetup(self.setup.players, self.setup.choice, not self.setup.direct_sale)
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
    def do(self, command: str) -> None:
        """One command (script line, journal row, or what a key meant); CommandError if refused."""
        text = " ".join(command.strip().lower().split())
        if not text:
            raise CommandError("an empty command")
        if self.mode == "resume":
            if text == "resume":
                self._resume()
                return
            if text == "discard":
                self._discard()
                return
            raise CommandError("an unfinished game is waiting: confirm resumes it, undo twice discards it")
        if self.mode == "setup":
            if text.startswith("setup"):
                self.setup = self._parse_setup(text)
                self._changed()
                return
            if text == "start":
                self._start(self.setup, journal=True)
                return
            raise CommandError(f"{text!r}: on the setup screen: setup players=N choice=EU|NA directsale=on|off, "
                               "or start")
        if text == "new" and self.mode == "result":
            self._reset()
            return
        if self.mode == "result":
            raise CommandError("the game is over and recorded: confirm starts a new one")
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
            raise CommandError(f"{n}: no number is asked now ({self.ask()})")
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
            r, p, _ = spots[0]
            return f"plant {cid} at {r}.{p + 1}"
        if len(w) == 2 and w[0] == "keep" and _num(w[1]):
            return f"keep {int(w[1])}"
        try:
            return A.to_text(A.from_text(text))
        except ActionParseError:
            raise CommandError(f"{text!r} is not a Waldgärtner command (now: {self.ask()})") from None

    def _no_room(self, cid: int) -> str:
        e = self.state
        s = self.seat()
        if cid >= len(e.cards):
            return f"there is no card {cid} in the card file (0-{len(e.cards) - 1})"
        c = e.card(cid)
        if cid not in (e.hand(s), e.pending(s)):
            return f"{seat_name(s)} does not hold {card_label(c)}"
        row = c.size
        have = sum(1 for (r, _p) in e.garden(s) if r == row)
        if have > ROW_CAPACITY[row]:
            more = " (a second additional large tree goes to row 6 for 6 cubes)" if row == 5 else ""
            return (f"row {row} ({SIZE_NAMES[row]}s) is full: {have} plants, its capacity {ROW_CAPACITY[row]} "
                    f"and one additional plant{more}; sell {cid} instead")
        fee = row if not any(e.card(x).male for (r, _p), x in e.garden(s).items() if r == row) else 0
        return (f"row {row} holds {ROW_CAPACITY[row]}: one more costs {fee} cubes (row {row}'s fee) and "
                f"{seat_name(s)} has {e.storage(s)}; sell {cid} instead")

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
            raise CommandError(f"no card is turned or drawn now ({self.ask()})")
        if w[0] != "card" and st in CHANCE_STAGES:
            raise CommandError(f"the table turns or draws a card now: {self.ask()}")
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
            raise CommandError(f"an unknown card is entered where a card is turned or drawn ({self.ask()})")
        if words and _num(words[0]):  # the journal's form already names the card it stands in for
            return "unknown " + " ".join(words)
        attrs = self._unknown_attrs(words)
        e = self.state
        d = self.deck_now()
        cont = e.decks[d]
        if not e.t.unknown[d]:
            shown = ", ".join(card_label(e.card(x)) for x in sorted(set(e.t.known[d]))[:6])
            raise CommandError(f"every card left in deck {d + 1} is known to the companion ({shown}…): it cannot be "
                               "an unknown one")
        base = self.cards.cards
        taken = {c.id for c in e.config.cards.cards if c != base[c.id]}
        free = [c for c in e.t.pools[cont] if base[c].size == attrs["size"] and c not in taken]
        if not free:
            raise CommandError(f"every {SIZE_NAMES[int(attrs['size'])]} card of {cont} has been seen: no unseen "
                               "card is left for the unknown one to stand in for")
        return f"unknown {max(free)} " + " ".join(f"{k}={v}" for k, v in attrs.items() if v not in ("", -1))

    @staticmethod
    def _unknown_attrs(words: list[str]) -> dict[str, str | int]:
        from table.engine.waldgaertner.cards import COLOURS, FRUITS, SEXES

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
                raise CommandError(f"unknown card: {word!r}? size=1-5 value=N flower=({'|'.join(COLOURS)}) "
                                   f"flowering=0-9 fruit=({'|'.join(FRUITS)}) harvest=0-9 [sex=male|female] "
                                   "[bonus=N partner=Genus] [leaf] [nitrogen]")
        male = out["sex"] == "male"
        need = ["size", "flower", "flowering"] + ([] if male else ["fruit", "harvest"])
        missing = [k for k in need if out[k] in ("", -1) or (k == "size" and out[k] == 0)]
        if missing:
            raise CommandError(f"unknown card: give {', '.join(missing)} (the attributes the rules use)")
        if not 1 <= int(out["size"]) <= 5 or not 0 <= int(out["flowering"]) <= 9 or int(out["harvest"]) > 9:
            raise CommandError("unknown card: size is 1-5, flowering and harvest are phases 0-9")
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
        from table.engine.waldgaertner.cards import parse_cards

        e = self.state
        w = canon.split()
        cid = int(w[1])
        attrs = self._unknown_attrs(w[2:])
        old = e.config.cards.cards
        if not 0 <= cid < len(old) or cid not in e.t.pools[old[cid].continent] or old[cid].size != attrs["size"]:
            raise CommandError(f"card {cid} cannot stand in for an unknown card now")
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
            raise CommandError(f"no card is kept now ({self.ask()})")
        if st in ("bdraw", "sdeal"):
            deck = self.deck_now()
            known = e.t.known[deck]
            if st == "bdraw" or cid not in known:
                if A.CARD + cid not in e.legal_actions():
                    raise CommandError(f"card {cid} cannot be in deck {deck + 1} now: {self._card_where(cid)}")
                e.apply(f"card {cid}")
            while e.step == st:
                legal = [a for a in e.legal_actions() if a != A.CARD + cid]
                e.apply(legal[0] if legal else e.legal_actions()[0])
        e.apply(f"choose {cid}")

    def _card_where(self, cid: int) -> str:
        e = self.state
        if not 0 <= cid < len(e.cards):
            return f"there is no card {cid} in the card file (0-{len(e.cards) - 1})"
        c = e.card(cid)
        for s in range(e.players):
            if cid in e.garden(s).values():
                return f"{card_label(c)} grows in {seat_name(s)}'s garden"
            if cid in (e.hand(s), e.pending(s)):
                return f"{card_label(c)} is in {seat_name(s)}'s hand"
        if cid in e.discard:
            return f"{card_label(c)} is on the discard pile"
        for d in range(e.players):
            if e.offer(d) == cid:
                return f"{card_label(c)} is face up on deck {d + 1}"
            if cid in e.t.known[d]:
                return (f"{card_label(c)} is in deck {d + 1} (put back there, or filled in by a `keep`: if the table "
                        "really put other cards back, undo to that draw and enter each card)")
        decks = [d + 1 for d, cont in enumerate(e.decks) if cont == c.continent]
        if not decks:
            return f"{card_label(c)} is a {c.continent} card: this game plays {'/'.join(sorted(set(e.decks)))}"
        return f"{card_label(c)} belongs to the {c.continent} decks ({', '.join(map(str, decks))})"

    def _refusal(self, canon: str, exc: Exception) -> str:
        e = self.state
        w = canon.split()
        st = self.stage()
        if w[0] == "card" and len(w) == 2 and _num(w[1]):
            cid, d = int(w[1]), self.deck_now()
            if d >= 0 and not e.t.unknown[d] and cid in e.t.pools.get(e.decks[d], ()):
                shown = ", ".join(card_label(e.card(x)) for x in sorted(set(e.t.known[d]))[:6])
                return (f"card {cid} cannot come from deck {d + 1} now: the companion knows every card left in it "
                        f"({shown}…; a search or bonus draw entered by `keep` filled them in — undo to it and enter "
                        "each card)")
            return f"card {cid} cannot come from deck {d + 1} now: {self._card_where(cid)}"
        if st == "die" and w[0] in ("deck", "special", "pass"):
            offered = [f"deck {d + 1}" for d in range(e.players) if e.offer(d) >= 0]
            extra = "special (needs 1 cube)" if A.SPECIAL in e.legal_actions() else "no special (no cube)"
            return f"{seat_name(self.seat())} can choose {', '.join(offered) or 'no deck'}; {extra}"
        if st == "play" and w[0] in ("sell", "plant", "offer"):
            s = self.seat()
            held = [card_label(e.card(c)) for c in (e.hand(s), e.pending(s)) if c >= 0]
            return f"{seat_name(s)} plays one of {', '.join(held)} ({exc})"
        return f"{canon}: {exc}"

    def _after(self) -> None:
        e = self.state
        if e.is_terminal():
            if self.mode != "result":
                self.mode = "result"
                self.record = self.finished_record()
                self.log.extend(self.result_lines())
                self._emit("finished", self.record)
        else:
            self.mode = "play"
            self.log.append(self.ask())
        self.typed = ""
        self._changed()

    def _undo(self) -> None:
        if not self.cmds:
            raise CommandError("nothing to undo: this is the start of the game")
        e = self.state
        last = self.cmds.pop()
        hist, _, cards = self.marks.pop()
        if cards is not e.config.cards:  # an unknown card undone: the game goes back to the cards before it
            self.e = self._rebuilt(cards, e.history[:hist])
        e = self.state
        while len(e.history) > hist:
            e.undo()
        self._emit("cmd", "undo")
        self.mode = "play"
        self.record = None
        self.log.append(f"Undone: {last}")
        self.said_last = [f"Undone: {last}"]
        self._after()

    def _parse_setup(self, text: str) -> WSetup:
        s = self.setup
        players, choice, direct = s.players, s.choice, s.direct_sale
        for word in text.split()[1:]:
            key, _, val = word.partition("=")
            if key == "players" and _num(val, 1) and 2 <= int(val) <= 7:
                players = int(val)
            elif key == "choice" and val.upper() in ("EU", "NA"):
                choice = val.upper()
            elif key in ("directsale", "direct_sale") and val in ("on", "off"):
                direct = val == "on"
            else:
                raise CommandError(f"setup {word!r}: players=2..7, choice=EU|NA, directsale=on|off")
        return WSetup(players, choice, direct)

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
        self.log.append(f"New game of Waldgärtner: {setup.players} players, supply decks "
                        + ", ".join(f"{d + 1} {c}" for d, c in enumerate(decks))
                        + (", direct sale" if setup.direct_sale else "")
                        + ". Every player has 1 cube in storage.")
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
            return f"played with another card file ({digest}, this one is {mine}): reinstall it, or discard the game"
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
            cube = [f"#{ev.card}" + (" dark" if ev.value == 2 else "") for ev in mine if isinstance(ev, E.Bloomed)]
            fruit = [f"#{ev.card} ({ev.value})" for ev in mine if isinstance(ev, E.Harvested) and ev.what == "fruit"]
            leaves = sum(1 for ev in mine if isinstance(ev, E.Harvested) and ev.what == "leaf")
            vain = [f"#{ev.card}" for ev in mine if isinstance(ev, E.BloomedInVain)]
            parts = ([f"cube on {' '.join(cube)}"] if cube else []) \
                + ([f"to storage {' '.join(fruit)}"] if fruit else []) \
                + ([f"leaves +{leaves}"] if leaves else []) + ([f"in vain {' '.join(vain)}"] if vain else [])
            if parts:
                out.append(f"{seat_name(s)}: " + " · ".join(parts))
        return out

    def _phase_lines(self, evs: list[Event], rs: E.RoundStarted) -> list[str]:
        e = self.state
        head = f"Round {rs.round} of {ROUNDS}: phase {rs.phase}, {PHASES[rs.phase]}"
        lines = [head]
        for s in range(e.players):
            blooms, harvests, vain = [], [], []
            for ev in evs:
                if getattr(ev, "seat", -1) != s:
                    continue
                if isinstance(ev, E.Bloomed):
                    blooms.append(f"{card_label(e.card(ev.card))}" + (" (dark cube, 2)" if ev.value == 2 else ""))
                elif isinstance(ev, E.BloomedInVain):
                    vain.append(card_label(e.card(ev.card)))
                elif isinstance(ev, E.Harvested):
                    if ev.what == "leaf":
                        harvests.append(f"{card_label(e.card(ev.card))} leaves +1 from the supply")
                    else:
                        harvests.append(f"{card_label(e.card(ev.card))} cube ({ev.value}) from its field")
            parts = []
            if blooms:
                parts.append("a cube on the field of " + ", ".join(blooms))
            if harvests:
                parts.append("to storage: " + ", ".join(harvests))
            if vain:
                parts.append("blooms in vain (no partner): " + ", ".join(vain))
            if parts:
                lines.append(f"  {seat_name(s)}: " + "; ".join(parts) + f" — storage {e.storage(s)}")
        if len(lines) == 1:
            lines.append("  Nothing flowers or is harvested")
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
            return f"Deck {ev.deck + 1} offers {card_label(e.card(ev.card))}"
        if isinstance(ev, E.DieChosen):
            return f"{seat_name(ev.seat)}: {A.to_text(e.t.die[ev.seat]) if e.t.die[ev.seat] >= 0 else 'chosen'}" \
                if ev.seat < e.players - 1 else ""
        if isinstance(ev, E.DiceRevealed):
            return "Dice: " + ", ".join(f"{seat_name(s)} {c}" for s, c in enumerate(ev.choices))
        if isinstance(ev, E.Conflict):
            who = ", ".join(seat_name(s) for s in ev.seats)
            if ev.winner >= 0:
                return (f"Deck {ev.deck + 1} is contested by {who}: {seat_name(ev.winner)} has the largest storage, "
                        f"pays 1 cube and takes the card; the others draw from deck {ev.deck + 1}")
            return (f"Deck {ev.deck + 1} is contested by {who}: a tie — the card goes to the discard pile and "
                    f"all of them draw from deck {ev.deck + 1}")
        if isinstance(ev, E.CardTaken):
            paid = f", pays {ev.paid}" if ev.paid else ""
            return f"{seat_name(ev.seat)} takes {card_label(e.card(ev.card))}{paid}"
        if isinstance(ev, E.CardDrawn):
            if ev.empty:
                return f"{seat_name(ev.seat)} draws nothing: {ev.source} is empty"
            if ev.card >= 0:
                return f"{seat_name(ev.seat)} takes {card_label(e.card(ev.card))} from {ev.source}"
            return ""  # said by the question that asked for it
        if isinstance(ev, E.CardSold):
            return f"{seat_name(ev.seat)} sells {card_label(e.card(ev.card))}: +{ev.cubes} to storage"
        if isinstance(ev, E.CardPlanted):
            c = e.card(ev.card)
            fee = f", pays {ev.fee} (additional plant)" if ev.fee else ""
            return f"{seat_name(ev.seat)} plants {card_label(c)} in row {ev.row}, place {ev.pos + 1}{fee}"
        if isinstance(ev, E.NitrogenPlaced):
            return f"  a dark cube waits on {seat_name(ev.seat)}'s place {ev.row}.{ev.pos + 1} (nitrogen)"
        if isinstance(ev, E.BonusEarned):
            what = "flower colours" if ev.what == "colours" else "fruit types"
            return f"{seat_name(ev.seat)} earns a bonus action ({what}): draw 7 cards of one deck, keep one"
        if isinstance(ev, E.SpecialAction):
            return f"{seat_name(ev.seat)}: special action {ev.what}" + (f", pays {ev.cost}" if ev.cost else "")
        if isinstance(ev, E.DirectSale):
            verb = "buys" if ev.accepted else "declines"
            return f"{seat_name(ev.buyer)} {verb} {card_label(e.card(ev.card))} from {seat_name(ev.seller)} for 3"
        if isinstance(ev, (E.GameOver, E.GameStarted, E.TaskDealt)):
            return ""
        text = str(ev)
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
            return "Game over"
        if st == "start":
            return f"{seat_name(s)}: draw your first card from which deck? (1-{e.players})"
        if st == "draw":
            return f"{seat_name(s)} draws from deck {self.deck_now() + 1}: which card? (its id)"
        if st == "reveal":
            return f"Deck {self.deck_now() + 1}: turn the top card face up — which card? (its id)"
        if st == "die":
            special = ", 7 special" if A.SPECIAL in e.legal_actions() else ""
            return f"Dice shown — {seat_name(s)} chose: deck 1-{min(e.players, 6)}{special}"
        if st == "play":
            cards = " or ".join(card_label(e.card(c)) for c in self.held(s))
            return f"{seat_name(s)} plays {cards}: plant N (CONFIRM plants the new one), sell N (BLIND)"
        if st == "buyer":
            seller, cid, _ = e.sale_offer
            return f"{seat_name(s)}: buy {card_label(e.card(cid))} from {seat_name(seller)} for 3? (buy / decline)"
        if st == "bonus":
            return f"{seat_name(s)}'s bonus action: draw 7 cards from which deck? (1-{e.players})"
        if st == "bdraw":
            return f"{seat_name(s)}'s bonus draw from deck {self.deck_now() + 1}: which card is kept? (its id)"
        if st == "sdeal":
            return f"{seat_name(s)} searches deck {self.deck_now() + 1}: which card is taken? (its id)"
        if st in CHOOSE_STAGES:
            shown = ", ".join(card_label(e.card(a - A.CHOOSE)) for a in e.legal_actions())
            return f"{seat_name(s)} takes which card? {shown}"
        if st == "special":
            return (f"{seat_name(s)}'s special action (storage {e.storage(s)}): alternative offer (1 cube, "
                    f"CONFIRM), search N or search discard (3 cubes), forgo (BLIND)")
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
        return rec

    def result_lines(self) -> list[str]:
        e = self.state
        win = " and ".join(seat_name(s) for s in e.winners())
        sc = e.scores()
        order = sorted(range(e.players), key=lambda s: -sc[s].total)
        return [f"Game over: {win} {'wins' if len(e.winners()) == 1 else 'win'}",
                *(f"{seat_name(s)}: {sc[s].total} points (plants {sc[s].plants}, partners {sc[s].partners}, "
                  f"storage {sc[s].storage})" for s in order)]


def offer_unfinished(ctl: Any, journal: Any, game: Any, resume: str) -> None:
    """The session's offer of an unfinished Waldgärtner game (``session._offer_unfinished``): a dry
    run first (a journal that no longer replays is discarded with one line, never a crash loop);
    a game played with another card file is offered but not resumed."""
    import logging

    log = logging.getLogger("applejack.session")
    try:
        setup = WSetup.from_dict(game.setup)
    except (ValueError, KeyError, TypeError, OverflowError) as exc:
        journal.move_aside(f"holds a setup this program cannot read ({exc!r})")
        return
    refused = ctl.refusal_for(game.setup)
    info = ""
    if not refused:
        try:
            scratch = WaldgaertnerCompanion(cards=ctl.cards)
            scratch.replay(game.setup, game.cmds)
        except (ValueError, KeyError, TypeError, IndexError, OverflowError) as exc:
            log.warning("unfinished game %d cannot be resumed (%s): discarded", game.id, exc)
            journal.discard(game.id)
            return
        e = scratch.state
        info = (f"{setup.players} players, round {e.round} of {ROUNDS}, {len(game.cmds)} steps; next: "
                + (scratch.ask() if scratch.mode == "play" else "game over"))
    journal.continue_game(game)
    if resume == "no":
        journal.discard(game.id)
    elif resume == "yes" and not refused:
        ctl.replay(game.setup, game.cmds)
    else:
        ctl.offer_resume(game.setup, game.cmds, info, refused=refused)


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

    from table.bots.waldgaertner import make_bot

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

