"""Zankapfel's buttons as data (``table.games.zankapfel.buttons``): the table says for every mode
and stage what the lid's buttons, the keys and the screen's touches mean, exactly as the if-chain
it replaced (kept here as the reference), and a journalled setup that is not one is refused as a
:class:`RecordError` in one line."""

from __future__ import annotations

from dataclasses import replace

import pytest

from table.companion.protocol import CommandError
from table.engine.errors import ActionParseError, RecordError, TableError
from table.games.zankapfel.buttons import BUTTONS, COLOUR_STAGES, SQUARE_STAGES
from table.games.zankapfel.commands import KIND_KEYS
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.script import table_script
from table.games.zankapfel.setup import FINISHES, ZSetup, is_number
from table.games.zankapfel.text import handle_line
from table.i18n import _
from table.i18n.labels import seat_name

STAGES = {"place", "move", "remove", "turn", "bid", "reveal", "joker", "dice", "card", "roll", "over", "bribe",
          "accept"}
MODES = {"setup", "resume", "play", "result"}
KIND_BUTTONS = {f"trough{i + 1}": k for i, k in enumerate(A.KINDS)}


def reference_command_for(ctl: ZankapfelCompanion, b: str) -> str | None:
    """The 46-branch ``_command_for`` the table replaced, word for word (but for its ``int`` of a
    touch's argument, which now leaves a malformed touch alone instead of a ValueError)."""
    if ctl.mode == "resume":
        return {"confirm": "resume", "undo": "discard"}.get(b)
    if ctl.mode == "result":
        return "new" if b == "confirm" else None
    if ctl.mode == "setup":
        if b.startswith("trough") and b[6:] in ("3", "4", "5", "6"):
            ctl.setup = replace(ctl.setup, players=int(b[6:]))
            return ""
        if b in ("trough7", "finish"):
            i = FINISHES.index(ctl.setup.finish) if ctl.setup.finish in FINISHES else 0
            ctl.setup = replace(ctl.setup, finish=FINISHES[(i + 1) % len(FINISHES)])
            return ""
        if b.startswith("players:"):
            ctl.setup = replace(ctl.setup, players=int(b.split(":")[1]))
            return ""
        if b == "blind":  # issue 20: the deck file's next deck
            key = ctl.decks.by_counts(ctl.setup.deck).key
            ctl.setup = ctl.setup.with_deck(ctl.decks, ctl.decks.after(key).key)
            return ""
        if b == "pass":  # issue 20: bribery on and off
            ctl.setup = replace(ctl.setup, bribery=not ctl.setup.bribery)
            return ""
        return "start" if b == "confirm" else None
    assert ctl.b is not None
    if b == "undo":
        return "undo"
    st = ctl.b.stage()
    if b.startswith("sq:"):
        ctl.cursor = A.parse_square(b[3:])
        return square_cmd(ctl, st)
    if st in SQUARE_STAGES:
        if b in ("up", "down", "next", "prev"):
            row, col = divmod(ctl.cursor, 5)
            row = (row + {"up": -1, "down": 1}.get(b, 0)) % 5
            col = (col + {"next": 1, "prev": -1}.get(b, 0)) % 5
            ctl.cursor = row * 5 + col
            return ""
        return square_cmd(ctl, st) if b == "confirm" else None
    if st in COLOUR_STAGES:
        return KIND_BUTTONS.get(b) or KIND_KEYS.get(b) or (b[5:] if b.startswith("kind:") else None)
    if st == "bid":
        s = ctl.b.seat()
        if b in ("blind", "bid:buy"):
            return "buy"
        if b in ("confirm", "bid:lay", f"trough{s + 1}"):
            return "lay"
        if b in ("pass", "bid:pass"):
            return "pass"
        if b.startswith("trough"):
            raise CommandError(_("it is {seat}'s turn to buy or lay").format(seat=seat_name(s)))
        return None
    if st == "dice":  # issue 20: a seat's button chooses its dice, CONFIRM buys; a purchase is final
        if b == "confirm":
            chosen = [(s, k) for s, k in ctl.dice_chosen.items() if k]
            return f"dice seat {chosen[0][0] + 1} {chosen[0][1]}" if chosen else "dice-done"
        if b.startswith("trough") or b.startswith("dice:"):
            s = int(b[6:] if b.startswith("trough") else b[5:]) - 1
            if s not in ctl.b.fight_seats():
                raise CommandError(_("{seat} is not in this discord").format(seat=seat_name(s)))
            if ctl.b.dice.get(s, 0):
                k = ctl.b.dice[s]
                raise CommandError(f"{seat_name(s)} has bought {k} {'die' if k == 1 else 'dice'} for {2 * k}: "
                                   "a purchase is final (no more dice, no refund)")
            ctl.dice_chosen = {**ctl.dice_chosen, s: (ctl.dice_chosen.get(s, 0) + 1) % 4}
            return ""
        return None
    if st == "card":
        v = b[5:] if b.startswith("card:") else b
        return f"card {int(v) or 10}" if is_number(v) else None
    if st == "roll":
        v = b[5:] if b.startswith("roll:") else (b[6:] if b.startswith("trough") else b)
        return f"roll {v}" if v in ("1", "2", "3", "4", "5", "6") else None
    return None


def square_cmd(ctl: ZankapfelCompanion, st: str) -> str:
    name = A.square_name(ctl.cursor)
    if st in ("place", "move"):
        return f"mayor {name}"
    if st == "remove":
        return f"remove {name}"
    raise CommandError(_("no square is chosen now"))


