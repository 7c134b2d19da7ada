"""Applejack's part of the text front end (``play --text``): its keys and commands (:data:`HELP`),
its screens in one line, and its input lines. The shell's ``table.companion.text`` runs the
terminal and hands each line here (the registry's part ``text``); the shell's own words
(``language``, ``game``) are the shell's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from table.engine.errors import TableError
from table.games.applejack.companion.api import Controller
from table.games.applejack.companion.coach import TextCoach
from table.games.applejack.companion.hints import compute_hint
from table.games.applejack.labels import seat_label
from table.i18n import N_, _
from table.i18n.labels import is_number, listed
from table.i18n.names import variety_name

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
ALIASES |= {"skip": "skip"}  # teach mode: hide the explanation shown
SETUP_KEYS = {"o": "orchards", "orchards": "orchards", "k": "campaign", "campaign": "campaign"}
SETUP_KEYS |= {"w": "teach"}  # teach mode on/off (games/applejack/companion/teach.py)
PAD_WORDS = {"clear": "clear", "next": "next", "prev": "prev", "back": "prev", "done": "done", "": "confirm",
             "ok": "confirm", "undo": "undo", "u": "undo", "escape": "escape"}
HELP: tuple[str, ...] = (
N_(
    'play --text: the same controller in a terminal. Announcements are printed as lines; every\n'
    'input line is a key or a command:'),
N_(
    '    1..7            the trough button          blind / b / space   the blind-draw button\n'
    '    (empty) / ok    the confirm button         undo / u            the undo button\n'
    '    c / cottage     cottage tile               m / middle          middle trees (solo)\n'
    '    correct / f     the correction screen      up / down / next / prev / escape / done\n'
    '    die N           the die sensor sees the die on space N\n'
    '    take 3, blind, stock 3, fix-die 5 2, fix-trough 3 2, fix-supply 40   track commands\n'
    '    quit            leave (the game stays in the journal and is offered next time)'),
N_(
    'Setup screen:\n'
    '    1..4            players (1 = solo)         5 cottage tile      6 apple tiles (shuffled)\n'
    '    7               die sensor                 o individual orchards (B sides)\n'
    '    k               solo campaign game: off, 1, 2, 3, 4\n'
    '    setup players=3 cottage=on apples=shuffle orchards=on sensor=off     the same as one line\n'
    "    setup orchards=B1,B3          each seat's orchard side (individual orchards)\n"
    '    setup players=1 campaign=3 kept=17,42   campaign game 3 with the two tiles kept so far\n'
    '    start / (empty)                starts the game'),
N_(
    'Teach mode:\n'
    '    w / setup teach on   on the setup screen: each step and scoring explained the first time\n'
    '    skip            hide the explanation shown          teach off / teach on   end / restart teach mode'),
N_(
    'Players and history (setup screen):\n'
    "    setup name 2 Ana Lu            seat 2's player (setup name 2: none); players lists the known names\n"
    '    history                        personal bests, solo marks, the last games (the screen: H)'),
N_(
    'Score pad (after the game; per player: the apples of each area per variety, blossoms, honey):\n'
    '    5,3,2           the value of the field under the cursor (apples of each area, commas\n'
    '                    between areas; the app takes off the 3 pips), then the next field\n'
    '    next / prev     move without changing the field\n'
    '    clear           empty the field under the cursor\n'
    '    done            score the pad\n'
    '    pad 1 brown 5,3 / pad 2 honey 14 / pad 2 honey   set (or, with no value, clear) any field\n'
    '    pad-done        the same as done'),
N_(
    'Result (after a game with orchard tracking):\n'
    '    coach           what the strong bot would have done each turn and what each choice cost'),
N_(
    'Orchard tracking (setup tracked=on; hints=all or hints=1,3 also turns it on; t / h on the\n'
    "setup screen): people also enter every tile, in the engine's action texts (game in front\n"
    'is optional; the journal keeps "game draw 17"):\n'
    '    draw 17         the tile turned over from the supply (setup, refill, blind, middle, cottage)\n'
    '    take 3:17       took tile 17 from trough 3 (a trough button works when it holds one tile)\n'
    '    middle 17, blind, cottage                 the other ways to take a tile\n'
    '    buy / pasture   paid its price, or turned it to pasture (+2 honey)\n'
    '    place 5/2       put it on orchard space 5 (1-19, rows from the top), turned 2 steps (0-5)\n'
    '    stock 3:17, stock-supply                  restocked the cottage (variant)\n'
    "    hint / h        the strong bot's turn for a hinted seat (shown by itself at its turn)\n"
    '    untrack         stop tracking (hints end, corrections work again; undo brings it back)\n'
    'Corrections (fix-*, f) are refused while tracking: undo back to the mistake instead.'),
N_(
    'The screen (play without --text): the same keys, plus ":" to type any of these lines\n'
    '(enter submits, escape cancels), h for a hint, and t / h on the setup screen; on the score\n'
    'pad, delete empties the field under the cursor.'),
)
"""The keys and commands of Applejack's text mode, one section each (English source text)."""
PAD_EXPECTED = N_("score pad: type the apples of each area with commas (5,3), or a number for blossoms and honey; "
                  "next / prev move, clear empties the field, done scores")
