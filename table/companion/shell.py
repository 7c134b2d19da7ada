"""The shell's game choice: one object the front ends hold, whatever game is on the table.

:class:`Shell` stands in for the current game's companion module (it forwards every attribute,
so the front ends, the LEDs, speech and the journal see that module) and adds the one choice
every setup screen starts with: **the game**. On a setup screen (nothing played yet):

- the lid's BLIND button, key ``g``, or a touch on the game tab goes to the next game;
- a touch on ``game:zankapfel`` (the tab of a game), or the command ``game zankapfel`` (a
  script line, the terminal, the ``:`` entry) picks one.

The new module starts on its own setup screen with the same journal hook, announcement log
and storage state; nothing is journalled until a game starts (its setup dict names the game).

The shell also holds the **language** (``table.i18n``; one setting for the process), for every
game in every mode: the command ``language`` (the next of ``table.i18n.LANGUAGES``) or
``language de``, and on a setup screen the button ``language`` (``press("language")``). A change
is said in the new language, moves ``version`` (the screen redraws) and is handed to
``on_language`` (the session saves it in the state directory: ``companion/language.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from table import i18n
from table.companion.gamedef import GameDef, UnknownGameError
from table.companion.protocol import CommandError, GameCompanion, OwnerPage, ResultLink, Retells, TableShell
from table.engine.errors import TableError
from table.i18n import _

LANGUAGE_WORD = "language"
"""The command, key word and touch button that change the language (``language [CODE]``)."""
PHONE_WORD = "phone"
"""``phone 2`` at the lid (``play --web``): the next phone to open seat 2's code takes the seat (docs/web.md)."""

ShellFactory = Callable[[str], GameCompanion]
"""Makes a game's companion module by key (with the session's journal hook wired in)."""


def game_module(ctl: GameCompanion) -> GameCompanion:
    """The game's own module behind ``ctl``: the shell's current one (what a game's view, key map and
    resume are handed), else ``ctl`` itself (a lone module)."""
    return ctl.current if isinstance(ctl, Shell) else ctl


def choosing(ctl: GameCompanion) -> bool:
    """The game may be changed now (:meth:`Shell.choosing`; never for a lone module)."""
    return isinstance(ctl, TableShell) and ctl.choosing()


