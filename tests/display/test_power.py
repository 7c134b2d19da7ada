"""Screen power: the ON/DIM/OFF state machine on a fake clock, the schedule parser (fuzzed), the
burn-in orbit, the waking input swallowed through App.step and the demo loop, the backlight
writer on a temporary folder, and a malformed schedule in the environment as one log line."""

from __future__ import annotations

import itertools
import logging
import os
import queue
import subprocess
import sys
from datetime import time as dtime
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table import games as registry
from table.display.app import App
from table.display.power import (
    DEFAULT_DIM_AFTER_MIN,
    ScreenPower,
    ScreenState,
    drift_position,
    orbit_offset,
)
from table.display.power import settings as power_settings
from table.display.screensaver import (
    Backlight,
    ScreenSaver,
    WakingInputs,
    backlight_from_env,
    find_backlight,
    screen_saver_for,
)
from table.games.applejack.companion.api import Controller
from table.games.applejack.files import load_dataset
from table.hardware.events import ButtonPress
from table.schedule import Schedule, ScheduleError, parse_schedule
from tests.fakes import ManualClock

ON, DIM, OFF = ScreenState.ON, ScreenState.DIM, ScreenState.OFF
ROOT = Path(__file__).resolve().parents[2]
DATA = load_dataset()


class LocalTime:
    """The wall clock's time of day, set by the test."""

    def __init__(self, hh: int = 12, mm: int = 0) -> None:
        self.t = dtime(hh, mm)

    def set(self, hh: int, mm: int = 0) -> None:
        self.t = dtime(hh, mm)

    def __call__(self) -> dtime:
        return self.t


# --- the state machine ----------------------------------------------------------------------------

def test_dims_after_the_idle_time_and_the_waking_input_only_wakes():
    p = ScreenPower(600, local_time=LocalTime())
    assert p.tick(599.9) is ON
    assert p.tick(600) is DIM
    assert p.touch(601) is True  # it only woke the screen
    assert p.state is ON
    assert p.touch(601.2) is True  # the touch's twin / a bounce within the grace time
    assert p.touch(602) is False  # now a real press
    assert p.tick(602 + 599) is ON and p.tick(602 + 600) is DIM


def test_an_input_while_on_is_not_swallowed_and_restarts_the_idle_time():
    p = ScreenPower(60, local_time=LocalTime())
    assert p.touch(50) is False
    assert p.tick(100) is ON and p.tick(110) is DIM


def test_zero_never_dims():
    p = ScreenPower(0, local_time=LocalTime())
    assert p.tick(10 ** 9) is ON and p.touch(10 ** 9) is False


def test_changes_count_each_state_change_once():
    p = ScreenPower(60, local_time=LocalTime())
    for t in (1, 30, 59, 60, 61, 500):
        p.tick(t)
    assert p.changes == 1
    p.touch(501)
    assert p.changes == 2


def test_the_night_is_dark_and_an_input_wakes_it_for_the_dim_minutes():
    clock = LocalTime(23, 30)
    p = ScreenPower(600, Schedule.parse("07:00-23:00"), local_time=clock)
    assert p.tick(700) is OFF  # nobody touched it since the start at 0
    assert p.touch(1000) is True and p.state is ON
    assert p.tick(1000 + 599) is ON
    assert p.tick(1000 + 600) is OFF  # dark again, not dim, at night


def test_the_morning_opens_the_window_like_an_input():
    clock = LocalTime(6, 59)
    p = ScreenPower(600, Schedule.parse("07:00-23:00"), local_time=clock, start=0)
    assert p.tick(5000) is OFF
    clock.set(7, 0)
    assert p.tick(5060) is ON
    assert p.tick(5060 + 599) is ON and p.tick(5060 + 600) is DIM


def test_a_game_at_closing_time_is_not_cut_off():
    clock = LocalTime(22, 58)
    p = ScreenPower(600, Schedule.parse("07:00-23:00"), local_time=clock)
    p.touch(10_000)
    clock.set(23, 1)
    assert p.tick(10_180) is ON  # touched three minutes ago
    assert p.tick(10_600) is OFF


