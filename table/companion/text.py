"""play --text: a game's companion module in a terminal. Announcements are printed as lines; every
input line is a key or a command of the game on the table (its text part: the registry's ``text``
— ``help_keys``, ``screen_text``, ``handle_line``, optionally ``status_lines`` and an
``attendant``), printed by ``play --help-keys``, in the language in force. The shell's
``language [CODE]`` works in every game and mode, and ``g`` / ``game`` picks the game on a setup
screen. The text part is the game's definition's (the shell's ``definition``, handed down by the
CLI); a lone companion module without a shell finds it by its ``game`` among the registered games
(``table.companion.gamedef.registered``)."""

from __future__ import annotations

import queue
import shutil
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from table.companion.gamedef import GameDef, registered
from table.companion.help import help_lines
from table.companion.players import players_text
from table.companion.protocol import CoachesLid, GameCompanion, HintsLid, TableShell
from table.companion.shell import LANGUAGE_WORD
from table.engine.errors import TableError
from table.i18n import N_, _

LANGUAGE_HELP = N_(
    "Language (every game, every screen):\n"
    "    language        the next language (English, Deutsch, Français, 日本語)\n"
    "    language de     that language (en, de, fr, ja); kept for the next start")
"""The shell's language command, listed in every game's help."""
GAME_HELP = N_(
    "Game (setup screen, before a game begins):\n"
    "    g / game        the next game ({games})   game {key}   that game")
"""The shell's game choice, listed in every game's help with the registry's games."""
HELP_WORDS = ("help", "?")
"""What asks for the help lines in every game and mode."""


def help_keys(game: GameDef, games: Sequence[GameDef] = ()) -> str:
    """The keys and commands as plain text for a terminal (``play --help-keys [--game KEY]``):
    the game's own, then the shell's (the game choice among ``games``, when there is one; the
    language)."""
    choice = [g.key for g in games if g.has("companion")]
    shell = [_(GAME_HELP).format(games=", ".join(choice), key=choice[-1])] if len(choice) > 1 else []
    return "\n\n".join([str(game.part("text").help_keys()).rstrip("\n"), *shell, _(LANGUAGE_HELP)]) + "\n"


def text_part(ctl: GameCompanion) -> Any:
    """The text part of the game on the table: the shell's game definition's, else the registered
    game named by the module's ``game``."""
    definition = ctl.definition if isinstance(ctl, TableShell) else registered(ctl.game)
    return definition.part("text")


def screen_text(ctl: GameCompanion) -> str:
    """A short status line of what the screen shows (after a mode change); none on the resume
    screen, whose offer line (the log's) is the one line for an unfinished game."""
    if ctl.mode == "resume":
        return ""
    return str(text_part(ctl).screen_text(ctl))


def handle_line(ctl: GameCompanion, line: str) -> str | None:
    """One input line; returns the refusal when it was refused."""
    if line.strip().lower().split()[:1] == [LANGUAGE_WORD] and isinstance(ctl, TableShell):
        try:  # the shell's: every game, every mode
            ctl.do(line)
        except TableError as exc:
            return str(exc)
        return None
    if line.strip().lower().split()[:2] == ["setup", "name"]:  # a name keeps the case it was typed in
        try:
            ctl.do(line.strip())
        except TableError as exc:
            return str(exc)
        return None
    if line.strip().lower() in ("g", "game") and isinstance(ctl, TableShell) and ctl.choosing():
        ctl.press("game")  # the shell: the next game on the setup screen
        return None
    refusal: str | None = text_part(ctl).handle_line(ctl, line)
    return refusal


