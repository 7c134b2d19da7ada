"""Teach mode (games/applejack/companion/teach.py): each kind explained once, the first time it happens,
in text mode; skip and teach off; a resumed game does not explain again; off changes nothing."""

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from table.companion.speech import Speaker
from table.companion.text import run_text
from table.games.applejack.companion import teach
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.companion.teach import LessonKind, Teacher, TeachError
from table.games.applejack.files import load_dataset
from table.i18n import gettext_in

DATA = load_dataset()
FIXTURES = Path(__file__).parent / "fixtures"
WHY = "  Why: "


def script(setup: str, seed: int, *, stop: int | None = None) -> list[str]:
    """A whole game as text-mode lines: the setup, ``start``, every announcement confirmed (an
    empty line) and a seeded choice of take / blind / cottage / stock / middle until the game is
    over (``stop``: only that many lines)."""
    rng = random.Random(seed)
    ctl = Controller(DATA, rng=random.Random(0))
    lines = [f"setup {setup}", "start"]
    for line in lines:
        ctl.do(line)
    while not ctl.t.is_terminal() or ctl.queued:
        if stop is not None and len(lines) >= stop:
            break
        if ctl.queued:
            ctl.do("ack")
            lines.append("")
            continue
        action = str(rng.choice([a for a in ctl.t.legal_actions() if not a.kind.startswith("fix")]))
        ctl.do(action)
        lines.append(action)
    return lines


def text_game(lines: list[str]) -> tuple[Controller, list[str]]:
    ctl = Controller(DATA, rng=random.Random(0))
    out = io.StringIO()
    run_text(ctl, lines, out, echo=True)
    return ctl, out.getvalue().splitlines()


def sentence_kind(line: str) -> LessonKind:
    text = line[len(WHY):]
    matches = [k for k in LessonKind if teach.sentence(k) == text or teach.sentence(k, cottage=True) == text]
    assert len(matches) == 1, line
    return matches[0]


def first_index(out: list[str], pred) -> int:
    return next(i for i, line in enumerate(out) if pred(line))


# what each kind's first occurrence looks like in the text output (today's English lines)
TRIGGERS = {
    LessonKind.HARVEST: lambda s: s.startswith("Harvest "),
    LessonKind.REFILL: lambda s: s.startswith("Refill: "),
    LessonKind.BLOSSOM: lambda s: "then blossom scoring" in s,
    LessonKind.LOOP: lambda s: ": loop 2 of 3 starts" in s,
    LessonKind.MIDDLE: lambda s: s.startswith("Middle space: "),
    LessonKind.LAST: lambda s: s.startswith("Turn ") and s.endswith("LAST TURN"),
    LessonKind.RESTOCK: lambda s: s.startswith("Turn ") and "restocks the cottage" in s,
    LessonKind.FINAL: lambda s: s.startswith("Game over after ") and s.endswith("final scoring"),
}


def check_game(out: list[str], expected: set[LessonKind]) -> list[LessonKind]:
    """Every kind explained exactly once, right after the line where it first happens; the five
    steps after the first turn prompt, in order. Returns the kinds in the order taught."""
    whys = [i for i, line in enumerate(out) if line.startswith(WHY)]
    kinds = [sentence_kind(out[i]) for i in whys]
    assert len(kinds) == len(set(kinds)), kinds
    assert set(kinds) == expected
    for kind, trigger in TRIGGERS.items():
        if kind in expected:
            at = first_index(out, trigger)
            assert sentence_kind(out[at + 1]) == kind, (kind, out[at], out[at + 1])
    turns = [i for i, line in enumerate(out) if line.startswith("Turn ") and "takes from" in line]
    for n, kind in enumerate(teach.STEPS):  # issue 21: all five right after the first turn line
        assert sentence_kind(out[turns[0] + 1 + n]) == kind
    order = sorted(whys)
    assert kinds == [sentence_kind(out[i]) for i in order]
    return kinds


