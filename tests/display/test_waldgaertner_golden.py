"""Golden images of Waldgärtner's screens at 480×320, 800×480 and 1024×600 (same rules as
``test_golden.py``; regenerate with ``UPDATE_GOLDEN=1`` and look at them)."""

import pygame
import pytest

from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.script import table_script
from table.games.waldgaertner.view import WaldgaertnerView
from tests.display.golden import SIZES, assert_matches_golden

SCRIPT, _FINAL = table_script(4, 3)
SCREENS = ("setup", "resume", "start", "reveal", "die", "draw", "play", "special", "result")


def _at(step: str) -> WaldgaertnerCompanion:
    """The companion after the scripted 4-player game reaches ``step`` (a stage) in round 6 or
    later (``start`` at the beginning), or at its end."""
    ctl = WaldgaertnerCompanion()
    if step == "setup":
        ctl.do("setup players=5 choice=NA directsale=on")
        return ctl
    if step == "resume":
        warm = WaldgaertnerCompanion()
        for line in SCRIPT[:200]:
            warm.do(line)
        ctl.offer_resume(warm.setup.to_dict(warm.cards), warm.cmds,
                         f"4 players, round {warm.state.round} of 21; next: {warm.ask()}")
        return ctl
    for line in SCRIPT:
        ctl.do(line)
        while ctl.announcements.head is not None:  # the table did what was announced (CONFIRM)
            ctl.do("ack")
        if ctl.mode == "play" and ctl.stage() == step and (step == "start" or ctl.state.round >= 6):
            return ctl
    assert step == "result", f"the script never reached {step}"
    return ctl

pytestmark = pytest.mark.usefixtures("pygame_display")


@pytest.fixture(scope="module")
def states():
    return {name: _at(name) for name in SCREENS}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", SCREENS)
def test_waldgaertner_screen_matches_golden(states, name, size):
    surf = pygame.Surface(size)
    view = WaldgaertnerView(size)
    view.draw(surf, states[name])
    for rect, target in view.targets:  # every touch target on the screen
        assert surf.get_rect().contains(rect), (name, size, target, rect)
    assert_matches_golden(surf, f"waldgaertner-{name}-{size[0]}x{size[1]}.png")


def test_touching_a_deck_enters_the_seats_die():
    ctl = _at("die")
    view = WaldgaertnerView((800, 480))
    view.draw(pygame.Surface((800, 480)), ctl)
    seat = ctl.seat()
    name = next(n for _r, n in view.targets if n.startswith("cmd:deck"))
    rect = next(r for r, n in view.targets if n == name)
    assert ctl.press(view.hit(rect.center))
    assert ctl.cmds[-1] == name[4:] and ctl.state.t.die[seat] >= 0


def test_a_card_drawn_is_touched_as_drawn_and_stays_hidden():
    ctl = _at("draw")
    view = WaldgaertnerView((480, 320))
    view.draw(pygame.Surface((480, 320)), ctl)
    assert not any(n.startswith("key:") for _r, n in view.targets)  # no keypad: no card id is asked
    rect = next(r for r, n in view.targets if n == "confirm")
    assert ctl.press(view.hit(rect.center))
    assert ctl.cmds[-1] == "drawn"


def test_the_card_turned_is_named_by_touching_the_guided_choice():
    ctl = _at("reveal")
    want = SCRIPT[len(ctl.cmds) + 2]  # the script's next line ("setup", "start" come first) is the card
    card = ctl.state.card(int(want.split()[1]))
    view = WaldgaertnerView((800, 480))
    for value in (str(card.size), card.continent, card.flower, f"{card.name}|{card.sex}"):
        view.draw(pygame.Surface((800, 480)), ctl)
        from table.games.waldgaertner.naming import guide_options

        _q, options = guide_options(ctl.state, ctl.guide)
        if value not in [v for _l, v in options]:
            continue  # the continent is asked only where the decks hold several
        k = [v for _l, v in options].index(value) + 1
        rect = next(r for r, n in view.targets if n == f"trough{k}")
        assert ctl.press(view.hit(rect.center)), ctl.refusal
    assert ctl.cmds[-1].startswith("card ") and ctl.state.card(int(ctl.cmds[-1].split()[1])).name == card.name
