"""The phones' pages in a real browser: Debian's Chromium, headless, driven by selenium.

Skipped, with the reason, where selenium, ``chromium`` or ``chromedriver`` is missing (Debian:
``apt-get install chromium chromium-driver``; selenium is in the test extra). The kiosk's side
runs in its own thread (the table, the journal and the socket's pump all on that one thread, as
on the kiosk's main thread); uvicorn serves the real app on a loopback port.

One Zankapfel discord, chosen in secret on two seats' pages; a spectator's page and one with a
forged token watch. Screenshots at phone size go to the test's temporary folder
(``APPLEJACK_WEB_SHOTS=DIR`` keeps them).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from table.web.app import make_app
from table.web.bridge import Bridge, socket_path
from table.web.client import KioskSocket
from table.web.tokens import SPECTATOR
from tests.web.tables import waldgaertner_draw, zankapfel_discord

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium not installed (the test extra)")
uvicorn = pytest.importorskip("uvicorn", reason="uvicorn not installed (the web extra)")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="Chromium not installed (Debian: apt-get install chromium chromium-driver)")
TABLES = {"zankapfel": zankapfel_discord, "waldgaertner": waldgaertner_draw}
PHONE = (390, 844)
"""A phone's screen in CSS pixels."""


class Kiosk(threading.Thread):
    """The kiosk's main thread: the table, its journal and the socket's pump (every 10 ms)."""

    def __init__(self, tmp: Path, table: Any) -> None:
        super().__init__(daemon=True)
        self.tmp = tmp
        self.table = table
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.ctl, journal, self.door, _lines, _i = self.table(self.tmp)
            self.tokens = {s: self.door.tokens.token(s) for s in [*self.door.tokens.seats(), SPECTATOR]}
            bridge = Bridge(self.door, socket_path(self.tmp))
            bridge.start()
            self.ready.set()
            while not self.stop.is_set():
                bridge.pump()
                time.sleep(0.01)
            bridge.close()
            journal.close()
        except BaseException as exc:  # the test's thread reports it
            self.error = exc
            self.ready.set()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(params=["zankapfel"])
def site(tmp_path, request):
    kiosk = Kiosk(tmp_path, TABLES[request.param])
    kiosk.start()
    assert kiosk.ready.wait(60) and kiosk.error is None, kiosk.error
    port = _free_port()
    config = uvicorn.Config(make_app(KioskSocket(socket_path(tmp_path)), poll_s=0.1), host="127.0.0.1", port=port,
                            http="h11", loop="asyncio", ws="none", lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield kiosk, f"http://127.0.0.1:{port}"
    server.should_exit = True
    serving.join(10)
    kiosk.stop.set()
    kiosk.join(10)


@pytest.fixture
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={PHONE[0]},{PHONE[1]}", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def _wait(driver, check, what: str, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check(driver)
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"never saw {what}: {driver.find_element('tag name', 'body').text!r}")


def _text(driver) -> str:
    return str(driver.find_element("tag name", "body").text)


def _choose(driver, card: str, dice: str) -> None:
    from selenium.webdriver.support.ui import Select

    _wait(driver, lambda d: d.find_elements("id", "f-card"), "the discord form")
    Select(driver.find_element("id", "f-card")).select_by_value(card)
    Select(driver.find_element("id", "f-dice")).select_by_value(dice)
    driver.find_element("css selector", "#choice button").click()


def _shot(driver, folder: Path, name: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(folder / f"{name}.png"))


@pytest.mark.parametrize("site", ["zankapfel"], indirect=True)
def test_a_discord_chosen_in_secret_on_two_phones_while_a_spectator_and_a_forger_watch(site, browser, tmp_path):
    kiosk, base = site
    shots = Path(os.environ.get("APPLEJACK_WEB_SHOTS") or tmp_path / "shots")
    tabs = {}
    for name, seat in (("seat1", 0), ("seat3", 2), ("spectator", SPECTATOR), ("forged", None)):
        if tabs:
            browser.switch_to.new_window("tab")
        token = kiosk.tokens[seat] if seat is not None else "A" * 22
        browser.get(f"{base}/t/{token}")
        tabs[name] = browser.current_window_handle

    browser.switch_to.window(tabs["seat1"])
    _wait(browser, lambda d: d.find_element("id", "private").is_displayed(), "seat 1's own section")
    _shot(browser, shots, "seat1-discord")
    _choose(browser, "8", "1")
    _wait(browser, lambda d: "Chosen." in _text(d), "seat 1's choice held")
    _shot(browser, shots, "seat1-chosen")

    browser.switch_to.window(tabs["spectator"])
    _wait(browser, lambda d: "Chosen on a phone" in _text(d) and "Seat 1" in _text(d), "who has chosen")
    spectator = _text(browser)
    assert not browser.find_element("id", "private").is_displayed()
    assert "Your discord card" not in spectator and "Chosen." not in spectator
    assert not browser.find_elements("css selector", "#choice select")
    _shot(browser, shots, "spectator-waiting")

    browser.switch_to.window(tabs["seat3"])
    _wait(browser, lambda d: d.find_elements("id", "f-card"), "seat 3's form")
    assert "Your discord card\n8" not in _text(browser) and "Chosen." not in _text(browser)
    _choose(browser, "5", "0")

    browser.switch_to.window(tabs["spectator"])
    _wait(browser, lambda d: "discord card 8" in _text(d) and "discord card 5" in _text(d), "the reveal, pushed")
    _shot(browser, shots, "spectator-revealed")

    browser.switch_to.window(tabs["forged"])
    _wait(browser, lambda d: "This page is closed" in _text(d), "the forged page closed")
    assert "Seat 1" not in _text(browser)
    _shot(browser, shots, "forged")

    assert kiosk.error is None
    assert kiosk.ctl.cmds[-4:] == ["dice seat 1 1", "dice-done", "card seat 1 8", "card seat 3 5"]


@pytest.mark.parametrize("site", ["waldgaertner"], indirect=True)
def test_a_card_drawn_into_a_hand_is_entered_and_seen_on_that_seats_phone_only(site, browser, tmp_path):
    kiosk, base = site
    shots = Path(os.environ.get("APPLEJACK_WEB_SHOTS") or tmp_path / "shots")
    browser.get(f"{base}/t/{kiosk.tokens[1]}")
    seat2 = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(f"{base}/t/{kiosk.tokens[0]}")
    _wait(browser, lambda d: d.find_elements("css selector", "input#f-card"), "seat 1's card entry")
    _shot(browser, shots, "waldgaertner-seat1-draw")
    browser.find_element("id", "f-card").send_keys("200")
    browser.find_element("css selector", "#choice button").click()
    _wait(browser, lambda d: "#200 " in _text(d), "seat 1's hand")
    _shot(browser, shots, "waldgaertner-seat1-hand")
    browser.switch_to.window(seat2)
    _wait(browser, lambda d: "Seat 2 draws" in _text(d) or "Seat 2" in d.find_element("id", "question").text,
          "the game moved on to seat 2")
    assert "#200" not in _text(browser)
    _shot(browser, shots, "waldgaertner-seat2")
    assert kiosk.error is None
    assert kiosk.ctl.cmds[-1] == "card 200"
