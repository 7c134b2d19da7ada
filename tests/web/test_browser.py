"""Whole games with every hidden choice clicked on a phone, in a real browser.

Debian's Chromium, headless, driven by selenium and Debian's chromedriver, one browser for this
module with one window per page at phone size (390×844): each seat's page, a spectator's page
and a page with a forged token. The real uvicorn server asks the kiosk's socket; the kiosk's
thread holds the table, its journal and the socket's pump (``tests/web/browser.py``). The lid's
public lines are entered on the kiosk's thread; every hidden choice — Zankapfel's discord cards
and dice, Waldgärtner's dice, the cards drawn into a hand, taken in secret, planted or sold — is
made by clicking in that seat's page. While a seat holds a secret, no other page shows it; at
the end every page is closed and the finished record is the same game as at the lid only.

Screenshots go to the test's temporary folder (``APPLEJACK_WEB_SHOTS=DIR`` keeps them). Skipped,
with the reason, where selenium, ``chromium`` or ``chromedriver`` is missing (Debian:
``apt-get install chromium chromium-driver``; selenium is in the test extra).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from table.games import load_game
from table.games.waldgaertner.hidden import hidden_held
from table.games.waldgaertner.seat import die_seats
from table.games.waldgaertner.words import card_label
from table.web.door import Door
from table.web.tokens import SPECTATOR
from tests.web.browser import Kiosk, Phones, chrome, require_browser, serve
from tests.web.tables import at_the_lid, discord_choices, hand_form, same, shell
from tests.web.test_whole_games import HAND_STAGES

require_browser()  # skipped where Chromium is missing; with CI set, the run fails instead

FORGED = "A" * 22
"""A token of the right shape that no game ever made."""
ZANKAPFEL = (4, 5, 20)
"""Seats, seed, finish: a short seeded game whose three discords put every seat in one (one of three seats)."""
WALDGAERTNER = (2, 1)
"""Seats, seed: Waldgärtner has no short variant: the whole 21 rounds."""


@pytest.fixture(scope="module")
def browser():
    driver = chrome()
    yield driver
    driver.quit()


def _table(game: str):
    def table(tmp: Path) -> tuple[Any, Any, Door]:
        ctl, journal = shell(tmp, game)
        return ctl, journal, Door(ctl)
    return table


@pytest.fixture
def phones(tmp_path, browser, request):
    """The kiosk (``request.param``: the game), the server and the browser's windows (closed after)."""
    kiosk = Kiosk(tmp_path, _table(request.param))
    kiosk.start()
    assert kiosk.ready.wait(60) and kiosk.error is None, kiosk.error
    server, serving, base = serve(tmp_path)
    shots = Path(os.environ.get("APPLEJACK_WEB_SHOTS") or tmp_path / "shots")
    yield Phones(browser, base, kiosk, shots)
    for handle in browser.window_handles[1:]:
        browser.switch_to.window(handle)
        browser.close()
    browser.switch_to.window(browser.window_handles[0])
    server.should_exit = True
    serving.join(10)
    kiosk.stop.set()
    kiosk.join(10)
    assert kiosk.error is None, kiosk.error


def _start(phones: Phones, lines: list[str]) -> int:
    """The setup line and ``start`` at the lid; a window for each seat, the spectators and a forger."""
    kiosk = phones.kiosk
    kiosk.lid(lines[0])
    kiosk.lid(lines[1])
    tokens = kiosk.call(lambda: {s: kiosk.door.tokens.token(s) for s in [*kiosk.door.tokens.seats(), SPECTATOR]})
    for seat, token in tokens.items():
        phones.open("spectator" if seat == SPECTATOR else f"seat{seat + 1}", token)
    phones.open("forged", FORGED)
    text = phones.wait("forged", lambda v, _t: v == "gone", "the page closed")
    assert "This page is closed" in text and "Seat 1" not in text
    phones.shot("forged", "forged")
    return 2


def _the_end(phones: Phones, game: str, lines: list[str], tmp: Path) -> None:
    """Every page closed (the tokens expired with the game); the record the same game as at the lid."""
    for name in phones.windows:
        phones.wait(name, lambda v, _t: v == "gone", "the page closed at the end")
    phones.shot("seat1", f"{game}-ended")
    ctl = phones.kiosk.ctl
    assert phones.kiosk.call(lambda: ctl.mode) == "result"
    record = phones.kiosk.call(lambda: ctl.record)
    assert same(record) == same(at_the_lid(tmp / "lid", game, lines))


