"""The browser tests' tools: the kiosk's thread, the real server, and the phones' windows.

:class:`Kiosk` is the kiosk's main thread: the table, its journal and the socket's pump (every
10 ms), and the lid's lines, entered on that thread (``call``), as the lid's keys are on the
kiosk. :class:`Phones` holds one Chromium window per page (a seat, the spectators, a forged
token), each at phone size, and makes a seat's choice by clicking in its page.
"""

from __future__ import annotations

import os
import queue
import shutil
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from table.web.bridge import Bridge, socket_path
from table.web.client import KioskSocket

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
CI_VARIABLE = "CI"
"""Set (to anything but empty): a missing browser fails the run instead of skipping (issue 34)."""
PHONE = (390, 844)
"""A phone's screen in CSS pixels."""
WAIT_S = 20.0
"""How long a page may take to show what the table did (seconds; it takes well under one)."""


class Kiosk(threading.Thread):
    """The kiosk's main thread: ``table(tmp) -> (shell, journal, door)``, the socket's pump, and
    the jobs handed in by :meth:`call` (the lid's lines, questions about the table)."""

    def __init__(self, tmp: Path, table: Callable[[Path], tuple[Any, Any, Any]]) -> None:
        super().__init__(daemon=True)
        self.tmp = tmp
        self.table = table
        self.jobs: queue.Queue[tuple[Callable[[], Any], list[Any], threading.Event]] = queue.Queue()
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.ctl, journal, self.door = self.table(self.tmp)
            bridge = Bridge(self.door, socket_path(self.tmp))
            bridge.start()
            self.ready.set()
            while not self.stop.is_set():
                self._jobs()
                bridge.pump()
            bridge.close()
            journal.close()
        except BaseException as exc:  # the test's thread reports it
            self.error = exc
            self.ready.set()

    def _jobs(self) -> None:
        """The jobs handed in, at once; else a frame's wait (10 ms) for one."""
        wait = 0.01
        while True:
            try:
                job, out, done = self.jobs.get(timeout=wait)
            except queue.Empty:
                return
            wait = 0.0
            try:
                out.append(job())
            except BaseException as exc:
                out.append(exc)
            done.set()

    def call(self, job: Callable[[], Any]) -> Any:
        """``job()`` on the kiosk's thread, between two frames; its result (its exception raised here)."""
        out: list[Any] = []
        done = threading.Event()
        self.jobs.put((job, out, done))
        assert done.wait(WAIT_S), "the kiosk's thread did not answer"
        if isinstance(out[0], BaseException):
            raise out[0]
        return out[0]

    def lid(self, line: str) -> None:
        """A line typed at the lid, then the door follows (as ``play --web``'s frame does)."""
        def enter() -> None:
            self.ctl.do(line)
            self.door.follow()
        self.call(enter)

    def version(self) -> str:
        """The door's version as the page shows it (``data-version``)."""
        return ".".join(map(str, self.call(self.door.version)))


def missing_browser() -> str | None:
    """Why the browser tests cannot run here (None: they can): selenium, Chromium, chromedriver."""
    try:
        import selenium.webdriver  # noqa: F401  (the test extra)
    except ImportError:
        return "selenium not installed (the test extra: pip install -e '.[test]')"
    try:
        import uvicorn  # noqa: F401  (the web extra)
    except ImportError:
        return "uvicorn not installed (the web extra)"
    if CHROMIUM is None or DRIVER is None:
        return ("Chromium not installed (Debian: apt-get install chromium chromium-driver; "
                "`bash scripts/dev.sh test` installs them)")
    return None


