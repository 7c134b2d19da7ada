"""Glue shared by every front end: a controller wired to its journal, an unfinished game offered."""

from __future__ import annotations

import logging
import random
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from table.companion.controller import Controller, Setup
from table.companion.journal import Journal
from table.engine import actions as A
from table.engine.data import DataSet

log = logging.getLogger("applejack.session")


def open_session(data: DataSet, state_dir: Path, *, resume: str = "ask",
                 fault: Callable[[str], None] | None = None,
                 rng: random.Random | None = None) -> tuple[Controller, Journal]:
    """``resume``: "ask" (the resume screen), "yes" (resume at once) or "no" (discard it).

    A journal file that SQLite cannot read (corrupted on the card) is moved aside as
    ``journal.sqlite3.unreadable-<unix time>`` with a warning and a new journal starts, so the
    kiosk comes up instead of crash-looping; the old file stays for a look. A state directory
    that cannot be made raises OSError (the caller says so and stops).
    """
    try:
        journal = Journal(state_dir, fault=fault)
    except sqlite3.DatabaseError as exc:
        bad = Path(state_dir) / "journal.sqlite3"
        aside = bad.with_name(f"{bad.name}.unreadable-{int(time.time())}")
        log.warning("journal %s cannot be read (%s): moved aside to %s, starting a new one", bad, exc, aside)
        for suffix in ("", "-wal", "-shm"):
            extra = Path(f"{bad}{suffix}")
            if extra.exists():
                extra.rename(Path(f"{aside}{suffix}"))
        journal = Journal(state_dir, fault=fault)
    ctl = Controller(data, on_command=journal.hook, rng=rng)
    game = journal.unfinished()
    if game is not None:
        journal.discard_older_open(game.id)
        try:  # a dry run first: a journal that no longer replays (edited data) must not crash-loop the kiosk
            setup = Setup.from_dict(game.setup)
            scratch = Controller(data)
            scratch.replay(setup, game.cmds)
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("unfinished game %d cannot be resumed (%s): discarded", game.id, exc)
            journal.discard(game.id)
            return ctl, journal
        journal.continue_game(game)
        info = scratch.turn_line() if scratch.track is not None and not scratch.t.is_terminal() else "score pad"
        if resume == "yes":
            ctl.replay(setup, game.cmds)
        elif resume == "no":
            journal.discard(game.id)
        else:
            ctl.offer_resume(setup, game.cmds, info)
    return ctl, journal


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
                cmd = f"pad {p + 1} {v.id} " + ",".join(str(rng.randint(1, 9)) for _ in range(rng.randint(1, 3)))
                ctl.do(cmd)
                out.append(cmd)
        for name in ("blossoms", "honey"):
            cmd = f"pad {p + 1} {name} {rng.randint(0, 30)}"
            ctl.do(cmd)
            out.append(cmd)
    out.append("pad-done")
    return out
