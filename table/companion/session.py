"""Glue shared by every front end: a controller wired to its journal, an unfinished game offered.

The CLI hands the games down (``games=``: the registry's :class:`~table.companion.gamedef.GameDef`
list); nothing here names a game. A game resumes a journalled game through its part ``resume``
when it has one (Applejack: its data set's digest and its own dry run), else through the
:class:`~table.companion.module.TableModule` calls (``setup_type``, ``refusal_for``, ``fresh``,
``resume_summary``). The data set ``data`` goes to every game's companion factory (a game that
reads none ignores it); the journal marks each game with its digest, made by the part
``data_digest`` of the game that reads it.
"""

from __future__ import annotations

import logging
import random
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from table.companion.gamedef import GameDef
from table.companion.journal import Journal, OpenGame
from table.companion.journalfile import JournalDamaged
from table.companion.kept import (
    attach_book,  # names (the kept ones first) and history from state_dir (companion/kept.py)
)
from table.companion.language import save_language
from table.companion.module import TableModule
from table.companion.protocol import UNFINISH, CommandError
from table.companion.shell import Shell
from table.history.finish import withdraw_finished
from table.history.readers import Readers
from table.storage.recordfiles import recorded
from table.storage.statedir import is_damage

log = logging.getLogger("applejack.session")


def make_companion(game: GameDef, data: Any, *, on_command: Callable[[str, Any], None] | None = None,
                   rng: random.Random | None = None) -> Any:
    """One game's companion module (``table.companion.protocol.GameCompanion``)."""
    if not game.has("companion"):
        raise CommandError(f"{game.title} has no table companion yet")
    return game.part("companion")(on_command=on_command, rng=rng, data=data)


def setup_game(setup: dict[str, Any], default: str) -> str:
    """The game a journalled setup belongs to: its ``game`` key; an old journal without one is
    ``default``'s (the first of the games: the journal is older than the others)."""
    key = setup.get("game", default) if isinstance(setup, dict) else default
    return key if isinstance(key, str) else default


def _peek_game(journal: Journal, default: str) -> str | None:
    """The game of the unfinished game in the journal, if one reads (damage is dealt with later)."""
    if journal.db is None:
        return None
    try:
        game = journal.unfinished()
    except Exception:
        return None
    return setup_game(game.setup, default) if game is not None else None


def data_digest(games: Sequence[GameDef], data: Any) -> str | None:
    """The digest of ``data`` by the game that reads it (its part ``data_digest``), None without one."""
    for g in games:
        if g.has_part("data_digest"):
            return str(g.part("data_digest")(data))
    return None


def open_session(data: Any, state_dir: Path, *, games: Sequence[GameDef], resume: str = "ask",
                 fault: Callable[[str], None] | None = None,
                 rng: random.Random | None = None, game: str | None = None) -> tuple[Any, Journal]:
    """``resume``: "ask" (the resume screen), "yes" (resume at once) or "no" (discard it).
    ``games``: the games at this table (the registry's, handed down by the CLI; the first is the
    default). ``game``: the companion module to start with; an unfinished game of another game in the
    journal is offered in its own module instead (one log line says so).

    A damaged journal (docs/companion.md, "Storage") is moved aside with one log line and a
    new one starts, so the kiosk comes up instead of crash-looping; the old file stays for a
    look. A passing storage error (disk full, read-only) leaves the journal offline with
    ``journal.problem`` (also ``ctl.storage_problem``) set: play goes on, the writes wait, and
    ``journal.retry()`` writes them — and offers the unfinished game then, if nobody has started
    one meanwhile. Raises AlreadyRunning when another process holds the state directory,
    StateDirRefused for ``/`` or an empty path.
    """
    games = tuple(games)
    default = games[0].key
    game = game or default
    digest = data_digest(games, data)
    readers = Readers(games)  # the history reads finished records through the games' readers
    journal = Journal(state_dir, fault=fault, digest=digest, readers=readers)
    waiting = _peek_game(journal, default)
    if waiting is not None and waiting != game and waiting in {g.key for g in games if g.has("companion")}:
        log.info("an unfinished %s game is in the journal: offered first (not a new %s game)", waiting, game)
        game = waiting
    by_key = {g.key: g for g in games}
    held: list[Shell] = []  # the shell, once made: the hook names the game on it

    def hook(kind: str, payload: Any) -> None:  # every journalled setup names its game
        if kind == "game" and isinstance(payload, dict):
            payload = {**payload, "game": held[0].game}
        journal.hook(kind, payload)

    ctl = Shell(attach_book(make_companion(by_key[game], data, on_command=hook, rng=rng), state_dir, readers),
                lambda key: attach_book(make_companion(by_key[key], data, on_command=hook, rng=rng), state_dir,
                                        readers),
                games=games, on_language=lambda code: save_language(state_dir, code))  # kept for the next start
    held.append(ctl)

    def storage_changed() -> None:
        if ctl.storage_problem != journal.problem:
            ctl.storage_problem = journal.problem
            ctl.version += 1

    def offer() -> None:
        # nobody has begun a game meanwhile (Applejack's ``track``; a module without one: the mode alone)
        if ctl.mode == "setup" and ctl.track is None and not journal.backlog:
            try:
                _offer_unfinished(ctl, journal, resume, digest, data)
            except (OSError, sqlite3.Error) as exc:
                journal.lost(exc)
        storage_changed()

    journal.on_reopen = offer
    journal.on_change = storage_changed
    if journal.db is not None:
        try:
            _offer_unfinished(ctl, journal, resume, digest, data)
        except (OSError, sqlite3.Error) as exc:  # a passing error while reading: offered once it reads again
            journal.lost(exc)
    storage_changed()
    return ctl, journal


