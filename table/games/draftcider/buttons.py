"""Draft Cider's buttons as data: what a lid button, key or touch target means on each screen.

:data:`BUTTONS` maps (where, button) to a small handler, like boardgame.io's moves: ``where`` is
the mode on the setup, resume and result screens, and in play (``play``, ``pad``) first the mode,
then the stage of the card being entered (``colour``, ``height``, ``sweetness``, ``batch``, or
the pad's ``choose``). A button is looked up exactly (``trough3``), then by its prefix with the
rest as the handler's argument (``trough`` + ``9``, ``colour:`` + ``red``, ``batch:`` +
``feather``). A handler returns the command text, ``""`` when it only changed the setup screen,
None when the button means nothing here; it raises CommandError for a button pressed too early.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from table.companion.buttontable import SHELL_SCREENS, says
from table.companion.protocol import CommandError
from table.games.draftcider.commands import COLOUR_KEYS, Asked, next_player
from table.games.draftcider.rules.cards import COLOURS
from table.games.draftcider.rules.scoring import BAD, BATCHES
from table.games.draftcider.setup import DSetup, digit
from table.i18n import _

BATCH_BUTTONS: dict[str, int] = {**{f"trough{i + 1}": i for i in range(7)}, "blind": BAD}
"""The lid's eight batch keys: troughs 1-7 are Monochrome … Steady Height, BLIND is Bad."""
PREFIXES = ("trough", "players:", "colour:", "pip:", "batch:", "player:")
"""Buttons that carry an argument: the rest of the button's name."""


class Lid(Asked, Protocol):
    """The companion as the buttons see it: what is asked, and a setup the setup screen may change."""

    setup: DSetup


Handler = Callable[[Lid, str], "str | None"]


# --- the setup screen: troughs 2-6 players, 7 easy mode, 1 live or end-only pad -------------------
def _players(n: int) -> Handler:
    def set_players(lid: Lid, _arg: str) -> str:
        lid.setup = replace(lid.setup, players=n)
        return ""
    return set_players


def _players_arg(lid: Lid, arg: str) -> str | None:
    return _players(int(arg))(lid, arg) if digit(arg, 2, 6) else None


def _toggle_easy(lid: Lid, _arg: str) -> str:
    lid.setup = replace(lid.setup, easy=not lid.setup.easy)
    return ""


def _toggle_pad(lid: Lid, _arg: str) -> str:
    lid.setup = replace(lid.setup, pad="end" if lid.setup.pad == "live" else "live")
    return ""


# --- the card being entered -----------------------------------------------------------------------
def _colour_first(lid: Lid, _arg: str) -> str:
    raise CommandError(_("the colour first: 1 green, 2 gold, 3 red ({asked})").format(asked=lid.ask()))


def _colour_confirm(lid: Lid, arg: str) -> str:
    """CONFIRM while a card's colour is asked: on the pad the batch is done; live it is too early."""
    return "batch-done" if lid.mode == "pad" else _colour_first(lid, arg)


def _number_first(lid: Lid, _arg: str) -> str:
    raise CommandError((_("the height is 1-5 ({asked})") if lid.stage() == "height" else
                        _("the sweetness is 1-5 ({asked})")).format(asked=lid.ask()))


def _number(lid: Lid, arg: str) -> str | None:
    """A height or sweetness 1-5 (the stage says which); None for another pip."""
    return f"{lid.stage()} {arg}" if digit(arg, 1, 5) else None


def _batch_first(lid: Lid, _arg: str) -> str:
    raise CommandError(_("choose the batch with its button ({asked})").format(asked=lid.ask()))


def _choice(lid: Lid, _arg: str) -> str:
    return next_player(lid)


def _table() -> dict[tuple[str, str], Handler]:
    t: dict[tuple[str, str], Handler] = {
        **SHELL_SCREENS, ("setup", "players:"): _players_arg,
        **{("setup", f"trough{n}"): _players(n) for n in range(2, 7)},
        **{("setup", b): _toggle_easy for b in ("trough7", "easy", "e")},
        **{("setup", b): _toggle_pad for b in ("trough1", "padmode", "p")},
        ("play", "undo"): says("undo"), ("pad", "undo"): says("undo"),
        ("play", "batch:"): lambda _lid, arg: f"batch {arg}", ("pad", "batch:"): lambda _lid, arg: f"batch {arg}",
        ("pad", "player:"): lambda _lid, arg: f"player {arg}",
        ("colour", "colour:"): lambda _lid, arg: f"colour {arg}",
        **{("colour", key): says(f"colour {colour}") for key, colour in COLOUR_KEYS.items()},
        **{("colour", f"trough{i + 1}"): says(f"colour {colour}") for i, colour in enumerate(COLOURS)},
        ("colour", "trough"): _colour_first, ("colour", "confirm"): _colour_confirm,
        ("batch", "confirm"): _batch_first, ("choose", "confirm"): _choice,
    }
    for stage in ("height", "sweetness"):
        t |= {(stage, "trough"): _number_first, (stage, "confirm"): _number_first, (stage, "pip:"): _number}
        t |= {(stage, f"trough{v}"): says(f"{stage} {v}") for v in range(1, 6)}
        t |= {(stage, str(v)): says(f"{stage} {v}") for v in range(1, 6)}
    for stage in ("batch", "choose"):
        t |= {(stage, key): says(f"batch {BATCHES[b]}") for key, b in BATCH_BUTTONS.items()}
    return t


BUTTONS: dict[tuple[str, str], Handler] = _table()
"""(mode or stage, button or prefix) → handler: every button of every Draft Cider screen."""


def command_for(lid: Lid, button: str) -> str | None:
    """What ``button`` means now: the command text, ``""`` (the setup screen changed), or None."""
    places = (lid.mode, lid.stage()) if lid.mode in ("play", "pad") else (lid.mode,)
    prefix = next((p for p in PREFIXES if button.startswith(p)), "")
    for where in places:
        handler = BUTTONS.get((where, button))
        if handler is not None:
            return handler(lid, "")
        handler = BUTTONS.get((where, prefix)) if prefix else None
        if handler is not None:
            return handler(lid, button[len(prefix):])
    return None
