"""Waldgärtner in the pygame front end: keys, the keypad, the lid's buttons and lamps through
``App.step``."""

import pygame
import pytest

from table import games as registry
from table.companion.ports import RecordingIndicators
from table.display.app import App
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.view import WaldgaertnerView
from table.hardware.events import ButtonPress
from tests.display.input_events import key

pytestmark = pytest.mark.usefixtures("pygame_each")


def test_setup_draws_and_a_card_id_by_keys_and_the_lid():
    import queue

    ctl = WaldgaertnerCompanion()
    leds = RecordingIndicators()
    inputs: queue.Queue = queue.Queue()
    app = App(ctl, pygame.Surface((800, 480)), games=registry.games(), indicators=leds, inputs=inputs)
    assert isinstance(app.view, WaldgaertnerView)
    app.step([key(pygame.K_3, "3"), key(pygame.K_RETURN)])  # 3 players, start
    assert ctl.mode == "play" and ctl.state.players == 3 and ctl.stage() == "start"
    assert leds.current.kind == "open" and leds.current.troughs == (1, 2, 3)  # the decks to draw from
    inputs.put(ButtonPress("trough2", 0.0))  # the lid: seat 1 draws from deck 2
    app.step()
    assert ctl.cmds == ["deck 2"] and ctl.stage() == "draw"
    cid = next(c.id for c in ctl.cards.cards if c.continent == "AS" and c.id >= 100)
    digits = [getattr(pygame, f"K_{d}") for d in str(cid)]
    app.step([key(k, str(cid)[i]) for i, k in enumerate(digits)])
    assert ctl.typed == str(cid)
    app.step([key(pygame.K_RETURN)])
    assert ctl.cmds == ["deck 2", f"card {cid}"] and ctl.state.hand(0) == cid
    app.step([key(pygame.K_u)])  # undo
    assert ctl.cmds == ["deck 2"]
    app.step([key(pygame.K_9), key(pygame.K_9), key(pygame.K_9), key(pygame.K_RETURN)])
    assert "no card 999" in ctl.refusal and ctl.cmds == ["deck 2"]  # one line on the strip, nothing changed
