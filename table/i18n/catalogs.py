"""Extract, merge, compile and check the gettext catalogues (a development tool; Babel).

    python -m table.i18n.catalogs update   # extract every part, merge into each language's .po, compile .mo
    python -m table.i18n.catalogs check    # what a catalogue misses (exit 1 when anything does)
    python -m table.i18n.catalogs missing de  # the untranslated messages of one language, as .po text
    python -m table.i18n.catalogs update --folder tests/games/colourdie   # a game outside table/: its own


A *part* is a group of source files with its own ``<part>.po`` per language, so that work on one
game's words never touches another's catalogue. A file belongs to the first part whose pattern
matches it; a file that marks messages but belongs to no part is itself a problem. Every game
folder under ``table/games/`` is its own part (named by its key), found on disk: a new game's words
go to its own catalogue without a line here. A game folder outside ``table/`` (the tests' games)
keeps its one part in its own ``locale/`` (``--folder DIR``; ``GameDef.words`` names that folder,
``table.games.register`` hands it to the runtime). The files written carry no tool version
(Babel's ``Generated-By``) and fixed dates: ``update`` changes a file only when its messages do.
Messages are marked with ``_``, ``N_`` and ``ngettext`` (``table/i18n/__init__.py``). New entries
are written untranslated (empty); ``check`` lists them until someone translates them.
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from fnmatch import fnmatch
from functools import cache
from pathlib import Path
from typing import Any

from table.i18n import LANGUAGES

PACKAGE = Path(__file__).resolve().parents[1]          # table/
LOCALE = Path(__file__).resolve().parent / "locale"

#: (part, patterns relative to table/): the first part whose pattern matches a file owns it.
SHARED_PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("demo", ("games/applejack/bots/demo*.py", "display/demo.py")),
    ("players", ("companion/players*.py", "display/players*.py", "display/history_*.py", "history/*.py",
                 "display/result_*.py", "display/qr_page.py", "display/help_view.py", "history/sheet.py",
                 "companion/help.py",
                 "games/*/record_reader.py", "history/statsexport.py", "commands/history.py",
                 "games/applejack/view/players.py")),
    ("web", ("web/*.py", "games/*/seat.py", "games/*/pad_seat.py")),  # before the games: their seat.py is the phones'
)
AFTER_GAMES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("teach", ("games/applejack/companion/teach*.py", "companion/teach*.py")),
    ("coach", ("games/applejack/bots/fair_target.py", "games/applejack/companion/coach*.py", "companion/coach*.py",
               "games/applejack/view/coach.py")),
    ("power", ("display/power*.py", "display/screensaver*.py", "companion/power*.py", "schedule.py")),
    ("screen", ("display/*.py", "games/applejack/view/*.py")),
    ("applejack", ("games/applejack/companion/*.py", "games/applejack/*.py", "i18n/labels.py", "i18n/names.py")),
    ("shell", ("companion/*.py", "commands/*.py", "*.py")),
)
HOUSE_GAME = "applejack"
"""The game whose words are spread over the house's parts (its screens, teach mode, coach, demo)."""


def game_parts(games: Path) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """One part per game folder under ``games`` (``table/games/``), named by its key: its own files."""
    keys = sorted(d.name for d in games.iterdir() if d.is_dir() and (d / "__init__.py").exists())
    return tuple((key, (f"games/{key}/*.py",)) for key in keys if key != HOUSE_GAME)


PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (*SHARED_PARTS, *game_parts(Path(__file__).resolve().parents[1]
                                                                              / "games"), *AFTER_GAMES)


@dataclass(frozen=True)
class Tree:
    """Where sources and their catalogues are: ``table/`` and ``table/i18n/locale`` with
    :data:`PARTS`, or a game folder outside it with its one part in its own ``locale/``."""

    root: Path
    locale: Path
    parts: tuple[tuple[str, tuple[str, ...]], ...]
    skip: tuple[str, ...] = ("engine/", "i18n/catalogs.py", "i18n/__init__.py")
    """Files (relative to ``root``) that never mark messages (the engine's words are a file format)."""

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def source_name(self, path: Path) -> str:
        """A location in the catalogue: relative to the folder that holds ``root``."""
        return path.relative_to(self.root.parent).as_posix()


