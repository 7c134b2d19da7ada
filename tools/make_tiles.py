"""Write ``table/games/applejack/rules/data/tiles.toml``: our reconstruction of the 100 tree tiles.

The printed tile faces are not published, so this script made the file once from the
constraints in ``docs/data.md``; the TOML file is the data (edit it to match your box), this
script is kept only to show how it was first made. The scale check (docs/data.md) then
changed the file: one beehive fewer on every tile with two or more, every price + 3.
Re-running this script overwrites that and any other edit.

    python tools/make_tiles.py > table/games/applejack/rules/data/tiles.toml
"""

from __future__ import annotations

import itertools
import random

# The variety ids in the order the tiles were first made with. Not the final-harvest order (that
# is varieties.toml's: brown, orange, lightgreen, red, pink, purple, yellow since issue 10); kept
# as it was, so that the script still shows how the tile file was made.
VARIETIES = ["brown", "lightgreen", "red", "orange", "pink", "purple", "yellow"]


def price_for(apples: int, blossoms: int, hives: int) -> int:
    value = apples + 0.8 * blossoms + 0.25 * (hives - 1)
    return max(1, min(6, round(value * 1.1)))


def main() -> None:
    rng = random.Random(2022)
    faces: list[tuple[dict[str, int], int]] = []
    # 8 single-variety tiles per variety: 1,1,1,2,2,2,3,3 apples
    for v in VARIETIES:
        for n in (1, 1, 1, 2, 2, 2, 3, 3):
            faces.append(({v: n}, 0))
    # 28 two-variety tiles: every pair once, plus (i, i+3) once more; 7 of them with 2+1 apples
    pairs = list(itertools.combinations(range(7), 2)) + [(i, (i + 3) % 7) for i in range(7)]
    for k, (a, b) in enumerate(pairs):
        two = k % 4 == 0
        faces.append(({VARIETIES[a]: 2 if two else 1, VARIETIES[b]: 1}, 0))
    # 16 blossom-only tiles
    for n in (1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3):
        faces.append(({}, n))
    rng.shuffle(faces)
    print("# The 100 tree tiles (tree side). Reconstructed: see docs/data.md. One [[tile]] per tile.")
    print("# apples: variety id -> apple count; blossoms: 0-3; hives: edges 0-5 with a beehive")
    print("# (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE, before rotation); price: the number in every beehive.")
    for i, (apples, blossoms) in enumerate(faces, start=1):
        if apples:
            blossoms = rng.choice((0, 0, 0, 1, 1, 2))
        total = sum(apples.values())
        n_hives = rng.choice((1, 2, 2, 3, 3, 4)) if total + blossoms >= 3 else rng.choice((1, 2, 2, 3))
        hives = sorted(rng.sample(range(6), n_hives))
        price = price_for(total, blossoms, n_hives)
        print()
        print("[[tile]]")
        print(f"id = {i}")
        inner = ", ".join(f"{v} = {n}" for v, n in apples.items())
        print(f"apples = {{ {inner} }}" if apples else "apples = {}")
        print(f"blossoms = {blossoms}")
        print(f"hives = {hives}")
        print(f"price = {price}")


if __name__ == "__main__":
    main()
