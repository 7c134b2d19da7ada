"""Issue 33, item 1: a seat is its player's name in every line the lid shows — the announcement's
panel, the play screen, the resume screen — in every language, as text mode already said it
(``TableModule._told`` names the announcements, ``offer_resume`` the resume screen's line).

Every seat is named; each game's scripted game is drawn after every step (half of the waiting
announcements acknowledged, half passed by the next command) and no drawn line may say a seat's
label ("Seat 2", "Spieler 2", "Joueur 2", "席2")."""

import pygame
import pytest

from table.companion.session import open_session
from table.display.app import App
from table.games import games
from table.i18n import set_language
from table.i18n.labels import seat_name
from tests.companion.test_result_sheet import DATA, script

pytestmark = pytest.mark.usefixtures("pygame_each")

NAMES = ("Ana", "Ben", "Cleo", "Dario")


@pytest.fixture
def language():
    yield set_language
    set_language("en")


def _named_start(ctl, line: str) -> None:
    if line == "start":
        for s in range(ctl.setup.players):
            ctl.do(f"setup name {s + 1} {NAMES[s]}")
    ctl.do(line)


def _seat_labels_drawn(app, players: int) -> list[str]:
    app.view.drawn = []
    app.step()
    labels = [seat_name(s) for s in range(players)]
    return [d.text for d in app.view.drawn if any(label in d.text for label in labels)]


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
@pytest.mark.parametrize("key", ["zankapfel", "draftcider", "waldgaertner"])
def test_the_lid_says_the_players_names_not_their_seats(tmp_path, language, key, lang):
    language(lang)
    ctl, journal = open_session(DATA, tmp_path, games=games(), game=key, resume="no")
    app = App(ctl, pygame.Surface((800, 480)), games=games(), clock=lambda: 0.0)
    leaked: list[str] = []
    panels = 0
    for i, line in enumerate(script(key, ctl)):
        _named_start(ctl, line)
        if ctl.mode == "setup":
            continue
        leaked += _seat_labels_drawn(app, ctl.setup.players)
        while ctl.mode in ("play", "pad") and ctl.announcements.head is not None and i % 2:
            panels += 1
            assert NAMES[0] in ctl.announcements.head.text or "Seat" not in ctl.announcements.head.text
            ctl.do("ack")
            leaked += _seat_labels_drawn(app, ctl.setup.players)
    assert ctl.mode == "result" and panels > 0
    assert not leaked, sorted(set(leaked))[:8]
    journal.close()


@pytest.mark.parametrize("key", ["zankapfel", "draftcider", "waldgaertner"])
def test_the_resume_screen_names_the_players_in_german(tmp_path, language, key):
    language("de")
    ctl, journal = open_session(DATA, tmp_path, games=games(), game=key, resume="no")
    lines = script(key, ctl)
    for line in lines[:lines.index("start") + 12]:
        _named_start(ctl, line)
    players = ctl.setup.players
    journal.close()
    again, journal = open_session(DATA, tmp_path, games=games(), game=key)
    assert again.mode == "resume"
    app = App(again, pygame.Surface((800, 480)), games=games(), clock=lambda: 0.0)
    assert not _seat_labels_drawn(app, players), again.resume_info
    assert any(name in again.resume_info for name in NAMES[:players]), again.resume_info
    journal.close()


@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_the_panel_says_confirm_only_acknowledges(tmp_path, size):
    """Issue 33, item 3, for buttons: while an announcement waits, CONFIRM acknowledges it and
    does not lay, buy or plant — the panel says so (and what is asked next where it fits)."""
    ctl, journal = open_session(DATA, tmp_path, games=games(), game="zankapfel", resume="no")
    for line in ("setup players=3", "setup name 1 Ana", "start"):
        ctl.do(line)
    app = App(ctl, pygame.Surface(size), games=games(), clock=lambda: 0.0)
    app.view.drawn = []
    app.step()
    texts = " ".join(d.text for d in app.view.drawn)
    assert "only acknowledges this" in texts
    assert ctl.announcements.head.kind == "setup" and "Ana" in texts
    journal.close()
