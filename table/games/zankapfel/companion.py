"""Zankapfel's table companion: a pure state machine the shell drives (``table.companion.protocol``).

The table holds the cards; the companion is told what happened and mirrors it into the
Zankapfel engine (``table.games.zankapfel.rules``), whose chance actions are the card turned and the
die rolled as the table reports them. What the screen and the lamps show comes from that engine:
the score track (pawn positions), the 5×5 orchard with the mayor and its legal moves, the four
prices and harvest values at the mayor's square, whose turn it is, the discords.

**Commands** (what a script line or the journal holds; the journal keeps the canonical form on
the left, people may type the short form on the right):

=========================  ===============  ==================================================
``mayor c3``               ``c3``           the first player places (setup) or moves the mayor
``turn red``               ``red``, ``r``   the apple card turned face up (red yellow green blue joker)
``remove b2``              ``b2``           setup: a harvest token taken out of the game
``buy seat 2``             ``buy``          phase 1: the seat buys the face-up card
``lay seat 2``             ``lay``          phase 1: the seat lays an apple card face down
``pass seat 2``            ``pass``         phase 1: no card in hand and none to buy
``reveal seat 2 red``      ``red``          phase 3: the laid card, turned over
``joker seat 2 green``     ``green``        the colour the seat's joker harvests
``dice seat 2 1``          ``dice 2 1``     discord: the seat buys 0-3 dice (2 points each)
``dice-done``              ``ok``           everyone has decided on dice
``card seat 2 8``          ``8`` (0 = 10)   discord: the seat's discord card, turned over
``roll 4``                 ``4``            a die rolled (in the order the screen asks)
``undo``                   ``u``            take back the last command
=========================  ===============  ==================================================

**Hidden cards.** The cards dealt at the start are never seen by the companion. The engine
needs a hand for every seat, so the companion *infers* the deal from the whole game so far:
every card a seat reveals that it did not buy must have been dealt to it; the rest of the deal is
filled with kinds the deck can still have held (every card turned before the first reshuffle is
a distinct card). A reveal that no deal can explain ("seat 2 reveals a 5th card it never
bought"), or a 12th red card turned, is refused. The engine is rebuilt from the setup and the
commands after every command (a few milliseconds): undo, resume and replay are the same code.
Phase 1 is simultaneous and hidden at the table, so the companion holds the round's bids and the
mayor's move until every laid card is revealed, and the discord cards until the dice are bought.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from table.companion.leds import LedState
from table.companion.module import TableModule
from table.companion.players import names_dict, names_of
from table.companion.protocol import CommandError as CommandError  # re-exported: one refusal for every game
from table.companion.protocol import CommandHook
from table.engine.errors import ActionParseError, IllegalActionError
from table.games.zankapfel.rules import Config, State, new_game
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules import events as E
from table.games.zankapfel.rules.config import DEFAULT_DECK, DEFAULT_TRACK, HAND_SIZE
from table.i18n import N_, _, ngettext

GAME = "zankapfel"
KIND_KEYS = {"r": "red", "y": "yellow", "g": "green", "b": "blue", "j": "joker"}
KIND_BUTTONS = {f"trough{i + 1}": k for i, k in enumerate(A.KINDS)}
"""In a colour question the lid's buttons 1-5 are red, yellow, green, blue, joker."""
SEAT_COLOURS = ("red", "blue", "yellow", "green", "white", "black")
"""The farmers' pawns by seat (the rulebook: the red farmer starts; the others are our choice)."""
FINISHES = (30, 40, 50, 60)


KIND_NAMES: dict[str, str] = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"),
                              "joker": N_("joker")}
"""The apple cards' kinds as people read them (the command words stay ``red`` … ``joker``)."""
STATUS_NAMES: dict[str, str] = {"bought": N_("bought"), "laid": N_("laid"), "passed": N_("passed"),
                                "discord": N_("discord")}
"""``seat_status``'s words (a revealed kind is a :data:`KIND_NAMES` word)."""
END_REASONS: dict[str, str] = {"finish reached": N_("finish reached"), "orchard harvested": N_("orchard harvested")}
"""The engine's end reasons (a record field) as the screen says them."""


def seat_name(seat: int) -> str:
    """``Seat 2`` (0-based ``seat``), in the current language."""
    return _("Seat {n}").format(n=seat + 1)


def seat_word(seat: int) -> str:
    """``seat 2`` inside a sentence (the engine's lower-case form), in the current language."""
    return _("seat {n}").format(n=seat + 1)


def kind_name(kind: str | int) -> str:
    """An apple card's kind (``"red"`` or its index in ``KINDS``) in the current language."""
    key = A.KINDS[kind] if isinstance(kind, int) else kind
    return _(KIND_NAMES.get(key, key))


def status_name(status: str) -> str:
    """A :meth:`ZankapfelCompanion.seat_status` word in the current language."""
    return _(STATUS_NAMES[status]) if status in STATUS_NAMES else kind_name(status) if status else ""


def end_reason_name(reason: str) -> str:
    return _(END_REASONS.get(reason, reason))


def both(names: list[str], template: str = N_("{first} and {second}")) -> str:
    """``Seat 1 and Seat 3`` (any number of names, ``template`` joining each next one) in the
    current language."""
    text = names[0] if names else ""
    for more in names[1:]:
        text = _(template).format(first=text, second=more)
    return text