def require_browser() -> None:
    """At a browser test module's top: skip the module where the browser is missing — but with
    ``CI`` set, fail the run (a clean CI machine must not pass without the browser tests)."""
    problem = missing_browser()
    if problem is None:
        return
    if os.environ.get(CI_VARIABLE):
        pytest.fail(f"{problem}; {CI_VARIABLE} is set, so the browser tests may not be skipped", pytrace=False)
    pytest.skip(problem, allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(tmp: Path, poll_s: float = 0.03) -> tuple[Any, threading.Thread, str]:
    """The real app on uvicorn with the phones' server settings (``wifi.server_config``), on a
    loopback port, asking the kiosk's socket in ``tmp``; ``poll_s``: how often the update streams
    ask (the tests' pages need not wait the server's 0.4 s)."""
    import uvicorn

    from table.web.app import make_app
    from table.web.wifi import server_config

    port = free_port()
    config = server_config(make_app(KioskSocket(socket_path(tmp)), poll_s=poll_s), "127.0.0.1", port)
    server = uvicorn.Server(config)  # the phones' server's own settings (wifi.py)
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    return server, serving, f"http://127.0.0.1:{port}"


def chrome() -> Any:
    """Debian's Chromium, headless, at phone size, driven by Debian's chromedriver."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={PHONE[0]},{PHONE[1]}", "--force-device-scale-factor=1",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    return driver


class Phones:
    """One window per page in one browser; every choice is clicked in its seat's page."""

    def __init__(self, driver: Any, base: str, kiosk: Kiosk, shots: Path) -> None:
        self.driver = driver
        self.base = base
        self.kiosk = kiosk
        self.shots = shots
        self.windows: dict[str, str] = {}
        self.here = ""
        self.clicks = 0

    def open(self, name: str, token: str) -> None:
        """A new window (the first reuses the browser's own) on ``/t/<token>``."""
        d = self.driver
        if self.windows:
            d.switch_to.new_window("window")
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",  # the page's viewport exactly a phone's
                          {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
        d.get(f"{self.base}/t/{token}")
        self.windows[name] = self.here = d.current_window_handle

    def at(self, name: str) -> None:
        if self.here != name:
            self.driver.switch_to.window(self.windows[name])
            self.here = name

    def page(self, name: str) -> tuple[str, str]:
        """(the version the page shows, its visible text)."""
        self.at(name)
        got = self.driver.execute_script("return [document.body.dataset.version || '', document.body.innerText]")
        return str(got[0]), str(got[1])

    def mine(self, name: str) -> str:
        """The text of ``name``'s own section ("" when the page shows none: a spectator)."""
        self.at(name)
        return str(self.driver.execute_script(
            "const p = document.getElementById('private');"
            " return p.hidden ? '' : document.getElementById('mine').innerText"))

    def wait(self, name: str, check: Callable[[str, str], bool], what: str) -> str:
        """Wait until ``check(version, text)`` holds on ``name``'s page; its text."""
        deadline = time.monotonic() + WAIT_S
        version, text = self.page(name)
        while not check(version, text):
            if time.monotonic() > deadline:
                raise AssertionError(f"{name}'s page never showed {what}: {text!r}")
            time.sleep(0.02)
            version, text = self.page(name)
        return text

    def synced(self, name: str) -> tuple[str, str]:
        """Wait until ``name``'s page shows the table as it is now; (its version, its text)."""
        now = self.kiosk.version()
        text = self.wait(name, lambda v, _t: v in (now, "gone"), f"version {now}")
        return now, text

    def choose(self, name: str, form: dict[str, str], look: Callable[[str], None] | None = None) -> None:
        """Fill ``name``'s form with ``form`` (an option clicked, a number typed) and press its
        button, as a person does; waits for the answer. ``look(text)``: the page before, checked."""
        now, text = self.synced(name)
        if look is not None:
            look(text)
        d = self.driver
        # each field's option (or input) and the button, found in one round trip, then clicked
        *fields, button = d.execute_script(
            "const q = (s) => document.querySelector(s);"
            "return [...arguments[0].map(([f, v]) => q(`select#f-${f} option[value='${v}']`) || q(`#f-${f}`))"
            ".map((e) => [e, e.tagName]), q('#choice button')];", list(form.items()))
        for (element, tag), value in zip(fields, form.values(), strict=True):
            if tag == "OPTION":
                element.click()
            else:  # a new form after every answer: the field is empty
                element.send_keys(value)
        button.click()
        self.clicks += 1
        self.wait(name, lambda v, _t: v != now, "the answer to its choice")

    def stray_tap(self, name: str) -> None:
        """The button pressed before anything is chosen: the page sends nothing (nothing is preselected)."""
        now, _text = self.synced(name)
        d = self.driver
        d.find_element("css selector", "#choice button").click()
        time.sleep(0.3)  # what an answer would take, several times over
        assert self.page(name)[0] == now and self.kiosk.version() == now, "a tap with nothing chosen was sent"
        assert d.find_elements("css selector", "#choice select:invalid"), "the choice is not asked for"

    def shot(self, name: str, picture: str) -> None:
        """A screenshot of ``name``'s page (phone size) into the shots folder."""
        self.at(name)
        self.shots.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(self.shots / f"{picture}.png"))


def shut_down(driver: Any, server: Any, serving: threading.Thread, kiosk: Kiosk) -> None:
    """The end of a browser test: the window, the web server and the kiosk's thread, in that order."""
    driver.quit()
    server.should_exit = True
    serving.join(10)
    kiosk.stop.set()
    kiosk.join(10)