PRESSES = [f"trough{i}" for i in range(1, 8)] + [
    "confirm", "undo", "blind", "pass", "finish", "up", "down", "next", "prev", "r", "y", "g", "b", "j", "x",
    "1", "4", "6", "7", "0", "10", "sq:c3", "sq:a1", "sq:z9", "kind:joker", "kind:", "bid:buy", "bid:lay",
    "bid:pass", "bid:x", "dice:1", "dice:2", "dice:3", "card:3", "card:0", "card:", "roll:2", "roll:9",
    "players:3", "players:5", "confirm:x", "trough"]


def outcome(ctl: ZankapfelCompanion, b: str) -> tuple[object, ...]:
    try:
        got: object = ctl._command_for(b)
    except (CommandError, ActionParseError) as exc:
        got = (type(exc).__name__, str(exc))
    return got, ctl.cursor, ctl.setup


SCRIPT, _FINAL = table_script(4, 5)
POINTS: list[int | None] = [*range(0, len(SCRIPT) + 1, 3), None]
"""The states the table is checked in: after every third line of the scripted 4-player game, and
(``None``) offering to resume."""
_PLAYED: list[tuple[ZankapfelCompanion, int]] = []
"""The companion played on from test to test, and how many of the script's lines it has done."""


def state_at(n: int | None) -> ZankapfelCompanion:
    """The companion after the script's first ``n`` lines (``None``: offering to resume a game).
    Built when its test runs, not at collection (every xdist worker collects), and played on from
    the previous point: one companion goes through the game once (the tests leave it as they found
    it), a new one only when a test asks for an earlier point than the last."""
    if n is None:
        resume = ZankapfelCompanion()
        resume.offer_resume(ZSetup(players=3), ["mayor c3"])
        return resume
    ctl, done = _PLAYED.pop() if _PLAYED else (ZankapfelCompanion(), 0)
    if done > n:
        ctl, done = ZankapfelCompanion(), 0
    for line in SCRIPT[done:n]:
        ctl.do(line)
    _PLAYED.append((ctl, n))
    return ctl


def test_every_row_of_the_table_is_a_mode_or_a_stage() -> None:
    assert {where for where, _button in BUTTONS} <= MODES | STAGES


@pytest.mark.parametrize("n", POINTS, ids=lambda n: "resume" if n is None else f"line{n}")
def test_the_table_means_what_the_if_chain_meant(n: int | None) -> None:
    ctl = state_at(n)
    for b in PRESSES:
        if b in ("trough",) and ctl.stage() == "dice":
            continue  # the if-chain's int("") was a ValueError; the table leaves it alone
        cursor, setup, pending = ctl.cursor, ctl.setup, ctl.dice_chosen
        new = (*outcome(ctl, b), ctl.dice_chosen)
        ctl.cursor, ctl.setup, ctl.dice_chosen = cursor, setup, pending
        old_ctl = ctl
        try:
            old: tuple[object, ...] = (reference_command_for(old_ctl, b), old_ctl.cursor, old_ctl.setup,
                                       old_ctl.dice_chosen)
        except (CommandError, ActionParseError) as exc:
            old = ((type(exc).__name__, str(exc)), old_ctl.cursor, old_ctl.setup, old_ctl.dice_chosen)
        ctl.cursor, ctl.setup, ctl.dice_chosen = cursor, setup, pending
        assert new == old, b


@pytest.mark.parametrize("setup", [
    None, [], "zankapfel", {"game": "applejack", "players": 3}, {"game": "zankapfel"},
    {"game": "zankapfel", "players": "three"}, {"game": "zankapfel", "players": [3]},
    {"game": "zankapfel", "players": 2}, {"game": "zankapfel", "players": 4, "track_length": 0},
    {"game": "zankapfel", "players": 4, "names": "Ada"}, {"game": "zankapfel", "players": 10**400},
])
def test_a_setup_that_is_not_one_is_a_record_error_in_one_line(setup: object) -> None:
    with pytest.raises(RecordError) as exc:
        ZSetup.from_dict(setup)  # type: ignore[arg-type]
    assert "\n" not in str(exc.value)


def test_a_journalled_setup_reads_back() -> None:
    s = ZSetup(players=5, finish=30, names=("Ada", None, "Bo", None, None))
    assert ZSetup.from_dict(s.to_dict()) == s


@pytest.mark.parametrize("line", ["setup players=9", "setup finish=0", "setup colour=red", "mayor z9", "²",
                                  "setup players=²"])
def test_the_text_front_end_says_a_refusal_and_goes_on(line: str) -> None:
    ctl = ZankapfelCompanion()
    if not line.startswith("setup"):
        ctl.do("start")
    refused = handle_line(ctl, line)
    assert refused and "\n" not in refused


def test_a_refusal_is_of_the_family() -> None:
    ctl = ZankapfelCompanion()
    ctl.do("start")
    with pytest.raises(TableError):
        ctl.do("mayor z9")


def test_a_refused_step_leaves_the_game_as_it_was() -> None:
    ctl = ZankapfelCompanion()
    ctl.do("start")
    ctl.do("mayor c3")
    before = (list(ctl.cmds), ctl.stage(), ctl.state.summary())
    with pytest.raises(CommandError, match="nobody buys or lays now"):
        ctl.do("buy")  # the same deal: refused on the fast path, the build rebuilt
    assert (list(ctl.cmds), ctl.stage(), ctl.state.summary()) == before
