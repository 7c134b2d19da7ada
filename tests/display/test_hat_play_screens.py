"""Issue 33, item 6: Zankapfel's and Draft Cider's own screens on the 3.5" 480×320 HAT at the fit
rule's 2.5 mm capitals (17 px, 23 px DejaVu type) — shown less, never smaller, never cut — and
every touch they need still there. The games' whole legibility test (``tests/test_every_game.py``)
also holds the shared screens (names, help, result) the toolkit draws."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.samples import at as draftcider_at
from table.games.draftcider.script import pad_script
from table.games.draftcider.script import table_script as draftcider_script
from table.games.draftcider.view import DraftCiderView
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.samples import at as zankapfel_at
from table.games.zankapfel.script import table_script as zankapfel_script
from table.games.zankapfel.view import ZankapfelView
from table.i18n import using
from tests.display.fit import fit_problems

pytestmark = pytest.mark.usefixtures("pygame_display")

HAT = (480, 320)
LANGS = ("en", "de", "fr", "ja")
OWN = {"zankapfel": ("setup", "place", "bid", "move", "reveal", "dice", "card", "roll"),
       "draftcider": ("setup", "pick", "batch", "pad", "pad-card")}
"""The sample screens each game's view draws itself (the setup's own rows; the frame is shared)."""


def drawn(view_cls: Any, ctl: Any) -> Any:
    view = view_cls(HAT)
    view.drawn = []
    view.draw(pygame.Surface(HAT), ctl)
    return view


def own_problems(view: Any, setup: bool = False) -> list[str]:
    """The fit rule's problems at 2.5 mm; on a setup screen those of the game's own rows (the
    frame's buttons — Names, language, teach mode, Start — are the shared screens' to fit)."""
    if not setup:
        return fit_problems(view.drawn, view.targets, HAT, strict=True)
    frame = {"language", "names", "confirm", "teach", "help"}
    targets = [(r, n) for r, n in view.targets if n not in frame]
    lines = [d for d in view.drawn if d.box is None or any(d.box == r for r, _n in targets)]
    return fit_problems(lines, targets, HAT, strict=True)


@pytest.mark.parametrize("lang", LANGS)
def test_each_games_own_screens_fit_the_hat_at_2_5_mm(lang: str) -> None:
    bad = []
    with using(lang):
        for key, at, view_cls in (("zankapfel", zankapfel_at, ZankapfelView),
                                  ("draftcider", draftcider_at, DraftCiderView)):
            for name in OWN[key]:
                view = drawn(view_cls, at(name))
                assert view.read_px >= 23 if lang != "ja" else view.read_px >= 25  # 17 px capitals
                bad += [f"{key} {name}: {p}" for p in own_problems(view, setup=name == "setup")]
    assert not bad, "\n".join(bad)


NAMES = ("Ana", "Maximilian Alexander", "Charlotte", "Dominique", "Eleonore", "Friedrich")
"""Players' names, one of the longest a seat takes (20 characters)."""


def named(script: list[str], players: int) -> list[str]:
    """``script`` with the seats named after its setup line."""
    return [script[0], *(f"setup name {i + 1} {NAMES[i]}" for i in range(players)), *script[1:]]


@pytest.mark.parametrize(("lang", "names"), [("de", False), ("fr", True)])
def test_a_six_seat_zankapfel_with_bribes_fits_the_hat_at_every_step(lang: str, names: bool) -> None:
    """Every stage of a scripted 6-player game with bribes (the longest questions, the most
    buttons), a bribe's square chosen by a seat's button included; the seats named or not."""
    script, _final = zankapfel_script(6, 2, bribery=True)
    script = named(script, 6) if names else script
    ctl = ZankapfelCompanion()
    bad: list[str] = []
    seen = set()
    with using(lang):
        for line in script[:260]:
            ctl.do(line)
            while ctl.announcements.head is not None:
                ctl.do("ack")
            if ctl.mode != "play":
                continue
            seen.add(ctl.stage())
            view = drawn(ZankapfelView, ctl)
            bad += [f"{line}: {p}" for p in fit_problems(view.drawn, view.targets, HAT, strict=True)]
            if ctl.stage() == "bribe":  # a seat's button chose its offer: the square is asked
                assert ctl.b is not None
                seat = next(s for s in range(6) if s != ctl.b.preview.first and s not in ctl.b.bribes.offers)
                ctl.press(f"offer:{seat + 1}")
                view = drawn(ZankapfelView, ctl)
                bad += [f"{line}, offer: {p}" for p in fit_problems(view.drawn, view.targets, HAT, strict=True)]
                ctl.press(f"offer:{seat + 1}")
                ctl.press(f"offer:{seat + 1}")  # 1 → 2 → none: the table enters its own offers next
    assert {"bid", "move", "bribe", "accept", "dice", "card", "roll", "reveal"} <= seen
    assert not bad, "\n".join(bad[:20])


