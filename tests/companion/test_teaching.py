"""Issue 21: teach mode in every game. The module games (``table.companion.teaching`` with each
game's ``teach.py``): each step explained once, the first time it happens, journalled (``teach
on`` right after the setup, ``teach skip`` / ``teach off``) so a resume rebuilds the same lessons;
off, nothing is said differently. Applejack: the first turn prompt explains all five steps."""

from __future__ import annotations

import io
from typing import Any

import pygame
import pytest

from table import i18n
from table.companion.teaching import Lessons, teach_setting
from table.companion.text import run_text
from table.games import load_game
from table.games.applejack.companion import teach as applejack_teach
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from tests.companion.modules import (  # noqa: F401 (in_english: an autouse fixture)
    in_english,
    module,
    scripted,
)

SCRIPTS = {"draftcider": (3, 4), "zankapfel": (3, 4), "waldgaertner": (2, 4)}
WHY = "  Why: "
DATA = load_dataset()


def _script(key: str) -> list[str]:
    return scripted(key, *SCRIPTS[key])


_module = module


def _sentences(key: str) -> dict[str, str]:
    teach = __import__(f"table.games.{key}.teach", fromlist=["SYLLABUS"])
    return {k: i18n._(v) for k, v in teach.SYLLABUS.sentences.items()}