class Shell:
    """See the module docstring. ``make(key)`` builds a game's module; ``games`` are the games the
    CLI hands down (the registry's), in the order the setup screen offers them."""

    _OWN = frozenset({"current", "make", "_base", "on_language", "games",
                      "phones", "phones_progress", "phones_news", "owner_page", "phones_release",
                      "result_link"})
    games: tuple[GameDef, ...]
    current: GameCompanion
    """The game's module on the table now (every attribute not the shell's own is forwarded to it)."""
    phones: Callable[[], Any] | None = None
    """``play --web``: the phones' links for the lid's QR page (``table/web/kiosk.py``); None without."""
    phones_progress: Callable[[], Any] | None = None
    """``play --web``: who has chosen or is done on the phones, for the screen's strip."""
    phones_news: Callable[[], list[str]] | None = None
    """``play --web``: the same as lines for the terminal."""
    owner_page: OwnerPage | None = None
    """``play --web``: the owner's settings page address for the lid's settings screen (a new
    code each time the screen opens: ``table/web/owner.py``, ``OwnerCode``)."""
    phones_release: Callable[[int], str] | None = None
    """``play --web``: ``phone 2`` at the lid lets another phone take seat 2 (0-based here; the line said)."""
    result_link: ResultLink | None = None
    """``play --web``: the result's short link and its code for the lid's QR page where BG Stats' own
    link is too big to scan (``table/web/resultlinks.py``); None without."""

    def __init__(self, current: GameCompanion, make: ShellFactory, *, games: Sequence[GameDef],
                 on_language: Callable[[str], object] | None = None) -> None:
        """``on_language(code)``: called after the language was changed here (to keep the choice)."""
        object.__setattr__(self, "current", current)
        object.__setattr__(self, "make", make)
        object.__setattr__(self, "_base", 0)
        object.__setattr__(self, "on_language", on_language)
        object.__setattr__(self, "games", tuple(games))

    @property
    def definition(self) -> GameDef:
        """The definition of the game on the table (its text part, view, key map …)."""
        return self.game_def(self.current.game)

    def game_def(self, key: str) -> GameDef:
        """One of the shell's games by key; UnknownGameError names the games otherwise."""
        for g in self.games:
            if g.key == key:
                return g
        raise UnknownGameError(f"unknown game {key!r}; known: {', '.join(g.key for g in self.games)}")

    def companion_games(self) -> tuple[str, ...]:
        """The keys of the games with a table companion, in the shell's order."""
        return tuple(g.key for g in self.games if g.has("companion"))

    # --- forwarding -------------------------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        return getattr(self.current, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self._OWN:
            object.__setattr__(self, name, value)
        elif name == "version":
            object.__setattr__(self, name, value)  # the property's setter below
        else:
            setattr(self.current, name, value)

    @property
    def version(self) -> int:
        """The current module's version plus everything the modules before it counted: a switch
        always moves it, so a front end redraws."""
        base: int = object.__getattribute__(self, "_base")
        return int(self.current.version) + base

    @version.setter
    def version(self, value: int) -> None:
        """A front end's redraw (``version += 1``) moves the current module's count (``__setattr__``)."""
        self.current.version = value - object.__getattribute__(self, "_base")

    # --- the choice ---------------------------------------------------------------------------------
    def choosing(self) -> bool:
        """The game may be changed now: a setup screen with no game begun."""
        return self.current.mode == "setup" and self.current.track is None \
            and not self.current.covering()  # a name typed, the history open

    def switch(self, key: str) -> None:
        """Put ``key``'s module on the table (its setup screen)."""
        info = self.game_def(key)
        if not info.has("companion"):
            raise CommandError(_("{game} has no table companion yet").format(game=info.title))
        if key == self.current.game:
            return
        old = self.current
        new = self.make(key)
        new.log = old.log  # one announcement log: the terminal and speech go on where they were
        new._said = old._said
        new.storage_problem = old.storage_problem
        object.__setattr__(self, "_base", self.version + 1)
        object.__setattr__(self, "current", new)
        new.log.append(_("Game: {game}").format(game=info.title))

    def next_game(self) -> str:
        keys = self.companion_games()
        i = keys.index(self.current.game) if self.current.game in keys else -1
        return keys[(i + 1) % len(keys)]

    # --- the language -----------------------------------------------------------------------------
    def set_language(self, code: str | None = None) -> str:
        """Speak ``code`` (any spelling ``table.i18n.parse_language`` reads; None: the next of
        ``LANGUAGES``) from now on; returns the code. UnknownLanguage (a ValueError) for a code
        the table has no words for: nothing changes."""
        if code is None:
            langs = i18n.LANGUAGES
            now = i18n.current_language()
            code = langs[(langs.index(now) + 1) % len(langs)] if now in langs else langs[0]
        new = i18n.set_language(code)
        if isinstance(self.current, Retells):
            self.current.retell()  # waiting announcements are said again in the new language
        self.current.log.append(_("Language: {name}").format(name=i18n.LANGUAGE_NAMES[new]))
        object.__setattr__(self, "_base", object.__getattribute__(self, "_base") + 1)  # the screen redraws
        if self.on_language is not None:
            self.on_language(new)
        return new

    def press(self, button: str) -> bool:
        if button == LANGUAGE_WORD and self.current.mode == "setup":
            self.set_language()
            return True
        if self.choosing() and (button in ("blind", "g", "game") or button.startswith("game:")):
            key = button[5:] if button.startswith("game:") else self.next_game()
            try:
                self.switch(key)
            except TableError as exc:
                self.current.refusal = str(exc)
                self.current.version += 1
                return False
            return True
        return bool(self.current.press(button))

    def do(self, command: str) -> None:
        words = command.strip().lower().split()
        if words and words[0] == LANGUAGE_WORD and len(words) <= 2:
            try:
                self.set_language(words[1] if len(words) == 2 else None)
            except i18n.UnknownLanguage as exc:
                raise CommandError(_("language: {codes} (not {code})").format(
                    codes=", ".join(i18n.LANGUAGES), code=exc.code)) from None
            return
        release = self.phones_release  # play --web: the lid lets another phone take a seat
        if release is not None and len(words) == 2 and words[0] == PHONE_WORD:
            if not (words[1].isascii() and words[1].isdigit() and len(words[1]) <= 2):
                raise CommandError(_("phone: the seat's number, as in phone 2"))
            line = release(int(words[1]) - 1)
            self.current.log.append(line)
            object.__setattr__(self, "_base", object.__getattribute__(self, "_base") + 1)  # the screen redraws
            return
        keys = {g.key for g in self.games}
        if len(words) == 2 and words[0] == "game" and words[1] in keys:  # not "game cottage" (tracking)
            if not self.choosing():
                raise CommandError(_("the game is chosen on the setup screen, before a game begins"))
            self.switch(words[1])
            return
        self.current.do(command)