def _discord(phones: Phones, chosen: dict[int, dict[str, str]], first: bool) -> None:
    """Each fighting seat clicks its card and dice; until the last has chosen, nobody else sees them."""
    seats = list(chosen)
    watchers = [f"seat{s + 1}" for s in range(len(phones.windows) - 2) if s not in chosen]
    for k, seat in enumerate(seats):
        me = f"seat{seat + 1}"
        if first and k == 0:
            phones.stray_tap(me)
            phones.shot(me, "zankapfel-discord")
        phones.choose(me, chosen[seat])
        if k == len(seats) - 1:
            break
        text = phones.synced(me)[1]
        assert f"Your discord card\n{chosen[seat]['card']}" in text and "Chosen." in text
        for other in ["spectator", *watchers, *(f"seat{s + 1}" for s in seats[k + 1:])]:
            text = phones.synced(other)[1]  # who has chosen, and nothing of what: no held choice shown
            assert "Chosen." not in text and "Your discord card" not in phones.mine(other), other
            assert "Chosen on a phone" in text
        if first:
            phones.shot(me, "zankapfel-chosen")
            phones.shot("spectator", "zankapfel-spectator-waiting")
    if first:
        cards = [f"discord card {form['card']}" for form in chosen.values()]
        phones.wait("spectator", lambda _v, t: all(c in t for c in cards), "the reveal, pushed")
        phones.shot("spectator", "zankapfel-spectator-revealed")


@pytest.mark.parametrize("phones", ["zankapfel"], indirect=True)
def test_a_whole_zankapfel_game_with_every_discord_clicked_on_the_seats_phones(phones, tmp_path):
    seats, seed, finish = ZANKAPFEL
    lines = load_game("zankapfel").part("table_script")(seats, seed, finish=finish)[0]
    kiosk = phones.kiosk
    i = _start(phones, lines)
    discords = 0
    while i < len(lines):
        if kiosk.call(lambda: kiosk.ctl.mode == "play" and kiosk.ctl.b.stage() == "dice"):
            chosen, i = kiosk.call(lambda i=i: discord_choices(kiosk.ctl, lines, i))
            _discord(phones, chosen, first=discords == 0)
            discords += 1
            continue
        kiosk.lid(lines[i])
        i += 1
    assert discords == 3 and phones.clicks == 7
    _the_end(phones, "zankapfel", lines, tmp_path)


def _secrets(kiosk: Kiosk) -> dict[int, list[str]]:
    """Per seat, the cards in its hand the table has not seen (as the pages would write them)."""
    e = kiosk.ctl.e
    return {s: [card_label(e.card(c)) for c in hidden_held(e, s)] for s in range(e.players)}


def _nothing_of_the_others(seat: int | None, secrets: dict[int, list[str]]) -> Callable[[str], None]:
    """A look at a page's text: no hidden card of another seat than ``seat`` in it."""
    def look(text: str) -> None:
        for other, cards in secrets.items():
            for card in cards if other != seat else ():
                assert card not in text, f"a page of seat {seat} shows seat {other + 1}'s hidden {card}"
    return look


_WALDGAERTNER_SHOTS = {"die": "waldgaertner-die", "draw": "waldgaertner-draw", "bdraw": "waldgaertner-bonus-draw",
                       "bchoose": "waldgaertner-bonus-choose", "play": "waldgaertner-play"}


def _hand_entry(phones: Phones, seat: int, form: dict[str, str], stage: str, shot: set[str]) -> None:
    """``seat`` clicks its hidden entry; its page first shows none of the others' hidden cards."""
    me = f"seat{seat + 1}"
    secrets = phones.kiosk.call(lambda: _secrets(phones.kiosk))
    if stage in _WALDGAERTNER_SHOTS and stage not in shot:
        shot.add(stage)
        phones.synced(me)
        phones.shot(me, _WALDGAERTNER_SHOTS[stage])
    phones.choose(me, form, look=_nothing_of_the_others(seat, secrets))


@pytest.mark.parametrize("phones", ["waldgaertner"], indirect=True)
def test_a_whole_waldgaertner_game_with_every_hand_entry_clicked_on_the_seats_phones(phones, tmp_path):
    seats, seed = WALDGAERTNER
    lines = load_game("waldgaertner").part("table_script")(seats, seed)[0]
    kiosk = phones.kiosk
    i = _start(phones, lines)
    shot: set[str] = set()
    rounds = 0
    while i < len(lines):
        choosing, stage, form = kiosk.call(lambda i=i: (die_seats(kiosk.ctl), kiosk.ctl.stage(),
                                                        hand_form(kiosk.ctl, lines[i])))
        if choosing:  # the round's dice, each clicked in secret; entered together after the last
            for k, seat in enumerate(choosing):
                if rounds == 0 and k == 0:
                    phones.stray_tap(f"seat{seat + 1}")
                _hand_entry(phones, seat, {"die": lines[i + k]}, "die", shot)
                if k == 0 and rounds == 0:
                    phones.shot(f"seat{seat + 1}", "waldgaertner-die-chosen")
            i += len(choosing)
            rounds += 1
            if rounds % 7 == 0:  # a spectator sees nothing hidden either
                _nothing_of_the_others(None, kiosk.call(lambda: _secrets(kiosk)))(phones.synced("spectator")[1])
                phones.shot("spectator", f"waldgaertner-spectator-{rounds}")
        elif form is not None:
            _hand_entry(phones, kiosk.call(kiosk.ctl.seat), form, stage, shot)
            i += 1
        else:
            assert stage not in HAND_STAGES, f"{lines[i]!r} would be entered at the lid"
            kiosk.lid(lines[i])
            i += 1
    assert rounds == 21 and phones.clicks > 100 and shot == set(_WALDGAERTNER_SHOTS)
    _the_end(phones, "waldgaertner", lines, tmp_path)