_ENGINE_REFUSALS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?P<action>.+) is not allowed in phase (?P<phase>\S+) \(legal: (?P<legal>.*)\)"),
     N_("{action} is not allowed in phase {phase} (legal: {legal})")),
    (re.compile(r"(?P<text>'.*') is not a square \(a1 … e5\)"), N_("{text} is not a square (a1 … e5)")),
    (re.compile(r"Zankapfel is for 3 to 6 players, not (?P<n>-?\d+)"), N_("Zankapfel is for 3 to 6 players, not {n}")),
    (re.compile(r"track_length must be at least 1, not (?P<n>-?\d+)"), N_("track_length must be at least 1, not {n}")),
)


def engine_refusal(text: str) -> str:
    """An engine's refusal (its text is a file format, in English) in the current language: the
    known forms are matched and said again; anything else stays as the engine said it."""
    for pattern, template in _ENGINE_REFUSALS:
        m = pattern.fullmatch(text)
        if m is not None:
            return _(template).format(**m.groupdict())
    return text


def _num(text: str, digits: int = 2) -> bool:
    """1..``digits`` ASCII digits (``str.isdigit`` alone takes '²', which ``int`` refuses)."""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


@dataclass(frozen=True, slots=True)
class ZSetup:
    """The setup screen's choices; journalled (with the game key) as the game's config.
    ``finish``: points from start to finish (ruling Z1)."""

    players: int = 4
    finish: int = DEFAULT_TRACK
    names: tuple[str | None, ...] = ()
    """The players per seat (``companion/players.py``), None where nobody was picked."""

    def config(self) -> Config:
        return Config(self.players, track_length=self.finish)

    def to_dict(self) -> dict[str, Any]:
        return {"game": GAME, "players": self.players, "track_length": self.finish,
                **names_dict(self.names[:self.players])}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ZSetup:
        if not isinstance(d, dict) or d.get("game") != GAME:
            raise ValueError("not a Zankapfel setup")
        s = cls(int(d["players"]), int(d.get("track_length", DEFAULT_TRACK)), names_of(d))
        s.config()  # refuses 2 or 7 players, a finish below 1
        return s


# ------------------------------------------------------------------------------------------------
# the deal nobody sees

def deal_plan(setup: ZSetup, cmds: list[str]) -> list[list[int]]:
    """Each seat's four dealt cards, inferred from the commands (module docstring)."""
    n = setup.players
    deck = DEFAULT_DECK
    known = [[0] * 5 for _n in range(n)]
    assigned: list[list[int]] = [[] for _n in range(n)]
    early = [0] * 5
    turns = 0
    first_deck = sum(deck) - HAND_SIZE * n
    face = -1
    for c in cmds:
        w = c.split()
        if w[0] == "turn":
            face = A.KINDS.index(w[1])
            turns += 1
            if turns <= first_deck:
                early[face] += 1
        elif w[0] == "buy" and face >= 0:
            known[int(w[2]) - 1][face] += 1
            face = -1
        elif w[0] == "reveal":
            s, k = int(w[2]) - 1, A.KINDS.index(w[3])
            if known[s][k]:
                known[s][k] -= 1
            else:
                assigned[s].append(k)
                if len(assigned[s]) > HAND_SIZE:
                    raise CommandError(_("{seat} cannot reveal a {kind} card: it never bought one, and its "
                                         "{n} dealt cards are already shown to be {cards}").format(
                        seat=seat_name(s), kind=kind_name(w[3]), n=HAND_SIZE,
                        cards=", ".join(kind_name(x) for x in assigned[s][:HAND_SIZE])))
    cap = [deck[k] - early[k] - sum(a.count(k) for a in assigned) for k in range(5)]
    for k in range(5):
        if cap[k] < 0:
            raise CommandError(_("the deck holds only {n} {kind} cards: more have been turned or "
                                 "revealed before the first reshuffle").format(n=deck[k], kind=kind_name(k)))
    plan = []
    for s in range(n):
        hand = list(assigned[s])
        while len(hand) < HAND_SIZE:
            k = max(range(5), key=lambda i: (cap[i], -i))
            cap[k] -= 1
            hand.append(k)
        plan.append(hand)
    return plan


# ------------------------------------------------------------------------------------------------
# one game rebuilt from its commands

