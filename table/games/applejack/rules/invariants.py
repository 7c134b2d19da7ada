"""Rule invariants a data set must satisfy (run by ``parse_dataset``, so on every load and by ``check-data``).

Every player gets exactly 19 turns; the die makes three loops at pips 1, 2, 3; a multiplayer
board has two blossom scorings and the solo board none; seat symbols cycle with the seats;
there are enough tiles for the biggest game; the apple-tile variant has seven apples to cover.

Besides these, the facts the rulebook (``shared/seeds/000_…``) states about the printed
components, each quoted in ``docs/data.md``: the final-harvest order puts brown first, light
green third and yellow last; the die crosses a light green and then a red apple in one move on
the first loop (1 pip); the first printed apple is brown; every trough is opened in every loop;
the solo board opens one trough on turn 2 and on turn 4, has three pre-printed trees with one
tile at the start, and ends on the middle space.
"""

from __future__ import annotations

from collections import Counter

from table.engine.errors import Problem
from table.games.applejack.rules.data import Board, DataSet
from table.games.applejack.rules.events import BlossomScoring
from table.games.applejack.rules.walk import Die, apples_by_space, move_die, turn_positions

TURNS_PER_PLAYER = 19
F = "boards.toml"
# "each apple variety is harvested again from brown to yellow" and the example's rows
# 5, 5, 1, 6, 11, 6, 1 where "all varieties except light green and yellow yielded at least one honey"
VARIETY_PLACES = {"brown": 0, "lightgreen": 2, "yellow": 6}
DOUBLE_APPLE = ("lightgreen", "red")  # "The die moves first over the light green and then over the red apple."
SOLO_SHARED_TURNS = (2, 4)  # "In the solo game you may select from this trough in turn 2 and turn 4."
SOLO_TREES = 3  # "one of the three pre-printed trees next to the space in the middle of the plan"


def check_dataset(ds: DataSet) -> list[Problem]:
    problems: list[Problem] = []
    problems += _check_varieties(ds)
    for players in (1, 2, 3, 4):
        if players not in ds.boards:
            problems.append(Problem(F, "board", f"no harvest board for {players} player(s)"))
    for players, board in sorted(ds.boards.items()):
        problems += _check_board(ds, players, board)
    return problems


def _check_varieties(ds: DataSet) -> list[Problem]:
    f = "varieties.toml"
    out: list[Problem] = []
    ids = [v.id for v in ds.varieties]
    for vid, place in VARIETY_PLACES.items():
        if vid not in ids:
            out.append(Problem(f, "variety", f"the rulebook harvests {vid!r} in the final harvest; it is missing"))
        elif ids.index(vid) != place:
            out.append(Problem(f, "variety", f"{vid!r} must be variety {place + 1} of the final harvest "
                                             f"(the rulebook's example), not {ids.index(vid) + 1}"))
    a, b = DOUBLE_APPLE
    if a in ids and b in ids and ids.index(a) > ids.index(b):
        out.append(Problem(f, "variety", f"{a!r} comes before {b!r} (the die crosses {a} first)"))
    return out


def _check_board(ds: DataSet, players: int, board: Board) -> list[Problem]:
    w = f"board {board.id!r}"
    apples = apples_by_space(board)
    positions = list(turn_positions(board, apples))
    problems = _check_seats(board, players, positions)
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
    problems += _check_printed_apples(ds, board, positions)
    problems += _check_loops_open_troughs(board, positions)
    problems += _check_solo_middle(board, positions)
    return problems


def _check_seats(board: Board, players: int, positions: list[Die]) -> list[Problem]:
    """The seat symbols along the walk cycle with the seats and give each seat its 19 turns."""
    problems: list[Problem] = []
    w = f"board {board.id!r}"
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
    return problems


def _check_printed_apples(ds: DataSet, board: Board, positions: list[Die]) -> list[Problem]:
    """What the rulebook says about the printed apples: brown first, light green then red on loop 1."""
    problems: list[Problem] = []
    w = f"board {board.id!r}"
    ids = {v.id: v.index for v in ds.varieties}
    slots = board.printed_apple_slots()
    if "brown" in ids and slots and board.space(slots[0][0]).apples[slots[0][1]] != ids["brown"]:
        problems.append(Problem(F, f"{w}.spaces", "the first printed apple is brown (the apple tiles' example "
                                                  "starts with pink instead of brown)"))
    a, b = DOUBLE_APPLE
    if a in ids and b in ids:
        double = (ids[a], ids[b])
        first_loop = [d for d in positions if d.pips == 1]
        if not any(board.space(d.space).apples == double for d in first_loop):
            problems.append(Problem(F, f"{w}.spaces", f"on the first loop (1 pip) the die must cross a {a} and "
                                                      f"then a {b} apple in one move (apples = [{a!r}, {b!r}])"))
    return problems


def _check_loops_open_troughs(board: Board, positions: list[Die]) -> list[Problem]:
    """Every trough is opened in every loop."""
    problems: list[Problem] = []
    w = f"board {board.id!r}"
    for pips in (1, 2, 3):
        opened = {t for d in positions if d.pips == pips for t in _opens(board, d)}
        missing = [t for t in range(1, board.troughs + 1) if t not in opened]
        if missing and any(d.pips == pips for d in positions):
            problems.append(Problem(F, f"{w}.spaces", f"trough(s) {', '.join(map(str, missing))} are never opened "
                                                      f"on loop {pips}: they would only collect tiles"))
    return problems


def _check_solo_middle(board: Board, positions: list[Die]) -> list[Problem]:
    """The solo board: three pre-printed trees (one tile at the start), the end in the middle, and a
    trough open on both turn 2 and turn 4."""
    problems: list[Problem] = []
    if not board.middle_slots:
        return problems
    w = f"board {board.id!r}"
    if board.middle_slots != SOLO_TREES or board.middle_start_tiles != 1:
        problems.append(Problem(F, f"{w}.middle_slots", f"the middle space has {SOLO_TREES} pre-printed trees, "
                                                        "one of them with a tile at the start"))
    if board.end_space != board.innermost:
        problems.append(Problem(F, f"{w}.end_space", "the solo game ends on the space in the middle"))
    t1, t2 = SOLO_SHARED_TURNS
    if len(positions) >= t2:
        shared = set(_opens(board, positions[t1 - 1])) & set(_opens(board, positions[t2 - 1]))
        if not shared:
            problems.append(Problem(F, f"{w}.spaces", f"no trough is open on both turn {t1} and turn {t2} "
                                                      "(the solo board's caption)"))
    return problems


def _opens(board: Board, die: Die) -> tuple[int, ...]:
    """The troughs a turn on this die position may take from (none on the solo middle space)."""
    if board.middle_slots and die.space == board.innermost:
        return ()
    return board.space(die.space).troughs