def _offer_unfinished(ctl: Shell, journal: Journal, resume: str, digest: str | None, data: Any) -> None:
    try:
        game = journal.unfinished()
    except (JournalDamaged, sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        if not (isinstance(exc, JournalDamaged) or is_damage(exc)):
            raise
        journal.move_aside(str(exc) if isinstance(exc, JournalDamaged) else f"is damaged ({exc})", rescue=True)
        game = journal.unfinished()  # the steps that still read, rescued into the new journal (or None)
    if game is None:
        return
    key = setup_game(game.setup, ctl.games[0].key)
    if key != ctl.game and ctl.choosing():
        ctl.switch(key)  # found late, nobody has begun a game: offered in its own module
    if key != ctl.game:  # found late (the journal opened after a new game began)
        log.warning("unfinished %s game %d left in the journal: start play --game %s to resume it",
                    key, game.id, key)
        return
    journal.discard_older_open(game.id)
    definition = ctl.definition
    if UNFINISH in game.cmds:  # its result was undone: the withdrawal a kill cut short is completed first
        withdraw_finished(journal.directory, game.id)  # (the steps alone tell whether it ended again)
    kept = recorded(journal.directory / "records", game.id)  # the finish had begun: its record was written
    record = kept[1] if kept is not None else _ended_record(definition, data, game, digest)
    if record is not None:  # its steps end it: the finish was cut off (power, kill, full disk)
        journal.continue_game(game)  # finished as at the table: its record file (kept when written), status, history
        path = journal.finish(record)
        log.warning("game %d ended before the last start but was not finished: finished now (%s)", game.id, path.name)
        return
    if definition.has_part("resume"):  # the game's own resume, on its own module
        definition.part("resume")(ctl.current, journal, game, resume, digest)
    elif isinstance(ctl.current, TableModule):
        _offer_module_game(ctl.current, journal, game, resume)
    else:
        log.warning("unfinished %s game %d: this game has no resume; left in the journal", key, game.id)


def _ended_record(definition: GameDef, data: Any, game: OpenGame, digest: str | None) -> dict[str, Any] | None:
    """The finished record of a journalled game whose steps end it (a dry run on a fresh companion,
    journalling nothing); None while it goes on, or when it does not replay here (another data set,
    a setup or step this program refuses): the game's own resume deals with those."""
    if game.digest is not None and game.digest != digest:
        return None
    try:
        scratch = make_companion(definition, data)
        scratch.replay(type(scratch.setup).from_dict(game.setup), game.cmds)
    except (ValueError, KeyError, TypeError, IndexError, OverflowError, AttributeError):
        return None
    record = getattr(scratch, "record", None)
    return record if scratch.mode == "result" and isinstance(record, dict) else None


def _offer_module_game(ctl: TableModule, journal: Journal, game: Any, resume: str) -> None:
    """An unfinished Zankapfel, Draft Cider or Waldgärtner game (a ``TableModule``): a dry run
    first, as for Applejack (a journal that no longer replays is discarded with one line, never a
    crash loop); a game the module refuses (Waldgärtner: another card file) is offered, not resumed."""
    try:
        setup = ctl.setup_type.from_dict(game.setup)
    except (ValueError, KeyError, TypeError, OverflowError) as exc:
        journal.move_aside(f"holds a setup this program cannot read ({exc!r})")
        return
    refused = ctl.refusal_for(game.setup)
    info = ""
    if not refused:
        try:
            scratch = ctl.fresh()
            scratch.replay(game.setup, game.cmds)
        except (ValueError, KeyError, TypeError, IndexError, OverflowError) as exc:
            log.warning("unfinished game %d cannot be resumed (%s): discarded", game.id, exc)
            journal.discard(game.id)
            return
        info = scratch.resume_summary(setup, len(game.cmds))
    journal.continue_game(game)
    if resume == "no":
        journal.discard(game.id)
    elif resume == "yes" and not refused:
        ctl.replay(game.setup, game.cmds)
    else:
        ctl.offer_resume(game.setup, game.cmds, info, refused=refused)
