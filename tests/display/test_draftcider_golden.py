"""Golden images of Draft Cider's screens at 480×320, 800×480 and 1024×600 (same rules as
``test_golden.py``; regenerate with ``UPDATE_GOLDEN=1`` and look at them)."""

import pygame
import pytest

from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.script import pad_script, table_script
from table.games.draftcider.view import DraftCiderView
from tests.display.golden import SIZES, assert_matches_golden

SCRIPT, FINAL = table_script(4, 3)


def _at(name: str) -> DraftCiderCompanion:
    """The companion at one of its screens, from the scripted 4-player game (or its pad)."""
    ctl = DraftCiderCompanion()
    if name == "setup":
        ctl.do("setup players=5 easy=on pad=live")
        return ctl
    if name == "resume":
        warm = DraftCiderCompanion()
        for line in SCRIPT[:30]:
            warm.do(line)
        ctl.offer_resume(warm.setup.to_dict(), warm.cmds, f"4 players, {len(warm.cmds)} steps; next: {warm.ask()}")
        return ctl
    if name in ("pick", "batch"):
        for line in SCRIPT[:34]:
            ctl.do(line)
        if name == "batch":
            card = SCRIPT[34].split()[3:6]
            ctl.do(f"card {' '.join(card)}")
        return ctl
    if name == "result":
        for line in SCRIPT:
            ctl.do(line)
        return ctl
    pad = pad_script(FINAL)
    upto = {"pad": 26, "pad-card": 27, "pad-result": len(pad)}[name]
    for line in pad[:upto]:
        ctl.do(line)
    if name in ("pad", "pad-card"):
        ctl.do("player 3")
    if name == "pad-card":
        ctl.do("batch steady")
        ctl.do("colour gold")
        ctl.do("height 3")
    return ctl


SCREENS = ("setup", "resume", "pick", "batch", "result", "pad", "pad-card", "pad-result")

pytestmark = pytest.mark.usefixtures("pygame_display")


@pytest.fixture(scope="module")
def states():
    return {name: _at(name) for name in SCREENS}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", SCREENS)
def test_draftcider_screen_matches_golden(states, name, size):
    surf = pygame.Surface(size)
    view = DraftCiderView(size)
    view.draw(surf, states[name])
    for rect, target in view.targets:  # every touch target on the screen
        assert surf.get_rect().contains(rect), (name, size, target, rect)
    assert_matches_golden(surf, f"draftcider-{name}-{size[0]}x{size[1]}.png")


def test_the_lit_batches_are_the_legal_ones_and_a_touch_plays_there(states):
    ctl = _at("batch")
    view = DraftCiderView((800, 480))
    view.draw(pygame.Surface((800, 480)), ctl)
    legal = ctl.legal_batches()
    assert ctl.leds().troughs == tuple(b + 1 for b in legal if b != 7)
    names = [name for _r, name in view.targets if name.startswith("batch:")]
    assert len(names) == 9  # eight boxes and the BLIND button
    seat = ctl.seat()
    rect = next(r for r, name in view.targets if name == "batch:bad")
    assert ctl.press(view.hit(rect.center))
    assert ctl.engine.orchards[seat][7] and ctl.stage() == "colour"
