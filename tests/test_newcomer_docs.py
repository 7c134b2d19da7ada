"""What a newcomer reads first says what the table does (issue 21): the README's command rows
name the options that pick games, and the companion guide does not deny Draft Cider's history."""

import re
from pathlib import Path

from table.cli import main
from table.commands.attract import ALL, MIXED
from table.games import games

ROOT = Path(__file__).parents[1]


def row(command: str) -> str:
    """The README's command-table row whose first cell starts with ``command``."""
    rows = [line for line in (ROOT / "README.md").read_text().splitlines() if line.startswith(f"| `{command}")]
    assert rows, command
    return rows[0]


def test_the_readme_rows_name_the_game_options():
    assert "--game KEY" in row("play [") and "--demo-games" in row("play [")
    demo = row("demo [")
    assert "--games N" in demo and f"\\|{MIXED}\\|{ALL}" in demo
    listed = row("games`")
    assert "only Applejack" not in listed and "every game here has the table companion" in listed
    assert all(g.has("companion") for g in games())  # what the row says: every registered game
    assert not re.search(r"\b(four|4|five|5) (games|have)\b|all (four|five)", listed)  # no count to go stale


def test_the_games_command_lists_every_registered_game_with_its_seats(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(games())
    for line, game in zip(out, games(), strict=True):
        assert line.split()[0] == game.key and f"{game.seats_text} players" in line


def test_the_companion_guide_says_every_game_goes_into_the_history():
    text = (ROOT / "docs/companion.md").read_text()
    assert not re.search(r"Draft Cider[^.]*(not|never)[^.]*histor", text)
    assert "Draft Cider's finished games go into the player history" in text


def test_the_readme_play_row_names_every_option_a_newcomer_meets():
    """Issue 33, item 10: the options the guides use (``--state-dir``, ``--web`` …) are in the row."""
    play = row("play [")
    for option in ("--state-dir", "--web", "--display", "--size", "--screenshot", "--resume"):
        assert option in play, option


def test_the_readme_says_how_many_workers_the_tests_run_on():
    dev = (ROOT / "scripts/dev.sh").read_text()
    workers = re.search(r"pytest -q -n (\d+)", dev)
    assert workers is not None
    readme = (ROOT / "README.md").read_text()
    assert f"tests on {workers[1]} workers" in readme


def test_the_readme_teach_key_w_works_in_every_game(tmp_path):
    """README: "Teach mode (key `w` …)" — it was refused in Zankapfel ("not a setup word")."""
    from table.companion.session import open_session
    from table.companion.text import handle_line
    from table.games.applejack.files import load_dataset

    ctl, journal = open_session(load_dataset(), tmp_path, games=games(), resume="no")
    seen = []
    for _game in range(4):
        assert handle_line(ctl, "w") is None, ctl.game
        teaching = getattr(ctl, "teaching", None)
        on = teaching.asked if teaching is not None else ctl.setup.teach
        assert on, ctl.game
        seen.append(ctl.game)
        ctl.press("game")
    assert sorted(seen) == sorted(g.key for g in games() if g.has("companion"))
    journal.close()


def test_the_qr_hint_names_a_command_that_runs_here():
    """The run's closing hint named ``applejack-table history …``, which is not on the PATH after
    ``scripts/dev.sh run``: it names the program as it was started."""
    from table.companion.players import command_name

    assert command_name(".venv/bin/applejack-table", on_path=lambda name: None) == ".venv/bin/applejack-table" \
        or not (ROOT / ".venv/bin/applejack-table").exists()
    assert command_name("/nowhere/applejack-table", on_path=lambda name: "/usr/bin/applejack-table") == \
        "applejack-table"
    assert command_name("-c", on_path=lambda name: None).endswith(" -m table")
