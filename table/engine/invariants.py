"""Rule invariants a data set must satisfy (run by ``parse_dataset``, so on every load and by ``check-data``).

Every player gets exactly 19 turns; the die makes three loops at pips 1, 2, 3; a multiplayer
board has two blossom scorings and the solo board none; seat symbols cycle with the seats;
there are enough tiles for the biggest game; the apple-tile variant has seven apples to cover.
"""

from __future__ import annotations

from collections import Counter

from table.engine.data import DataSet
from table.engine.errors import Problem
from table.engine.events import BlossomScoring
from table.engine.walk import apples_by_space, move_die, turn_positions

TURNS_PER_PLAYER = 19
F = "boards.toml"


def check_dataset(ds: DataSet) -> list[Problem]:
    problems: list[Problem] = []
    for players in (1, 2, 3, 4):
        if players not in ds.boards:
            problems.append(Problem(F, "board", f"no harvest board for {players} player(s)"))
    for players, board in sorted(ds.boards.items()):
        w = f"board {board.id!r}"
        apples = apples_by_space(board)
        positions = list(turn_positions(board, apples))
        seats = [board.space(d.space).seat for d in positions]
        if any(s is not None and s >= players for s in seats):
            problems.append(Problem(F, f"{w}.spaces", f"a seat symbol beyond the {players} seat(s) of this board"))
        expected = [i % players for i in range(len(seats))]
        if seats != expected:
            at = next((i for i, (a, b) in enumerate(zip(seats, expected, strict=False)) if a != b), len(seats))
            problems.append(Problem(F, f"{w}.spaces",
                                    f"seat symbols do not cycle with the seats (turn {at + 1} of the walk)"))
        counts = Counter(s for s in seats if s is not None)
        for seat in range(players):
            if counts.get(seat, 0) != TURNS_PER_PLAYER:
                problems.append(Problem(F, f"{w}.end_space",
                                        f"seat {seat + 1} gets {counts.get(seat, 0)} turns, not {TURNS_PER_PLAYER}"))
        loops = sorted({d.pips for d in positions})
        if loops != [1, 2, 3]:
            problems.append(Problem(F, f"{w}", f"the die must make three loops at pips 1, 2, 3; walks {loops}"))
        blossoms = 0
        for d in positions[:-1]:
            _die, events = move_die(board, d, apples)
            blossoms += sum(isinstance(e, BlossomScoring) for e in events)
        want = 0 if players == 1 else 2
        if blossoms != want:
            problems.append(Problem(F, f"{w}", f"{blossoms} blossom scorings in a game; the rules give {want}"))
        if board.bridge == (players == 1):
            problems.append(Problem(F, f"{w}.bridge", "the solo board has no bridge; the others have one"))
        if len(board.printed_apple_slots()) < len(ds.varieties):
            problems.append(Problem(F, f"{w}.spaces",
                                    f"needs at least {len(ds.varieties)} printed apples for the apple tiles"))
        need = (TURNS_PER_PLAYER * players + board.troughs * board.tiles_per_trough + players
                + board.middle_slots)
        if len(ds.tiles) < need:
            problems.append(Problem("tiles.toml", "tile",
                                    f"{len(ds.tiles)} tiles are too few for board {board.id!r} (needs {need})"))
    return problems