class Build:
    """The engine mirror and the companion's held-back entries after a list of commands.

    ``feed(cmd)`` takes one canonical command (CommandError/IllegalActionError when the table
    cannot have meant it); ``said`` collects the announcement lines per command."""

    def __init__(self, setup: ZSetup, plan: list[list[int]]) -> None:
        self.setup = setup
        self.plan = plan
        self.e: State = new_game(setup.config(), keep_undo=False)
        self.block: list[str] = []        # phase 1 held back: bids and turns of this round
        self.move: int | None = None      # the mayor's move, held until every laid card is revealed
        self.reveals: dict[int, int] = {}
        self.dice: dict[int, int] = {}    # the discord being fought: dice bought per seat
        self.dice_done = False
        self.cards: dict[int, int] = {}   # discord cards turned (0: none left)
        self.preview: State = self.e
        self.said: list[str] = []

    # --- what is asked now ---------------------------------------------------------------------
    def stage(self) -> str:
        p = self.preview
        if p.is_terminal():
            return "over"
        if p.is_chance():
            return "roll" if p.summary()["rolls"] else "turn"
        ph = p.phase
        if ph == "mayor-setup":
            return "place"
        if ph == "move":
            return "move" if self.move is None else "reveal"
        if ph == "discord-card":
            return "card" if self.dice_done else "dice"
        return ph  # remove, bid, joker

    def seat(self) -> int:
        """Whose decision it is now (-1 for a card turn or when nobody's)."""
        st = self.stage()
        p = self.preview
        if st in ("place", "move", "remove", "bid", "joker"):
            return p.current_player()
        if st == "reveal":
            todo = self.reveal_todo()
            return todo[0] if todo else -1
        if st == "card":
            todo = self.card_todo()
            return todo[0] if todo else -1
        if st == "roll":
            return int(p.summary()["rolls"][0])
        return -1

    def laid_seats(self) -> list[int]:
        p = self.preview
        return [(p.first + i) % p.players for i in range(p.players) if p.has_laid((p.first + i) % p.players)]

    def reveal_todo(self) -> list[int]:
        return [s for s in self.laid_seats() if s not in self.reveals]

    def fight_seats(self) -> tuple[int, ...]:
        return self.e.fight[1]

    def card_todo(self) -> list[int]:
        return [s for s in self.fight_seats() if s not in self.cards]

    # --- applying -----------------------------------------------------------------------------
    def _apply(self, engine: State, text: str, *, say: bool = True, unsaid: tuple[type, ...] = ()) -> None:
        events = engine.apply(text)
        if engine is self.e:
            for ev in events:
                if isinstance(ev, E.DiscordStarted):
                    self.dice, self.cards, self.dice_done = {}, {}, False
            if say:
                self.said.extend(line for ev in events if not isinstance(ev, unsaid) and (line := event_line(ev)))

    def _reshuffles(self) -> int:
        return sum(isinstance(ev, E.Reshuffled) for ev in self.preview.events)

    def _replan_preview(self) -> None:
        """The real engine plus this round's held-back bids (laid cards as any card in hand)."""
        if not self.block:
            self.preview = self.e
            return
        p = self.e.clone()
        for c in self.block:
            p.apply(self._block_action(p, c, placeholder=True))
        self.preview = p

    def _block_action(self, engine: State, c: str, *, placeholder: bool) -> str:
        w = c.split()
        if w[0] == "turn":
            return f"draw {w[1]}"
        if w[0] == "lay":
            s = int(w[2]) - 1
            if not placeholder:
                return f"lay {A.KINDS[self.reveals[s]]}"
            lays = [a for a in engine.legal_actions() if A.LAY <= a < A.LAY + 5]
            if not lays:
                raise CommandError(_("{seat} has no apple card in hand: it must buy").format(seat=seat_name(s)))
            return A.to_text(lays[0])
        return w[0]  # buy, pass

    def feed(self, c: str) -> None:
        w = c.split()
        st = self.stage()
        verb = w[0]
        seat = self.seat()
        if verb == "mayor":
            if st not in ("place", "move"):
                raise CommandError(_("the mayor is not moved now ({asked})").format(asked=self.ask()))
            sq = A.parse_square(w[1])
            if st == "place":
                self._apply(self.e, c)
                for j in range(HAND_SIZE):
                    for s in range(self.setup.players):
                        self._apply(self.e, f"draw {A.KINDS[self.plan[s][j]]}", say=False)
                return
            legal = self.preview.mayor_targets()
            if sq not in legal:
                here = A.square_name(self.preview.mayor)
                raise CommandError(_("the mayor cannot go to {square}: from {here} it may go to {squares}").format(
                    square=w[1], here=here, squares=" ".join(A.square_name(x) for x in legal)))
            self.move = sq
            self.said.append(_("{seat} moves the mayor to {square}").format(seat=seat_name(self.preview.first),
                                                                          square=w[1]))
            self._maybe_flush()
            return
        if verb == "turn":
            if st != "turn":
                raise CommandError(_("no card is turned now ({asked})").format(asked=self.ask()))
            if self.block:
                self.block.append(c)
                self._replan_preview()
            else:
                self._apply(self.e, f"draw {w[1]}", say=False)
            self.said.append(_("Face up on the farm: {kind}").format(kind=kind_name(w[1])))
            return
        if verb == "remove":
            if st != "remove":
                raise CommandError(_("no token is removed now ({asked})").format(asked=self.ask()))
            self._apply(self.e, c)
            return
        if verb in ("buy", "lay", "pass"):
            s = int(w[2]) - 1
            if st != "bid":
                raise CommandError(_("nobody buys or lays now ({asked})").format(asked=self.ask()))
            if s != seat:
                raise CommandError(_("it is {seat}'s turn to buy or lay, not {other}'s").format(
                    seat=seat_name(seat), other=seat_name(s)))
            price = A.price(self.preview.face_up, self.preview.mayor) if self.preview.face_up >= 0 else 0
            face = kind_name(self.preview.face_up) if self.preview.face_up >= 0 else ""
            before = self._reshuffles()
            self.block.append(c)
            try:
                self._replan_preview()
            except (IllegalActionError, CommandError):
                self.block.pop()
                self._replan_preview()
                if verb == "pass":
                    raise CommandError(_("{seat} cannot pass: it has a card to lay or one to buy").format(
                        seat=seat_name(s))) from None
                if verb == "buy":
                    raise CommandError(_("there is no face-up card to buy")) from None
                raise
            said = {"buy": _("{seat} buys the {kind} card for {price}"),
                    "lay": _("{seat} lays an apple card face down"),
                    "pass": _("{seat} passes")}[verb]
            self.said.append(said.format(seat=seat_name(s), kind=face, price=price))
            if self._reshuffles() > before:  # the engine says it at the flush, unsaid: say it now
                self.said.append(_("The deck is empty: shuffle the barn into a new deck"))
            return
        if verb == "reveal":
            s, k = int(w[2]) - 1, A.KINDS.index(w[3])
            if st != "reveal":
                raise CommandError(_("no card is revealed now ({asked})").format(asked=self.ask()))
            if s != seat:
                raise CommandError(_("{seat} reveals next, not {other}").format(seat=seat_name(seat),
                                                                               other=seat_name(s)))
            self.reveals[s] = k
            self.said.append(_("{seat} reveals {kind}").format(seat=seat_name(s), kind=kind_name(w[3])))
            self._maybe_flush()
            return
        if verb == "joker":
            s = int(w[2]) - 1
            if st != "joker":
                raise CommandError(_("no joker chooses now ({asked})").format(asked=self.ask()))
            if s != seat:
                raise CommandError(_("{seat}'s joker chooses next, not {other}'s").format(seat=seat_name(seat),
                                                                                         other=seat_name(s)))
            self._apply(self.e, f"joker {w[3]}")
            return
        if verb == "dice":
            s, k = int(w[2]) - 1, int(w[3])
            if st != "dice":
                raise CommandError(_("no dice are bought now ({asked})").format(asked=self.ask()))
            if s not in self.fight_seats():
                raise CommandError(_("{seat} is not in this discord").format(seat=seat_name(s)))
            self.dice[s] = k
            self.said.append(ngettext("{seat} buys {k} die for {cost}", "{seat} buys {k} dice for {cost}", k).format(
                seat=seat_name(s), k=k, cost=2 * k))
            return
        if verb == "dice-done":
            if st != "dice":
                raise CommandError(_("no dice are bought now ({asked})").format(asked=self.ask()))
            self.dice_done = True
            for s in self.fight_seats():
                if not self.e.discord_cards(s):
                    self.cards[s] = 0
            self._maybe_fight()
            return
        if verb == "card":
            s = int(w[2]) - 1
            if st != "card":
                raise CommandError(_("no discord card is turned now ({asked})").format(asked=self.ask()))
            if s != seat:
                raise CommandError(_("{seat}'s discord card is next, not {other}'s").format(seat=seat_name(seat),
                                                                                           other=seat_name(s)))
            v = int(w[3])
            left = self.e.discord_cards(s)
            if v not in left:
                raise CommandError(_("{seat} has no discord card {v} left (left: {left})").format(
                    seat=seat_name(s), v=v, left=" ".join(map(str, left)) or _("none")))
            self.cards[s] = v
            self.said.append(_("{seat} turns discord card {v}").format(seat=seat_name(s), v=v))
            self._maybe_fight()
            return
        if verb == "roll":
            if st != "roll":
                raise CommandError(_("no die is rolled now ({asked})").format(asked=self.ask()))
            self._apply(self.e, f"roll {w[1]}")
            return
        raise CommandError(_("{command} is not a Zankapfel command").format(command=repr(c)))

    def _maybe_flush(self) -> None:
        if self.move is None or self.reveal_todo():
            return
        for c in self.block:
            self._apply(self.e, self._block_action(self.e, c, placeholder=False), say=False)
        self.block, self.reveals = [], {}
        move, self.move = self.move, None
        # the move was said when it was entered: the engine's MayorMoved is not said twice
        self._apply(self.e, f"mayor {A.square_name(move)}", unsaid=(E.MayorMoved,))
        self.preview = self.e

    def _maybe_fight(self) -> None:
        if self.card_todo():
            return
        for s in self.fight_seats():
            v = self.cards[s]
            self._apply(self.e, f"discord {v}" if v else "discord none", say=False)
        for s in self.fight_seats():
            self._apply(self.e, f"dice {self.dice.get(s, 0)}", say=False)
        self.preview = self.e

    # --- words --------------------------------------------------------------------------------
    def ask(self) -> str:
        """What the table must enter now, in words."""
        st = self.stage()
        p = self.preview
        s = self.seat()
        who = seat_name(s) if s >= 0 else ""
        if st == "place":
            return _("{seat} (the big apple) places the mayor on any square: touch it, or enter a square (c3)").format(
                seat=who)
        if st == "turn":
            return _("Turn the top apple card face up: which? (r y g b j)")
        if st == "remove":
            return _("{seat} removes a harvest token: touch its square, or enter it (b2)").format(seat=who)
        if st == "bid":
            cards = sum(p.hand(s))
            if p.face_up < 0:
                return _("{seat}: no card to buy (BLIND) or lay a card face down (CONFIRM)").format(seat=who)
            price = A.price(p.face_up, p.mayor)
            kind = kind_name(p.face_up)
            if cards == 0:
                return _("{seat}: buy the {kind} card for {price} (BLIND) or lay a card face down (CONFIRM)"
                         " — no card in hand: must buy").format(seat=who, kind=kind, price=price)
            return _("{seat}: buy the {kind} card for {price} (BLIND) or lay a card face down (CONFIRM)").format(
                seat=who, kind=kind, price=price)
        if st == "move":
            return _("{seat} moves the mayor: {squares}").format(
                seat=who, squares=" ".join(A.square_name(x) for x in p.mayor_targets()))
        if st == "reveal":
            return _("Reveal: {seat}'s card? (r y g b j)").format(seat=who)
        if st == "joker":
            return _("{seat}'s joker: which colour? (r y g b)").format(seat=who)
        if st == "dice":
            colour, seats = self.e.fight
            return _("Discord over {colour}: {seats} — each lays a discord card face down and may buy 0-3 dice "
                     "(2 points each): press the seat's button per die, CONFIRM when all have decided").format(
                colour=kind_name(A.COLOURS[colour]), seats=", ".join(seat_name(x) for x in seats))
        if st == "card":
            return _("{seat} turns the discord card: which? (1-10; 0 = 10)").format(seat=who)
        if st == "roll":
            return _("{seat} rolls a die: 1-6?").format(seat=who)
        return _("Game over")


