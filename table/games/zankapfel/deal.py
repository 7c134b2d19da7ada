"""The deal nobody sees, and one Zankapfel game rebuilt from the table's commands.

**Hidden cards.** The cards dealt at the start are never seen by the companion. The engine
needs a hand for every seat, so the companion *infers* the deal from the whole game so far
(:func:`deal_plan`): every card a seat reveals that it did not buy must have been dealt to it; the
rest of the deal is filled with kinds the deck can still have held (every card turned before the
first reshuffle is a distinct card). A reveal that no deal can explain ("seat 2 reveals a 5th card
it never bought") is refused.

**The table is the truth.** The deck file may not be the box on the table: a card the deck
cannot hold (a 7th joker of a file that says 6, a kind the file has none of) is never refused.
:func:`build_game` grows the engine's deck by that card and builds again; the companion says
once, in one line, how the box differs from the file (:func:`box_lines`), and the guess of the
hidden cards is only as good as the box the table has shown so far.

:class:`Build` mirrors the table into the engine one canonical command at a time. Phase 1 is
simultaneous and hidden at the table, so it holds the round's bids and the mayor's move until
every laid card is revealed, and the discord cards until the dice are bought.
"""

from __future__ import annotations

from collections.abc import Callable

from table.companion.protocol import CommandError
from table.engine.errors import IllegalActionError, TableError
from table.games.zankapfel import bribes
from table.games.zankapfel.bribes import Bribes
from table.games.zankapfel.rules import State, new_game
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules import events as E
from table.games.zankapfel.rules.config import HAND_SIZE
from table.games.zankapfel.setup import ZSetup
from table.games.zankapfel.words import colour_name, event_line, kind_letters, kind_name
from table.i18n import N_, _, ngettext
from table.i18n.labels import seat_name

Counts = tuple[int, int, int, int, int]
MAX_GROWTH = 200
"""Cards a box may hold beyond the file before the companion stops guessing (a runaway, not a box)."""


class DeckShort(TableError):
    """The table turned a card of ``kind`` the engine's deck does not hold: the box differs."""

    def __init__(self, kind: int) -> None:
        super().__init__(kind)
        self.kind = kind


def _grown(deck: Counts, kind: int, by: int = 1) -> Counts:
    out = list(deck)
    out[kind] += by
    return (out[0], out[1], out[2], out[3], out[4])


def deal_plan(setup: ZSetup, cmds: list[str], deck: Counts | None = None) -> tuple[list[list[int]], Counts]:
    """Each seat's four dealt cards, inferred from the commands (module docstring), and the
    deck that explains them: ``deck`` (default the setup's), grown where the table showed more
    cards of a kind than it holds."""
    n = setup.players
    deck = deck or setup.deck
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
        if cap[k] < 0:  # the box holds more of this kind than the file says: the table is the truth
            deck = _grown(deck, k, -cap[k])
            cap[k] = 0
    plan = []
    for s in range(n):
        hand = list(assigned[s])
        while len(hand) < HAND_SIZE:
            k = max(range(5), key=lambda i: (cap[i], -i))
            cap[k] -= 1
            hand.append(k)
        plan.append(hand)
    return plan, deck


def build_game(setup: ZSetup, cmds: list[str], deck: Counts | None = None) -> Build:
    """The game after ``cmds``, its deck grown by every card the table showed beyond it
    (``DeckShort``); ``said`` holds the last command's lines. CommandError for a runaway."""
    deck = deck or setup.deck
    for _attempt in range(MAX_GROWTH):
        plan, deck = deal_plan(setup, cmds, deck)
        b = Build(setup, plan, deck)
        try:
            mark = 0
            for c in cmds:
                mark = len(b.said)
                b.feed(c)
        except DeckShort as short:
            deck = _grown(deck, short.kind)
            continue
        b.said = b.said[mark:]
        return b
    raise CommandError(_("the box would hold more than {n} cards beyond the deck file: check the entries").format(
        n=MAX_GROWTH))


def purchase_final(seat: int, bought: int) -> CommandError:
    """The refusal of a seat's second purchase of dice (or a refund): a purchase is final."""
    return CommandError(ngettext("{seat} has bought {k} die for {cost}: a purchase is final (no more dice, no refund)",
                                 "{seat} has bought {k} dice for {cost}: a purchase is final (no more dice, no refund)",
                                 bought).format(seat=seat_name(seat), k=bought, cost=2 * bought))


def box_lines(file_deck: Counts, before: Counts, after: Counts) -> list[str]:
    """One line per kind the box has just been shown to hold beyond the file (said once)."""
    return [ngettext("The box differs from the deck file: at least {n} {kind} card, the file says {file}. "
                     "Noted; the hidden cards are guessed less well",
                     "The box differs from the deck file: at least {n} {kind} cards, the file says {file}. "
                     "Noted; the hidden cards are guessed less well", after[k]).format(
                n=after[k], kind=kind_name(k), file=file_deck[k])
            for k in range(5) if after[k] > before[k]]