def test_a_bribes_square_is_touched_on_the_hat() -> None:
    script, _final = zankapfel_script(6, 2, bribery=True)
    ctl = ZankapfelCompanion()
    for line in script:
        ctl.do(line)
        while ctl.announcements.head is not None:
            ctl.do("ack")
        if ctl.mode == "play" and ctl.stage() == "bribe":
            break
    assert ctl.b is not None and ctl.stage() == "bribe"
    seat = next(s for s in range(6) if s != ctl.b.preview.first and s not in ctl.b.bribes.offers)
    view = drawn(ZankapfelView, ctl)
    assert ctl.press(view.hit(next(r for r, n in view.targets if n == f"offer:{seat + 1}").center)) is not None
    view = drawn(ZankapfelView, ctl)
    square = next(sq for sq in ctl.state.mayor_targets() if sq != ctl.b.move)
    name = f"sq:{'abcde'[square % 5]}{square // 5 + 1}"
    ctl.press(view.hit(next(r for r, n in view.targets if n == name).center))
    view = drawn(ZankapfelView, ctl)
    ctl.press(view.hit(next(r for r, n in view.targets if n == "confirm").center))
    assert ctl.b.bribes.offers[seat] == (1, square)
    assert not fit_problems(view.drawn, view.targets, HAT, strict=True)


def test_the_hats_batches_are_touched_and_the_blind_box_plays_bad() -> None:
    ctl = draftcider_at("batch")
    view = drawn(DraftCiderView, ctl)
    names = [name for _r, name in view.targets if name.startswith("batch:")]
    assert len(names) == 8  # the eight boxes: BLIND: Bad is its box on the 3.5" screen
    assert "undo" in {n for _r, n in view.targets}
    seat = ctl.seat()
    ctl.press(view.hit(next(r for r, n in view.targets if n == "batch:bad").center))
    assert ctl.engine is not None and ctl.engine.orchards[seat][7] and ctl.stage() == "colour"


@pytest.mark.parametrize(("lang", "names"), [("de", True), ("fr", False)])
def test_draft_cider_fits_the_hat_at_every_step_and_on_the_pad(lang: str, names: bool) -> None:
    """A scripted 6-player game entered step by step (colour, height, sweetness, batch), the
    Special tree's price asked included, and its score pad entered by touch; named or not."""
    script, final = draftcider_script(6, 1, steps=True)
    script = named(script, 6) if names else script
    bad: list[str] = []
    with using(lang):
        ctl = DraftCiderCompanion()
        costly = 0
        for line in script[:160]:
            ctl.do(line)
            while ctl.announcements.head is not None:
                ctl.do("ack")
            if ctl.mode == "play":
                costly += ctl.stage() == "batch" and bool(ctl.costly_batches())
                view = drawn(DraftCiderView, ctl)
                bad += [f"{line}: {p}" for p in fit_problems(view.drawn, view.targets, HAT, strict=True)]
        pad = DraftCiderCompanion()
        for line in pad_script(final)[:2]:
            pad.do(line)
        for cmd in ("batch monochrome", "colour gold", "height 2", "sweetness 3", "colour green"):
            view = drawn(DraftCiderView, pad)
            bad += [f"pad before {cmd}: {p}" for p in fit_problems(view.drawn, view.targets, HAT, strict=True)]
            pad.do(cmd)
    assert costly  # the Special tree's price asked
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("lang", LANGS)
def test_teach_modes_lesson_stands_whole_on_the_hat_where_the_reminders_give_way(lang: str) -> None:
    """Draft Cider's lessons while a card is entered take the grid's room (the cards lie on the
    table); Zankapfel's, where the question is short, the prices' and ledger's."""
    from tests.display.test_lesson_placement import frames, whole

    shown = {}
    for key, view_cls in (("draftcider", DraftCiderView), ("zankapfel", ZankapfelView)):
        for m in frames(key, lang):
            with using(lang):
                view = drawn(view_cls, m)
                assert not fit_problems(view.drawn, view.targets, HAT, strict=True)
                if any(n == "teach-skip" for _r, n in view.targets):
                    assert whole(view, m.lesson, lang)
                    shown[key, m.stage()] = True
    assert ("draftcider", "colour") in shown and ("zankapfel", "roll") in shown


@pytest.mark.parametrize("lang", LANGS)
def test_a_setup_the_frame_leaves_little_room_turns_pages_or_puts_its_choices_side_by_side(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the setup frame's buttons take more room (a teach mode button in a row of its own),
    Zankapfel's setup turns to a second page for its three choices and Draft Cider's two choices
    stand side by side: every page fits, the page button turns, nothing over the frame."""
    from table.display.module_view import ModuleView
    from table.display.toolkit import PAGE

    frame = ModuleView.setup_frame
    feet = []

    def short(view: Any, surf: pygame.Surface, ctl: Any, title: str) -> pygame.Rect:
        area = frame(view, surf, ctl, title)
        feet.append(area.y + 145)
        return pygame.Rect(area.x, area.y, area.w, 145)  # the room the French teach mode's row leaves

    monkeypatch.setattr(ModuleView, "setup_frame", short)
    with using(lang):
        for at, view_cls, want in ((zankapfel_at, ZankapfelView, 2), (draftcider_at, DraftCiderView, 1)):
            ctl = at("setup")
            view = view_cls(HAT)
            assert view.pages(ctl) == want
            names: set[str] = set()
            for page in range(want):
                view.page = page
                view.drawn = []
                view.draw(pygame.Surface(HAT), ctl)
                bottom = feet[-1]  # the short area's foot
                low = [(n, r.bottom) for r, n in view.targets
                       if n not in ("language", "names", "help", "confirm", "teach") and r.bottom > bottom]
                assert not low, low
                assert not own_problems(view, setup=True)
                names |= {n for _r, n in view.targets}
            assert {"players:3", "finish", "deck", "bribery", PAGE} <= names if want == 2 else \
                {"players:2", "padmode", "easy"} <= names