"""English source text: shown with ``_(PAD_EXPECTED)``."""


def screen_text(ctl: Controller) -> str:
    """A short status line of what the screen shows (after a mode change)."""
    if ctl.mode == "setup":
        return _setup_text(ctl)
    if ctl.mode == "correct" and ctl.correction is not None:
        c = ctl.correction
        vals = ", ".join(f"{c.label(i)} {c.value(i)}" for i in range(c.FIELDS))
        return _("Correction [{field}]: {values}; {up}/{down} change, {confirm} applies, {escape} leaves").format(
            field=c.label(c.cursor), values=vals, up=_(KEY_WORDS["up"]), down=_(KEY_WORDS["down"]),
            confirm=_("CONFIRM"), escape=_(KEY_WORDS["escape"]))
    if ctl.mode == "pad" and ctl.pad is not None:
        p, f = ctl.pad.cursor
        name = variety_name(ctl.data.varieties[f].name) if f < ctl.pad.varieties else \
            _(PAD_FIELD_NAMES[f - ctl.pad.varieties])
        return _("Score pad: {seat} — {field} [{value}]  ({help})").format(
            seat=seat_label(p), field=name, value=ctl.pad.field_text(p, f), help=ctl.pad_help())
    waiting = ctl.waiting_line()
    return _("Next: {waiting}").format(waiting=waiting) if waiting else ""


KEY_WORDS = {"up": N_("up"), "down": N_("down"), "escape": N_("escape")}
"""The correction screen's keys as its line says them (English source text): in the table's
language ("hoch", "haut", "上"; Esc, Échap), and typed so there as well as in English
(:func:`handle_line`): the line never asks for a word the terminal would refuse."""


PAD_FIELD_NAMES = (N_("Blossoms"), N_("Honey"))
"""The score pad's last two fields' names (English source text)."""


def _setup_text(ctl: Controller) -> str:
    """The setup screen in one line, in the current language."""
    s = ctl.setup
    on, off = _("on"), _("off")
    if s.tracked:
        tracked = _("orchard tracking on (t), hints: {hints} (h)").format(hints=s.hints_text())
    else:
        tracked = _("orchard tracking off (t)")
    note = ctl.sensor_note()
    players = (_("players {n} = solo (1-4)") if s.players == 1 else _("players {n} (1-4)")).format(n=s.players)
    parts = [players,
             _("cottage {state} (5)").format(state=on if s.cottage else off),
             _("apple tiles {state} (6)").format(state=_("shuffled") if s.apple_tiles is not None else off),
             (_("die sensor {state} ({note}) (7)") if note else _("die sensor {state} (7)")).format(
                 state=on if s.sensor else off, note=note),
             _("individual orchards {sides} (o)").format(sides=" ".join(s.orchards) if s.orchards is not None
                                                           else off)]
    if s.players == 1:
        parts.append(_("solo campaign game {game} (k)").format(game=s.campaign) if s.campaign else
                     _("solo campaign game off (k)"))
    parts.append(tracked)
    return _("Setup: {choices}; {honey}; confirm starts").format(choices=listed(parts),
                                                                honey=ctl.starting_honey_text())