def test_night_wake_defaults_to_ten_minutes_when_the_screen_never_dims():
    p = ScreenPower(0, Schedule.parse("07:00-23:00"), local_time=LocalTime(3, 0))
    p.touch(0)
    assert p.tick(DEFAULT_DIM_AFTER_MIN * 60 - 1) is ON and p.tick(DEFAULT_DIM_AFTER_MIN * 60) is OFF


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 1800), st.sampled_from([None, "07:00-23:00", "22:00-06:00"]),
       st.lists(st.tuples(st.floats(0, 2000), st.booleans(), st.integers(0, 23)), max_size=40))
def test_fuzz_the_state_machine_keeps_its_promises(dim_after, window, moves):
    local = LocalTime()
    schedule = parse_schedule(window)
    p = ScreenPower(dim_after, schedule, local_time=local)
    now = 0.0
    for dt, is_touch, hour in moves:
        now += dt
        local.set(hour)
        inside = schedule is None or schedule.contains(local())
        if is_touch:
            before = p.tick(now)
            swallowed = p.touch(now)
            assert p.state is ON  # an input always leaves the screen on
            if before is not ON:
                assert swallowed  # the waking input never reaches the game
        else:
            state = p.tick(now)
            assert state is not DIM or (inside and dim_after > 0)
            assert state is not OFF or not inside


def test_a_window_over_midnight():
    s = Schedule.parse("18:00-02:00")
    assert [s.contains(dtime(h)) for h in (17, 18, 23, 0, 1, 2, 12)] == [False, True, True, True, True, False, False]


def test_bad_dim_after_is_refused():
    with pytest.raises(ValueError):
        ScreenPower(-1, local_time=LocalTime())


# --- the schedule's text form ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "start", "end"), [
    ("07:00-23:00", 420, 1380), ("7:05-23:59", 425, 1439), (" 22:30 - 06:15 ", 1350, 375),
    ("08:00-24:00", 480, 0), ("00:00-00:01", 0, 1),
])
def test_schedules_parse(text, start, end):
    s = Schedule.parse(text)
    assert (s.start, s.end) == (start, end)
    assert Schedule.parse(str(s)) == s


@pytest.mark.parametrize("text", [
    "7", "07:00", "07:00-", "-07:00", "25:00-07:00", "07:60-08:00", "07:00-07:00", "a-b", "07:00-08:00-09:00",
    "24:00-07:00", "07.00-08.00", "\u0660\u0667:00-08:00", "07:00–23:00", "0700-2300", "007:00-08:00",
])
def test_malformed_schedules_raise_schedule_error(text):
    with pytest.raises(ScheduleError) as info:
        Schedule.parse(text)
    assert isinstance(info.value, ValueError)
    assert "HH:MM-HH:MM" in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("text", [None, "", "  ", "always", "none", "OFF"])
