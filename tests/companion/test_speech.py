import logging

from table.companion.speech import Speaker


class FakeProc:
    def __init__(self, argv, **kw):
        self.argv = argv
        self.terminated = False

    def poll(self):
        return None

    def terminate(self):
        self.terminated = True


def test_speaks_the_newest_line_without_waiting():
    procs = []

    def popen(argv, **kw):
        procs.append(FakeProc(argv))
        return procs[-1]

    s = Speaker(which=lambda name: "/usr/bin/espeak-ng", popen=popen)
    log = ["Harvest Red (square mark): every Red area − 2"]
    s.say_all(log)
    assert procs[0].argv[-1] == "Harvest Red (square mark): every Red area minus 2"
    log.append("Turn 3")
    s.say_all(log)
    s.say_all(log)
    assert len(procs) == 2 and procs[0].terminated


def test_silent_with_one_log_line_without_espeak(caplog):
    caplog.set_level(logging.INFO)
    s = Speaker(which=lambda name: None)
    s.say_all(["a", "b"])
    assert [r.message for r in caplog.records] == ["espeak-ng is not installed: announcements stay silent"]


def test_speech_says_what_the_screen_means_without_glyphs():
    from table.companion.speech import spoken

    assert spoken("Turn 1: ○ Circle takes from trough 1 with 2 tiles and trough 2 with 2 tiles") == \
        "Turn 1: Circle takes from trough 1 with 2 tiles and trough 2 with 2 tiles"
    assert spoken("☆ Star: harvest 3 ×2 = 6 → 40") == "Star: harvest 3 times 2 = 6, total 40"


def test_logs_why_it_could_not_speak_once_per_reason(caplog):
    caplog.set_level(logging.INFO)

    def broken(argv, **kw):
        raise PermissionError(13, "Permission denied")

    s = Speaker(which=lambda name: "/usr/bin/espeak-ng", popen=broken)
    s.say_all(["a"])
    s.say_all(["a", "b"])
    (record,) = caplog.records
    assert record.levelname == "WARNING" and "Permission denied" in record.message and "'a'" in record.message


def test_text_mode_speaks_the_first_turn_as_the_window_does():
    import io

    from table.companion.text import run_text
    from table.games.applejack.companion.api import Controller
    from table.games.applejack.files import load_dataset

    said = []

    class Proc:
        def __init__(self, argv, **kw):
            said.append(argv[-1])

        def poll(self):
            return 0

    ctl = Controller(load_dataset())
    speaker = Speaker(which=lambda name: "/usr/bin/espeak-ng", popen=Proc)
    run_text(ctl, ["setup players=2", "start"], io.StringIO(), after_each=lambda: speaker.say_all(ctl.log))
    assert said[-1].startswith("Turn 1: Circle takes from trough 1 with 2 tiles")


def test_a_waldgaertner_card_id_is_said_as_a_card():
    from table.companion.speech import spoken

    assert spoken("Seat 1 takes #17 Apple, pays 1") == "Seat 1 takes card 17 Apple, pays 1"
