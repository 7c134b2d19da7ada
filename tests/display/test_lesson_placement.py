"""Issue 33 (2): one screen grammar. Teach mode's lesson stands above the question (the board
gives way) and never covers what the question needs — Waldgärtner's deck offers, Draft Cider's
batch titles, Zankapfel's harvest values and orchard, Applejack's troughs — and its sentence is
always whole (wrapped, never cut with "…"); every game's waiting announcement is one panel with
Done ✓ and Undo. Played through whole teach-mode games, every frame with a lesson, at the three
sizes, in the four languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from table.display import announce_panel
from table.games import load_game
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.view.samples import play_until
from table.games.applejack.view.screens import ApplejackView
from table.i18n import _, using
from tests.companion.modules import module, scripted
from tests.display.fit import overlap_problems
from tests.test_every_game import KNOWN_MISFITS

pytestmark = pytest.mark.usefixtures("pygame_display")
SIZES = ((480, 320), (800, 480), (1024, 600))
SCRIPTS = {"draftcider": (3, 4), "zankapfel": (3, 4), "waldgaertner": (2, 4)}
DATA = load_dataset()
NEEDED = re.compile(r"^(#\d|\+\d|\d+$)")
"""Lines the question needs, which a lesson must never hide: Waldgärtner's offers (``#17 …``),
Zankapfel's harvest values (``+5``) and the orchard's edge numbers; the ledgers' second lines and
the phase's words may give way (the board shrinks)."""


class NoLesson:
    """``ctl`` as the screen would show it with teach mode off: the same frame but the lesson."""

    def __init__(self, ctl: Any) -> None:
        self._ctl = ctl

    lesson = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ctl, name)


def frames(key: str, lang: str) -> Iterator[Any]:
    """Every play screen of a teach-mode game of ``key`` that shows a lesson and no announcement
    (one per lesson: each is shown until the next step)."""
    with using(lang):
        m = module(key)
        script = scripted(key, *SCRIPTS[key])
        m.do(script[0] + " teach=on")
        seen = set()
        for line in script[1:]:
            m.do(line)
            if m.lesson and not announce_panel.covers(m) and m.lesson not in seen:
                seen.add(m.lesson)
                yield m


def drawn(view_cls: Any, size: tuple[int, int], ctl: Any) -> Any:
    view = view_cls(size)
    view.drawn = []
    view.draw(pygame.Surface(size), ctl)
    return view


def whole(view: Any, lesson: str, lang: str) -> bool:
    """The lesson's lines, joined, are its whole sentence (no line cut)."""
    why = _("Why: {lesson}").format(lesson=lesson)
    words = [d.text for d in view.drawn]
    def same(a: str, b: str) -> bool:
        return a.replace(" ", "") == b.replace(" ", "") if lang == "ja" else a == b

    for i in range(len(words)):
        for j in range(i + 1, len(words) + 1):
            if same(("" if lang == "ja" else " ").join(words[i:j]), why):
                return True
    return False


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_the_lesson_is_whole_and_covers_nothing_the_question_needs(key: str, lang: str) -> None:
    view_cls = load_game(key).part("view")
    bad = []
    count = 0
    with using(lang):
        for m in frames(key, lang):
            lesson = m.lesson
            count += 1
            for size in SIZES:
                taught, plain = drawn(view_cls, size, m), drawn(view_cls, size, NoLesson(m))
                shown = whole(taught, lesson, lang)
                if not shown and (size != (480, 320) or "teach-skip" in {n for _r, n in taught.targets}):
                    bad.append(f"{size}: the lesson is not whole: {lesson!r}")
                if (key, size) in KNOWN_MISFITS:  # the game's board does not fit there yet (its own test):
                    continue  # the lesson only has to be whole where it is shown (above)
                cut_before = {d.text for d in plain.drawn if d.clipped}  # the lesson adds no problem
                bad += [f"{size}: {d.text!r} is cut" for d in taught.drawn if d.clipped and d.text not in cut_before]
                missing = {n for _r, n in plain.targets} - {n for _r, n in taught.targets}
                if missing:
                    bad.append(f"{size}: the lesson hides {sorted(missing)} ({lesson[:40]!r})")
                if size != (480, 320):  # the 3.5" screen's board shows less; the 7" ones what is needed
                    lost = {d.text for d in plain.drawn if NEEDED.match(d.text)} - {d.text for d in taught.drawn}
                    if lost:
                        bad.append(f"{size}: the lesson hides {sorted(lost)[:6]} ({lesson[:40]!r})")
                before = set(overlap_problems(plain.drawn, plain.targets))
                bad += [f"{size}: {p}" for p in overlap_problems(taught.drawn, taught.targets) if p not in before]
    assert count >= 2
    # the 3.5" screen: a lesson whole where its frame has the room, else left to text mode and speech
    assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad[:40])


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
def test_applejacks_lesson_is_whole_and_keeps_every_button(lang: str) -> None:
    bad = []
    with using(lang):
        ctl = Controller(DATA)
        ctl.setup = Setup(2, cottage=True, teach=True)
        ctl.do("start")
        for size in SIZES:
            taught, plain = drawn(ApplejackView, size, ctl), drawn(ApplejackView, size, NoLesson(ctl))
            names = {n for _r, n in taught.targets}
            if not whole(taught, ctl.lesson, lang) and (size != (480, 320) or "skip" in names):
                bad.append(f"{size}: the lesson is not whole")
            cut_before = {d.text for d in plain.drawn if d.clipped} if ("applejack", size) in KNOWN_MISFITS else set()
            bad += [f"{size}: {d.text!r} is cut" for d in taught.drawn if d.clipped and d.text not in cut_before]
            assert "skip" in names or size == (480, 320)  # the 3.5" screen: where its footer has the room
            missing = {n for _r, n in plain.targets} - names
            bad += [f"{size}: the lesson hides {sorted(missing)}"] if missing else []
            before = set(overlap_problems(plain.drawn, plain.targets))
            bad += [f"{size}: {p}" for p in overlap_problems(taught.drawn, taught.targets) if p not in before]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_games_announcement_is_one_panel_with_done_and_undo(size: tuple[int, int]) -> None:
    """Applejack's was a side panel without Undo; now every game's covers the screen with Done ✓
    and Undo, and a lesson waiting with it stands whole above the buttons."""
    apple = play_until(DATA, Setup(2, teach=True), lambda c: bool(c.queued) and c.queued[0].kind == "blossom")
    screens: list[tuple[Any, Any]] = [(ApplejackView, apple)]
    for key in sorted(SCRIPTS):
        m = module(key)
        script = scripted(key, *SCRIPTS[key])
        m.do(script[0] + " teach=on")
        for line in script[1:]:
            m.do(line)
            if announce_panel.covers(m):
                break
        screens.append((load_game(key).part("view"), m))
    for view_cls, ctl in screens:
        view = drawn(view_cls, size, ctl)
        targets = {n: r for r, n in view.targets}
        assert {"confirm", "undo"} <= set(targets), (view_cls, sorted(targets))
        assert targets["confirm"].y == targets["undo"].y  # side by side, at the bottom
        assert targets["confirm"].bottom > size[1] * 3 // 4
        area = announce_panel.panel_area(view)
        assert targets["confirm"].x - area.x < view.px(20)  # the panel's width: the whole screen
        assert "trough1" not in targets and "blind" not in targets  # nothing of the play screen under it
        lesson = getattr(ctl, "lesson", None)
        if lesson:
            assert whole(view, lesson, "en")
