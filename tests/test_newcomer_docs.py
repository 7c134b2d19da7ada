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


def test_the_recipe_shows_the_test_games_definition_as_it_is():
    """docs/adding-a-game.md's definition is Colour Die's own, the game written from it."""
    source = (ROOT / "tests/games/colourdie/__init__.py").read_text()
    game = source[source.index("GAME = GameDef("):source.index("\n)\n") + 2]
    shown = "\n".join(f"    {line}" if line else "" for line in game.splitlines())
    assert shown in (ROOT / "docs/adding-a-game.md").read_text()


# --- docs/raspberry-pi.md: every command and file the guide names exists (issue 31) -------------

GUIDE = ROOT / "docs" / "raspberry-pi.md"
REPO_PATH = re.compile(r"(?<![\w/.-])((?:systemd|table|docs|hardware-mocks|scripts|tests)/[\w./*-]*[\w*])")


def _code(text: str) -> list[str]:
    """Every code span and every line of every fenced block."""
    blocks = re.findall(r"```[^\n]*\n(.*?)```", text, flags=re.S)
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S))
    return spans + [line for block in blocks for line in block.splitlines()]


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _subcommand_options(name: str) -> set[str]:
    from table.cli import build_parser

    parser = build_parser(name)
    sub = next(a for a in parser._actions if a.dest == "command")
    choices = sub.choices
    assert isinstance(choices, dict)
    return set(choices[name]._option_string_actions)


def test_every_file_and_link_the_pi_guide_names_exists():
    text = GUIDE.read_text(encoding="utf-8")
    named = {m for span in _code(text) for m in REPO_PATH.findall(span)} | set(REPO_PATH.findall(text))
    assert {"systemd/install.sh", "table/hardware/spi_screen_pins.toml", "hardware-mocks/firmware/links.py"} <= named
    missing = [p for p in sorted(named) if not (list(ROOT.glob(p)) if "*" in p else (ROOT / p).exists())]
    assert missing == []
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    anchors = {_slug(h) for h in re.findall(r"^#+ (.+)$", text, flags=re.M)}
    for link in links:
        target, _, anchor = link.partition("#")
        if target.startswith(("http://", "https://")):
            continue
        if target:
            assert (GUIDE.parent / target).resolve().exists(), link
        elif anchor:
            assert anchor in anchors, link
    assert "die-sensor.md" in links


def test_every_command_and_option_the_pi_guide_names_exists():
    from table.cli import COMMANDS

    text = GUIDE.read_text(encoding="utf-8")
    spans = _code(text)
    seen = set()
    for span in spans:
        for m in re.finditer(r"(?:^|[\s(])(?:\S*/bin/)?applejack-table (?P<sub>[a-z][\w-]*)(?P<rest>[^|;&`]*)", span):
            sub = m["sub"]
            assert sub in COMMANDS, span
            options = set(re.findall(r"(?<![\w-])(--[a-z][\w-]*)", m["rest"]))
            assert options <= _subcommand_options(sub), (span, options - _subcommand_options(sub))
            seen.add(sub)
        m = re.match(r"(?P<sub>hw-test|play) (?P<rest>--.*)", span)
        if m:
            options = set(re.findall(r"(?<![\w-])(--[a-z][\w-]*)", m["rest"]))
            assert options <= _subcommand_options(m["sub"]), span
        for m in re.finditer(r"install\.sh(?P<rest>[^|;&`]*)", span):
            for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", m["rest"]):
                assert f"{option})" in (ROOT / "systemd" / "install.sh").read_text() or f"{option} |" in (
                    ROOT / "systemd" / "install.sh").read_text(), (span, option)
        for module in re.findall(r"python3? -m (table[\w.]*)", span):
            import importlib.util

            assert importlib.util.find_spec(module) is not None, span
    assert {"hw-test", "play"} <= seen
    assert "sudo systemctl stop applejack-table" in text.split("## The last step: hw-test")[1].split("\n## ")[0]