def event_line(ev: Any) -> str:
    """An engine event as the table hears it ("" for what is not said: hidden deals), in the
    current language (in English exactly the engine's text form, capitalised)."""
    if isinstance(ev, (E.CardDealt, E.CardLaid, E.DiscordCardLaid, E.DiceBought, E.CardTurned, E.CardBought,
                       E.Passed, E.GameStarted)):
        return ""  # said by the companion when entered, or hidden
    if isinstance(ev, E.CardsRevealed):
        shown = [_("{seat} {kind}").format(seat=seat_name(s), kind=kind_name(k)) for s, k in enumerate(ev.cards)
                 if k >= 0]
        return _("Cards revealed: {cards}").format(cards=", ".join(shown)) if shown else \
            _("Cards revealed: nobody laid a card")
    if isinstance(ev, E.MayorPlaced):
        return _("{seat} places the mayor on {square}").format(seat=seat_name(ev.seat), square=A.square_name(ev.square))
    if isinstance(ev, E.Reshuffled):
        return _("The barn's {n} cards are shuffled into a new deck").format(n=ev.cards)
    if isinstance(ev, E.TokenRemoved):
        return _("{seat} removes the token on {square}").format(seat=seat_name(ev.seat),
                                                               square=A.square_name(ev.square))
    if isinstance(ev, E.RoundStarted):
        return _("Round {round}: {seat} holds the apple").format(round=ev.round, seat=seat_word(ev.first))
    if isinstance(ev, E.BribeOffered):
        if not ev.amount:
            return _("{seat} offers no bribe").format(seat=seat_name(ev.seat))
        return _("{seat} offers {amount} for the mayor on {square}").format(
            seat=seat_name(ev.seat), amount=ev.amount, square=A.square_name(ev.square))
    if isinstance(ev, E.BribeAccepted):
        return _("{seat} takes {amount} from {other}").format(seat=seat_name(ev.first), amount=ev.amount,
                                                             other=seat_word(ev.seat))
    if isinstance(ev, E.MayorMoved):
        return _("{seat} moves the mayor to {square}: its token is removed").format(
            seat=seat_name(ev.seat), square=A.square_name(ev.square))
    if isinstance(ev, E.JokerChosen):
        return _("{seat}'s joker harvests {colour}").format(seat=seat_name(ev.seat),
                                                            colour=kind_name(A.COLOURS[ev.colour]))
    if isinstance(ev, E.Harvested):
        return _("{seat} harvests {colour}: +{points}").format(seat=seat_name(ev.seat),
                                                               colour=kind_name(A.COLOURS[ev.colour]), points=ev.points)
    if isinstance(ev, E.DiscordStarted):
        return _("Discord over {colour}: {seats}").format(
            colour=kind_name(A.COLOURS[ev.colour]),
            seats=both([seat_word(s) for s in ev.seats], N_("{first} vs {second}")))
    if isinstance(ev, E.DieRolled):
        return _("{seat} rolls {face}").format(seat=seat_name(ev.seat), face=ev.face)
    if isinstance(ev, E.DiscordResolved):
        totals = ", ".join(_("{seat} {card}+{dice}").format(seat=seat_word(s), card=c, dice=d)
                           for s, c, d in zip(ev.seats, ev.cards, ev.dice, strict=True))
        if ev.winner >= 0:
            return _("Discord over {colour}: {totals}: {seat} wins").format(
                colour=kind_name(A.COLOURS[ev.colour]), totals=totals, seat=seat_word(ev.winner))
        return _("Discord over {colour}: {totals}: no winner").format(colour=kind_name(A.COLOURS[ev.colour]),
                                                                      totals=totals)
    if isinstance(ev, E.GameEnded):
        return _("Game over ({reason}): points {points}; winner {winners}").format(
            reason=end_reason_name(ev.reason), points=list(ev.positions),
            winners=both([seat_word(s) for s in ev.winners]))
    text = str(ev)
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------------------------------------
# the module the shell drives