def folder_tree(folder: str | Path, key: str | None = None) -> Tree:
    """A game folder outside ``table/`` (``tests/games/colourdie``): its part named ``key``
    (default: the folder's name), its catalogues in ``folder/locale``."""
    root = Path(folder).resolve()
    return Tree(root, root / "locale", ((key or root.name, ("*.py",)),), skip=("locale/",))


TABLE = Tree(PACKAGE, LOCALE, PARTS)
"""The house's sources and catalogues."""

FIXED_DATE = datetime(2026, 11, 23, tzinfo=UTC)

KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2), "gettext_in": (2,)}


def part_of(path: Path, tree: Tree | None = None) -> str | None:
    """The part a source file (under the tree's root, table/ by default) belongs to, or None."""
    tree = tree or TABLE
    rel = tree.rel(path)
    for name, patterns in tree.parts:
        if any(fnmatch(rel, p) for p in patterns):
            return name
    return None


def sources(tree: Tree | None = None) -> Iterable[Path]:
    """Every Python file that may mark messages (the engine and a game's rules never do: their
    words are a file format)."""
    tree = tree or TABLE
    for path in sorted(tree.root.rglob("*.py")):
        rel = tree.rel(path)
        if rel.startswith(tree.skip) or "/rules/" in f"/{rel}" or rel.endswith("rules.py"):
            continue
        yield path


def templates(tree: Tree | None = None) -> tuple[dict[str, Any], list[str]]:
    """Each part's template catalogue (Babel ``Catalog``), and the files that mark messages but
    belong to no part."""
    tree = tree or TABLE
    from babel.messages.catalog import Catalog  # deferred: Babel, a development tool only
    from babel.messages.extract import extract_from_file  # deferred: Babel, a development tool only

    # a fixed date: the catalogues change only when their messages do (no churn, no merge conflicts)
    out: dict[str, Any] = {name: Catalog(project="applejack-table", fuzzy=False, creation_date=FIXED_DATE)
                           for name, _ in tree.parts}
    orphans: list[str] = []
    for path in sources(tree):
        found = list(extract_from_file("python", str(path), keywords=KEYWORDS))
        if not found:
            continue
        part = part_of(path, tree)
        if part is None:
            orphans.append(tree.rel(path))
            continue
        rel = tree.source_name(path)
        for lineno, message, comments, context in found:
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            out[part].add(message, locations=[(rel, lineno)], auto_comments=comments, context=context,
                          flags=("python-brace-format",) if _fields(message) else ())
    return out, orphans


def _po_path(lang: str, part: str, tree: Tree | None = None) -> Path:
    return (tree or TABLE).locale / lang / "LC_MESSAGES" / f"{part}.po"


def _read(lang: str, part: str, template: Any, tree: Tree | None = None) -> Any:
    from babel.messages.catalog import Catalog  # deferred: Babel, a development tool only
    from babel.messages.pofile import read_po  # deferred: Babel, a development tool only

    path = _po_path(lang, part, tree)
    if path.exists():
        with path.open("rb") as fp:
            catalog = read_po(fp, locale=lang, domain=part)
    else:
        catalog = Catalog(locale=lang, domain=part, project="applejack-table", fuzzy=False,
                          creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    catalog.__class__ = _quiet_catalog()
    return catalog


@cache
def _quiet_catalog() -> type:
    """Babel's ``Catalog`` without the tool's version in its header (``Generated-By: Babel 2.x``):
    a catalogue written by another Babel is the same file."""
    from babel.messages.catalog import Catalog  # deferred: Babel, a development tool only

    class QuietCatalog(Catalog):
        def _get_mime_headers(self) -> list[tuple[str, str]]:
            headers = [(k, v) for k, v in super()._get_mime_headers() if k != "Generated-By"]
            return [*headers[:-1], (headers[-1][0], headers[-1][1].rstrip("\n") + "\n")]  # the last line ends too

    return QuietCatalog


def _write(catalog: Any, path: Path) -> None:
    """``catalog`` as ``path`` (.po) and its compiled ``.mo`` beside it."""
    from babel.messages.mofile import write_mo  # deferred: Babel, a development tool only
    from babel.messages.pofile import write_po  # deferred: Babel, a development tool only

    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=False, include_previous=False,
             include_lineno=False)
    path.write_bytes(buf.getvalue())
    mo = io.BytesIO()
    write_mo(mo, catalog, use_fuzzy=False)
    path.with_suffix(".mo").write_bytes(mo.getvalue())


