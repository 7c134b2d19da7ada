"""Applejack's score pad on two phones' pages in a real browser (headless Chromium, selenium).

Lean on purpose (the API tests hold the pads' logic): the page's generic form sends a pad entry
and ``done`` from a seat's page, and the spectators' page is pushed who is done. Skipped, with
the reason, where selenium, ``chromium`` or ``chromedriver`` is missing.
"""

from __future__ import annotations

import os
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
from table.web.wifi import server_config
from tests.web.browser import CHROMIUM, DRIVER, require_browser, shut_down
from tests.web.test_pads_on_phones import applejack_pad

require_browser()  # skipped where Chromium is missing; with CI set, the run fails instead
webdriver = pytest.importorskip("selenium.webdriver")
uvicorn = pytest.importorskip("uvicorn")


class PadKiosk(threading.Thread):
    """The kiosk's main thread: Applejack played to its score pad, its journal, the socket's pump."""

    def __init__(self, tmp: Path) -> None:
        super().__init__(daemon=True)
        self.tmp = tmp
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.ctl: Any = None

    def run(self) -> None:
        try:
            self.ctl, journal, door, _lines = applejack_pad(self.tmp)
            self.tokens = {s: door.tokens.token(s) for s in [*door.tokens.seats(), SPECTATOR]}
            bridge = Bridge(door, socket_path(self.tmp))
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


def _wait(driver: Any, check: Any, what: str, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check(driver)
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"never saw {what}: {driver.find_element('tag name', 'body').text!r}")


def _send(driver: Any, values: dict[str, str]) -> None:
    from selenium.webdriver.support.ui import Select

    _wait(driver, lambda d: d.find_elements("id", "f-what"), "the pad form")
    for name, value in values.items():
        Select(driver.find_element("id", f"f-{name}")).select_by_value(value)
    driver.find_element("css selector", "#choice button").click()


def test_a_seat_fills_its_applejack_pad_on_its_page_and_the_spectators_see_it_done(tmp_path):
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    kiosk = PadKiosk(tmp_path)
    kiosk.start()
    assert kiosk.ready.wait(120) and kiosk.error is None, kiosk.error
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    config = server_config(make_app(KioskSocket(socket_path(tmp_path)), poll_s=0.1), "127.0.0.1", port)
    server = uvicorn.Server(config)
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    shots = Path(os.environ.get("APPLEJACK_WEB_SHOTS") or tmp_path / "shots")
    shots.mkdir(parents=True, exist_ok=True)
    try:
        deadline = time.monotonic() + 20
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port}"
        driver.get(f"{base}/t/{kiosk.tokens[SPECTATOR]}")
        spectator = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(f"{base}/t/{kiosk.tokens[1]}")
        _send(driver, {"what": "honey", "value": "14"})
        _wait(driver, lambda d: kiosk.ctl.current.pad.honey[1] == 14, "the honey on the lid's pad")
        _send(driver, {"what": "done"})
        _wait(driver, lambda d: "Your pad is complete." in d.find_element("tag name", "body").text, "done")
        driver.save_screenshot(str(shots / "applejack-pad-seat2.png"))
        driver.switch_to.window(spectator)
        seat2 = kiosk.ctl.seat_title(1)
        _wait(driver, lambda d: f"Score pad entered\n{seat2}" in d.find_element("tag name", "body").text,
              "who is done, pushed")
        assert not driver.find_element("id", "private").is_displayed()
        driver.save_screenshot(str(shots / "applejack-pad-spectator.png"))
        assert kiosk.ctl.mode == "pad" and kiosk.error is None
    finally:
        shut_down(driver, server, serving, kiosk)
