"""The owner's settings page in a real browser (Debian's Chromium, headless, at phone size): the
form filled and saved by clicks and keys, a refusal shown, the history downloaded from the page.
Skipped, with the reason, where selenium, ``chromium`` or ``chromedriver`` is missing."""

from __future__ import annotations

import os
import time
from pathlib import Path

from table.commands.attract import demo_games
from table.companion import kept as K
from table.schedule import SCHEDULE_ENV
from table.web.door import Door
from table.web.owner import OwnerDesk, owner_token
from tests.web.browser import PHONE, WAIT_S, Kiosk, chrome, require_browser, serve, shut_down
from tests.web.tables import shell

require_browser()  # skipped where Chromium is missing; with CI set, the run fails instead


def _table(tmp: Path):
    ctl, journal = shell(tmp, "zankapfel")
    door = Door(ctl)
    door.owner = OwnerDesk(owner_token(tmp), tmp)
    return ctl, journal, door


def _until(driver, check, what: str):
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"the page never showed {what}: {driver.find_element('tag name', 'body').text[:300]}")


def test_the_owner_saves_the_settings_and_downloads_the_history_on_a_phone(tmp_path, monkeypatch):
    from selenium.webdriver.common.by import By

    from tests.web.test_settings_page import _history

    monkeypatch.delenv(SCHEDULE_ENV, raising=False)
    monkeypatch.delenv(K.DEMO_ENV, raising=False)
    monkeypatch.setattr("sys.argv", ["applejack-table", "play", "--web"])
    _history(tmp_path, 12)
    kiosk = Kiosk(tmp_path, _table)
    kiosk.start()
    assert kiosk.ready.wait(60) and kiosk.error is None, kiosk.error
    server, serving, base = serve(tmp_path)
    driver = chrome()
    shots = Path(os.environ.get("APPLEJACK_WEB_SHOTS") or tmp_path / "shots")
    shots.mkdir(parents=True, exist_ok=True)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
        driver.get(f"{base}/o/{owner_token(tmp_path)}")
        body = driver.find_element(By.TAG_NAME, "body")
        _until(driver, lambda: body.get_attribute("data-shown"), "the settings")
        driver.find_element(By.ID, "schedule").send_keys("07:30-22:00")
        ticks = driver.find_elements(By.CSS_SELECTOR, "#demo input[type=checkbox]")
        assert len(ticks) == len(demo_games()) >= 4  # a tick per game the idle demo shows (the registry's)
        ticks[3].click()
        ticks[1].click()
        driver.find_element(By.ID, "names").send_keys("Ada\nBo\n")
        driver.save_screenshot(str(shots / "settings-filled.png"))
        driver.find_element(By.ID, "save").click()
        _until(driver, lambda: body.get_attribute("data-answered") == "1", "the answer")
        assert driver.find_element(By.ID, "answer").text == "Saved."
        assert K.load(tmp_path) == K.Kept("07:30-22:00", ("zankapfel", "waldgaertner"), ("Ada", "Bo"))
        field = driver.find_element(By.ID, "schedule")
        field.clear()
        field.send_keys("25:00-07:00")
        driver.find_element(By.ID, "save").click()
        _until(driver, lambda: body.get_attribute("data-answered") == "2", "the refusal")
        assert "past 23:59" in driver.find_element(By.ID, "answer").text
        driver.save_screenshot(str(shots / "settings-refused.png"))
        assert K.load(tmp_path).schedule == "07:30-22:00"
        href = driver.find_element(By.ID, "export-csv").get_attribute("href")
        text = driver.execute_async_script(
            "const done = arguments[1]; fetch(arguments[0]).then(r => r.text()).then(done, e => done(String(e)));",
            href)
        from table.companion.history_export import history_export
        from table.games import games
        from table.history.readers import Readers

        assert text.encode() == history_export(tmp_path, "csv", Readers(games()))
        assert text.count("\n") > 12
    finally:
        shut_down(driver, server, serving, kiosk)
    assert kiosk.error is None, kiosk.error