def serve_advice(ctl: Controller, failed: set[str] | None = None) -> bool:
    """Compute a wanted hint at once (the terminal can wait for it); returns whether one was given.
    ``failed`` remembers positions whose hint raised, so they are not tried again and again."""
    request = ctl.hint_request()
    if request is None or (failed is not None and request.key in failed):
        return False
    try:
        advice = compute_hint(request)
    except Exception as exc:  # advice only: a failing bot must not end the game
        if failed is not None:
            failed.add(request.key)
        ctl.log.append(_("(no hint: {error})").format(error=repr(exc)))
        return False
    return ctl.give_advice(advice)


def help_keys() -> str:
    """Applejack's keys and commands as plain text, in the language in force (the shell adds its own)."""
    return "\n\n".join(_(section) for section in HELP)


def _pressed(ctl: Controller, button: str, word: str) -> str | None:
    """Press ``button``; the refusal (or "nothing to do now") when it did nothing."""
    ok = ctl.press(button)
    return None if ok else (ctl.refusal or _("{key}: nothing to do now").format(key=word or "confirm"))


def _pad_line(ctl: Controller, word: str, low: str) -> tuple[bool, str | None]:
    """A line on the score pad: (taken, refusal)."""
    if word and all(ch in "0123456789, " for ch in word):
        problem = ctl.pad_line_problem(word)
        if problem:  # "11,4" into blossoms is refused whole, never typed as 114
            return True, problem
        for ch in word:
            ctl.press("comma" if ch in ", " else ch)
        ctl.press("confirm")
        return True, None
    if low in PAD_WORDS:
        return True, _pressed(ctl, PAD_WORDS[low], word)
    if not low.startswith("pad"):
        return True, _("{entry} is not a score-pad entry — {expected}").format(entry=repr(word),
                                                                              expected=_(PAD_EXPECTED))
    return False, None


def _die_line(ctl: Controller, low: str) -> str | None:
    """``die N``: the die sensor sees the die on space N."""
    try:
        ctl.die_reading(int(low.split()[1]))
    except (ValueError, IndexError):
        return _("die N: the space number the sensor sees")
    if ctl.die_wrong():
        return _("the die is on space {seen}; it belongs on space {space}").format(seen=ctl.die_seen,
                                                                                 space=ctl.t.state.die.space)
    return None


def handle_line(ctl: Controller, line: str) -> str | None:
    """One input line; returns the refusal when it was refused."""
    word = line.strip()
    low = word.lower()
    if ctl.mode == "pad":
        taken, refusal = _pad_line(ctl, word, low)
        if taken:
            return refusal
    if ctl.mode == "setup" and low in SETUP_KEYS:
        return _pressed(ctl, SETUP_KEYS[low], word)
    if ctl.mode == "correct":  # the keys as the correction line says them in the language
        said = {_(name).lower(): key for key, name in KEY_WORDS.items()}
        if low in said:
            return _pressed(ctl, said[low], word)
    if low in ALIASES:
        return _pressed(ctl, ALIASES[low], word)
    if is_number(low) and 1 <= int(low) <= 7:
        ok = ctl.press(f"trough{low}")
        return None if ok else (ctl.refusal or _("trough {trough}: nothing to do now").format(trough=low))
    if low.startswith("die "):
        return _die_line(ctl, low)
    try:
        ctl.do(word)
    except TableError as exc:
        return str(exc)
    return None


class Attendant:
    """What the terminal does for Applejack between lines: a wanted hint computed at once (the
    terminal can wait for it), the result's coach and fair target (``coach``)."""

    def __init__(self, out: TextIO, *, block: bool) -> None:
        self.coach = TextCoach(out, block=block)  # the result's fair target, the `coach` command
        self.failed: set[str] = set()

    def poll(self, ctl: Controller) -> None:
        serve_advice(ctl, self.failed)
        self.coach.poll(ctl)

    def command(self, ctl: Controller, line: str) -> bool:
        return self.coach.command(ctl, line)

    def stop(self) -> None:
        self.coach.worker.stop()

    def finish(self, ctl: Controller) -> None:
        self.coach.finish(ctl)


attendant: Callable[..., Attendant] = Attendant
"""The text front end's helper for this game (``attendant(out, block=...)``)."""
