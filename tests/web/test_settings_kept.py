"""The owner's kept settings (``table/companion/kept.py``): one checked file in the state dir,
read where each setting is used, so a change takes effect without a restart; the command line
and the environment still rule."""

from __future__ import annotations

import json
import logging
import os
import stat
from datetime import time as dtime

from table.companion import kept as K
from table.display.power import ScreenPower
from table.schedule import SCHEDULE_ENV, Schedule


def test_the_settings_are_written_whole_private_and_read_back_checked(tmp_path):
    K.save(tmp_path, K.Kept(schedule=K.check_schedule("7:00-23:00"), demo_games=("zankapfel",),
                            names=K.check_names(["  Ada ", "Bo", "Ada", ""])))
    path = tmp_path / K.FILE_NAME
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert not (tmp_path / (K.FILE_NAME + ".part")).exists()
    assert K.load(tmp_path) == K.Kept("07:00-23:00", ("zankapfel",), ("Ada", "Bo"))
    assert K.load(tmp_path / "nothing-here") == K.Kept()


def test_a_damaged_file_is_one_line_and_the_defaults_never_a_traceback(tmp_path, caplog):
    path = tmp_path / K.FILE_NAME
    caplog.set_level(logging.WARNING, logger="applejack.settings")
    for text in ("{not json", "[1, 2]", "\x00\xff" * 10, "x" * (K.LONGEST_FILE + 5)):
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        caplog.clear()
        assert K.load(tmp_path) == K.Kept()
        assert K.load(tmp_path) == K.Kept()  # read again: said once only
        assert len(caplog.records) <= 1
    # one bad value: that value's default, the others kept
    path.write_text(json.dumps({"schedule": "25:00-07:00", "demo_games": "all", "names": ["Ada", "x" * 30]}))
    caplog.clear()
    assert K.load(tmp_path) == K.Kept()
    assert any("25:00" in r.getMessage() for r in caplog.records)
    path.write_text(json.dumps({"schedule": "25:00-07:00", "names": ["Ada"]}))
    assert K.load(tmp_path) == K.Kept(names=("Ada",))
    path.unlink()
    (tmp_path / "elsewhere").write_text(json.dumps({"names": ["Eve"]}))
    path.symlink_to(tmp_path / "elsewhere")
    assert K.load(tmp_path) == K.Kept()  # a symlink is not the settings file


def test_refusals_use_the_tables_own_words():
    for bad, words in (("25:00-07:00", "past 23:59"), ("07:00", "one start and one end"), (7, "HH:MM")):
        try:
            K.check_schedule(bad)
        except K.SettingRefused as exc:
            assert words in str(exc)
        else:
            raise AssertionError(bad)
    assert K.check_schedule("") == "" and K.check_schedule("always") == ""
    for names, words in ((["x" * 21], "at most 20"), (["A\x07"], "control"), ("Ada", "a list")):
        try:
            K.check_names(names)
        except K.SettingRefused as exc:
            assert words in str(exc)
        else:
            raise AssertionError(names)
    try:
        K.check_demo_games(["chess"], ["applejack", "zankapfel"])
    except K.SettingRefused as exc:
        assert "chess" in str(exc)
    else:
        raise AssertionError("chess")


def test_the_screens_hours_follow_the_kept_file_at_once_unless_the_command_line_or_environment_gives_them(tmp_path):
    K.save(tmp_path, K.Kept(schedule="07:00-23:00"))
    power = ScreenPower(600.0, None, local_time=lambda: dtime(3, 0), start=0.0)
    K.follow_schedule(power, tmp_path, environ={}, argv=[])
    assert power.schedule == Schedule.parse("07:00-23:00")
    K.save(tmp_path, K.Kept(schedule="08:30-22:00"))  # the page saves: no restart
    assert power.schedule == Schedule.parse("08:30-22:00")
    K.save(tmp_path, K.Kept(schedule=""))
    assert power.schedule is None
    ruled = ScreenPower(600.0, Schedule.parse("06:00-20:00"), local_time=lambda: dtime(3, 0), start=0.0)
    K.follow_schedule(ruled, tmp_path, environ={SCHEDULE_ENV: "06:00-20:00"}, argv=[])
    by_option = ScreenPower(600.0, Schedule.parse("06:00-20:00"), local_time=lambda: dtime(3, 0), start=0.0)
    K.follow_schedule(by_option, tmp_path, environ={}, argv=["--schedule", "06:00-20:00"])
    K.save(tmp_path, K.Kept(schedule="09:00-10:00"))
    assert power.schedule == Schedule.parse("09:00-10:00")
    assert ruled.schedule == by_option.schedule == Schedule.parse("06:00-20:00")
    assert K.override("schedule", {SCHEDULE_ENV: "x"}, []) == SCHEDULE_ENV
    assert K.override("schedule", {}, ["--schedule=07:00-08:00"]) == "--schedule"