def update(tree: Tree | None = None) -> list[str]:
    """Extract, merge into every language's catalogue, write ``.po`` and compile ``.mo``.
    Returns the files that mark messages outside every part."""
    tmpl, orphans = templates(tree)
    for lang in LANGUAGES:
        if lang == "en":
            continue
        for part, template in tmpl.items():
            path = _po_path(lang, part, tree)
            if not len(template) and not path.exists():
                continue
            catalog = _read(lang, part, template, tree)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            _write(catalog, path)
    return orphans


def _key(value: Any) -> Any:
    """A message id or string as a dictionary key (a plural's forms as a tuple)."""
    return tuple(value) if isinstance(value, list | tuple) else value


def _fields(message: str | tuple[str, ...]) -> frozenset[str]:
    """The named ``{fields}`` of a brace-format message (all forms of a plural)."""
    texts = message if isinstance(message, tuple) else (message,)
    names: set[str] = set()
    for text in texts:
        try:
            for _lit, name, _spec, _conv in string.Formatter().parse(text):
                if name is not None:
                    names.add(name.split(".")[0].split("[")[0])
        except ValueError:
            names.add("<unbalanced braces>")
    return frozenset(names)


@dataclass(frozen=True)
class Problem:
    lang: str
    part: str
    message: str
    what: str

    def __str__(self) -> str:
        return f"{self.lang}/{self.part}.po: {self.message!r}: {self.what}"


def problems(tree: Tree | None = None) -> list[Problem]:
    """Everything a catalogue misses: untranslated, fuzzy or empty messages, changed placeholders,
    positional ``{}`` fields, a ``.mo`` older than its ``.po``, files outside every part."""
    tmpl, orphans = templates(tree)
    out = [Problem("*", "*", f, "marks messages but belongs to no part (catalogs.PARTS)") for f in orphans]
    # the parts are chained into one catalogue at run time: a message two parts share must be
    # translated alike in both, or the first part (by file name) would win unseen
    seen: Seen = {}
    for part, template in tmpl.items():
        out += _positional_fields(part, template)
        for lang in LANGUAGES:
            if lang == "en" or not len(template):
                continue
            out += _language_problems(lang, part, template, seen, tree)
    return out + _shared_differently(seen)


def _positional_fields(part: str, template: Any) -> list[Problem]:
    out = []
    for msg in template:
        texts = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        if msg.id and any("{}" in t for t in texts):
            out.append(Problem("*", part, texts[0], "positional {} field: name it"))
    return out


def _compiled(mo_path: Path) -> dict[Any, Any]:
    """A ``.mo``'s messages (a plural's id and forms come back as lists: tuples, like the .po's)."""
    from babel.messages.mofile import read_mo  # deferred: Babel, a development tool only

    if not mo_path.exists():
        return {}
    with mo_path.open("rb") as fp:
        return {_key(m.id): _key(m.string) for m in read_mo(fp) if m.id}


Seen = dict[tuple[str, Any], dict[str, Any]]
"""(language, message id) → part → its translation: what every part says for a shared message."""


