"""Issue 33 item 5: a Waldgärtner card missing from the card file entered by touch — "Other
card…" on the screen that names a card turned up opens a chooser of its printed facts
(``other_card.py``), which enters the same ``unknown …`` line as the typed path. Its goldens and
fit are the sample screen ``other-card`` in ``tests/test_every_game.py``."""

import pygame
import pytest

from table.companion.help import help_lines
from table.games.waldgaertner import asked, other_card
from table.games.waldgaertner.samples import at
from table.games.waldgaertner.view import WaldgaertnerView

pytestmark = pytest.mark.usefixtures("pygame_display")

TYPED = "unknown size=3 value=4 flower=pink flowering=2 fruit=drupe harvest=6 leaf"
"""The typed line for the card the touches below describe."""
TOUCHES = ("both", "3", "4", "pink", "2", "drupe", "6", "yes", "no")


def _touch(ctl, name: str, size: tuple[int, int] = (480, 320)) -> None:
    """Draw the screen at ``size`` and touch the target ``name`` (at least 7 mm both ways, on the
    screen), turning its pages until it shows (:func:`_touch_turning`)."""
    _touch_turning(ctl, WaldgaertnerView(size), name, size)


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_touch_path_journals_the_typed_line_and_the_game_goes_on(size):
    typed = at("reveal")
    deck = typed.deck_now()
    typed.do(TYPED)
    ctl = at("reveal")
    before = list(ctl.cmds)
    _touch(ctl, "other", size)
    for value in TOUCHES:
        assert ctl.other is not None and ctl.cmds == before  # nothing entered until the last fact
        _touch(ctl, f"other:{value}", size)
    assert ctl.other is None and ctl.cmds == [*before, typed.cmds[-1]]
    assert typed.cmds[-1].startswith(f"unknown {len(ctl.cards.cards)} ")
    assert ctl.state.offer(deck) == len(ctl.cards.cards)  # the new card lies out on its deck
    assert ctl.state.summary() == typed.state.summary()
    ctl.do("undo")  # undo takes the one line back
    assert ctl.cmds == before and ctl.stage() == "reveal"
    ctl.do(typed.cmds[-1])  # the journal's line replays
    while ctl.mode == "play" and len(ctl.cmds) < len(before) + 30:  # and the game goes on
        ctl.do(_next(ctl))
    assert len(ctl.cmds) >= len(before) + 30 or ctl.mode == "result"


def _next(ctl) -> str:
    from table.games.waldgaertner.rules import actions as A

    legal = ctl.state.legal_actions()
    return A.to_text(max(legal) if ctl.stage() == "play" else legal[0])


def test_a_male_plant_is_not_asked_its_fruit_and_undo_steps_back_then_closes():
    ctl = at("reveal")
    before = list(ctl.cmds)
    ctl.press("other")
    for value in ("male", "2", "1", "red"):
        ctl.press(f"other:{value}")
    assert other_card.question(ctl.other) == ("flowering", other_card.PHASES)
    ctl.press("other:9")
    assert other_card.question(ctl.other)[0] == "leaf"  # no fruit, no harvest
    ctl.press("undo")
    assert ctl.other == ("sex=male", "size=2", "value=1", "flower=red")
    ctl.press("other:seed")  # not a choice of this question: nothing changes
    assert ctl.other == ("sex=male", "size=2", "value=1", "flower=red")
    for _ in range(4):
        ctl.press("undo")
    assert ctl.other == ()
    ctl.press("undo")
    assert ctl.other is None and ctl.cmds == before  # closed; nothing was entered or taken back
    ctl.press("other")
    for value in ("male", "2", "1", "red", "9", "no", "yes"):
        ctl.press(f"other:{value}")
    assert ctl.cmds[-1].split()[2:] == ["size=2", "sex=male", "value=1", "bonus=0", "flower=red", "flowering=9",
                                        "leaf=no", "nitrogen=yes", "partner=-"]


def test_a_card_drawn_into_a_hand_is_not_offered_the_chooser():
    """Hidden stays hidden: the draw screen asks only "Drawn ✓" (the card is named when played)."""
    ctl = at("draw")
    view = WaldgaertnerView((800, 480))
    view.draw(pygame.Surface((800, 480)), ctl)
    assert "other" not in [n for _r, n in view.targets]
    assert not ctl.press("other") and ctl.other is None


def _touch_turning(ctl, view, name: str, size: tuple[int, int]) -> None:
    """Touch ``name`` on ``view``'s screen, turning its pages (**More ▸**, the app's PAGE) until it shows."""
    from table.display.toolkit import PAGE

    for _turn in range(view.pages(ctl)):
        view.draw(pygame.Surface(size), ctl)
        rect = next((r for r, n in view.targets if n == name), None)
        if rect is not None:
            assert min(rect.w, rect.h) >= view.touch_px and pygame.Rect((0, 0), size).contains(rect)
            assert ctl.press(view.hit(rect.center)) is not False
            return
        page = next(r for r, n in view.targets if n == PAGE)
        assert view.hit(page.center) == PAGE
        view.turn_page(ctl)  # what the app does with the page target
    raise AssertionError(f"{name} on no page: {[n for _r, n in view.targets]}")


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_hidden_card_played_face_up_is_entered_by_touch_too(size):
    """Issue 33 item 5: a hidden card played (stage ``play``) that the file lacks is entered by the
    chooser too, reached by touch at every size (on the 3.5" screen a page on: **More ▸**); the
    same line as typed, and the card, now face up, is planted or sold by its buttons."""
    typed = _playing_hidden()
    typed.do(TYPED)
    ctl = _playing_hidden()
    before = list(ctl.cmds)
    view = WaldgaertnerView(size)
    _touch_turning(ctl, view, "other", size)
    for value in TOUCHES:
        assert ctl.other is not None and ctl.cmds == before
        _touch_turning(ctl, view, f"other:{value}", size)
    assert ctl.other is None and ctl.cmds == [*before, typed.cmds[-1]] and ctl.stage() == "play"
    assert ctl.state.summary() == typed.state.summary()
    new = len(ctl.cards.cards)  # after the file's cards
    assert typed.cmds[-1].startswith(f"unknown {new} ") and ctl.named == typed.named == new
    assert f"#{new}" in ctl.ask()  # the card played, face up now: named, its own buttons
    _touch_turning(ctl, view, f"cmd:sell {new}", size)
    assert ctl.cmds[-1] == f"sell {new}"
    ctl.do("undo")
    ctl.do("undo")  # the entry taken back: the hidden card is asked again
    assert ctl.cmds == before and ctl.named < 0 and "Which" in ctl.ask()