def test_empty_or_always_means_no_schedule(text):
    assert parse_schedule(text) is None


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="0123456789:- \t", max_size=16)))
def test_fuzz_the_parser_returns_a_schedule_or_raises_schedule_error(text):
    try:
        s = parse_schedule(text)
    except ScheduleError as exc:
        assert "\n" not in str(exc)
        return
    if s is not None:
        assert Schedule.parse(str(s)) == s
        assert 0 <= s.start < 1440 and 0 <= s.end < 1440 and s.start != s.end


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 1439), st.integers(0, 1439), st.integers(0, 1439))
def test_fuzz_round_trip_and_contains_agree_with_counting(start, end, minute):
    if start == end:
        with pytest.raises(ScheduleError):
            Schedule(start, end)
        return
    s = Schedule(start, end)
    assert Schedule.parse(str(s)) == s
    window = {(start + k) % 1440 for k in range((end - start) % 1440)}
    assert s.contains(dtime(minute // 60, minute % 60)) == (minute in window)


def test_settings_arguments_over_environment_over_defaults():
    s = power_settings(None, None, {})
    assert (s.dim_after, s.schedule, s.problems) == (600.0, None, ())
    s = power_settings(None, None, {"APPLEJACK_DIM_AFTER": "2.5", "APPLEJACK_SCREEN_SCHEDULE": "07:00-23:00"})
    assert (s.dim_after, str(s.schedule), s.problems) == (150.0, "07:00-23:00", ())
    s = power_settings(0, "08:00-20:00", {"APPLEJACK_DIM_AFTER": "2.5", "APPLEJACK_SCREEN_SCHEDULE": "07:00-23:00"})
    assert (s.dim_after, str(s.schedule)) == (0.0, "08:00-20:00")


def test_settings_malformed_values_are_one_problem_each_and_the_defaults():
    s = power_settings(None, None, {"APPLEJACK_DIM_AFTER": "soon", "APPLEJACK_SCREEN_SCHEDULE": "night"})
    assert (s.dim_after, s.schedule) == (600.0, None)
    assert len(s.problems) == 2 and all("\n" not in p for p in s.problems)
    assert "APPLEJACK_SCREEN_SCHEDULE" in s.problems[1] and "stays on" in s.problems[1]


# --- burn-in ----------------------------------------------------------------------------------------

@given(st.floats(allow_nan=True, allow_infinity=True))
def test_orbit_is_bounded(elapsed):
    dx, dy = orbit_offset(elapsed)
    assert abs(dx) <= 3 and abs(dy) <= 3


def test_orbit_starts_at_zero_moves_a_pixel_or_two_a_minute_and_comes_back():
    assert orbit_offset(0) == orbit_offset(59.9) == (0, 0)
    path = [orbit_offset(60 * k) for k in range(25)]
    assert path[24] == (0, 0)
    assert len(set(path)) >= 8  # it really moves around
    for a, b in itertools.pairwise(path):
        assert abs(a[0] - b[0]) <= 2 and abs(a[1] - b[1]) <= 2


@given(st.floats(min_value=0, max_value=1e9), st.integers(0, 2000), st.integers(0, 2000))
def test_drift_stays_inside(elapsed, w, h):
    x, y = drift_position(elapsed, (w, h))
    assert 0 <= x <= w and 0 <= y <= h


# --- the front ends ----------------------------------------------------------------------------------

@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((800, 480))
    pygame.event.clear()
    yield surface
    pygame.display.quit()


def make_app(display, dim_after=600.0, schedule=None, local=None):
    ctl = Controller(DATA)
    clock = ManualClock(1000.0)
    inputs: queue.Queue = queue.Queue()
    app = App(ctl, display, games=registry.games(), inputs=inputs, clock=clock)
    power = ScreenPower(dim_after, schedule, local_time=local or LocalTime(), start=clock())
    saver = ScreenSaver(power, start=clock())
    saver.attach(app, on_wake=app.touched)
    return app, ctl, clock, inputs, saver


def post_key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def brightness(surface):
    return sum(pygame.transform.average_color(surface)[:3])


def test_app_the_key_that_wakes_a_dim_screen_does_not_press(display):
    app, ctl, clock, _inputs, saver = make_app(display)
    app.step()
    players = ctl.setup.players
    clock.advance(600)
    app.step()
    assert saver.power.state is DIM
    post_key(pygame.K_3 if players != 3 else pygame.K_2)
    app.step(pygame.event.get())
    assert saver.power.state is ON and ctl.setup.players == players  # woke, pressed nothing
    clock.advance(1)
    post_key(pygame.K_3 if players != 3 else pygame.K_2)
    app.step(pygame.event.get())
    assert ctl.setup.players != players  # the next key plays


def test_app_a_touch_and_its_mouse_twin_on_a_dim_screen_press_nothing(display):
    app, ctl, clock, _inputs, saver = make_app(display)
    app.step()
    target = next(rect.center for rect, name in app.view.targets if name == "trough3")
    before = ctl.setup.players
    clock.advance(601)
    app.step()
    assert saver.power.state is DIM
    x, y = target[0] / 800, target[1] / 480
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, touch_id=1, finger_id=1, pressure=1.0,
                                         dx=0.0, dy=0.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=1, touch=False))
    app.step(pygame.event.get())
    assert saver.power.state is ON and ctl.setup.players == before
    clock.advance(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=1, touch=False))
    app.step(pygame.event.get())
    assert ctl.setup.players == 3