class ZankapfelCompanion(TableModule):
    """Zankapfel at the table (``table.companion.protocol.GameCompanion``). Modes: ``setup``,
    ``resume``, ``play``, ``result``."""

    title = "Zankapfel"
    setup_type = ZSetup
    error_type = CommandError

    def resume_summary(self, setup: Any, steps: int) -> str:
        following = self.b.ask() if self.b is not None and self.mode == "play" else _("game over")
        return _("{players} players, {steps} steps; next: {next}").format(players=setup.players, steps=steps,
                                                                           next=following)

    def resumed_line(self) -> str:
        """What the table is asked next, said after a resume."""
        assert self.b is not None
        return _("Resumed. {asked}").format(asked=self.b.ask())

    def __init__(self, *, on_command: CommandHook | None = None) -> None:
        self.game = GAME
        self.on_command = on_command
        self.mode = "setup"
        self.setup = ZSetup()
        self.cmds: list[str] = []
        self.b: Build | None = None
        self.cursor = 12  # the grid cursor (keys): a square 0..24
        self.version = 0
        self.hint = ""
        self.storage_problem = ""
        self.log: list[str] = []
        self._said = 0
        self.resume_info = ""
        self.resume_refused = ""
        self.discard_armed = False
        self._resume_payload: tuple[ZSetup, list[str]] | None = None
        self.record: dict[str, Any] | None = None
        self.track = None  # Applejack's front-end helpers look for it; Zankapfel has no harvest board
        self.die_seen: int | None = None
        self.said_last: list[str] = []
        """What the last command made happen (the screen shows its last line under the question)."""

    # --- protocol -----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        assert self.b is not None
        return self.b.preview

    def stage(self) -> str:
        return self.b.stage() if self.b is not None else ""

    def leds(self) -> LedState:
        """The seven lamps are seats: whose decision it is; in a discord, everyone in it."""
        if self.mode in ("setup", "resume", "result") or self.b is None:
            return LedState("chase")
        st = self.b.stage()
        if st == "dice":
            return LedState("open", tuple(s + 1 for s in self.b.fight_seats()))
        s = self.b.seat()
        if st == "turn":
            s = self.b.preview.first
        return LedState("open", (s + 1,)) if s >= 0 else LedState("off")

    # --- buttons, keys, touch -----------------------------------------------------------------
    def _command_for(self, b: str) -> str | None:
        if self.mode == "resume":
            if b == "confirm":
                return "resume"
            if b == "undo":
                return "discard"
            return None
        if self.mode == "result":
            return "new" if b == "confirm" else None  # the finished game is recorded: no undo past it
        if self.mode == "setup":
            if b.startswith("trough") and b[6:] in ("3", "4", "5", "6"):
                self.setup = replace(self.setup, players=int(b[6:]))
                return ""
            if b in ("trough7", "finish"):
                i = FINISHES.index(self.setup.finish) if self.setup.finish in FINISHES else 0
                self.setup = replace(self.setup, finish=FINISHES[(i + 1) % len(FINISHES)])
                return ""
            if b.startswith("players:"):
                self.setup = replace(self.setup, players=int(b.split(":")[1]))
                return ""
            return "start" if b == "confirm" else None
        assert self.b is not None
        if b == "undo":
            return "undo"
        st = self.b.stage()
        if b.startswith("sq:"):
            self.cursor = A.parse_square(b[3:])
            return self._square_cmd(st)
        if st in ("place", "move", "remove"):
            if b in ("up", "down", "next", "prev"):
                row, col = divmod(self.cursor, 5)
                row = (row + {"up": -1, "down": 1}.get(b, 0)) % 5
                col = (col + {"next": 1, "prev": -1}.get(b, 0)) % 5
                self.cursor = row * 5 + col
                return ""
            if b == "confirm":
                return self._square_cmd(st)
            return None
        if st in ("turn", "reveal", "joker"):
            kind = KIND_BUTTONS.get(b) or KIND_KEYS.get(b) or (b[5:] if b.startswith("kind:") else None)
            if kind is None:
                return None
            return kind
        if st == "bid":
            s = self.b.seat()
            if b == "blind" or b == "bid:buy":
                return "buy"
            if b == "confirm" or b == "bid:lay" or b == f"trough{s + 1}":
                return "lay"
            if b in ("pass", "bid:pass"):
                return "pass"
            if b.startswith("trough"):
                raise CommandError(_("it is {seat}'s turn to buy or lay").format(seat=seat_name(s)))
            return None
        if st == "dice":
            if b == "confirm":
                return "dice-done"
            if b.startswith("trough") or b.startswith("dice:"):
                s = int(b[6:] if b.startswith("trough") else b[5:]) - 1
                if s not in self.b.fight_seats():
                    raise CommandError(_("{seat} is not in this discord").format(seat=seat_name(s)))
                return f"dice seat {s + 1} {(self.b.dice.get(s, 0) + 1) % 4}"
            return None
        if st == "card":
            v = b[5:] if b.startswith("card:") else b
            if _num(v):
                return f"card {int(v) or 10}"
            return None
        if st == "roll":
            v = b[5:] if b.startswith("roll:") else (b[6:] if b.startswith("trough") else b)
            if v in ("1", "2", "3", "4", "5", "6"):
                return f"roll {v}"
            return None
        return None

    def _square_cmd(self, st: str) -> str:
        name = A.square_name(self.cursor)
        if st in ("place", "move"):
            return f"mayor {name}"
        if st == "remove":
            return f"remove {name}"
        raise CommandError(_("no square is chosen now"))

    # --- commands -----------------------------------------------------------------------------
    def setup_help(self, text: str) -> str:
        return _("{command}: on the setup screen: setup players=N finish=M, or start").format(command=repr(text))

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
        assert self.b is not None
        canon = self._canonical(text)
        self._apply(canon)
        self._emit("cmd", canon)  # journalled before a "finished" it may cause
        self._after()

    def _canonical(self, text: str) -> str:
        b = self.b
        assert b is not None
        st, s = b.stage(), b.seat()
        w = text.split()
        if len(w) == 1 and w[0] in KIND_KEYS:
            w = [KIND_KEYS[w[0]]]
        if len(w) == 1 and w[0] in A.KINDS:
            if st == "turn":
                return f"turn {w[0]}"
            if st == "reveal":
                return f"reveal seat {s + 1} {w[0]}"
            if st == "joker" and w[0] in A.COLOURS:
                return f"joker seat {s + 1} {w[0]}"
            raise CommandError(_("{word}: no colour is asked now ({asked})").format(word=w[0], asked=b.ask()))
        if len(w) == 1 and len(w[0]) == 2 and w[0][0] in "abcde" and w[0][1] in "12345":
            if st in ("place", "move"):
                return f"mayor {w[0]}"
            if st == "remove":
                return f"remove {w[0]}"
            raise CommandError(_("{word}: no square is asked now ({asked})").format(word=w[0], asked=b.ask()))
        if len(w) == 1 and _num(w[0]):
            if st == "card":
                return f"card seat {s + 1} {int(w[0]) or 10}"
            if st == "roll":
                return f"roll {w[0]}"
            raise CommandError(_("{word}: no number is asked now ({asked})").format(word=w[0], asked=b.ask()))
        if w[0] in ("ok", "done", "confirm") and st == "dice":
            return "dice-done"
        try:
            match w:
                case ["mayor" | "remove", sq]:
                    return f"{w[0]} {A.square_name(A.parse_square(sq))}"
                case ["turn", k] if k in A.KINDS:
                    return f"turn {k}"
                case ["buy" | "lay" | "pass"]:
                    return f"{w[0]} seat {s + 1}"
                case ["buy" | "lay" | "pass", "seat", n] if _seat_ok(n, b):
                    return f"{w[0]} seat {int(n)}"
                case ["reveal", k] if k in A.KINDS:
                    return f"reveal seat {s + 1} {k}"
                case ["reveal", "seat", n, k] if _seat_ok(n, b) and k in A.KINDS:
                    return f"reveal seat {int(n)} {k}"
                case ["joker", c] if c in A.COLOURS:
                    return f"joker seat {s + 1} {c}"
                case ["joker", "seat", n, c] if _seat_ok(n, b) and c in A.COLOURS:
                    return f"joker seat {int(n)} {c}"
                case ["dice", n, k] | ["dice", "seat", n, k] if _seat_ok(n, b) and k in ("0", "1", "2", "3"):
                    return f"dice seat {int(n)} {k}"
                case ["dice-done"]:
                    return "dice-done"
                case ["card", v] if _num(v):
                    return f"card seat {s + 1} {int(v)}"
                case ["card", v] if v == "none":
                    return f"card seat {s + 1} 0"
                case ["card", "seat", n, v] if _seat_ok(n, b) and (v == "none" or _num(v)):
                    return f"card seat {int(n)} {0 if v == 'none' else int(v)}"
                case ["roll", f] if f in ("1", "2", "3", "4", "5", "6"):
                    return f"roll {f}"
        except ActionParseError as exc:
            raise CommandError(engine_refusal(str(exc))) from None
        raise CommandError(_("{command} is not a Zankapfel command (now: {asked})").format(command=repr(text),
                                                                                          asked=b.ask()))

    def _rebuild(self, cmds: list[str]) -> Build:
        b = Build(self.setup, deal_plan(self.setup, cmds))
        marks = []
        for c in cmds:
            marks.append(len(b.said))
            b.feed(c)
        b.said = b.said[marks[-1]:] if marks else b.said
        return b

    def _apply(self, canon: str) -> None:
        cmds = [*self.cmds, canon]
        try:
            plan = deal_plan(self.setup, cmds)
            if self.b is not None and plan == self.b.plan:  # the same deal: one step on (fast path)
                b = self.b
                try:
                    b.said = []
                    b.feed(canon)
                except (CommandError, IllegalActionError, ActionParseError, ValueError):
                    self.b = self._rebuild(self.cmds)  # a refusal may have left the build half-done
                    raise
            else:
                b = self._rebuild(cmds)
        except IllegalActionError as exc:
            raise CommandError(engine_refusal(str(exc))) from None
        self.cmds.append(canon)
        self.b = b
        self.log.extend(b.said)
        self.said_last = list(b.said)

    def _after(self) -> None:
        assert self.b is not None
        if self.b.stage() == "over":
            if self.mode != "result":
                self.mode = "result"
                self.record = self.finished_record()
                self._emit("finished", self.record)
                self.book.changed()  # the names just played come first next time
        else:
            self.mode = "play"
            self.log.append(self.b.ask())
            self._aim_cursor()
        self._changed()

    def _aim_cursor(self) -> None:
        assert self.b is not None
        st = self.b.stage()
        p = self.b.preview
        if st == "move":
            targets = p.mayor_targets()
            if self.cursor not in targets:
                self.cursor = targets[0]
        elif st == "remove" and (self.cursor == p.mayor or self.cursor not in p.unharvested()):
            self.cursor = next(sq for sq in p.unharvested() if sq != p.mayor)

    def _undo(self) -> None:
        if not self.cmds:
            raise CommandError(_("nothing to undo: this is the start of the game"))
        last = self.cmds[-1]
        self.b = self._rebuild(self.cmds[:-1])
        self.cmds.pop()
        self._emit("cmd", "undo")
        self.mode = "play"
        self.record = None
        undone = _("Undone: {command}").format(command=last)
        self.log.append(undone)
        self.said_last = [undone]
        self._after()

    def _parse_setup(self, text: str) -> ZSetup:
        players, finish = self.setup.players, self.setup.finish
        for word in text.split()[1:]:
            key, _eq, val = word.partition("=")
            if not _num(val, 3):
                raise CommandError(_("setup {word}: players=3..6, finish=N").format(word=repr(word)))
            if key == "players":
                players = int(val)
            elif key in ("finish", "track_length"):
                finish = int(val)
            else:
                raise CommandError(_("setup {word}: players=3..6, finish=N").format(word=repr(word)))
        try:
            s: ZSetup = replace(self.setup, players=players, finish=finish)
            s.config()
        except ValueError as exc:
            raise CommandError(engine_refusal(str(exc))) from None
        return s

    def _start(self, setup: ZSetup, *, journal: bool) -> None:
        self.setup = setup
        self.cmds = []
        self.b = Build(setup, deal_plan(setup, []))
        self.mode = "play"
        self.record = None
        self.cursor = 12
        self.said_last = []
        if journal:
            self._emit("game", setup.to_dict())
        self.log.append(_("New game of Zankapfel: {players} players, finish at {finish} points").format(
            players=setup.players, finish=setup.finish))
        self._after()

    def _reset(self) -> None:
        self.mode = "setup"
        self.b = None
        self.cmds = []
        self.record = None
        self._changed()

    # --- what the screens read ----------------------------------------------------------------
    def positions(self) -> list[int]:
        p = self.state
        return [p.position(s) for s in range(p.players)]

    def prices(self) -> list[tuple[str, int, int]]:
        """At the mayor's square: (kind, harvest value, price) for red, yellow, green, blue, joker."""
        p = self.state
        if p.mayor < 0:
            return []
        out = [(c, A.value(i, p.mayor), A.price(i, p.mayor)) for i, c in enumerate(A.COLOURS)]
        return [*out, ("joker", max(v for _, v, _ in out), A.JOKER_PRICE)]

    def seat_status(self, seat: int) -> str:
        """Phase 1 and 3 in a word: bought, laid, revealed colour, in a discord."""
        b = self.b
        assert b is not None
        for c in reversed(b.block):
            w = c.split()
            if len(w) == 3 and int(w[2]) - 1 == seat:
                return {"buy": "bought", "lay": "laid", "pass": "passed"}[w[0]]
        if seat in b.reveals:
            return A.KINDS[b.reveals[seat]]
        if seat in b.fight_seats():
            return "discord"
        return ""

    def finished_record(self) -> dict[str, Any]:
        """The engine's record (``zankapfel-record/1``, replayable) plus the table's commands.
        The deal is inferred: cards a seat never revealed are placeholders."""
        assert self.b is not None
        e = self.b.e
        rec = e.to_record()
        rec["table_commands"] = list(self.cmds)
        rec["dealt_cards"] = "inferred: the table never shows a hand; unrevealed cards are placeholders"
        rec["scores"] = [s.total for s in e.scores()]
        rec["winners"] = list(e.winners())
        rec["end"] = e.end_reason
        rec.update(self.names_record())
        return rec

    def result_lines(self) -> list[str]:
        """The end: who won, then each seat's points, the most first."""
        return [self.result_heading(), *(self.result_row(s) for s in self.result_order())]

    def result_order(self) -> list[int]:
        """The seats by points, the most first (the result screen's rows)."""
        pos = self.positions()
        return sorted(range(len(pos)), key=lambda s: -pos[s])

    def result_heading(self) -> str:
        e = self.state
        win = both([self.seat_title(s) for s in e.winners()])
        template = ngettext("Game over ({reason}): {winners} wins", "Game over ({reason}): {winners} win",
                            len(e.winners()))
        return template.format(reason=end_reason_name(e.end_reason), winners=win)

    def result_row(self, seat: int) -> str:
        pos = self.positions()[seat]
        return _("{seat}: {n} points").format(seat=self.seat_title(seat), n=pos)