def _playing_hidden():
    """A seat about to play a card drawn hidden (``drawn``: the companion does not know it)."""
    ctl = at("draw")
    while ctl.stage() == "draw":
        ctl.do("drawn")
    assert ctl.stage() == "play" and "hidden" in ctl.ask()
    return ctl


def test_a_hidden_card_still_in_hand_is_not_offered_the_chooser():
    """Hidden stays hidden: while a seat's card is only drawn (``draw``, ``bdraw``) or a seat plays
    no hidden card, no chooser; in ``play`` only the hidden card being played is entered."""
    from table.games.waldgaertner.buttons import offers_other

    ctl = at("draw")
    assert not offers_other(ctl) and not ctl.press("other")
    ctl = at("play")  # the sample's hidden card was named as it was drawn: the file has it
    assert asked.hidden(ctl, ctl.seat()) and not offers_other(ctl)
    ctl = _playing_hidden()
    ctl.press("trough1")  # the guided choice begun: the chooser stays offered until a card is named
    assert offers_other(ctl)


def test_the_reveal_screen_offers_it_and_the_help_names_it():
    ctl = at("reveal")
    view = WaldgaertnerView((800, 480))
    view.draw(pygame.Surface((800, 480)), ctl)
    assert "other" in [n for _r, n in view.targets]
    assert any("Other card… (a card not in the card file)" in line for line in help_lines(ctl))


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_question_s_buttons_are_touch_sized_and_on_the_screen(size):
    ctl = at("reveal")
    ctl.press("other")
    for value in TOUCHES[:-1]:
        view = WaldgaertnerView(size)
        rects = {}
        for page in range(view.pages(ctl)):  # the 3.5" screen: two rows a page, More ▸ turns
            view.page = page
            view.draw(pygame.Surface(size), ctl)
            rects |= {n: r for r, n in view.targets if n.startswith("other:")}
        field, values = other_card.question(ctl.other)
        assert sorted(rects) == sorted(f"other:{v}" for v in values), field
        screen = pygame.Rect((0, 0), size)
        assert all(screen.contains(r) and min(r.w, r.h) >= view.touch_px for r in rects.values()), field
        ctl.press(f"other:{value}")


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_question_fits_in_every_language(size, lang):
    """The fit rule on each question with the help button over it (the sample screen ``other-card``
    is only the fruit): nothing cut, overlapping or off the screen, every target 7 mm, every
    capital 2.5 mm on each page (the 3.5" screen's choices a page on: **More ▸**)."""
    from table import games as registry
    from table.display.app import draw_frame
    from table.i18n import using
    from tests.display.fit import fit_problems

    games = {g.key: g for g in registry.games()}
    bad = []
    with using(lang):
        ctl = at("reveal")
        ctl.press("other")
        for value in TOUCHES:
            view = WaldgaertnerView(size)
            field = other_card.question(ctl.other)[0]
            for page in range(view.pages(ctl)):
                view.page, view.drawn = page, []
                draw_frame(view, pygame.Surface(size), ctl, games)
                bad += [f"{field} p{page + 1}: {p}" for p in fit_problems(view.drawn, view.targets, size, strict=True)]
            ctl.press(f"other:{value}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
def test_the_lesson_beside_other_card_is_whole_and_covers_nothing(lang):
    """Teach mode while a card drawn unseen is played (the case the extra button once left no room
    for, German at 800×480): at 7" the lesson stands whole (Skip shown) with "Other card…" in the
    row, nothing cut or over another; on the 3.5" screen nothing either (the lesson where it fits)."""
    from table.display import announce_panel
    from table.i18n import using
    from tests.display.fit import fit_problems

    with using(lang):
        ctl = at("draw")
        ctl.do("teach on")
        while ctl.stage() == "draw" or announce_panel.covers(ctl):
            ctl.do("ack" if announce_panel.covers(ctl) else "drawn")
        assert ctl.lesson and offers_other_now(ctl)
        for size in [(480, 320), (800, 480), (1024, 600)]:
            view = WaldgaertnerView(size)
            names: set[str] = set()
            for page in range(view.pages(ctl)):
                view.page, view.drawn = page, []
                view.draw(pygame.Surface(size), ctl)
                names |= {n for _r, n in view.targets}
                assert not fit_problems(view.drawn, view.targets, size, strict=True), (size, page)
            assert "other" in names, size
            if size != (480, 320):
                assert "teach-skip" in names, size


def offers_other_now(ctl) -> bool:
    from table.games.waldgaertner.buttons import offers_other

    return offers_other(ctl)