def test_app_the_button_that_wakes_a_dark_screen_does_not_press(display):
    local = LocalTime(2, 0)
    app, ctl, clock, inputs, saver = make_app(display, schedule=Schedule.parse("07:00-23:00"), local=local)
    clock.advance(700)
    app.step()
    assert saver.power.state is OFF
    assert isinstance(app.inputs, WakingInputs)
    before = ctl.setup.players
    inputs.put(ButtonPress("trough3", clock()))
    app.step()
    assert saver.power.state is ON and ctl.setup.players == before
    clock.advance(1)
    inputs.put(ButtonPress("trough3", clock()))
    app.step()
    assert ctl.setup.players == 3


def test_app_the_trough_leds_are_dark_while_the_screen_is_and_come_back(display):
    from table.games.applejack.companion.api import LedState

    app, _ctl, clock, _inputs, saver = make_app(display, schedule=Schedule.parse("07:00-23:00"), local=LocalTime(2))
    app.step()
    lit = app.indicators.current
    assert lit is not None and lit != LedState("off")
    clock.advance(600)
    app.step()
    assert saver.power.state is OFF and app.indicators.current == LedState("off")
    post_key(pygame.K_2)
    app.step(pygame.event.get())
    assert saver.power.state is ON and app.indicators.current == lit


def test_app_redraws_only_when_something_changed_and_the_dim_state_counts(display):
    app, _ctl, clock, *_unused, saver = make_app(display)
    app.step()
    bright = brightness(display)
    assert saver.presented == 1
    for _n in range(5):
        clock.advance(1)
        app.step()
    assert saver.presented == 1 and app.frames == 1
    clock.advance(600)
    app.step()
    assert saver.power.state is DIM and saver.presented == 2 and app.frames == 1  # the same frame, dimmed
    assert brightness(display) < bright * 0.6
    app.step()
    assert saver.presented == 2
    post_key(pygame.K_2)
    app.step(pygame.event.get())
    assert saver.presented == 3 and brightness(display) == pytest.approx(bright, rel=0.05)


def test_app_dark_at_night_is_black(display):
    app, *_unused, saver = make_app(display, schedule=Schedule.parse("07:00-23:00"), local=LocalTime(1, 0))
    app.clock.advance(601)
    app.step()
    assert saver.power.state is OFF
    assert pygame.transform.average_color(display)[:3] == (0, 0, 0)


def test_app_the_frame_orbits_a_few_pixels_a_minute_and_touches_follow_it(display):
    app, ctl, clock, *_unused, saver = make_app(display, dim_after=0)
    app.step()
    frame = saver.frame.copy()
    moved = 0
    for minute in range(1, 6):
        clock.t = 1000 + 60 * minute
        app.step()
        dx, dy = orbit_offset(60 * minute)
        assert saver.offset == (dx, dy)
        assert saver.presented == minute + 1  # one redraw per orbit step, none between
        if (dx, dy) != (0, 0):
            moved += 1
            assert display.get_at((400 + dx, 240 + dy)) == frame.get_at((400, 240))
    assert moved >= 3
    # a touch lands where the button was drawn, shifted: its shifted corner pixel is outside the
    # button's unshifted rectangle, and still presses it
    rect = next(rect for rect, name in app.view.targets if name == "trough4")
    dx, dy = saver.offset
    assert dx and dy
    corner = (rect.right - 1 if dx > 0 else rect.left, rect.bottom - 1 if dy > 0 else rect.top)
    shown = (corner[0] + dx, corner[1] + dy)
    assert not rect.collidepoint(shown)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=shown, button=1, touch=False))
    app.step(pygame.event.get())
    assert ctl.setup.players == 4


def test_demo_the_touch_that_wakes_a_dim_demo_does_not_start_play(display):
    from table.display.demo import PLAY, run_demo_screen
    from table.games.applejack.bots.demo import demo_steps
    from table.games.applejack.view.demo import ApplejackDemoScreen

    clock = ManualClock(0.0)
    screen = ApplejackDemoScreen(DATA, display, demo_steps(DATA, games=0, players=2, seed=1), pace=1000.0, clock=clock,
                        inputs=queue.Queue())
    power = ScreenPower(60, local_time=LocalTime(), start=0.0)
    ScreenSaver(power).attach(screen)
    clock.advance(61)
    turns = iter(range(3))
    post_key(pygame.K_SPACE)
    assert run_demo_screen(screen, running=lambda: next(turns, None) is not None) != PLAY
    assert power.state is ON and screen.frames >= 1
    assert screen.saver.presented >= 1
    clock.advance(1)
    post_key(pygame.K_SPACE)
    assert run_demo_screen(screen, running=lambda: True) == PLAY