def test_a_whole_two_player_game_explains_each_kind_once_in_order_of_first_occurrence():
    lines = script("players=2 teach on", 11)
    ctl, out = text_game(lines)
    kinds = check_game(out, set(LessonKind) - {LessonKind.MIDDLE, LessonKind.RESTOCK})
    assert kinds[0] == LessonKind.TAKE and kinds[-1] == LessonKind.FINAL
    assert kinds.index(LessonKind.BLOSSOM) < kinds.index(LessonKind.LOOP) < kinds.index(LessonKind.LAST)
    intro = [i for i, line in enumerate(out) if line.startswith("Teach mode on: ")]
    assert len(intro) == 1 and out[intro[0] + 1].startswith("Turn 1: ")  # said once, before the first turn
    assert ctl.teacher.explained == tuple(kinds)


def test_the_cottage_variant_explains_the_restock_and_names_the_cottage_in_step_1():
    lines = script("players=3 cottage=on teach=on", 5)
    assert any(line == "cottage" for line in lines)
    _ctl, out = text_game(lines)
    check_game(out, set(LessonKind) - {LessonKind.MIDDLE})
    assert any(line == WHY + teach.sentence(LessonKind.TAKE, cottage=True) for line in out)


def test_a_solo_game_explains_the_middle_space_and_has_no_blossom_scoring():
    lines = script("players=1 teach on", 2)
    _ctl, out = text_game(lines)
    check_game(out, set(LessonKind) - {LessonKind.BLOSSOM, LessonKind.RESTOCK})


def test_blossom_lesson_says_blossoms_need_not_touch_and_no_pips_are_subtracted():
    text = teach.sentence(LessonKind.BLOSSOM)
    assert "need not touch" in text and "no pips are taken off" in text and "each pip on the die" in text
    # the rulebook: "The blossoms do not have to be adjacent … You also do not subtract the number of pips"
    rules = next(Path("/work/shared/seeds").glob("000_*.txt"), None) if Path("/work/shared/seeds").exists() else None
    if rules is not None:
        body = rules.read_text(encoding="utf-8")
        assert "The blossoms do **not** have to be adjacent" in body
        assert "do not subtract the number of pips of the die" in body


def test_skip_hides_the_lesson_shown_and_is_journalled():
    journal: list[tuple[str, object]] = []
    ctl = Controller(DATA, on_command=lambda kind, payload: journal.append((kind, payload)))
    ctl.do("setup players=2 teach on")
    ctl.do("start")
    assert ctl.lesson == teach.sentence(LessonKind.TAKE)
    assert ctl.press("skip")
    assert ctl.lesson is None and ctl.teacher.current is None
    assert journal[-1] == ("cmd", "teach skip")
    assert not ctl.press("skip") and ctl.refusal == "no explanation to skip now"
    ctl.do("take 1")
    assert ctl.lesson is not None  # the next prompt teaches the next kind
    assert LessonKind.TAKE in ctl.teacher.explained


def test_skip_in_text_mode_and_teach_off_for_the_rest_of_the_game():
    lines = script("players=2 teach on", 11)
    cut = lines.index("", 4) + 1  # after the first confirmed announcement
    ctl, out = text_game([*lines[:cut], "skip", "teach off", *lines[cut:]])
    whys = [line for line in out if line.startswith(WHY)]
    off = out.index("Teach mode off for the rest of this game")
    assert all(i < off for i, line in enumerate(out) if line.startswith(WHY))
    assert len(whys) == len(ctl.teacher.explained) < len(LessonKind)
    assert ctl.lesson is None and not ctl.teacher.on


def test_teach_on_again_goes_on_with_what_was_not_explained():
    ctl = Controller(DATA)
    ctl.do("setup players=2 teach=on")
    ctl.do("start")
    ctl.do("teach off")
    ctl.do("take 1")
    ctl.do("teach on")
    while ctl.queued:
        ctl.do("ack")
    ctl.do(str(ctl.t.legal_actions()[0]))
    assert LessonKind.PAY in ctl.teacher.explained