class _Attendants:
    """Each game's helper between lines (``attendant(out, block=)`` of its text part: Applejack's
    hints and coach), made when its game first comes to the table."""

    def __init__(self, out: TextIO, block: bool) -> None:
        self.out, self.block = out, block
        self.made: dict[str, Any] = {}

    def of(self, ctl: GameCompanion) -> Any:
        key = ctl.game
        if key not in self.made:
            make = getattr(text_part(ctl), "attendant", None)
            self.made[key] = make(self.out, block=self.block) if make is not None else None
        return self.made[key]

    def poll(self, ctl: GameCompanion) -> None:
        helper = self.of(ctl)
        if helper is not None:
            helper.poll(ctl)
        # the module games' hints and coach (companion/lidhint.py, coach_lid.py): at once here
        jobs = [ctl.lid_hint_request() if isinstance(ctl, HintsLid) else None,
                ctl.lid_coach_request() if isinstance(ctl, CoachesLid) else None]
        for job in jobs:
            if job is not None and isinstance(ctl, HintsLid | CoachesLid):
                ctl.give_advice(job.compute())

    def command(self, ctl: GameCompanion, line: str) -> bool:
        helper = self.of(ctl)
        return helper is not None and bool(helper.command(ctl, line))

    def stop(self) -> None:
        for helper in self.made.values():
            if helper is not None:
                helper.stop()

    def finish(self, ctl: GameCompanion) -> None:
        for helper in self.made.values():
            if helper is not None:
                helper.finish(ctl)
        for line in ctl.new_lines():
            print(line, file=self.out)


def qr_lines(lines: list[str], columns: int | None = None,
             command: str = "applejack-table history --qr ID") -> list[str]:
    """The result's QR code for the terminal, or — when it is wider than the terminal
    (``columns``; ``$COLUMNS`` or the terminal's width, 80 without one), where wrapped lines would
    make it unreadable — one line saying so and naming the ``command`` that prints it (the
    history's directory and the game's id: it works as printed); the history line stays."""
    if not lines or "\n" not in lines[0]:
        return lines
    cols = columns if columns is not None else shutil.get_terminal_size(fallback=(80, 24)).columns
    width = max(len(row) for row in lines[0].splitlines())
    if width <= cols:
        return lines
    return [_("(The QR code is {width} columns wide, this terminal {cols}: widen it, or scan it on the screen, or "
              "print it in a wider terminal with `{command}`.)").format(width=width, cols=cols, command=command),
            *lines[1:]]


def run_text(ctl: GameCompanion, lines: Iterable[str], out: TextIO, *, echo: bool = False,
             after_each: Callable[[], None] | None = None, idle_s: float | None = None) -> int:
    """Feed input lines until they end (EOF) or ``quit``. Always exits cleanly: the journal
    already holds every confirmed command.

    ``after_each`` runs after every line (hardware inputs, LEDs, speech, watchdog). With
    ``idle_s`` the lines are read in a thread and ``after_each`` also runs every ``idle_s``
    seconds while no line comes, so GPIO buttons and the die sensor work while the terminal
    waits for a line.
    """
    last_screen = ""
    helpers = _Attendants(out, block=idle_s is None)  # Applejack's: hints, the result's fair target, `coach`

    def flush() -> None:
        helpers.poll(ctl)
        nonlocal last_screen
        for line in ctl.new_lines():
            print(line, file=out)
        news = ctl.phones_news if isinstance(ctl, TableShell) else None
        for line in news() if news is not None else ():  # play --web: who is done on the phones
            print(line, file=out)
        qr = ctl.result_qr_lines()  # the play's QR code (companion/players.py)
        for line in qr_lines(qr, command=ctl.qr_command()) if qr else ():
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
            helpers.stop()
            return False
        if echo:
            print(f"> {line}", file=out)
        if line.strip().lower() in HELP_WORDS:  # every game, every mode (companion/help.py)
            for row in help_lines(ctl):
                print(row, file=out)
            return True
        if helpers.command(ctl, line):
            return True
        shown = players_text(ctl, line)  # players, history, setup name (companion/players.py)
        if shown is not None:
            print(shown, file=out)
            return True
        refusal = handle_line(ctl, line)
        if refusal:
            print(f"  ? {refusal}", file=out)
        elif line.strip().lower() == "status" and hasattr(text_part(ctl), "status_lines"):
            for row in text_part(ctl).status_lines(ctl):
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
        helpers.finish(ctl)
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
    helpers.finish(ctl)
    return 0
