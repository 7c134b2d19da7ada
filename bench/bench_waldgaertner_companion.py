"""How long Waldgärtner's table companion takes to follow whole games (not run in CI).

Each game is a bots' engine game turned into table commands (``table_script``: every card by id)
and entered into a fresh :class:`WaldgaertnerCompanion`, as a script or a resume does; prints per
player count the commands per game, the seconds per game and the slowest single command; then
the time of one unknown card entered by its attributes late in a 7-player game (it rebuilds the
engine on the rewritten card set).

    python bench/bench_waldgaertner_companion.py [--games 10]
"""

from __future__ import annotations

import argparse
import time

from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.script import table_script


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    cards = WaldgaertnerCompanion().cards
    for players in range(2, 8):
        total = worst = 0.0
        commands = 0
        for seed in range(args.games):
            script, _final = table_script(players, seed, cards=cards)
            ctl = WaldgaertnerCompanion(cards=cards)
            t0 = time.perf_counter()
            for line in script:
                t = time.perf_counter()
                ctl.do(line)
                worst = max(worst, time.perf_counter() - t)
            total += time.perf_counter() - t0
            commands += len(script)
        print(f"{players} players: {commands / args.games:.0f} commands a game, {total / args.games:.3f} s a game, "
              f"slowest command {worst * 1000:.1f} ms")
    script, _final = table_script(7, 1, cards=cards)
    ctl = WaldgaertnerCompanion(cards=cards)
    for line in script[: len(script) * 9 // 10]:
        ctl.do(line)
    while ctl.stage() not in ("draw", "reveal") or not ctl.state.t.unknown[ctl.deck_now()]:
        ctl.do(script[len(ctl.cmds) + 2])
    t = time.perf_counter()
    ctl.do("unknown size=2 value=3 flower=white flowering=4 fruit=berry harvest=7")
    print(f"an unknown card in round {ctl.state.round} of a 7-player game ({len(ctl.state.history)} engine "
          f"actions rebuilt): {(time.perf_counter() - t) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
