"""A whole Zankapfel game as the table's commands (the scenario tests, the demo, ``play --demo``):
bots play a seeded game in the engine, and what a table would enter for it is written down."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from table.bots.harness import bot_seats, script_seed, scripted
from table.games.zankapfel.bots import make_bot
from table.games.zankapfel.rules import Config, State, new_game
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules import events as E
from table.games.zankapfel.rules.config import DEFAULT_DECK, DEFAULT_TRACK


class _Scribe:
    """Writes the table's commands for the engine's moves: phase 1's laid cards are entered as
    reveals after the mayor's move, a discord's dice and cards once everyone has decided."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.out: list[str] = []
        self.laid: dict[int, int] = {}
        self.fight_cards: dict[int, int] = {}
        self.fight_dice: dict[int, int] = {}
        self.offers: list[str] = []

    def chance(self, action: int, events: Sequence[object]) -> None:
        if any(isinstance(ev, E.CardTurned) for ev in events):
            self.out.append(f"turn {A.KINDS[action - A.DRAW]}")
        elif action >= A.ROLL:
            self.out.append(f"roll {action - A.ROLL}")

    def decision(self, st: State, phase: str, seat: int, text: str, first: int) -> None:
        """``text``: the move the bot of ``seat`` made in ``phase`` (``st`` is the state after it)."""
        w = text.split()
        if phase in ("mayor-setup", "remove"):
            self.out.append(text)
        elif phase == "bid":
            if w[0] == "lay":
                self.laid[seat] = A.KINDS.index(w[1])
            self.out.append(f"{w[0]} seat {seat + 1}")
        elif phase == "move":
            self._moved(st, text, first)
        elif phase == "bribe":
            self._bribe(st, seat, w, first)
        elif phase == "accept":
            self.out.append("refuse" if w[0] == "decline" else f"accept seat {w[2]}")
            self._reveals(first)
        elif phase == "joker":
            self.out.append(f"joker seat {seat + 1} {w[1]}")
        elif phase == "discord-card":
            self.fight_cards[seat] = 0 if w[1] == "none" else int(w[1])
        elif phase == "dice":
            self._dice(st, seat, None if w[1] == "wait" else int(w[1]))
        else:  # pragma: no cover - every phase is above
            raise AssertionError(phase)

    def _moved(self, st: State, text: str, first: int) -> None:
        self.out.append(text)
        if st.phase == "bribe":  # the reveals come once the bribes are settled
            return
        self._reveals(first)

    def _bribe(self, st: State, seat: int, w: list[str], first: int) -> None:
        """An offer is entered as made (a wait or no offer is not entered); when all have
        decided, CONFIRM, then the first player's decision or straight on to the reveals."""
        if w[0] == "bribe" and w[1] != "wait":
            self.offers.append(f"offer seat {seat + 1} {w[1]} {w[2]}")
        if st.phase == "bribe":
            return
        self.out.extend([*self.offers, "bribes-done"])
        self.offers = []
        if st.phase != "accept":
            self._reveals(first)

    def _reveals(self, first: int) -> None:
        for i in range(self.players):
            s = (first + i) % self.players
            if s in self.laid:
                self.out.append(f"reveal seat {s + 1} {A.KINDS[self.laid[s]]}")
        self.laid = {}

    def _dice(self, st: State, seat: int, dice: int | None) -> None:
        """A seat's dice (None: it waited; the table enters nothing for a wait)."""
        if dice is not None:
            self.fight_dice[seat] = dice
        if st.phase == "dice":
            return
        # everyone decided: the table enters the purchases in the order they were made, then cards
        self.out.extend(f"dice seat {s + 1} {d}" for s, d in self.fight_dice.items() if d)
        self.out.append("dice-done")
        self.out.extend(f"card seat {s + 1} {c}" for s, c in self.fight_cards.items() if c)
        self.fight_cards, self.fight_dice = {}, {}


def table_script(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"),
                 finish: int = DEFAULT_TRACK, deck: tuple[int, int, int, int, int] = DEFAULT_DECK,
                 bribery: bool = False) -> tuple[list[str], State]:
    """Bots play a seeded game in the engine; returns what a table would enter for it (setup line,
    ``start``, then the commands) and the engine's finished game to compare with. ``deck``: the
    box the bots play with (the setup line does not name it: a table may set up another)."""
    return scripted(lambda final: script_lines(players, seed, bots, finish, deck, bribery, final=final))


def script_lines(players: int, seed: int, bots: tuple[str, ...] = ("greedy", "random"),
                 finish: int = DEFAULT_TRACK, deck: tuple[int, int, int, int, int] = DEFAULT_DECK,
                 bribery: bool = False, *, final: list[State] | None = None) -> Iterator[str]:
    """:func:`table_script`'s lines as the bots play (the kiosk demo shows the first before the
    game's end is computed); the finished game is appended to ``final``."""
    rng = random.Random(seed)
    seats = bot_seats(make_bot, bots, players, seed, script_seed)
    # no undo snapshots: the script is never taken back, and each was a deep copy of the whole table
    st = new_game(Config(players, track_length=finish, deck=deck, bribery=bribery), keep_undo=False)
    scribe = _Scribe(players)
    scribe.out.extend([f"setup players={players} finish={finish}" + (" bribery=on" if bribery else ""), "start"])
    while not st.is_terminal():
        yield from scribe.out
        scribe.out.clear()
        if st.is_chance():
            a = st.sample_chance(rng)
            scribe.chance(a, st.apply(a))
            continue
        seat, phase, first = st.current_player(), st.phase, st.first
        a = seats[seat].choose(st)
        st.apply(a)
        scribe.decision(st, phase, seat, A.to_text(a), first)
    yield from scribe.out
    if final is not None:
        final.append(st)