def test_demo_a_waking_button_is_dropped_the_next_one_plays(display):
    from table.display.demo import PLAY
    from table.games.applejack.bots.demo import demo_steps
    from table.games.applejack.view.demo import ApplejackDemoScreen

    clock = ManualClock(0.0)
    inputs: queue.Queue = queue.Queue()
    screen = ApplejackDemoScreen(DATA, display, demo_steps(DATA, games=0, players=2, seed=1), clock=clock,
                                 inputs=inputs)
    ScreenSaver(ScreenPower(60, local_time=LocalTime(), start=0.0)).attach(screen)
    clock.advance(100)
    inputs.put(ButtonPress("blind", 100))
    assert screen.step() is None
    clock.advance(1)
    inputs.put(ButtonPress("blind", 101))
    assert screen.step() == PLAY


def test_play_and_demo_hand_the_same_saver_on(monkeypatch):
    from table.commands import demo as demo_cmd

    seen = []
    monkeypatch.setattr("table.commands.play.run", lambda args: seen.append(args) or 0)
    args = demo_cmd.build_args(["--dim-after", "3", "--schedule", "08:00-20:00"])
    args.screen_saver = marker = object()
    assert demo_cmd.play_after_demo(args) == 0
    (p,) = seen
    assert (p.dim_after, p.schedule, p.screen_saver) == (3.0, "08:00-20:00", marker)


def test_screen_saver_for_is_made_once_per_process_and_logs_a_bad_schedule_once(caplog):
    args = SimpleNamespace(dim_after=None, schedule=None)
    env = {"APPLEJACK_SCREEN_SCHEDULE": "after dinner", "APPLEJACK_BACKLIGHT": "off"}
    with caplog.at_level(logging.WARNING, logger="applejack.screen"):
        first = screen_saver_for(args, clock=lambda: 5.0, environ=env)
        again = screen_saver_for(args, clock=lambda: 9.0, environ=env)
    assert first is again and first.power.schedule is None and first.power.dim_after == 600.0
    assert len(caplog.records) == 1 and "after dinner" in caplog.records[0].getMessage()


# --- the backlight ----------------------------------------------------------------------------------

def fake_backlight(root: Path, name="10-0045", maximum=31, power=True) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "max_brightness").write_text(f"{maximum}\n")
    (folder / "brightness").write_text(f"{maximum}\n")
    if power:
        (folder / "bl_power").write_text("0\n")
    return folder


def read(folder: Path, name: str) -> str:
    return (folder / name).read_text().strip()


def test_backlight_dims_darkens_and_comes_back(tmp_path):
    folder = fake_backlight(tmp_path)
    bl = Backlight(folder)
    bl.show(DIM)
    assert (read(folder, "brightness"), read(folder, "bl_power")) == ("9", "0")
    bl.show(OFF)
    assert read(folder, "bl_power") == "4"
    bl.close()
    assert (read(folder, "brightness"), read(folder, "bl_power")) == ("31", "0")


def test_backlight_without_bl_power_goes_dark_by_brightness(tmp_path):
    folder = fake_backlight(tmp_path, power=False)
    bl = Backlight(folder)
    bl.show(OFF)
    assert read(folder, "brightness") == "0" and not (folder / "bl_power").exists()
    bl.show(ON)
    assert read(folder, "brightness") == "31"


def test_backlight_write_failure_is_one_log_line_once(tmp_path, caplog):
    folder = fake_backlight(tmp_path)
    (folder / "brightness").unlink()
    (folder / "brightness").mkdir()  # a write fails (as EACCES would on a real one)
    bl = Backlight(folder)
    with caplog.at_level(logging.WARNING, logger="applejack.screen"):
        assert bl.show(DIM) is False
        assert bl.show(ON) is False
        assert bl.show(DIM) is False
    assert len(caplog.records) == 1 and "dimming on the screen only" in caplog.records[0].getMessage()