def test_the_screen_saver_a_command_makes_follows_the_kept_hours(tmp_path, monkeypatch):
    import argparse

    from table.display.screensaver import screen_saver_for

    K.save(tmp_path, K.Kept(schedule="07:00-23:00"))
    args = argparse.Namespace(state_dir=tmp_path, schedule=None, dim_after=None)
    saver = screen_saver_for(args, clock=lambda: 0.0, environ={})
    assert saver.power.schedule == Schedule.parse("07:00-23:00")
    K.save(tmp_path, K.Kept(schedule="10:00-11:00"))
    assert saver.power.schedule == Schedule.parse("10:00-11:00")
    given = argparse.Namespace(state_dir=tmp_path, schedule="05:00-06:00", dim_after=None)
    assert screen_saver_for(given, clock=lambda: 0.0, environ={}).power.schedule == Schedule.parse("05:00-06:00")


def test_the_idle_demo_shows_the_kept_games_unless_the_command_line_or_environment_chose(tmp_path):
    every = ("applejack", "zankapfel", "draftcider", "waldgaertner")
    assert K.idle_demo_turn("all", every, every, tmp_path, environ={}, argv=[]) == every
    K.save(tmp_path, K.Kept(demo_games=("waldgaertner", "zankapfel", "gone")))
    assert K.idle_demo_turn("all", every, every, tmp_path, environ={}, argv=[]) == ("waldgaertner", "zankapfel")
    assert K.idle_demo_turn("mixed", ("applejack", "zankapfel"), every, tmp_path,
                            environ={K.DEMO_ENV: "mixed"}, argv=[]) == ("applejack", "zankapfel")
    assert K.idle_demo_turn("draftcider", ("draftcider",), every, tmp_path, environ={},
                            argv=["--demo-games", "draftcider"]) == ("draftcider",)


def test_the_idle_demo_reads_the_kept_games_when_it_starts(tmp_path, monkeypatch):
    import argparse

    from table.commands import attract

    K.save(tmp_path, K.Kept(demo_games=("draftcider",)))
    seen = {}

    def screen(data, args, bots):
        seen["turn"] = args.turn
        return 0

    monkeypatch.setattr(attract, "run_screen", screen)
    monkeypatch.delenv(K.DEMO_ENV, raising=False)
    monkeypatch.setattr("sys.argv", ["applejack-table", "play"])
    play_args = argparse.Namespace(display="window", pins="none", demo_games="all", size=None, state_dir=tmp_path)
    attract.run_idle_demo(play_args)
    assert seen["turn"] == ("draftcider",)
    K.save(tmp_path, K.Kept(demo_games=("zankapfel", "applejack")))  # changed while the kiosk runs
    attract.run_idle_demo(play_args)
    assert seen["turn"] == ("zankapfel", "applejack")


def test_the_kept_names_are_offered_first_at_setup_and_a_change_needs_no_restart(tmp_path):
    from tests.web.tables import shell

    ctl, journal = shell(tmp_path, "zankapfel")
    try:
        assert ctl.known_players() == []
        K.save(tmp_path, K.Kept(names=("Ada", "Bo")))
        assert ctl.known_players() == ["Ada", "Bo"]
        ctl.press("names")  # the setup's Names page
        ctl.press("name0")
        assert ctl.seat_names()[0] == "Ada"  # the name button's first name: the kept one
        ctl.press("names:done")
        ctl.do("game waldgaertner")  # another game's module: the same names
        assert ctl.known_players()[:2] == ["Ada", "Bo"]
    finally:
        journal.close()
