"""The simulate and demo commands, end to end on tiny game counts."""

from __future__ import annotations

import csv

from table.cli import main


def test_simulate_two_jobs_writes_csv_and_plot(tmp_path, capsys):
    out = tmp_path / "games.csv"
    png = tmp_path / "scores.png"
    code = main(["simulate", "--players", "2", "--games", "3", "--bots", "random,greedy", "--jobs", "2",
                 "--seed", "7", "--csv", str(out), "--plot", str(png)])
    assert code == 0
    captured = capsys.readouterr()
    assert "3/3 games" in captured.err  # the progress bar
    assert "mean" in captured.out and "greedy" in captured.out and "random" in captured.out
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 6
    assert {r["bot"] for r in rows} == {"random", "greedy"}
    assert sorted({int(r["seed"]) for r in rows}) == [7, 8, 9]
    for game in range(3):
        seats = [r for r in rows if int(r["game"]) == game]
        assert abs(sum(float(r["win"]) for r in seats) - 1.0) < 1e-9
        for r in seats:
            assert int(r["score"]) == (int(r["harvest_final"]) + int(r["variety_bonus"]) + int(r["blossoms_final"])
                                      + int(r["honey_final"]))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_results_do_not_depend_on_jobs():
    from table.games.applejack.bots.simulate import run_games

    one = run_games(2, 2, ["greedy", "random"], 3, jobs=1)
    two = run_games(2, 2, ["greedy", "random"], 3, jobs=2)
    strip = [[(r.game, r.seat, r.score, r.honey_links) for r in g] for g in one]
    assert strip == [[(r.game, r.seat, r.score, r.honey_links) for r in g] for g in two]


def test_simulate_rejects_unknown_bots(capsys):
    assert main(["simulate", "--games", "1", "--bots", "clever"]) == 2


def test_demo_text_prints_a_complete_game(capsys):
    assert main(["demo", "--text", "--games", "1", "--players", "3", "--bots", "greedy,random", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "=== Game 1 (seed 2) ===" in out
    assert "HARVEST" in out and "BLOSSOM SCORING" in out
    assert out.count("GAME OVER") == 1
    assert out.count("→ ") >= 3  # final score lines (and payouts)
    assert "Winner" in out
    for seat in ("○ Circle", "△ Triangle", "□ Square"):  # each seat by its name, never "seat 1 ○" (issue 21)
        assert seat in out
    assert "seat 1" not in out


def test_demo_steps_are_endless_and_paced_by_the_injected_sleep():
    from table.games.applejack.bots.demo import demo_steps, run_text_demo
    from table.games.applejack.files import load_dataset

    data = load_dataset()
    steps = demo_steps(data, games=0, players=1, bots=["random"])
    games_seen = set()
    for _ in range(2000):
        step = next(steps)
        games_seen.add(step.game)
        if len(games_seen) == 3:
            break
    assert games_seen == {1, 2, 3}
    sleeps: list[float] = []
    lines: list[str] = []
    done = run_text_demo(data, lines.append, games=1, players=1, bots=["random"], delay=0.5, sleep=sleeps.append)
    assert done == 1
    assert sleeps and set(sleeps) == {0.5}
    assert len(sleeps) >= 3 * 19  # once per bot action
    assert any(line.startswith("Solo result: ") for line in lines) and not any("Winner" in line for line in lines)


def test_summary_shares_tied_wins():
    from table.games.applejack.bots.simulate import SeatResult, format_summary, summary_rows

    def r(game, seat, score, win):
        return SeatResult(game, game, 2, seat, "greedy", score, win, 0, 0, 0, score, 0, 0, 0, 0, 0, 3, 0.01)

    results = [[r(0, 0, 50, 0.5), r(0, 1, 50, 0.5)], [r(1, 0, 60, 1.0), r(1, 1, 40, 0.0)]]
    rows = summary_rows(results)
    assert rows[0]["wins"] == 0.75 and rows[1]["wins"] == 0.25
    assert rows[0]["mean"] == 55 and rows[1]["p10"] == 40 and rows[1]["p90"] == 50
    assert "75.0" in format_summary(results)


def test_a_demo_step_keeps_the_game_as_it_was_at_that_step():
    from table.games.applejack.bots.demo import demo_steps
    from table.games.applejack.files import load_dataset

    steps = demo_steps(load_dataset(), games=1, players=2, bots=["random"])
    first = next(steps)
    placed_then = [first.state.placed_tiles(s) for s in range(2)]
    history_then = list(first.state.history)
    for _ in range(60):  # many moves later
        later = next(steps)
    assert later.state is not first.state
    assert [first.state.placed_tiles(s) for s in range(2)] == placed_then
    assert first.state.history == history_then and len(later.state.history) > len(history_then)
