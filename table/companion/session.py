"""Glue shared by every front end: a controller wired to its journal, an unfinished game offered."""

from __future__ import annotations

import logging
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from table.companion.journal import Journal, JournalDamaged
from table.companion.statedir import is_damage
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.data import DataSet, data_digest
from table.i18n import _

log = logging.getLogger("applejack.session")


def make_companion(game: str, data: DataSet, *, on_command: Callable[[str, Any], None] | None = None,
                   rng: random.Random | None = None) -> Any:
    """One game's companion module (``table.companion.protocol.GameCompanion``) by its key."""
    from table.games import load_game

    definition = load_game(game)
    if not definition.has("companion"):
        raise ValueError(f"{definition.title} has no table companion yet")
    return definition.part("companion")(on_command=on_command, rng=rng, data=data if game == "applejack" else None)


def setup_game(setup: dict[str, Any]) -> str:
    """The game a journalled setup belongs to: its ``game`` key; an old journal without one is Applejack."""
    key = setup.get("game", "applejack") if isinstance(setup, dict) else "applejack"
    return key if isinstance(key, str) else "applejack"


def _peek_game(journal: Journal) -> str | None:
    """The game of the unfinished game in the journal, if one reads (damage is dealt with later)."""
    if journal.db is None:
        return None
    try:
        game = journal.unfinished()
    except Exception:
        return None
    return setup_game(game.setup) if game is not None else None


def open_session(data: DataSet, state_dir: Path, *, resume: str = "ask",
                 fault: Callable[[str], None] | None = None,
                 rng: random.Random | None = None, game: str = "applejack") -> tuple[Any, Journal]:
    """``resume``: "ask" (the resume screen), "yes" (resume at once) or "no" (discard it).
    ``game``: the companion module to start with; an unfinished game of another game in the
    journal is offered in its own module instead (one log line says so).

    A damaged journal (docs/companion.md, "Storage") is moved aside with one log line and a
    new one starts, so the kiosk comes up instead of crash-looping; the old file stays for a
    look. A passing storage error (disk full, read-only) leaves the journal offline with
    ``journal.problem`` (also ``ctl.storage_problem``) set: play goes on, the writes wait, and
    ``journal.retry()`` writes them — and offers the unfinished game then, if nobody has started
    one meanwhile. Raises AlreadyRunning when another process holds the state directory,
    StateDirRefused for ``/`` or an empty path.
    """
    digest = data_digest(data)
    from table.games import games as registered_games  # h3: until the CLI hands the games down (h1)
    from table.history.readers import Readers

    readers = Readers(registered_games())  # the history reads finished records through the games' readers
    journal = Journal(state_dir, fault=fault, digest=digest, readers=readers)
    waiting = _peek_game(journal)
    if waiting is not None and waiting != game and waiting in ("applejack", "zankapfel", "draftcider", "waldgaertner"):
        log.info("an unfinished %s game is in the journal: offered first (not a new %s game)", waiting, game)
        game = waiting
    ctl: Any = None

    def hook(kind: str, payload: Any) -> None:  # every journalled setup names its game
        if kind == "game" and isinstance(payload, dict):
            payload = {**payload, "game": ctl.game}
        journal.hook(kind, payload)

    from table.companion.language import save_language
    from table.companion.players import attach_book  # names and history from state_dir (companion/players.py)
    from table.companion.shell import Shell

    ctl = Shell(attach_book(make_companion(game, data, on_command=hook, rng=rng), state_dir, readers),
                lambda key: attach_book(make_companion(key, data, on_command=hook, rng=rng), state_dir, readers),
                on_language=lambda code: save_language(state_dir, code))  # kept for the next start

    def storage_changed() -> None:
        if ctl.storage_problem != journal.problem:
            ctl.storage_problem = journal.problem
            ctl.version += 1

    def offer() -> None:
        if ctl.mode == "setup" and ctl.track is None and not journal.backlog:
            try:
                _offer_unfinished(data, ctl, journal, resume, digest)
            except (OSError, sqlite3.Error) as exc:
                journal.lost(exc)
        storage_changed()

    journal.on_reopen = offer
    journal.on_change = storage_changed
    if journal.db is not None:
        try:
            _offer_unfinished(data, ctl, journal, resume, digest)
        except (OSError, sqlite3.Error) as exc:  # a passing error while reading: offered once it reads again
            journal.lost(exc)
    storage_changed()
    return ctl, journal


