"""Touching the other games' screens does what the lid's buttons do (the screens are the
registry's sample screens, ``table/games/<key>/samples.py``; their goldens and the fit rule are
``tests/test_every_game.py``)."""

import pygame
import pytest

from table.games.draftcider.samples import at as draftcider_at
from table.games.draftcider.view import DraftCiderView
from table.games.waldgaertner.samples import at as waldgaertner_at
from table.games.waldgaertner.script import table_script as waldgaertner_script
from table.games.waldgaertner.view import WaldgaertnerView
from table.games.zankapfel.samples import at as zankapfel_at
from table.games.zankapfel.view import ZankapfelView

pytestmark = pytest.mark.usefixtures("pygame_display")


def test_touching_a_legal_square_moves_the_mayor():
    ctl = zankapfel_at("move")
    view = ZankapfelView((800, 480))
    view.draw(pygame.Surface((800, 480)), ctl)
    target = ctl.state.mayor_targets()[-1]
    rect = next(r for r, name in view.targets if name == f"sq:{'abcde'[target % 5]}{target // 5 + 1}")
    assert ctl.press(view.hit(rect.center))
    assert ctl.stage() in ("reveal", "bid", "joker", "dice", "turn") and ctl.b.move in (target, None)


def test_the_lit_batches_are_the_legal_ones_and_a_touch_plays_there():
    ctl = draftcider_at("batch")
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


def test_touching_a_deck_enters_the_seats_die():
    ctl = waldgaertner_at("die")
    view = WaldgaertnerView((800, 480))
    view.draw(pygame.Surface((800, 480)), ctl)
    seat = ctl.seat()
    name = next(n for _r, n in view.targets if n.startswith("cmd:deck"))
    rect = next(r for r, n in view.targets if n == name)
    assert ctl.press(view.hit(rect.center))
    assert ctl.cmds[-1] == name[4:] and ctl.state.t.die[seat] >= 0


def test_the_keypad_enters_a_card_id():
    """A card chosen in the open (``achoose``; a drawn card stays hidden: its stage has no keypad)."""
    ctl = waldgaertner_at("achoose")
    script, _final = waldgaertner_script(4, 3)
    want = script[len(ctl.cmds) + 2]  # the script's next line ("setup", "start" come first): the card chosen
    assert want.startswith("choose ")
    view = WaldgaertnerView((480, 320))
    view.draw(pygame.Surface((480, 320)), ctl)
    for digit in want.split()[1]:
        rect = next(r for r, n in view.targets if n == f"key:{digit}")
        assert ctl.press(view.hit(rect.center))
        view.draw(pygame.Surface((480, 320)), ctl)
    assert ctl.typed == want.split()[1]
    rect = next(r for r, n in view.targets if n == "confirm")
    assert ctl.press(view.hit(rect.center))
    assert ctl.cmds[-1] == want and ctl.typed == ""