@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_each_step_is_explained_once_the_first_time_and_a_resume_rebuilds_it(key: str) -> None:
    journal: list[tuple[str, Any]] = []
    m = _module(key, journal)
    script = _script(key)
    m.do(script[0] + " teach=on")
    for line in script[1:]:
        m.do(line)
    out = m.new_lines()
    whys = [line[len(WHY):] for line in out if line.startswith(WHY)]
    sentences = _sentences(key)
    assert len(whys) == len(set(whys)) >= 3  # each once
    assert set(whys) <= set(sentences.values())
    assert len(whys) == len(m.teaching.lessons.explained)
    # each lesson right after a line it belongs to (its announcement, or the question it explains)
    for i, line in enumerate(out):
        if line.startswith(WHY):
            assert not out[i - 1].startswith(WHY) or key == "waldgaertner" or out[i - 1] == out[i]
    assert journal[0][0] == "game" and journal[1] == ("cmd", "teach on")  # journalled right after the setup
    setup = journal[0][1]
    cmds = [p for k, p in journal if k == "cmd"]
    for cut in (2, len(cmds) // 3, len(cmds) // 2, len(cmds) - 1):
        live, again = _module(key), _module(key)
        live.replay(setup, cmds[:cut])
        again.replay(setup, cmds[:cut])
        assert live.teaching.lessons == again.teaching.lessons
        assert live.teaching.lessons.on
        resumed = _module(key)
        resumed.replay(setup, cmds[:cut])
        rest = cmds[cut:]
        for c in rest:
            resumed.do(c)
        assert resumed.teaching.lessons.explained == m.teaching.lessons.explained  # never twice after a resume


@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_teach_off_says_nothing_differently(key: str) -> None:
    plain, asked_off = _module(key), _module(key)
    script = _script(key)
    asked_off.do(script[0] + " teach=off")
    plain.do(script[0])
    for line in script[1:]:
        plain.do(line)
        asked_off.do(line)
    assert plain.log == asked_off.log and not any(line.startswith(WHY) for line in plain.log)


def test_skip_and_teach_off_are_journalled_and_replayed() -> None:
    journal: list[tuple[str, Any]] = []
    m = _module("draftcider", journal)
    m.do("setup players=2 teach=on")
    m.do("start")
    assert m.lesson == _sentences("draftcider")["setup"]  # the set-up waits first (issue 33)
    assert m.press("teach-skip") and m.lesson is None
    assert journal[-1] == ("cmd", "teach skip")
    with pytest.raises(ValueError, match="no explanation"):
        m.do("teach skip")
    m.do("ack")
    assert m.lesson == _sentences("draftcider")["phase"]
    m.do("ack")
    assert m.lesson == _sentences("draftcider")["colour"]
    m.do("teach off")
    assert journal[-1] == ("cmd", "teach off") and m.lesson is None
    again = _module("draftcider")
    again.replay(journal[0][1], [p for k, p in journal if k == "cmd"])
    assert again.teaching.lessons == m.teaching.lessons == Lessons(False, ("setup", "phase", "colour"), None)


def test_teach_in_text_mode_with_the_setup_line() -> None:
    m = _module("zankapfel")
    out = io.StringIO()
    run_text(m, ["setup players=3 teach=on", "start", "", "c3"], out)  # Enter: the set-up is done
    text = out.getvalue()
    assert "Teach mode on" in text
    assert WHY + _sentences("zankapfel")["setup"] in text.splitlines()  # the deal (issue 33)
    assert WHY + _sentences("zankapfel")["place"] in text.splitlines()
    assert m.setup.players == 3


def test_the_setup_words() -> None:
    assert teach_setting("setup players=3 teach=on") == (True, "setup players=3")
    assert teach_setting("setup teach off players=2") == (False, "setup players=2")
    assert teach_setting("setup players=2") == (None, "setup players=2")


def test_every_game_s_sentences_are_translated() -> None:
    for key in SCRIPTS:
        english = _sentences(key)
        for lang in ("de", "fr", "ja"):
            i18n.set_language(lang)
            try:
                assert all(_sentences(key)[k] != english[k] for k in english), (key, lang)
            finally:
                i18n.set_language("en")


def test_applejack_s_first_turn_explains_every_step_of_it() -> None:
    ctl = Controller(DATA)
    ctl.do("setup players=2 teach=on")
    ctl.do("start")
    lines = ctl.new_lines()
    turn = next(i for i, line in enumerate(lines) if line.startswith("Turn 1: "))
    whys = lines[turn + 1:turn + 6]
    assert whys == [applejack_teach.why_line(applejack_teach.sentence(k)) for k in applejack_teach.STEPS]
    assert ctl.lesson == applejack_teach.sentence(applejack_teach.LessonKind.TAKE)  # the screen: step 1
    # a resume from the journal rebuilds the same teacher
    journal: list[tuple[str, Any]] = []
    live = Controller(DATA, on_command=lambda k, p: journal.append((k, p)))
    live.do("setup players=2 teach=on")
    live.do("start")
    resumed = Controller(DATA)
    resumed.replay(Setup(2, teach=True), [p for k, p in journal if k == "cmd"])
    assert resumed.teacher == live.teacher == ctl.teacher


@pytest.mark.usefixtures("pygame_display")
@pytest.mark.parametrize("size", [(800, 480), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_screen_shows_the_lesson_with_skip(size: tuple[int, int]) -> None:
    """(The 3.5" screen shows a lesson where its frame has the room: tests/display/test_lesson_placement.py.)"""
    m = _module("zankapfel")
    m.do("setup players=3 teach=on")
    m.do("start")
    m.do("ack")  # the set-up and the deal
    assert m.announcements.head is None and m.lesson
    view = load_game("zankapfel").part("view")(size)
    view.drawn = []
    view.draw(pygame.Surface(size), m)
    texts = " ".join(d.text for d in view.drawn)
    assert "Why:" in texts and m.lesson.split()[0] in texts
    skip = next(r for r, name in view.targets if name == "teach-skip")
    assert skip.h >= view.touch_px
    assert m.press(view.hit(skip.center)) and m.lesson is None


def test_applejack_s_tracked_place_prompt_explains_the_rest_of_the_turn() -> None:
    import random

    from table.games.applejack.rules import actions as A

    ctl = Controller(DATA)
    ctl.do("setup players=2 teach=on tracked=on")
    ctl.do("start")
    assert ctl.tracked is not None
    rng = random.Random(4)
    for _n in range(200):
        if applejack_teach.LessonKind.PLACE in ctl.teacher.explained:
            break
        state = ctl.tracked.state
        if ctl.queued:
            ctl.do("ack")
        elif state.is_chance():
            ctl.do(f"game draw {rng.choice(sorted(state.supply))}")
        else:
            ctl.do("game " + A.to_text(rng.choice(state.legal_actions())))
    explained = ctl.teacher.explained
    at = explained.index(applejack_teach.LessonKind.PLACE)
    assert explained[at:at + 3] == (applejack_teach.LessonKind.PLACE, applejack_teach.LessonKind.REWARD,
                                    applejack_teach.LessonKind.MOVE)
    assert ctl.lesson == applejack_teach.sentence(applejack_teach.LessonKind.PLACE)


@pytest.mark.usefixtures("pygame_display")
@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_the_setup_screen_s_toggle_turns_teach_mode_on(key: str) -> None:
    journal: list[tuple[str, Any]] = []
    m = _module(key, journal)
    view = load_game(key).part("view")((800, 480))
    view.draw(pygame.Surface((800, 480)), m)
    toggle = next(r for r, name in view.targets if name == "teach")
    assert m.press(view.hit(toggle.center)) and m.teaching.asked
    view.drawn = []
    view.draw(pygame.Surface((800, 480)), m)
    assert "Teach mode: on" in [d.text for d in view.drawn]
    m.do("start")
    assert ("cmd", "teach on") in journal and m.lesson is not None


@pytest.mark.usefixtures("pygame_display")
@pytest.mark.parametrize("language", ["en", "de", "fr", "ja"])
@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_lesson_under_a_waiting_announcement_stays_clear_of_its_buttons(size: tuple[int, int],
                                                                             language: str) -> None:
    i18n.set_language(language)
    m = _module("waldgaertner")
    script = _script("waldgaertner")
    m.do(script[0] + " teach=on")
    for line in script[1:]:
        m.do(line)
        if m.announcements.head is not None and m.announcements.head.kind == "phase" and m.lesson:
            break
    assert m.lesson and m.announcements.head is not None
    view = load_game("waldgaertner").part("view")(size)
    view.drawn = []
    view.draw(pygame.Surface(size), m)
    buttons = [r for r, name in view.targets if name in ("confirm", "undo")][-2:]
    title = i18n._(m.announcements.head.title)
    panel = view.drawn[max(i for i, d in enumerate(view.drawn) if d.text == title):]  # over the play screen
    lesson = [d for d in panel if d.box is None and d.rect.y > size[1] // 3 and d.rect.y < buttons[0].y]
    assert lesson, "the lesson is drawn above the buttons"
    for d in panel:
        if d.box is None:
            assert not any(d.rect.colliderect(b) for b in buttons), (d.text, d.rect)