def _offer_unfinished(data: DataSet, ctl: Any, journal: Journal, resume: str, digest: str) -> None:
    try:
        game = journal.unfinished()
    except JournalDamaged as exc:
        journal.move_aside(str(exc))
        return
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        if not is_damage(exc):
            raise
        journal.move_aside(f"is damaged ({exc})")
        return
    if game is None:
        return
    if setup_game(game.setup) != ctl.game and hasattr(ctl, "switch") and ctl.choosing():
        ctl.switch(setup_game(game.setup))  # found late, nobody has begun a game: offered in its own module
    if setup_game(game.setup) != ctl.game:  # found late (the journal opened after a new game began)
        log.warning("unfinished %s game %d left in the journal: start play --game %s to resume it",
                    setup_game(game.setup), game.id, setup_game(game.setup))
        return
    journal.discard_older_open(game.id)
    if ctl.game != "applejack":
        _offer_module_game(ctl, journal, game, resume)
        return
    try:
        setup = Setup.from_dict(game.setup)
    except (ValueError, KeyError, TypeError, OverflowError) as exc:  # the setup is not one this program wrote
        journal.move_aside(f"holds a setup this program cannot read ({exc!r})")
        return
    other_data = game.digest is not None and game.digest != digest
    info = ""
    if not other_data:
        try:  # a dry run first: a journal that no longer replays must not crash-loop the kiosk
            scratch = Controller(data)
            scratch.replay(setup, game.cmds)
        except (ValueError, KeyError, TypeError, IndexError, OverflowError) as exc:
            log.warning("unfinished game %d cannot be resumed (%s): discarded", game.id, exc)
            journal.discard(game.id)
            return
        info = scratch.turn_line() if scratch.track is not None and not scratch.t.is_terminal() else "score pad"
    journal.continue_game(game)
    if other_data:
        log.warning("unfinished game %d was played with data set %s, this is %s: not resumed", game.id,
                    game.digest, digest)
        if resume == "no":
            journal.discard(game.id)
        else:  # "yes" cannot resume it either: the screen asks, and only a discard clears it
            ctl.offer_resume(setup, game.cmds, refused=_(
                "played with another data set ({played}, this one is {this}): reinstall that data to resume it, "
                "or discard it").format(played=game.digest, this=digest))
        return
    if resume == "yes":
        ctl.replay(setup, game.cmds)
    elif resume == "no":
        journal.discard(game.id)
    else:
        ctl.offer_resume(setup, game.cmds, info)


def _offer_module_game(ctl: Any, journal: Journal, game: Any, resume: str) -> None:
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


def auto_script(data: DataSet, setup: Setup, seed: int) -> list[str]:
    """A whole game as commands, each of which the controller journals exactly once: "start",
    random legal takes, every announcement confirmed, a random score pad, "pad-done".
    With ``setup.tracked`` every step is a random legal engine action (``game draw 17``,
    ``game take 3:17``, ``game buy``, ``game place 5/2`` …) instead, and no corrections."""
    rng = random.Random(seed)
    ctl = Controller(data)
    ctl.setup = setup
    out = ["start"]
    ctl.do("start")
    t = ctl.t
    while not t.is_terminal() or ctl.pending:
        tracked = ctl.tracked
        if ctl.pending:
            cmd = "ack"
        elif tracked is not None:
            st = tracked.state
            if rng.random() < 0.03 and tracked.can_undo():
                cmd = "undo"
            elif st.is_chance():
                cmd = f"game draw {rng.choice(sorted(st.supply))}"
            else:
                cmd = "game " + A.to_text(rng.choice(st.legal_actions()))
        elif rng.random() < 0.03 and t.history:
            cmd = "undo"
        elif rng.random() < 0.02 and t.state.phase == "take":
            cmd = f"fix-trough {rng.randint(1, 7)} {rng.randint(0, 3)}"
        else:
            cmd = str(rng.choice(t.legal_actions()))
        ctl.do(cmd)
        out.append(cmd)
    for p in range(setup.players):
        for v in data.varieties:
            if rng.random() < 0.7:
                cmd = f"pad {p + 1} {v.id} " + ",".join(str(rng.randint(1, 9)) for _n in range(rng.randint(1, 3)))
                ctl.do(cmd)
                out.append(cmd)
        for name in ("blossoms", "honey"):
            cmd = f"pad {p + 1} {name} {rng.randint(0, 30)}"
            ctl.do(cmd)
            out.append(cmd)
    out.append("pad-done")
    return out
