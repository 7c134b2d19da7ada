"""play --text: the same controller in a terminal. Announcements are printed as lines; every
input line is a key or a command:

    1..7            the trough button          blind / b / space   the blind-draw button
    (empty) / ok    the confirm button         undo / u            the undo button
    c / cottage     cottage tile               m / middle          middle trees (solo)
    correct / f     the correction screen      up / down / next / prev / escape / done
    die N           the die sensor sees the die on space N
    take 3, blind, stock 3, fix-die 5 2, fix-trough 3 2, fix-supply 40   track commands
    quit            leave (the game stays in the journal and is offered next time)

Setup screen:
    1..4            players (1 = solo)         5 cottage tile      6 apple tiles (shuffled)
    7               die sensor                 o individual orchards (B sides)
    k               solo campaign game: off, 1, 2, 3, 4
    setup players=3 cottage=on apples=shuffle orchards=on sensor=off     the same as one line
    setup orchards=B1,B3          each seat's orchard side (individual orchards)
    setup players=1 campaign=3 kept=17,42   campaign game 3 with the two tiles kept so far
    start / (empty)                starts the game
    setup name 2 Ana Lu            seat 2's player (setup name 2: none); players lists the known names
    history                        personal bests, solo marks, the last games (the screen: H)

Game (setup screen, before a game begins):
    g / game        the next game (applejack, zankapfel, draftcider, waldgaertner)   game zankapfel   that game

Score pad (after the game; per player: the apples of each area per variety, blossoms, honey):
    5,3,2           the value of the field under the cursor (apples of each area, commas
                    between areas; the app takes off the 3 pips), then the next field
    next / prev     move without changing the field
    clear           empty the field under the cursor
    done            score the pad
    pad 1 brown 5,3 / pad 2 honey 14 / pad 2 honey   set (or, with no value, clear) any field
    pad-done        the same as done

Orchard tracking (setup tracked=on; hints=all or hints=1,3 also turns it on; t / h on the
setup screen): people also enter every tile, in the engine's action texts (game in front
is optional; the journal keeps "game draw 17"):
    draw 17         the tile turned over from the supply (setup, refill, blind, middle, cottage)
    take 3:17       took tile 17 from trough 3 (a trough button works when it holds one tile)
    middle 17, blind, cottage                 the other ways to take a tile
    buy / pasture   paid its price, or turned it to pasture (+2 honey)
    place 5/2       put it on orchard space 5 (1-19, rows from the top), turned 2 steps (0-5)
    stock 3:17, stock-supply                  restocked the cottage (variant)
    hint / h        the strong bot's turn for a hinted seat (shown by itself at its turn)
    untrack         stop tracking (hints end, corrections work again; undo brings it back)
Corrections (fix-*, f) are refused while tracking: undo back to the mistake instead.

The screen (play without --text): the same keys, plus ":" to type any of these lines
(enter submits, escape cancels), h for a hint, and t / h on the setup screen; on the score
pad, delete empties the field under the cursor.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from table.companion.controller import CommandError, Controller
from table.companion.hints import compute_hint
from table.companion.labels import is_number, seat_label
from table.companion.players import players_text
from table.engine.errors import ActionParseError, IllegalActionError

ALIASES = {
    "": "confirm", "ok": "confirm", "enter": "confirm", "confirm": "confirm",
    "b": "blind", "space": "blind",
    "u": "undo", "undo": "undo", "backspace": "backspace",
    "c": "cottage", "cottage": "cottage", "m": "middle", "middle": "middle",
    "f": "correct", "correct": "correct",
    "up": "up", "down": "down", "next": "next", "prev": "prev", "escape": "escape", "esc": "escape",
    "done": "done", "tab": "next", "plus": "up", "minus": "down", "+": "up", "-": "down",
    "h": "hint", "hint": "hint", "t": "tracked",
}
SETUP_KEYS = {"o": "orchards", "orchards": "orchards", "k": "campaign", "campaign": "campaign"}
PAD_WORDS = {"clear": "clear", "next": "next", "prev": "prev", "back": "prev", "done": "done", "": "confirm",
             "ok": "confirm", "undo": "undo", "u": "undo", "escape": "escape"}
PAD_EXPECTED = ("score pad: type the apples of each area with commas (5,3), or a number for blossoms and honey; "
                "next / prev move, clear empties the field, done scores")


def help_keys(game: str = "applejack") -> str:
    """The keys and commands as plain text for a terminal (``play --help-keys [--game KEY]``)."""
    if game != "applejack":
        return str(_game_text(game).help_keys())
    return __doc__ or ""


def _is_applejack(ctl: object) -> bool:
    return getattr(ctl, "game", "applejack") == "applejack"


def _game_text(game: str) -> Any:
    """Another game's text module: ``table.companion.<key>_text`` (help_keys, screen_text,
    handle_line, status_lines)."""
    import importlib

    return importlib.import_module(f"table.companion.{game}_text")


def screen_text(ctl: Controller) -> str:
    """A short status line of what the screen shows (after a mode change)."""
    if not _is_applejack(ctl):
        return str(_game_text(ctl.game).screen_text(ctl))
    if ctl.mode == "setup":
        s = ctl.setup
        tracked = f"orchard tracking on (t), hints: {s.hints_text()} (h)" if s.tracked else "orchard tracking off (t)"
        sensor = f" ({ctl.sensor_note()})" if ctl.sensor_note() else ""
        orchards = " ".join(s.orchards) if s.orchards is not None else "off"
        campaign = f", solo campaign game {s.campaign or 'off'} (k)" if s.players == 1 else ""
        solo = " = solo" if s.players == 1 else ""
        return (f"Setup: players {s.players}{solo} (1-4), cottage {'on' if s.cottage else 'off'} (5), "
                f"apple tiles {'shuffled' if s.apple_tiles is not None else 'off'} (6), "
                f"die sensor {'on' if s.sensor else 'off'}{sensor} (7), individual orchards {orchards} (o)"
                f"{campaign}, {tracked}; {ctl.honey_line().replace('Starting', 'starting', 1)}; confirm starts")
    if ctl.mode == "correct" and ctl.correction is not None:
        c = ctl.correction
        vals = ", ".join(f"{c.label(i)} {c.value(i)}" for i in range(c.FIELDS))
        return f"Correction [{c.label(c.cursor)}]: {vals}; up/down change, confirm applies, escape leaves"
    if ctl.mode == "pad" and ctl.pad is not None:
        p, f = ctl.pad.cursor
        name = ctl.data.varieties[f].name if f < ctl.pad.varieties else ("Blossoms", "Honey")[f - ctl.pad.varieties]
        return f"Score pad: {seat_label(p)} — {name} [{ctl.pad.field_text(p, f)}]  ({ctl.pad_help()})"
    waiting = ctl.waiting_line()
    return f"Next: {waiting}" if waiting else ""


def serve_hint(ctl: Controller, failed: set[str] | None = None) -> bool:
    """Compute a wanted hint at once (the terminal can wait for it); returns whether one was given.
    ``failed`` remembers positions whose hint raised, so they are not tried again and again."""
    if not _is_applejack(ctl):
        return False  # hints are Applejack's (the strong bot)
    request = ctl.hint_request()
    if request is None or (failed is not None and request.key in failed):
        return False
    try:
        hint = compute_hint(request)
    except Exception as exc:  # advice only: a failing bot must not end the game
        if failed is not None:
            failed.add(request.key)
        ctl.log.append(f"(no hint: {exc!r})")
        return False
    return ctl.give_hint(hint)


def handle_line(ctl: Controller, line: str) -> str | None:
    """One input line; returns a hint when it was refused."""
    if line.strip().lower() in ("g", "game") and hasattr(ctl, "choosing") and ctl.choosing():
        ctl.press("game")  # the shell: the next game on the setup screen
        return None
    if not _is_applejack(ctl):
        refused: str | None = _game_text(ctl.game).handle_line(ctl, line)
        return refused
    word = line.strip()
    low = word.lower()
    if ctl.mode == "pad":
        if word and all(ch in "0123456789, " for ch in word):
            for ch in word:
                ctl.press("comma" if ch in ", " else ch)
            ctl.press("confirm")
            return None
        if low in PAD_WORDS:
            ok = ctl.press(PAD_WORDS[low])
            return None if ok else (ctl.hint or f"{word or 'confirm'}: nothing to do now")
        if not low.startswith("pad"):
            return f"{word!r} is not a score-pad entry — {PAD_EXPECTED}"
    if ctl.mode == "setup" and low in SETUP_KEYS:
        ok = ctl.press(SETUP_KEYS[low])
        return None if ok else (ctl.hint or f"{word}: nothing to do now")
    if low in ALIASES:
        ok = ctl.press(ALIASES[low])
        return None if ok else (ctl.hint or f"{word or 'confirm'}: nothing to do now")
    if is_number(low) and 1 <= int(low) <= 7:
        ok = ctl.press(f"trough{low}")
        return None if ok else (ctl.hint or f"trough {low}: nothing to do now")
    if low.startswith("die "):
        try:
            ctl.die_reading(int(low.split()[1]))
        except (ValueError, IndexError):
            return "die N: the space number the sensor sees"
        if ctl.die_wrong():
            return f"the die is on space {ctl.die_seen}; it belongs on space {ctl.t.state.die.space}"
        return None
    try:
        ctl.do(word)
    except (CommandError, IllegalActionError, ActionParseError, ValueError) as exc:
        return str(exc)
    return None


def run_text(ctl: Controller, lines: Iterable[str], out: TextIO, *, echo: bool = False,
             after_each: Callable[[], None] | None = None, idle_s: float | None = None) -> int:
    """Feed input lines until they end (EOF) or ``quit``. Always exits cleanly: the journal
    already holds every confirmed command.

    ``after_each`` runs after every line (hardware inputs, LEDs, speech, watchdog). With
    ``idle_s`` the lines are read in a thread and ``after_each`` also runs every ``idle_s``
    seconds while no line comes, so GPIO buttons and the die sensor work while the terminal
    waits for a line.
    """
    last_screen = ""
    failed: set[str] = set()

    def flush() -> None:
        serve_hint(ctl, failed)
        nonlocal last_screen
        for line in ctl.new_lines():
            print(line, file=out)
        for line in getattr(ctl, "result_qr_lines", list)():  # the play's QR code (companion/players.py)
            print(line, file=out)
        s = screen_text(ctl)
        if s and s != last_screen:
            print(s, file=out)
        last_screen = s
        out.flush()

    def one(raw: str) -> bool:
        line = raw.rstrip("\n")
        if line.strip().startswith("#"):
            return True
        if line.strip().lower() in ("quit", "exit", "q"):
            return False
        if echo:
            print(f"> {line}", file=out)
        shown = players_text(ctl, line)  # players, history, setup name (companion/players.py)
        if shown is not None:
            print(shown, file=out)
            return True
        hint = handle_line(ctl, line)
        if hint:
            print(f"  ? {hint}", file=out)
        elif line.strip().lower() == "status" and not _is_applejack(ctl):
            for row in _game_text(ctl.game).status_lines(ctl):
                print(row, file=out)
        return True

    def tick() -> None:
        if after_each is not None:
            after_each()
        flush()

    flush()
    if idle_s is None:
        for raw in lines:
            if not one(raw):
                break
            tick()
        return 0
    inbox: queue.Queue[str | None] = queue.Queue()

    def reader() -> None:
        try:
            for raw in lines:
                inbox.put(raw)
        finally:
            inbox.put(None)

    threading.Thread(target=reader, name="text-input", daemon=True).start()
    while True:
        try:
            item = inbox.get(timeout=idle_s)
        except queue.Empty:
            tick()
            continue
        if item is None or not one(item):
            break
        tick()
    return 0