def _seat_ok(n: str, b: Build) -> bool:
    return _num(n, 1) and 1 <= int(n) <= b.setup.players


# ------------------------------------------------------------------------------------------------
# a whole game as table commands (scenario tests, the demo)

def table_script(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"),
                 finish: int = DEFAULT_TRACK) -> tuple[list[str], State]:
    """Bots play a seeded game in the engine; returns what a table would enter for it (setup line,
    ``start``, then the commands) and the engine's finished game to compare with."""
    import random

    from table.games.zankapfel.bots import make_bot

    rng = random.Random(seed)
    seats = [make_bot(bots[i % len(bots)], random.Random(seed * 31 + i)) for i in range(players)]
    st = new_game(Config(players, track_length=finish))
    out = [f"setup players={players} finish={finish}", "start"]
    laid: dict[int, int] = {}
    fight_cards: dict[int, int] = {}
    fight_dice: dict[int, int] = {}
    while not st.is_terminal():
        if st.is_chance():
            a = st.sample_chance(rng)
            events = st.apply(a)
            if any(isinstance(ev, E.CardTurned) for ev in events):
                out.append(f"turn {A.KINDS[a - A.DRAW]}")
            elif a >= A.ROLL:
                out.append(f"roll {a - A.ROLL}")
            continue
        seat = st.current_player()
        phase = st.phase
        a = seats[seat].choose(st)
        text = A.to_text(a)
        first = st.first
        st.apply(a)
        w = text.split()
        if phase in ("mayor-setup", "remove"):
            out.append(text)
        elif phase == "bid":
            if w[0] == "lay":
                laid[seat] = A.KINDS.index(w[1])
                out.append(f"lay seat {seat + 1}")
            else:
                out.append(f"{w[0]} seat {seat + 1}")
        elif phase == "move":
            out.append(text)
            for i in range(players):
                s = (first + i) % players
                if s in laid:
                    out.append(f"reveal seat {s + 1} {A.KINDS[laid[s]]}")
            laid = {}
        elif phase == "joker":
            out.append(f"joker seat {seat + 1} {w[1]}")
        elif phase == "discord-card":
            fight_cards[seat] = 0 if w[1] == "none" else int(w[1])
        elif phase == "dice":
            fight_dice[seat] = int(w[1])
            if st.phase != "dice":  # everyone decided: the table enters dice, then cards
                seats_in = list(fight_dice)
                out.extend(f"dice seat {s + 1} {fight_dice[s]}" for s in seats_in if fight_dice[s])
                out.append("dice-done")
                out.extend(f"card seat {s + 1} {fight_cards[s]}" for s in seats_in if fight_cards[s])
                fight_cards, fight_dice = {}, {}
        else:  # pragma: no cover - bribery is off
            raise AssertionError(phase)
    return out, st


def make_companion(*, on_command: CommandHook | None = None, rng: Any = None, data: Any = None) -> ZankapfelCompanion:
    """The registry's factory (``GameDef.part("companion")``); this game needs no data set nor RNG."""
    return ZankapfelCompanion(on_command=on_command)
