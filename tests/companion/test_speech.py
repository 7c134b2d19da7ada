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
