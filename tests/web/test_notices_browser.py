"""Issue 34 in a real browser: a seat is one phone (a second browser is told so and gets the seat
when the first hands it over), an old page says the game is over (reloaded too, and the same
phone then opens the new code), and a page says so while the table cannot be reached. Headless
Chromium at phone size (``tests/web/browser.py``), two browsers = two phones (each its own cookies)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from table.web.door import Door
from tests.web.browser import PHONE, WAIT_S, Kiosk, chrome, require_browser, serve, shut_down
from tests.web.tables import zankapfel_discord

require_browser()  # skipped where Chromium is missing; with CI set, the run fails instead


def _table(tmp: Path) -> tuple[Any, Any, Door]:
    ctl, journal, door, _lines, _i = zankapfel_discord(tmp)
    return ctl, journal, door


def _text_until(driver: Any, check: Any, what: str) -> str:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        text = str(driver.execute_script("return document.body.innerText"))
        if check(text):
            return text
        time.sleep(0.05)
    raise AssertionError(f"the page never showed {what}: {text!r}")


def _phone() -> Any:
    driver = chrome()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    return driver


def test_a_second_phone_a_finished_game_and_the_server_away_are_each_said_on_the_page(tmp_path):
    kiosk = Kiosk(tmp_path, _table)
    kiosk.start()
    assert kiosk.ready.wait(60) and kiosk.error is None, kiosk.error
    server, serving, base = serve(tmp_path)
    first = _phone()
    second = None
    try:
        seat = kiosk.call(lambda: kiosk.door.tokens.token(0))
        first.get(f"{base}/t/{seat}")
        _text_until(first, lambda t: "Seat 1" in t and "discord" in t.lower(), "its seat")
        second = _phone()
        second.get(f"{base}/t/{seat}")  # another phone, the same code
        _text_until(second, lambda t: "Seat 1 is open on another phone" in t, "the seat taken")
        assert "discord card" not in str(second.execute_script("return document.body.innerText")).lower()
        _text_until(first, lambda t: "hand it over" in t, "the hand-over button")
        first.find_element("css selector", "#handover").click()
        _text_until(second, lambda t: "Only for you".upper() in t.upper() and "open on another" not in t,
                    "its seat after the hand-over")
        _text_until(first, lambda t: "open on another phone" in t, "the seat gone to the other phone")
        old = kiosk.call(lambda: kiosk.door.tokens.token(1))
        first.get(f"{base}/t/{old}")
        _text_until(first, lambda t: "Seat 2" in t and "discord" in t.lower(), "seat 2's page")

        def end_tokens() -> None:  # the game's tokens retired, as when it ends (new ones follow)
            kiosk.door.tokens.new_game(len(kiosk.door.tokens.seats()))
        kiosk.call(end_tokens)
        _text_until(first, lambda t: "This game is over — scan the new code on the lid." in t, "the game over")
        first.refresh()  # reloaded: still over, and no guess
        _text_until(first, lambda t: "This game is over — scan the new code on the lid." in t, "the game over")
        new = kiosk.call(lambda: kiosk.door.tokens.token(1))
        first.get(f"{base}/t/{new}")  # the new code: this phone is not locked out
        _text_until(first, lambda t: "Seat 2" in t and "discord" in t.lower(), "seat 2's new page")
        kiosk.stop.set()  # the table (the kiosk) goes away while the pages are open
        kiosk.join(10)
        _text_until(first, lambda t: "The table cannot be reached" in t, "the table away")
    finally:
        if second is not None:
            second.quit()
        shut_down(first, server, serving, kiosk)
