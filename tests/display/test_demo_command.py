"""``applejack-table demo``: the screen demo hands over to play (or exits with EXIT_PLAY); without
a display it prints the games as text."""

import pygame
import pytest

from table.cli import main
from table.commands import demo as demo_cmd
from table.commands.attract import demo_games
from table.display import demo as demo_screen
from table.display.handover import IDLE
from table.games import DEFAULT_GAME, game_keys, games, load_game


@pytest.fixture(autouse=True)
def _no_sigterm_handler(monkeypatch):
    monkeypatch.setattr("signal.signal", lambda *a: None)


def test_the_players_choices_are_every_seat_count_of_the_registry(capsys):
    """``demo --players N`` takes every count some game seats (read from the registry, not typed)."""
    counts = sorted({n for g in games() if g.has("engine") for n in g.players})
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "{" + ",".join(map(str, counts)) + "}" in out
    assert all(f"{g.title} {g.seats_text}" in out for g in games() if g.has("engine"))
    with pytest.raises(SystemExit) as exit_:
        main(["demo", "--text", "--players", str(counts[-1] + 1)])
    assert exit_.value.code == 2


def test_games_end_on_the_screen_with_status_0():
    assert main(["demo", "--display", "window", "--pins", "none", "--games", "1", "--players", "1",
                 "--bots", "random", "--pace", "0"]) == 0


def test_input_starts_play_on_the_same_screen(monkeypatch):
    started = []
    monkeypatch.setattr(demo_screen, "run_demo_screen", lambda screen, running: demo_screen.PLAY)
    monkeypatch.setattr(demo_cmd, "play_after_demo", lambda args: started.append(args) or 0)
    assert main(["demo", "--display", "window", "--size", "480x320", "--pins", "none", "--bots", "random"]) == 0
    assert len(started) == 1 and started[0].size == "480x320"


def test_input_exits_with_exit_play_for_a_wrapper(monkeypatch):
    monkeypatch.setattr(demo_screen, "run_demo_screen", lambda screen, running: demo_screen.PLAY)
    assert main(["demo", "--display", "window", "--pins", "none", "--on-input", "exit"]) == demo_cmd.EXIT_PLAY
    assert not pygame.display.get_init()


def test_play_gets_the_demo_s_display_pins_and_state_dir(monkeypatch, tmp_path):
    seen = []
    monkeypatch.setattr("table.commands.play.run", lambda args: seen.append(args) or 0)
    args = demo_cmd.build_args(["--display", "fullscreen", "--pins", "mock", "--state-dir", str(tmp_path)])
    assert demo_cmd.play_after_demo(args) == 0
    (p,) = seen
    assert (p.display, p.pins, p.state_dir, p.demo) == ("fullscreen", "mock", tmp_path, None)


def test_without_a_display_the_games_are_text(capsys):
    assert main(["demo", "--display", "none", "--players", "2", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "=== Game 1" in out and "Winner" in out


def test_play_left_alone_shows_the_demo_and_comes_back_in_a_loop(monkeypatch, tmp_path):
    """play --idle-demo: the real play screen goes idle (a tiny idle time), the demo runs until
    'someone comes' (the demo screen is faked), play again, ... until the demo is stopped."""
    demos = []
    outcomes = [demo_screen.PLAY, demo_screen.PLAY, 0]  # someone comes twice, then SIGTERM/Ctrl+Q

    def fake_demo(screen, running):
        demos.append(screen.surface.get_size())
        assert pygame.display.get_init()  # the demo has the screen: play closed it
        return outcomes[len(demos) - 1]

    monkeypatch.setattr(demo_screen, "run_demo_screen", fake_demo)
    assert main(["play", "--display", "window", "--size", "480x320", "--pins", "mock", "--state-dir",
                 str(tmp_path), "--idle-demo", "0.0005"]) == 0
    assert len(demos) == 3  # play → demo → play → demo → play → demo (stopped): a loop, not recursion
    assert demos == [(480, 320)] * 3  # the demo on play's window size


def test_idle_demo_minutes_must_be_a_number(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--idle-demo", "soon"])
    assert "minutes must be a number" in capsys.readouterr().err


def test_a_bad_idle_demo_setting_in_the_environment_is_a_usage_error(monkeypatch, capsys):
    monkeypatch.setenv("APPLEJACK_IDLE_DEMO", "-3")
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--text"])
    assert exit_info.value.code == 2
    assert "minutes must be 0 or more, got '-3'" in capsys.readouterr().err


def test_play_in_text_mode_loads_no_pygame(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "in.txt"
    script.write_text("setup players=1\n")
    code = ("import sys; from table.cli import main; "
            f"main(['play', '--text', '--script', {str(script)!r}, '--state-dir', {str(tmp_path / 's')!r}, "
            "'--pins', 'none']); print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).parents[2], check=True).stdout
    assert out.splitlines()[-1] == "False"


def test_the_idle_demo_rotates_every_game_with_a_demo_and_a_touch_opens_the_game_shown(monkeypatch, tmp_path):
    """play --idle-demo shows one game of each in turn by default (--demo-games all): the house's
    board demo first, then every game with a demo screen in the registry's order; a touch opens the
    setup of the game on the screen then, not Applejack's."""
    from table.commands.attract import rotation

    keys = rotation("all")
    assert keys[0] == DEFAULT_GAME and len(keys) > 1
    assert set(keys[1:]) == {g.key for g in games() if g.has_part("demo_screen") and g.key != DEFAULT_GAME}
    assert list(keys) == [k for k in game_keys() if k in keys]  # the registry's order
    shown, sessions = [], []

    def fake_demo(screen, running):
        shown.append(type(screen).__name__)
        return demo_screen.DONE if len(shown) < 2 else demo_screen.PLAY  # touched during the second game

    monkeypatch.setattr(demo_screen, "run_demo_screen", fake_demo)
    monkeypatch.setattr("table.commands.play._run_once", lambda args: sessions.append(args.game) or
                        (IDLE if len(sessions) == 1 else 0))
    assert main(["play", "--display", "window", "--size", "480x320", "--pins", "mock", "--state-dir",
                 str(tmp_path), "--idle-demo", "5"]) == 0
    assert shown[0] == "ApplejackDemoScreen" and shown[1] == load_game(keys[1]).part("demo_screen").__name__
    assert sessions == list(keys[:2])  # back from the demo: the setup of the second game shown


def test_the_demo_games_setting_is_checked(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--text", "--demo-games", "chess"])
    assert exit_.value.code == 2 and "--demo-games" in capsys.readouterr().err


@pytest.mark.parametrize("key", demo_games())
def test_every_game_s_demo_shows_the_same_banner(monkeypatch, key):
    from table.commands.attract import build_args, run_screen
    from table.games.applejack.files import load_dataset

    banners = []

    def fake_demo(screen, running):
        screen.view.drawn = []
        screen.step()
        banners.append([d.text for d in screen.view.drawn])
        return demo_screen.QUIT

    monkeypatch.setattr(demo_screen, "run_demo_screen", fake_demo)
    run_screen(load_dataset(), build_args(["--display", "window", "--size", "480x320", "--pins", "none",
                                           "--game", key]), None)
    (texts,) = banners
    assert "Demo — touch to play" in texts
