"""Write ``table/games/applejack/rules/data/boards.toml``: our reconstruction of the harvest boards.

Kept to show how the file was made (docs/data.md); the TOML file is the data.

    python tools/make_boards.py > table/games/applejack/rules/data/boards.toml
"""

from __future__ import annotations

SEATS = ["circle", "triangle", "square", "star"]
# apples printed between spaces, as (fraction of the loop, varieties); the first seven apples
# are the seven varieties in final-harvest order (the ones the apple tiles may cover).
LOOP_APPLES = [
    (0.06, ["brown"]),
    (0.17, ["orange"]),
    (0.28, ["lightgreen", "red"]),  # the rulebook's double apple: light green, then red (loop 1 at 1 pip)
    (0.39, ["pink"]),
    (0.50, ["purple"]),
    (0.62, ["yellow"]),
    (0.75, ["red", "brown"]),
    (0.88, ["lightgreen"]),
    (0.99, ["orange"]),
]
# Solo board: six path spaces, then the middle space. Each space opens the pair of troughs three
# troughs on from the last (the short inner spiral passes the rim about every 2.3 spaces), so
# every trough is opened in every loop and trough 4 on turns 2 and 4 ("In the solo game you may
# select from this trough in turn 2 and turn 4").
SOLO_TROUGH_STEP = 3
SOLO_APPLES = [["brown"], ["orange"], ["lightgreen", "red"], ["pink"], ["purple"], ["yellow"]]


def board(bid: str, name: str, players: int, loop: int, end: int) -> None:
    print()
    print("[[board]]")
    print(f'id = "{bid}"')
    print(f'name = "{name}"')
    print(f"players = {players}")
    print("tiles_per_trough = 2")
    print("bridge = true")
    print("return_to = 1")
    print(f"end_space = {end}")
    print("spaces = [")
    where = {max(1, min(loop, round(f * loop))): v for f, v in LOOP_APPLES}
    for k in range(1, loop + 1):
        a, b = (k - 1) % 7 + 1, k % 7 + 1
        apples = where.get(k)
        extra = f", apples = {apples!r}".replace("'", '"') if apples else ""
        print(f'  {{ seat = "{SEATS[(k - 1) % players]}", troughs = [{a}, {b}]{extra} }},')
    print("  { innermost = true },")
    print("]")


def main() -> None:
    print("# Harvest boards. Reconstructed: see docs/data.md.")
    print("# spaces: the path in the order the die walks it, space 1 = the start space.")
    print("#   seat: the seat symbol (circle, triangle, square, star) = whose turn it is there")
    print("#   troughs: the two troughs the space opens, listed clockwise (refills start with the second)")
    print("#   apples: apples printed between this space and the next, in the order the die crosses them")
    print("#   innermost: the last space; with a bridge the die goes back to `return_to` over the bridge")
    print("#   (blossom scoring x pips, then pips + 1); without one (solo) it is the middle space, a turn")
    print("#   space with `middle_slots` pre-printed trees.")
    print("# end_space: on the third loop (pips 3) the turn on this space is the last one.")
    board("two", "2 players", 2, 16, 6)
    board("three", "3 players", 3, 24, 9)
    board("four", "4 players", 4, 32, 12)
    print()
    print("[[board]]")
    print('id = "solo"')
    print('name = "Solo"')
    print("players = 1")
    print("tiles_per_trough = 1")
    print("bridge = false")
    print("middle_slots = 3")
    print("middle_start_tiles = 1")
    print("return_to = 2")
    print("end_space = 7")
    print("spaces = [")
    for k in range(1, 7):
        first = (SOLO_TROUGH_STEP * (k - 1)) % 7 + 1
        a, b = first, first % 7 + 1
        apples = str(SOLO_APPLES[k - 1]).replace("'", '"')
        print(f'  {{ seat = "circle", troughs = [{a}, {b}], apples = {apples} }},')
    print('  { seat = "circle", innermost = true },')
    print("]")


if __name__ == "__main__":
    main()
