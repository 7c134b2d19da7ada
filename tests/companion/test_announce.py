"""Issue 21: every module game's announcements (Draft Cider's deals, Zankapfel's rounds, harvests
and discord results, Waldgärtner's annual phases, contested decks and fees) wait for CONFIRM in
the shell's queue (``table.companion.announce``), are journalled (``ack``, as in Applejack), said
as lines in text mode and with ``--speak``, and drawn in the toolkit's panel
(``table.display.announce_panel``)."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pygame
import pytest

from table import i18n
from table.companion.announce import ACK, Announced
from table.companion.session import open_session
from table.companion.speech import Speaker
from table.companion.text import run_text
from table.games import load_game
from tests.companion.modules import (  # noqa: F401 (in_english: an autouse fixture)
    in_english,
    module,
    scripted,
)

SCRIPTS = {"draftcider": (2, 5), "zankapfel": (3, 5), "waldgaertner": (2, 5)}
KINDS = {"draftcider": {"phase"}, "zankapfel": {"round", "harvest", "discord"},
         "waldgaertner": {"phase", "conflict"}}
"""The kinds each scripted game must announce (at least)."""


def _script(key: str) -> list[str]:
    return scripted(key, *SCRIPTS[key])


_module = module


@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_a_whole_game_waits_for_confirm_journals_ack_and_replays_the_same_queue(key: str) -> None:
    journal: list[tuple[str, Any]] = []
    m = _module(key, journal)
    seen: set[str] = set()
    acked = 0
    for n, line in enumerate(_script(key)):
        m.do(line)
        head = m.announcements.head
        if head is not None:
            seen.add(head.kind)
            assert head.waits and head.text and m.log[-1] != ""
            if n % 2:  # every other one confirmed on the lid; the rest pass when the table goes on
                assert m.press("confirm")
                acked += 1
                assert journal[-1] == ("cmd", ACK)
                if m.announcements.head is None:
                    assert m.log[-1] == _ask(m)  # the question again, once the table has done it
    assert KINDS[key] <= seen
    assert acked and m.mode == "result" and m.announcements.head is None
    # a power cut anywhere: the journal rebuilds the same waiting announcement
    setup = next(p for k, p in journal if k == "game")
    cmds = [p for k, p in journal if k == "cmd"]
    for cut in range(len(cmds) // 3, len(cmds), max(1, len(cmds) // 7)):
        live = _module(key)
        live.replay(setup, cmds[:cut])
        again = _module(key)
        again.replay(setup, cmds[:cut])
        assert live.announcements.waiting == again.announcements.waiting
    ack_at = max(i for i, c in enumerate(cmds) if c == ACK)
    before, after = _module(key), _module(key)
    before.replay(setup, cmds[:ack_at])
    after.replay(setup, cmds[:ack_at + 1])
    assert before.announcements.head is not None
    assert after.announcements.waiting == before.announcements.waiting[1:]


def _ask(m: Any) -> str:
    return str(m.b.ask() if m.game == "zankapfel" else m.ask())


def test_draft_cider_s_deal_waits_in_text_mode_and_the_empty_line_confirms_it() -> None:
    journal: list[tuple[str, Any]] = []
    m = _module("draftcider", journal)
    out = io.StringIO()
    run_text(m, ["setup players=2", "start", "", "", "green", "3", "2", "special"], out)  # the set-up, the deal
    text = out.getvalue().splitlines()
    deal = next(i for i, line in enumerate(text) if line.startswith("Phase 1 of 4: deal 6 cards"))
    assert ("cmd", ACK) in journal and journal.index(("cmd", ACK)) == 1  # the deal confirmed, journalled
    assert sum(line.startswith("Seat 1 picks a card") for line in text[deal:]) >= 2  # asked again after it
    assert not any("not now" in line or "refused" in line for line in text)
    assert m.announcements.head is None


def test_a_game_command_passes_the_waiting_announcement_and_undo_clears_it() -> None:
    m = _module("draftcider")
    script = _script("draftcider")
    m.do(script[0])
    m.do("start")
    assert [a.kind for a in m.announcements.waiting] == ["setup", "phase"]  # the set-up first (issue 33)
    m.do(script[2])  # the table went on: the set-up and the deal were done
    assert m.announcements.head is None
    for line in script[3:]:
        m.do(line)
        if m.announcements.head is not None:
            break
    assert m.announcements.head.text.startswith("Phase 2 of 4: deal 6 cards")
    m.do("undo")
    assert m.announcements.head is None


def test_speech_says_the_announcement_and_the_question_after_it() -> None:
    said: list[str] = []

    class Proc:
        def __init__(self, argv: list[str]) -> None:
            said.append(argv[-1])

        def poll(self) -> int:
            return 0

    speaker = Speaker(which=lambda name: "/usr/bin/espeak-ng", popen=lambda argv, **kw: Proc(argv))
    m = _module("draftcider")
    for line in _script("draftcider"):
        m.do(line)
        speaker.say_all(m.log)
        if m.announcements.head is not None and m.announcements.head.text.startswith("Phase 2"):
            break
    assert said[-1].startswith("Phase 2 of 4: deal 6 cards") and "picks a card" in said[-1]
    assert isinstance(next(line for line in m.log if line.startswith("Phase 2 of 4")), Announced)


def test_zankapfel_says_each_discord_s_result() -> None:
    m = _module("zankapfel")
    for line in _script("zankapfel"):
        m.do(line)
    results = [line for line in m.log if line.startswith("Discord over") and ("wins" in line or "no winner" in line)]
    assert results and all(isinstance(line, Announced) for line in results)
    # said once each: the companion says them itself since issue 20 (no Told copy beside them)
    assert not any(a == b for a, b in itertools.pairwise(results))


def test_the_waiting_announcement_is_told_again_in_the_new_language() -> None:
    m = _module("draftcider")
    m.do("setup players=3")
    m.do("start")
    english = m.announcements.head.text
    try:
        i18n.set_language("de")
        m.retell()
        assert m.announcements.head.text != english and m.announcements.head.text.startswith("Tisch aufbauen ")
    finally:
        i18n.set_language("en")
    m.retell()
    assert m.announcements.head.text == english


@pytest.mark.usefixtures("pygame_display")
@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_the_screen_draws_the_panel_and_its_confirm_acknowledges(key: str, size: tuple[int, int]) -> None:
    m = _module(key)
    for line in _script(key):
        m.do(line)
        if m.announcements.head is not None and m.mode == "play" and len(m.cmds) > 10:
            break
    head = m.announcements.head
    assert head is not None
    view = load_game(key).part("view")(size)
    view.drawn = []
    surf = pygame.Surface(size)
    view.draw(surf, m)
    texts = [d.text for d in view.drawn]
    assert i18n._(head.title) in texts
    first = head.text.split("\n")[0]
    assert any(first.startswith(t.rstrip("…")) for t in texts if len(t) > 10)
    assert "Done ✓ (CONFIRM)" in texts
    smallest = 14 if size[1] < 400 else 16
    panel = [d for d in view.drawn if d.text in (i18n._(head.title), "Done ✓ (CONFIRM)")]
    assert all(d.rect.h >= smallest for d in panel)
    done = next(r for r, name in reversed(view.targets) if name == "confirm")
    assert done.h >= (45 if size[1] < 400 else 38)
    assert view.hit(done.center) == "confirm"
    waiting = len(m.announcements.waiting)
    assert m.press(view.hit(done.center))
    assert len(m.announcements.waiting) == waiting - 1


@pytest.mark.usefixtures("pygame_display")
def test_no_panel_when_nothing_waits() -> None:
    m = _module("draftcider")
    m.do("setup players=2")
    m.do("start")
    m.do(ACK)  # the set-up
    m.do(ACK)  # the deal
    view = load_game("draftcider").part("view")((800, 480))
    view.drawn = []
    view.draw(pygame.Surface((800, 480)), m)
    assert "Done ✓ (CONFIRM)" not in [d.text for d in view.drawn]


@pytest.mark.usefixtures("pygame_display")
def test_through_the_app_and_the_journal_a_power_cut_shows_the_same_waiting_announcement(tmp_path: Any) -> None:
    from table.display.app import App
    from table.games import games
    from table.games.applejack.files import load_dataset

    ctl, journal = open_session(load_dataset(), tmp_path, games=games(), game="draftcider")
    try:
        app = App(ctl, pygame.Surface((800, 480)), games=games())
        script = _script("draftcider")
        ctl.do(script[0])
        ctl.do("start")
        for line in script[2:]:
            ctl.do(line)
            if ctl.announcements.head is not None:
                break
        app.step()
        assert "Done ✓ (CONFIRM)" in [name for name in _labels(app)]
        waiting = ctl.announcements.head
    finally:
        journal.close()  # the power cut: the waiting deal was not confirmed
    ctl, journal = open_session(load_dataset(), tmp_path, games=games(), resume="yes")
    try:
        assert ctl.game == "draftcider" and ctl.announcements.head == waiting
        app = App(ctl, pygame.Surface((800, 480)), games=games())
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        assert ctl.announcements.head is None
    finally:
        journal.close()
    ctl, journal = open_session(load_dataset(), tmp_path, games=games(), resume="yes")
    try:
        assert ctl.announcements.head is None  # the CONFIRM was journalled
    finally:
        journal.close()


def _labels(app: Any) -> list[str]:
    app.view.drawn = []
    app.view.draw(pygame.Surface((800, 480)), app.ctl)
    return [d.text for d in app.view.drawn]