def test_the_saver_drives_the_backlight(tmp_path, display):
    folder = fake_backlight(tmp_path)
    app, _ctl, clock, _inputs, saver = make_app(display)
    saver.backlight = Backlight(folder)
    app.step()
    assert read(folder, "brightness") == "31"
    clock.advance(600)
    app.step()
    assert read(folder, "brightness") == "9"


def test_find_and_choose_a_backlight_from_the_environment(tmp_path, caplog):
    assert find_backlight(tmp_path / "none") is None
    folder = fake_backlight(tmp_path / "class", name="rpi_backlight")
    (tmp_path / "class" / "acpi_video0").mkdir()  # not a backlight: no brightness files
    assert find_backlight(tmp_path / "class") == folder
    assert backlight_from_env({}, root=tmp_path / "class").folder == folder
    assert backlight_from_env({"APPLEJACK_BACKLIGHT": "off"}, root=tmp_path / "class") is None
    assert backlight_from_env({"APPLEJACK_BACKLIGHT": str(folder)}).folder == folder
    with caplog.at_level(logging.WARNING, logger="applejack.screen"):
        assert backlight_from_env({"APPLEJACK_BACKLIGHT": str(tmp_path / "nope")}) is None
    assert len(caplog.records) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file")
def test_an_unwritable_backlight_is_left_alone(tmp_path):
    folder = fake_backlight(tmp_path / "class")
    (folder / "brightness").chmod(0o444)
    assert backlight_from_env({}, root=tmp_path / "class") is None


# --- from outside the process ---------------------------------------------------------------------------

def run_cli(*args: str, env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT), APPLEJACK_BACKLIGHT="off", **env_extra)
    env.pop("APPLEJACK_DIE_SENSOR", None)
    return subprocess.run([sys.executable, "-m", "table", *args], capture_output=True, text=True, timeout=180,
                          cwd=ROOT, env=env)


def test_a_malformed_schedule_in_the_env_is_one_line_and_the_screen_stays_on(tmp_path):
    shot = tmp_path / "s.png"
    r = run_cli("play", "--display", "window", "--pins", "none", "--state-dir", str(tmp_path / "state"),
                "--screenshot", str(shot), env_extra={"APPLEJACK_SCREEN_SCHEDULE": "7am-11pm\nrm -rf /"})
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    lines = [line for line in r.stderr.splitlines() if "schedule" in line.lower()]
    assert len(lines) == 1, r.stderr
    assert "APPLEJACK_SCREEN_SCHEDULE" in lines[0] and "stays on" in lines[0]
    assert shot.is_file()


def test_text_mode_has_no_screen_to_dim_and_says_nothing_about_it(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("")
    r = run_cli("play", "--text", "--state-dir", str(tmp_path / "state"), "--script", str(script),
                env_extra={"APPLEJACK_SCREEN_SCHEDULE": "garbage", "APPLEJACK_DIM_AFTER": "soon"})
    assert r.returncode == 0, r.stderr
    assert "schedule" not in r.stderr.lower() and "APPLEJACK_DIM_AFTER" not in r.stderr


def test_a_bad_dim_after_argument_is_a_usage_error_not_a_traceback(tmp_path):
    r = run_cli("play", "--dim-after", "-3", "--text", env_extra={})
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "--dim-after" in r.stderr and "minutes" in r.stderr


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
def test_the_wake_hint_fits_a_small_screen_in_every_language(lang):
    from table.i18n import using

    pygame.display.init()
    pygame.font.init()
    try:
        with using(lang):
            saver = ScreenSaver(ScreenPower(60, local_time=LocalTime()))
            screen = SimpleNamespace(surface=pygame.Surface((480, 320)), inputs=None, clock=lambda: 0.0, frames=0)
            saver.attach(screen)
            hint = saver.hint_surface()
            assert hint is not None and hint.get_width() <= 480 - 16
    finally:
        pygame.display.quit()
