"""The words people read and hear, in their language: gettext catalogues for English (the source
text), German, French and Japanese.

Every user-facing string is written in English in the source and wrapped where it is used::

    from table.i18n import _, ngettext, N_

    _("Refill the troughs")                                   # a plain message
    _("Harvest {variety}: every {variety} area − {pips}").format(variety=..., pips=...)
    ngettext("{n} tile", "{n} tiles", n).format(n=n)          # a count
    HEADINGS = (N_("Harvest"), N_("Refill"))                  # marked at import, translated at use: _(h)

Placeholders are always *named* (``{pips}``, never ``{}``), so a translation can put them in its
own order; ``tests/i18n/test_catalogues.py`` fails when a catalogue misses a message, leaves one
fuzzy or empty, or changes a placeholder.

The catalogues live in ``table/i18n/locale/<lang>/LC_MESSAGES/<part>.po`` (one part per group of
source files, see ``catalogs.PARTS``) with their compiled ``.mo`` beside them; ``python -m
table.i18n.catalogs update`` extracts, merges and compiles them (Babel, a development tool only:
at run time the standard library's :mod:`gettext` reads the ``.mo`` files).

The language is one setting for the whole process (like gettext's own ``install``): the setup
screen's choice, ``play --language``, or ``APPLEJACK_LANGUAGE`` in the environment file;
English when none is given. The engine never translates: its text forms are a file format.
"""

from __future__ import annotations

import gettext
import logging
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from table.engine.errors import TableError

log = logging.getLogger("applejack.i18n")

#: The languages the table speaks, in the order the setup screen cycles through them.
LANGUAGES: tuple[str, ...] = ("en", "de", "fr", "ja")

#: Each language by its own name (what the setup button shows).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "ja": "日本語"}

#: The environment variable that picks the language (the service's env file).
ENV_VARIABLE = "APPLEJACK_LANGUAGE"


class UnknownLanguage(TableError):
    """A language code the table has no catalogue for."""

    def __init__(self, code: str) -> None:
        super().__init__(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
        self.code = code


def parse_language(text: str) -> str:
    """``"de"``, ``"DE"``, ``"de_DE.UTF-8"``, ``"Deutsch"`` → ``"de"``; anything else raises
    :class:`UnknownLanguage`."""
    raw = text.strip()
    for code, name in LANGUAGE_NAMES.items():
        if raw.casefold() == name.casefold():
            return code
    code = raw.split(".")[0].split("_")[0].split("-")[0].lower()
    if code not in LANGUAGES:
        raise UnknownLanguage(text)
    return code


class _Catalogues:
    """The translations, loaded once per language (every part's ``.mo`` chained as fallbacks)."""

    def __init__(self) -> None:
        self.language = "en"
        self.loaded: dict[str, gettext.NullTranslations] = {}
        self.folders: list[Path] = []
        """Further ``locale`` folders (a game's outside ``table/``: ``add_catalogues``)."""

    def translations(self, code: str) -> gettext.NullTranslations:
        if code not in self.loaded:
            self.loaded[code] = _load(code, self.folders)
        return self.loaded[code]

    @property
    def current(self) -> gettext.NullTranslations:
        return self.translations(self.language)


def _load(code: str, more: Sequence[Path] = ()) -> gettext.NullTranslations:
    """Every part's catalogue for ``code`` chained into one (the house's, then those of the
    ``locale`` folders in ``more``); a missing or damaged ``.mo`` is one log line and its messages
    stay English (the table goes on)."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if code == "en":
        return chain
    folder = resources.files("table.i18n").joinpath("locale", code, "LC_MESSAGES")
    parts: list[gettext.NullTranslations] = []
    try:
        entries: list[Any] = sorted((e for e in folder.iterdir() if e.name.endswith(".mo")), key=lambda e: e.name)
    except OSError as exc:
        log.warning("no %s catalogues (%s): the screen stays in English", code, exc)
        return chain
    for extra in more:
        mine = extra / code / "LC_MESSAGES"
        entries += sorted(mine.glob("*.mo")) if mine.is_dir() else []
    for entry in entries:
        try:
            with entry.open("rb") as fp:
                parts.append(gettext.GNUTranslations(fp))
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            log.warning("the %s catalogue %s is damaged (%s): its words stay in English", code, entry.name, exc)
    if not parts:
        return chain
    first = parts[0]
    for then in parts[1:]:
        first.add_fallback(then)
    return first


_catalogues = _Catalogues()


def add_catalogues(folder: Path) -> None:
    """Read the catalogues in ``folder`` (``<lang>/LC_MESSAGES/<part>.mo``) too, after the
    house's: a game that lives outside ``table/`` (the registry's ``register`` hands its
    ``GameDef.words`` here)."""
    if folder not in _catalogues.folders:
        _catalogues.folders.append(folder)
        _catalogues.loaded.clear()


def set_language(code: str) -> str:
    """Speak ``code`` (parsed by :func:`parse_language`) from now on; returns the code."""
    parsed = parse_language(code)
    _catalogues.language = parsed
    return parsed


def current_language() -> str:
    """The language in force (``"en"`` until one is set)."""
    return _catalogues.language


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """``APPLEJACK_LANGUAGE`` from the environment, English when unset; an unknown value is one
    log line and English (a typo in the env file must not stop the kiosk)."""
    env = os.environ if environ is None else environ
    raw = env.get(ENV_VARIABLE, "").strip()
    if not raw:
        return "en"
    try:
        return parse_language(raw)
    except UnknownLanguage as exc:
        log.warning("%s=%s: %s; speaking English", ENV_VARIABLE, raw, exc)
        return "en"


@contextmanager
def using(code: str) -> Iterator[str]:
    """Speak ``code`` inside the block, then the language before (tests, goldens, previews)."""
    before = _catalogues.language
    parsed = set_language(code)
    try:
        yield parsed
    finally:
        _catalogues.language = before


def _(message: str) -> str:
    """``message`` (English source text) in the current language."""
    if not message:
        return message
    return _catalogues.current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language (Japanese has one form)."""
    return _catalogues.current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it now (module-level constants);
    translate it where it is shown with ``_(message)``."""
    return message


def gettext_in(code: str, message: str) -> str:
    """``message`` in ``code`` whatever the current language (the catalogue test, previews)."""
    return _catalogues.translations(parse_language(code)).gettext(message) if message else message
