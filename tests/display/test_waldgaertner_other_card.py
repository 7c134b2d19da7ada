"""Issue 33 item 5: a Waldgärtner card missing from the card file entered by touch — "Other
card…" on the screen that names a card turned up opens a chooser of its printed facts
(``other_card.py``), which enters the same ``unknown …`` line as the typed path. Its goldens and
fit are the sample screen ``other-card`` in ``tests/test_every_game.py``."""

import pygame
import pytest

from table.companion.help import help_lines
from table.games.waldgaertner import other_card
from table.games.waldgaertner.samples import at
from table.games.waldgaertner.view import WaldgaertnerView

pytestmark = pytest.mark.usefixtures("pygame_display")

TYPED = "unknown size=3 value=4 flower=pink flowering=2 fruit=drupe harvest=6 leaf"
"""The typed line for the card the touches below describe."""
TOUCHES = ("both", "3", "4", "pink", "2", "drupe", "6", "yes", "no")


def _touch(ctl, name: str, size: tuple[int, int] = (480, 320)) -> None:
    """Draw the screen at ``size`` and touch the target ``name`` (at least 7 mm both ways)."""
    view = WaldgaertnerView(size)
    view.draw(pygame.Surface(size), ctl)
    rect = next((r for r, n in view.targets if n == name), None)
    assert rect is not None, (name, [n for _r, n in view.targets])
    assert min(rect.w, rect.h) >= view.touch_px
    assert ctl.press(view.hit(rect.center)) is not False


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


def test_a_hidden_card_played_is_named_by_the_guided_choice_or_typed_not_yet_the_chooser():
    """Stage ``play`` with a hidden card: not offered yet (``other_card.OFFERED``: one more button
    there leaves no room for the German teach lesson); the typed ``unknown …`` still works."""
    ctl = at("play")
    assert "Which" in ctl.ask()  # the sample's seat plays a hidden card
    assert not ctl.press("other") and ctl.other is None


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
        view.draw(pygame.Surface(size), ctl)
        field, values = other_card.question(ctl.other)
        rects = {n: r for r, n in view.targets if n.startswith("other:")}
        assert sorted(rects) == sorted(f"other:{v}" for v in values), field
        screen = pygame.Rect((0, 0), size)
        assert all(screen.contains(r) and min(r.w, r.h) >= view.touch_px for r in rects.values()), field
        ctl.press(f"other:{value}")


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_question_fits_in_every_language(size, lang):
    """The fit rule on each question with the help button over it (the sample screen ``other-card``
    is only the fruit): nothing cut, overlapping or off the screen, every target 7 mm; at 480×320
    the capitals' known misfit aside (``KNOWN_MISFITS`` in tests/test_every_game.py)."""
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
            view.drawn = []
            draw_frame(view, pygame.Surface(size), ctl, games)
            field = other_card.question(ctl.other)[0]
            bad += [f"{field}: {p}" for p in fit_problems(view.drawn, view.targets, size, strict=True)
                    if size != (480, 320) or "under 2.5 mm" not in p]
            ctl.press(f"other:{value}")
    assert not bad, "\n".join(bad)
