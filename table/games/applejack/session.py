"""Applejack's own part of the session: the resume of a journalled game (its data set's digest and a
dry run first) — the registry's part ``resume`` — and :func:`auto_script`, a whole seeded game as
the commands people would enter (tests, ``play --demo``, the power-loss drill)."""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from typing import Any

from table.companion.journal import Journal
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.data import DataSet
from table.i18n import _

log = logging.getLogger("applejack.session")


def offer_unfinished(ctl: Controller, journal: Journal, game: Any, resume: str, digest: str | None) -> None:
    """The journal's unfinished Applejack game ``game``: resumed, discarded or offered on the resume
    screen (``resume``: "yes", "no", "ask"); one played with another data set (``digest``) is never
    resumed, only offered with the reason; one that no longer replays is discarded with one log line."""
    data = ctl.data
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


def die_sensor_on(ctl: Controller) -> None:
    """``play --die``: the setup screen starts with the die sensor on."""
    ctl.setup = replace(ctl.setup, sensor=True)


def table_script(players: int, seed: int) -> tuple[list[str], None]:
    """``play --demo SEED`` (the registry's part ``table_script``, as the other games'): a whole game
    as script lines, and no engine state to compare with. Applejack's demonstration is always 2
    players with cottage tiles, whatever ``players`` the other games' demos are asked for."""
    from table.games.applejack.files import load_dataset  # the shipped data set, read only for a demo

    return ["setup players=2 cottage=on", *auto_script(load_dataset(), Setup(2, cottage=True), seed)], None


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
    while not t.is_terminal() or ctl.queued:
        tracked = ctl.tracked
        if ctl.queued:
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