def _language_problems(lang: str, part: str, template: Any, seen: Seen, tree: Tree | None = None) -> list[Problem]:
    """One language's catalogue of one part against the part's template; notes each translation
    in ``seen`` for :func:`_shared_differently`."""
    path = _po_path(lang, part, tree)
    if not path.exists():
        return [Problem(lang, part, "*", f"no catalogue {path.relative_to((tree or TABLE).root)}")]
    catalog = _read(lang, part, template, tree)
    compiled = _compiled(path.with_suffix(".mo"))
    out: list[Problem] = []
    for msg in template:
        if not msg.id:
            continue
        key = msg.id[0] if isinstance(msg.id, tuple) else msg.id
        have = catalog.get(msg.id)
        strings = () if have is None else (have.string if isinstance(have.string, tuple) else (have.string,))
        if have is None or not strings or not all(strings):
            out.append(Problem(lang, part, key, "not translated"))
            continue
        if have.fuzzy:
            out.append(Problem(lang, part, key, "fuzzy"))
            continue
        want = _fields(msg.id)
        out += [Problem(lang, part, key, f"placeholders {sorted(got)} ≠ {sorted(want)}")
                for got in map(_fields, strings) if got != want]
        seen.setdefault((lang, _key(msg.id)), {})[part] = _key(have.string)
        if compiled.get(_key(msg.id)) != _key(have.string):
            out.append(Problem(lang, part, key, "the .mo is stale: run `python -m table.i18n.catalogs update`"))
    return out


def _shared_differently(seen: Seen) -> list[Problem]:
    out = []
    for (lang, msgid), by_part in seen.items():
        if len(set(by_part.values())) > 1:
            key = msgid[0] if isinstance(msgid, tuple) else msgid
            what = "; ".join(f"{part}: {text!r}" for part, text in sorted(by_part.items()))
            out.append(Problem(lang, "+".join(sorted(by_part)), key, f"translated differently ({what})"))
    return out


#: Whose translation wins when ``unify`` finds a shared message translated differently.
UNIFY_ORDER: tuple[str, ...] = ("applejack", "shell", "screen")


def unify() -> int:
    """Give every message shared by several parts the translation of the first part in
    ``UNIFY_ORDER`` (then ``PARTS`` order) that has one; returns how many entries changed. Run
    ``update`` after it to compile."""
    from babel.messages.pofile import read_po, write_po  # deferred: Babel, a development tool only

    order = [*UNIFY_ORDER, *(name for name, _p in PARTS if name not in UNIFY_ORDER)]
    changed = 0
    for lang in LANGUAGES:
        if lang == "en":
            continue
        catalogs = {}
        for part in order:
            path = _po_path(lang, part)
            if path.exists():
                with path.open("rb") as fp:
                    catalogs[part] = read_po(fp, locale=lang, domain=part)
        chosen: dict[Any, Any] = {}
        for catalog in catalogs.values():
            for msg in catalog:
                strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
                if msg.id and all(strings) and not msg.fuzzy:
                    chosen.setdefault(_key(msg.id), msg.string)
        for part, catalog in catalogs.items():
            dirty = False
            for msg in catalog:
                want = chosen.get(_key(msg.id)) if msg.id else None
                if want is not None and _key(msg.string) != _key(want):
                    msg.string = want
                    dirty = True
                    changed += 1
            if dirty:
                catalog.__class__ = _quiet_catalog()
                buf = io.BytesIO()
                write_po(buf, catalog, width=100, omit_header=False, sort_output=False, include_previous=False,
                         include_lineno=False)
                _po_path(lang, part).write_bytes(buf.getvalue())
    return changed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m table.i18n.catalogs", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    for name, what in (("update", "extract, merge and compile every catalogue"),
                       ("check", "list what the catalogues miss")):
        cmd = sub.add_parser(name, help=what)
        cmd.add_argument("--folder", metavar="DIR", help="a game folder outside table/ (its own locale/)")
    sub.add_parser("unify", help="one translation for a message several parts share (UNIFY_ORDER wins)")
    m = sub.add_parser("missing", help="untranslated messages of one language")
    m.add_argument("lang", choices=[c for c in LANGUAGES if c != "en"])
    args = p.parse_args(argv)
    tree = folder_tree(args.folder) if getattr(args, "folder", None) else None
    if args.cmd == "update":
        orphans = update(tree)
        for name in orphans:
            print(f"{name}: marks messages but belongs to no part", file=sys.stderr)
        return 1 if orphans else 0
    if args.cmd == "unify":
        print(f"{unify()} entr(y/ies) changed; now run update", file=sys.stderr)
        return 0
    found = problems(tree)
    if args.cmd == "missing":
        found = [f for f in found if f.lang == args.lang]
    for f in found:
        print(f)
    print(f"{len(found)} problem(s)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