class Build:
    """The engine mirror and the companion's held-back entries after a list of commands.

    ``feed(cmd)`` takes one canonical command (CommandError/IllegalActionError when the table
    cannot have meant it); ``said`` collects the announcement lines per command."""

    def __init__(self, setup: ZSetup, plan: list[list[int]], deck: Counts | None = None) -> None:
        self.setup = setup
        self.plan = plan
        self.deck: Counts = deck or setup.deck
        """The deck the engine holds: the setup's, grown by what the table showed beyond it."""
        self.e: State = new_game(setup.config(self.deck), keep_undo=False)
        self.block: list[str] = []        # phase 1 held back: bids and turns of this round
        self.move: int | None = None      # the mayor's move, held until every laid card is revealed
        self.reveals: dict[int, int] = {}
        self.dice: dict[int, int] = {}    # the discord being fought: dice bought per seat, in order
        self.dice_done = False
        self.dice_fed = False             # the dice are in the engine (paid there)
        self.cards: dict[int, int] = {}   # discord cards turned (0: none left)
        self.bribes = Bribes()            # the round's bribes, held with the move (``bribes``)
        self.bribing = False              # the move entered is open to bribes
        self.preview: State = self.e
        self.said: list[str] = []

    # --- what is asked now ---------------------------------------------------------------------
    def stage(self) -> str:
        p = self.preview
        if p.is_terminal():
            return "over"
        if p.is_chance():
            return "roll" if p.rolls_due() else "turn"  # asked several times a frame: not the whole summary
        ph = p.phase
        if ph == "mayor-setup":
            return "place"
        if ph == "move":
            if self.move is None:
                return "move"
            return (self.bribing and self.bribes.stage()) or "reveal"
        if ph == "discord-card":
            return "card" if self.dice_done else "dice"
        return ph  # remove, bid, joker

    def seat(self) -> int:
        """Whose decision it is now (-1 for a card turn or when nobody's)."""
        st = self.stage()
        p = self.preview
        if st in ("place", "move", "remove", "bid", "joker"):
            return p.current_player()
        if st == "accept":
            return p.first
        if st == "reveal":
            todo = self.reveal_todo()
            return todo[0] if todo else -1
        if st == "card":
            todo = self.card_todo()
            return todo[0] if todo else -1
        if st == "roll":
            return p.rolls_due()[0]
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
                    self.dice, self.cards, self.dice_done, self.dice_fed = {}, {}, False, False
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
        """One canonical command (CommandError/IllegalActionError when the table cannot have meant it)."""
        w = c.split()
        step = _FEED.get(w[0])
        if step is None:
            raise CommandError(_("{command} is not a Zankapfel command").format(command=repr(c)))
        step(self, c, w)

    def _refuse_unless(self, stage: str, refusal: str) -> None:
        """CommandError(``refusal``, with what is asked now) unless the stage is ``stage``."""
        if self.stage() != stage:
            raise CommandError(_(refusal).format(asked=self.ask()))

    def _refuse_other_seat(self, s: int, refusal: str) -> None:
        """CommandError(``refusal``) when seat ``s`` is not the one whose decision it is now."""
        seat = self.seat()
        if s != seat:
            raise CommandError(_(refusal).format(seat=seat_name(seat), other=seat_name(s)))

    def _feed_mayor(self, c: str, w: list[str]) -> None:
        st = self.stage()
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
        self.bribing = bribes.applies(self.preview)
        self.said.append(_("{seat} moves the mayor to {square}").format(seat=seat_name(self.preview.first),
                                                                      square=w[1]))
        self._maybe_flush()

    def _feed_offer(self, c: str, w: list[str]) -> None:
        self._refuse_unless("bribe", N_("no bribe is offered now ({asked})"))
        assert self.move is not None
        line = bribes.offer(self.bribes, self.preview, self.move, int(w[2]) - 1, int(w[3]), A.parse_square(w[4]))
        self.said.append(line)

    def _feed_bribes_done(self, c: str, w: list[str]) -> None:
        self._refuse_unless("bribe", N_("no bribe is offered now ({asked})"))
        self.bribes.closed = True
        if not self.bribes.offers:
            square = A.square_name(self.mayor_shown())
            self.said.append(_("No bribe: the mayor stays on {square}").format(square=square))
        self._maybe_flush()

    def _feed_accept(self, c: str, w: list[str]) -> None:
        self._refuse_unless("accept", N_("no bribe is accepted now ({asked})"))
        self.said.append(bribes.accept(self.bribes, self.preview.first, int(w[2]) - 1))
        self._maybe_flush()

    def _feed_refuse(self, c: str, w: list[str]) -> None:
        self._refuse_unless("accept", N_("no bribe is accepted now ({asked})"))
        self.bribes.taken = -1
        self.said.append(_("{seat} refuses every bribe: the mayor stays on {square}").format(
            seat=seat_name(self.preview.first), square=A.square_name(self.mayor_shown())))
        self._maybe_flush()

    def held_bribe(self, seat: int) -> int:
        """What an accepted bribe moved the seat's pawn by, before the engine is told (at once)."""
        return self.bribes.held(seat, self.preview.first) if self.move is not None and self.bribing else 0

    def _feed_turn(self, c: str, w: list[str]) -> None:
        self._refuse_unless("turn", N_("no card is turned now ({asked})"))
        if A.DRAW + A.KINDS.index(w[1]) not in self.preview.legal_actions():
            raise DeckShort(A.KINDS.index(w[1]))  # the box holds more of it than the engine's deck
        if self.block:
            self.block.append(c)
            self._replan_preview()
        else:
            self._apply(self.e, f"draw {w[1]}", say=False)
        self.said.append(_("Face up on the farm: {kind}").format(kind=kind_name(w[1])))

    def _feed_remove(self, c: str, w: list[str]) -> None:
        self._refuse_unless("remove", N_("no token is removed now ({asked})"))
        self._apply(self.e, c)

    def _feed_bid(self, c: str, w: list[str]) -> None:
        verb, s = w[0], int(w[2]) - 1
        self._refuse_unless("bid", N_("nobody buys or lays now ({asked})"))
        self._refuse_other_seat(s, N_("it is {seat}'s turn to buy or lay, not {other}'s"))
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

    def _feed_reveal(self, c: str, w: list[str]) -> None:
        s, k = int(w[2]) - 1, A.KINDS.index(w[3])
        self._refuse_unless("reveal", N_("no card is revealed now ({asked})"))
        self._refuse_other_seat(s, N_("{seat} reveals next, not {other}"))
        self.reveals[s] = k
        self.said.append(_("{seat} reveals {kind}").format(seat=seat_name(s), kind=kind_name(w[3])))
        self._maybe_flush()

    def _feed_joker(self, c: str, w: list[str]) -> None:
        s = int(w[2]) - 1
        self._refuse_unless("joker", N_("no joker chooses now ({asked})"))
        self._refuse_other_seat(s, N_("{seat}'s joker chooses next, not {other}'s"))
        self._apply(self.e, f"joker {w[3]}")

    def _feed_dice(self, c: str, w: list[str]) -> None:
        """A seat buys dice: once, paid at once (Z-FR "Discorde": "une fois qu'un joueur a acheté
        un, deux ou trois dés, il ne peut plus en acheter"); 0 is no purchase, and no refund."""
        s, k = int(w[2]) - 1, int(w[3])
        self._refuse_unless("dice", N_("no dice are bought now ({asked})"))
        if s not in self.fight_seats():
            raise CommandError(_("{seat} is not in this discord").format(seat=seat_name(s)))
        bought = self.dice.get(s, 0)
        if not self.setup.lenient_dice:
            if bought:
                raise purchase_final(s, bought)
            if not k:
                raise CommandError(_("{seat}: 0 dice is no purchase (CONFIRM closes the discord when all have "
                                     "decided)").format(seat=seat_name(s)))
        self.dice[s] = k
        self.said.append(ngettext("{seat} buys {k} die for {cost}", "{seat} buys {k} dice for {cost}", k).format(
            seat=seat_name(s), k=k, cost=2 * k))

    def _feed_dice_done(self, c: str, w: list[str]) -> None:
        self._refuse_unless("dice", N_("no dice are bought now ({asked})"))
        self.dice_done = True
        for s in self.fight_seats():
            if not self.e.discord_cards(s):
                self.cards[s] = 0
        self._maybe_fight()

    def _feed_card(self, c: str, w: list[str]) -> None:
        s = int(w[2]) - 1
        self._refuse_unless("card", N_("no discord card is turned now ({asked})"))
        self._refuse_other_seat(s, N_("{seat}'s discord card is next, not {other}'s"))
        v = int(w[3])
        left = self.e.discord_cards(s)
        if v not in left:
            raise CommandError(_("{seat} has no discord card {v} left (left: {left})").format(
                seat=seat_name(s), v=v, left=" ".join(map(str, left)) or _("none")))
        self.cards[s] = v
        self.said.append(_("{seat} turns discord card {v}").format(seat=seat_name(s), v=v))
        self._maybe_fight()

    def _feed_roll(self, c: str, w: list[str]) -> None:
        self._refuse_unless("roll", N_("no die is rolled now ({asked})"))
        self._apply(self.e, f"roll {w[1]}")

    def _maybe_flush(self) -> None:
        if self.move is None or self.reveal_todo() or (self.bribing and self.bribes.stage()):
            return
        for c in self.block:
            self._apply(self.e, self._block_action(self.e, c, placeholder=False), say=False)
        self.block, self.reveals = [], {}
        move, self.move = self.move, None
        # the move and the bribes were said when entered: the engine's events are not said twice
        unsaid = (E.MayorMoved, E.BribeOffered, E.BribeAccepted)
        self._apply(self.e, f"mayor {A.square_name(move)}", unsaid=unsaid)
        if self.bribing:
            for action in bribes.engine_actions(self.bribes, self.e.clone()):
                self._apply(self.e, action, unsaid=unsaid)
        self.bribes, self.bribing = Bribes(), False
        self.preview = self.e

    def _maybe_fight(self) -> None:
        """Every card turned: the cards, then the dice into the engine; a discord settled
        without dice is said there and then (who won, what they harvest, the next round)."""
        if self.card_todo():
            return
        for s in self.fight_seats():
            v = self.cards[s]
            self._apply(self.e, f"discord {v}" if v else "discord none", say=False)
        if self.e.config.open_order:  # the purchases in the order the table made them
            for s, k in list(self.dice.items()):
                while self.e.current_player() != s:
                    self._apply(self.e, "dice wait")
                self._apply(self.e, f"dice {k}")
            while self.e.phase == "dice":
                self._apply(self.e, "dice 0")
        else:
            for s in self.fight_seats():
                self._apply(self.e, f"dice {self.dice.get(s, 0)}")
        self.dice_fed = True
        self.preview = self.e

    def held_dice_cost(self, seat: int) -> int:
        """Points the seat paid for dice the engine has not been told yet (paid at once)."""
        return 0 if self.dice_fed else 2 * self.dice.get(seat, 0)

    def mayor_shown(self) -> int:
        """Where the board shows the mayor: its new square as soon as the move is entered (the
        announced one while bribes are open, the briber's once accepted)."""
        if self.move is None:
            return self.preview.mayor
        return self.bribes.square(self.move) if self.bribing else self.move

    def tokens_shown(self) -> list[int]:
        """The unharvested squares the board shows (the new square's token is taken at once)."""
        shown = self.mayor_shown() if self.move is not None else -1
        return [sq for sq in self.preview.unharvested() if sq != shown]

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
            return _("Turn the top apple card face up: which? ({letters})").format(letters=kind_letters())
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
            return _("Reveal: {seat}'s card? ({letters})").format(seat=who, letters=kind_letters())
        if st == "bribe":
            assert self.move is not None
            return _("Bribes for the mayor on {square}: each other player may offer 1 or 2 points for another square "
                     "(seat's button, a square, CONFIRM; offer 3 2 c3); CONFIRM when all have decided").format(
                square=A.square_name(self.move))
        if st == "accept":
            offers = ", ".join(_("{seat} {n} for {square}").format(seat=seat_name(s), n=n, square=A.square_name(sq))
                               for s, (n, sq) in self.bribes.offers.items())
            return _("{seat}: accept a bribe ({offers}) with its seat's button, or refuse (PASS)").format(
                seat=who, offers=offers)
        if st == "joker":
            return _("{seat}'s joker: which colour? ({letters})").format(seat=who,
                                                                        letters=kind_letters(colours_only=True))
        if st == "dice":
            colour, seats = self.e.fight
            return _("Discord over {colour}: {seats} — cards face down; each may buy 1-3 dice once (2 points each): "
                     "the seat's button chooses, CONFIRM buys; CONFIRM when all have decided").format(
                colour=colour_name(colour), seats=", ".join(seat_name(x) for x in seats))
        if st == "card":
            return _("{seat} turns the discord card: which? (1-10; 0 = 10)").format(seat=who)
        if st == "roll":
            return _("{seat} rolls a die: 1-6?").format(seat=who)
        return _("Game over")


_FEED: dict[str, Callable[[Build, str, list[str]], None]] = {
    "mayor": Build._feed_mayor, "turn": Build._feed_turn, "remove": Build._feed_remove,
    "buy": Build._feed_bid, "lay": Build._feed_bid, "pass": Build._feed_bid, "reveal": Build._feed_reveal,
    "joker": Build._feed_joker, "dice": Build._feed_dice, "dice-done": Build._feed_dice_done,
    "card": Build._feed_card, "roll": Build._feed_roll, "offer": Build._feed_offer,
    "bribes-done": Build._feed_bribes_done, "accept": Build._feed_accept, "refuse": Build._feed_refuse,
}
"""Each canonical command's verb → the step that mirrors it into the engine."""