def test_the_setup_screen_toggle_and_words():
    ctl = Controller(DATA)
    assert not ctl.setup.teach
    assert ctl.press("teach") and ctl.setup.teach
    assert ctl.press("teach") and not ctl.setup.teach
    ctl.do("setup teach on players=3")
    assert ctl.setup.teach and ctl.setup.players == 3
    ctl.do("teach off")  # on the setup screen: the same as setup teach=off, not journalled
    assert not ctl.setup.teach
    ctl.do("setup teach=yes")
    assert ctl.setup.teach
    assert Setup.from_dict(ctl.setup.to_dict()) == ctl.setup
    assert "teach" not in Setup(2).to_dict()  # an old journal's setup reads as before
    with pytest.raises(TeachError):
        ctl.do("setup teach=maybe")
    with pytest.raises(TeachError):
        ctl.do("teach loudly")
    with pytest.raises(TeachError):
        ctl.do("teach skip")  # no game yet


def test_resume_after_a_power_cut_gives_the_same_teacher_and_repeats_nothing():
    lines = script("players=2 cottage=on teach on", 5)
    whole, out_whole = text_game(lines)
    for cut in (3, 17, 40, len(lines) // 2, len(lines) - 3):
        journal: list[str] = []

        def keep(kind: str, payload: object, journal: list[str] = journal) -> None:
            journal.append(payload if kind == "cmd" else json.dumps(payload))  # type: ignore[arg-type]

        first = Controller(DATA, rng=random.Random(0), on_command=keep)
        out1 = io.StringIO()
        run_text(first, [*lines[:cut], "skip"] if cut == 17 else lines[:cut], out1, echo=True)
        setup, cmds = Setup.from_dict(json.loads(journal[0])), journal[1:]
        second = Controller(DATA, rng=random.Random(0))
        second.offer_resume(setup, cmds)
        second.do("resume")
        assert str(second.teacher) == str(first.teacher)
        assert Teacher.parse(str(second.teacher)) == first.teacher
        assert second.lesson == first.lesson
        out2 = io.StringIO()
        run_text(second, lines[cut:], out2, echo=True)
        whys = [line for line in (out1.getvalue() + out2.getvalue()).splitlines() if line.startswith(WHY)]
        assert len(whys) == len(set(whys))
        assert whys == [line for line in out_whole if line.startswith(WHY)]
        assert second.teacher.explained == whole.teacher.explained


def test_teach_off_output_is_byte_for_byte_todays(tmp_path):
    """A scripted game without teach mode prints exactly what the code before teach mode printed
    (``fixtures/teach_off_game.txt`` was recorded from main's code at b00c538 with the same lines,
    ``fixtures/teach_off_game.json``). Should the English text output change on purpose, record it
    again from the code without teach mode: ``run_text(Controller(data, rng=Random(0)), lines, out,
    echo=True)``."""
    lines = json.loads((FIXTURES / "teach_off_game.json").read_text())
    _ctl, out = text_game(lines)
    assert "\n".join(out) + "\n" == (FIXTURES / "teach_off_game.txt").read_text(encoding="utf-8")
    # and teach mode on prints the same lines plus its own
    _ctl, out_on = text_game([lines[0] + " teach=on", *lines[1:]])
    own = {teach.INTRO.format(skip="skip", off="teach off")}
    assert [line for line in out_on if not line.startswith(WHY) and line not in own] == [
        line.replace(lines[0], lines[0] + " teach=on") for line in out]


def test_speech_says_the_lesson_after_its_announcement():
    said: list[list[str]] = []

    class Proc:
        def poll(self):
            return 0

    def popen(args, **kwargs):
        said.append(args)
        return Proc()

    speaker = Speaker(which=lambda name: "/usr/bin/espeak-ng", popen=popen)
    ctl = Controller(DATA)
    ctl.do("setup players=2 teach on")
    ctl.do("start")
    speaker.say_all(ctl.log)
    assert said[-1][-1].startswith("Turn 1: Circle takes from") and "Why: Step 1: take one tile" in said[-1][-1]
    speaker.say_all(ctl.log)
    ctl.do("take 1")
    speaker.say_all(ctl.log)
    assert "Why:" in said[-1][-1]
    ctl.do("teach skip")
    speaker.say_all(ctl.log)  # nothing new to say
    count = len(said)
    speaker.say_all(ctl.log)
    assert len(said) == count


def test_the_tracked_game_teaches_each_entered_step_where_it_is_entered():
    ctl = Controller(DATA)
    ctl.do("setup players=2 tracked=on teach=on")
    ctl.do("start")
    rng = random.Random(4)
    assert ctl.tracked is not None
    seen: list[tuple[str, LessonKind]] = []
    for _n in range(400):
        state = ctl.tracked.state
        if ctl.queued:
            ctl.do("ack")
        elif state.is_chance():
            ctl.do(f"game draw {rng.choice(sorted(state.supply))}")
        else:
            from table.games.applejack.rules import actions as A
            ctl.do("game " + A.to_text(rng.choice(state.legal_actions())))
        if ctl.teacher.current is not None and (not seen or seen[-1][1] != ctl.teacher.current):
            seen.append((str(ctl.tracked.state.phase), ctl.teacher.current))
        if len(ctl.teacher.explained) >= 5:
            break
    from table.games.applejack.rules.game import PAY, PLACE, SELECT

    phases = {kind: phase for phase, kind in seen}
    assert phases[LessonKind.TAKE] == str(SELECT)
    assert phases[LessonKind.PAY] == str(PAY)
    assert phases[LessonKind.PLACE] == str(PLACE)
    assert [kind for _phase, kind in seen][:3] == [LessonKind.TAKE, LessonKind.PAY, LessonKind.PLACE]


@given(st.lists(st.sampled_from(list(LessonKind)), max_size=20, unique=True),
       st.one_of(st.none(), st.sampled_from(list(LessonKind))), st.booleans())
def test_the_teacher_text_form_round_trips(explained, current, on):
    t = Teacher(on, tuple(explained), current)
    assert Teacher.parse(str(t)) == t


@pytest.mark.parametrize("bad", ["", "teach", "teach maybe", "learn on", "teach on explained=nap",
                                 "teach on current=", "teach on colour=red"])
def test_a_bad_teacher_text_is_one_clear_error(bad):
    with pytest.raises(TeachError, match="not a teacher"):
        Teacher.parse(bad)


def test_a_moment_teaches_the_first_kind_not_yet_explained():
    t = Teacher(on=True)
    t = t.see(teach.STEPS)
    assert t.current == LessonKind.TAKE
    t = t.see((LessonKind.HARVEST,))
    assert t.current == LessonKind.HARVEST
    t = t.see((LessonKind.HARVEST,))
    assert t.current is None
    t = t.see(teach.STEPS)
    assert t.current == LessonKind.PAY
    assert t.skip().current is None and t.skip().explained == t.explained
    assert Teacher(on=False).see(teach.STEPS) == Teacher(on=False)
    assert t.switch(False).current is None and t.switch(False).see(teach.STEPS).current is None


def test_every_sentence_is_short_and_translated():
    for kind in LessonKind:
        text = teach.sentence(kind)
        assert len(text) <= 160 and text.endswith("."), text
        for lang in ("de", "fr", "ja"):
            assert gettext_in(lang, teach.SENTENCES[kind]) != teach.SENTENCES[kind], (lang, kind)


def test_teach_mode_in_the_cli_text_mode_and_resumed_from_the_journal(tmp_path):
    """From outside the process: ``play --text`` with a state dir, quit half way (a power cut
    leaves the journal as quitting does), then resume: no lesson is given twice."""
    lines = script("players=2 teach on", 11)
    cut = len(lines) // 3
    state = tmp_path / "state"
    outs = []
    for part, resume in ((lines[:cut], "no"), (lines[cut:], "yes")):
        src = tmp_path / f"part{len(outs)}.txt"
        src.write_text("\n".join(part) + "\n", encoding="utf-8")
        proc = subprocess.run([sys.executable, "-m", "table", "play", "--text", "--state-dir", str(state),
                               "--resume", resume, "--script", str(src), "--pins", "none"],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    whys = [line for line in "".join(outs).splitlines() if line.startswith(WHY)]
    assert len(whys) == len(set(whys)) == len(LessonKind) - 2
    assert "Resumed." in outs[1]
