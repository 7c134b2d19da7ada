"""Golden images of Zankapfel's screens at 480×320, 800×480 and 1024×600 (same rules as
``test_golden.py``; regenerate with ``UPDATE_GOLDEN=1`` and look at them)."""

import pygame
import pytest

from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.script import table_script
from table.games.zankapfel.view import ZankapfelView
from tests.display.golden import SIZES, assert_matches_golden

SCRIPT, _FINAL = table_script(4, 3)


def _at(step: str) -> ZankapfelCompanion:
    """The companion after the scripted 4-player game reaches ``step`` (a stage), or at its end."""
    ctl = ZankapfelCompanion()
    if step == "setup":
        ctl.do("setup players=5 finish=50")
        return ctl
    if step == "resume":
        warm = ZankapfelCompanion()
        for line in SCRIPT[:60]:
            warm.do(line)
        ctl.offer_resume(warm.setup.to_dict(), warm.cmds, f"4 players, {len(warm.cmds)} steps; next: {warm.b.ask()}")
        return ctl
    for line in SCRIPT:
        ctl.do(line)
        while ctl.announcements.head is not None:  # the table did what was announced (CONFIRM)
            ctl.do("ack")
        if (ctl.mode == "play" and ctl.stage() == step and ctl.b is not None and ctl.b.e.round >= 2) \
                or (step == "place" and ctl.mode == "play" and ctl.stage() == "place"):
            return ctl
    assert step == "result", f"the script never reached {step}"
    return ctl


SCREENS = ("setup", "resume", "place", "bid", "move", "reveal", "dice", "card", "roll", "result")

pytestmark = pytest.mark.usefixtures("pygame_display")


@pytest.fixture(scope="module")
def states():
    return {name: _at(name) for name in SCREENS}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", SCREENS)
def test_zankapfel_screen_matches_golden(states, name, size):
    surf = pygame.Surface(size)
    view = ZankapfelView(size)
    view.draw(surf, states[name])
    for rect, target in view.targets:  # every touch target on the screen
        assert surf.get_rect().contains(rect), (name, size, target, rect)
    assert_matches_golden(surf, f"zankapfel-{name}-{size[0]}x{size[1]}.png")


def test_touching_a_legal_square_moves_the_mayor(states):
    ctl = _at("move")
    view = ZankapfelView((800, 480))
    view.draw(pygame.Surface((800, 480)), ctl)
    target = ctl.state.mayor_targets()[-1]
    rect = next(r for r, name in view.targets if name == f"sq:{'abcde'[target % 5]}{target // 5 + 1}")
    assert ctl.press(view.hit(rect.center))
    assert ctl.stage() in ("reveal", "bid", "joker", "dice", "turn") and ctl.b.move in (target, None)
