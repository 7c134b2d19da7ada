"""The Hint button on a seat's page, in a real browser (headless Chromium, phone size): shown to the
seat whose decision it is, pressed, the hint on that page only; not on another seat's or the
spectators' page. At the game's end the seat's page closes and shows its Coach section from its
coach ticket. Skipped where selenium, ``chromium`` or ``chromedriver`` is missing."""

from __future__ import annotations

import os
from pathlib import Path

from table.web.tokens import SPECTATOR
from tests.web.browser import Kiosk, Phones, chrome, require_browser, serve, shut_down
from tests.web.tables import at_the_lid_again, zankapfel_discord

require_browser()  # skipped where Chromium is missing; with CI set, the run fails instead


REST: list[str] = []
"""The script's lines after the discord (entered at the lid to finish the game)."""


def _table(tmp: Path):
    ctl, journal, door, lines, i = zankapfel_discord(tmp)
    REST[:] = lines[i:]
    return ctl, journal, door


def _shown(phones: Phones, name: str, element: str) -> bool:
    phones.at(name)
    return bool(phones.driver.execute_script(f"return !document.getElementById('{element}').hidden"))


def test_the_hint_button_on_the_seats_page_and_the_hint_there_only(tmp_path, monkeypatch):
    from tests.web.test_advice_coach import without_coach

    driver = chrome()
    kiosk = Kiosk(tmp_path, _table)
    kiosk.start()
    assert kiosk.ready.wait(60) and kiosk.error is None, kiosk.error
    server, serving, base = serve(tmp_path)
    try:
        phones = Phones(driver, base, kiosk, Path(os.environ.get("APPLEJACK_WEB_SHOTS") or tmp_path / "shots"))
        tokens = kiosk.call(lambda: {s: kiosk.door.tokens.token(s) for s in (0, 1, SPECTATOR)})
        for seat, token in tokens.items():
            phones.open("spectator" if seat == SPECTATOR else f"seat{seat + 1}", token)
        for name in ("seat1", "seat2", "spectator"):
            phones.synced(name)
        assert _shown(phones, "seat1", "hint")  # seat 1 fights the discord: its decision
        assert not _shown(phones, "seat2", "hint") and not _shown(phones, "spectator", "hint")
        phones.at("seat1")
        driver.find_element("css selector", "#hint").click()
        text = phones.wait("seat1", lambda _v, t: "Hint: discord" in t, "the hint")
        phones.shot("seat1", "hint-seat1")
        line = next(x for x in text.splitlines() if x.startswith("Hint: "))
        for name in ("seat2", "spectator"):
            assert line not in phones.page(name)[1] and "Hint:" not in phones.page(name)[1]
        assert kiosk.call(lambda: kiosk.door.version())[2] == 0  # nothing held: the hint moved no version
        kiosk.call(lambda: without_coach(monkeypatch, kiosk.ctl))  # the refusal line: the same whatever the registry
        for entry in REST:  # the game to its end at the lid: the token expires, the coach ticket opens
            kiosk.call(lambda e=entry: (at_the_lid_again(kiosk.ctl, e), kiosk.door.follow()))  # pages open, lid plays
        coach = phones.wait("seat1", lambda v, t: v == "gone" and "no coach here" in t, "the coach's line")
        assert _shown(phones, "seat1", "coach") and "COACH" in coach  # its section (the heading in capitals)
        phones.shot("seat1", "coach-seat1")
        assert not _shown(phones, "spectator", "coach")  # the spectators have no ticket
    finally:
        shut_down(driver, server, serving, kiosk)
    assert kiosk.error is None, kiosk.error
