"""Issue 34 (4): hidden cards stay hidden in every message. Two tables identical but for one seat's
secret — its discord card and dice, its die, the card it drew in secret (one the box has where the
file does not, or one the file has), its hint — give every public output the same: the lid's lines
(what is said and spoken), its question, its strip, the lid's screen drawn pixel for pixel, the
spectator's and the other seats' views (what their update streams send), the door's version.

A box-differs note about a card drawn in secret waits until the card leaves the hand (played or
shown), and never names it before."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from table.web.door import Door
from table.web.tokens import SPECTATOR
from tests.web.tables import (
    _live_draftcider,
    view_text,
    waldgaertner_dice,
    waldgaertner_draw,
    zankapfel_discord,
)
from tests.web.test_lid_codes import _app

pytestmark = pytest.mark.usefixtures("pygame_display")


def _public(ctl: Any, door: Door, secret_seat: int) -> dict[str, Any]:
    """Everything the table shows to all (or to another seat) now."""
    door.follow()
    app = _app(ctl, (800, 480))
    progress = door.progress()
    seats = [s for s in door.tokens.seats() if s != secret_seat]
    return {
        "log": list(ctl.log),  # said on the lid, in text mode and by the speaker
        "said_last": list(ctl.said_last),
        "ask": asked() if callable(asked := getattr(ctl, "ask", None)) and ctl.mode == "play" else "",
        "strip": progress.line() if progress is not None else "",
        "screen": pygame.image.tobytes(app.surface, "RGB"),
        "spectator": view_text(door, door.tokens.token(SPECTATOR)),
        "others": [view_text(door, door.tokens.token(s)) for s in seats],
        "version": door.version(),
    }


def _opened(door: Door, *seats: int) -> None:
    for s in (*seats, SPECTATOR):
        assert door.handle({"op": "view", "token": door.tokens.token(s)})["ok"]


def _choose(door: Door, seat: int, form: dict[str, Any]) -> None:
    answer = door.handle({"op": "choose", "token": door.tokens.token(seat), "form": form})
    assert answer["ok"], answer


def _same(a: dict[str, Any], b: dict[str, Any]) -> None:
    for key in a:
        assert a[key] == b[key], key


def test_zankapfel_a_held_discord_card_and_dice_change_no_public_output(tmp_path):
    seen = []
    for name, form in (("a", {"card": "8", "dice": "0"}), ("b", {"card": "3", "dice": "2"})):
        ctl, journal, door, _lines, _i = zankapfel_discord(tmp_path / name)
        _opened(door, 0, 2)
        _choose(door, 0, form)
        seen.append(_public(ctl, door, 0))
        journal.close()
    _same(*seen)
    assert "8" not in seen[0]["strip"] and "chosen" in seen[0]["strip"]


def test_waldgaertner_a_card_drawn_in_secret_even_one_the_file_lacks_changes_no_public_output(tmp_path):
    """Seat 1's first draw entered on its phone: the script's card, or #3 (the file has it in another
    continent's deck: the box differs) — nothing public tells them apart, and the note waits."""
    seen = []
    for name, card in (("file", None), ("box", "3")):
        ctl, journal, door, lines, i = waldgaertner_draw(tmp_path / name)
        _opened(door, 0, 1, 2)
        drawn = card or lines[i].split()[1]
        _choose(door, 0, {"card": drawn})
        seen.append(_public(ctl, door, 0))
        text = json.dumps(seen[-1]["log"] + [seen[-1]["spectator"], *seen[-1]["others"]], ensure_ascii=False)
        assert "box differs" not in text and "Black cherry" not in text
        journal.close()
    _same(*seen)


def test_waldgaertner_a_card_another_seat_holds_drawn_again_is_not_announced(tmp_path):
    """Seat 1 holds #200 in secret; seat 2 draws #200 too (the box has one more): no line says so."""
    ctl, journal, door, lines, i = waldgaertner_draw(tmp_path)
    _opened(door, 0, 1, 2)
    _choose(door, 0, {"card": lines[i].split()[1]})  # seat 1's real first card
    held = lines[i].split()[1]
    ctl.do(lines[i + 1])  # seat 2's deck, at the lid
    door.follow()
    before = len(ctl.log)
    _choose(door, 1, {"card": held})  # the same card id again, in secret
    said = " ".join(ctl.log[before:])
    assert "box differs" not in said and "one more" not in said
    assert ctl.current.box_waiting  # kept for when the card is played or shown
    journal.close()


def test_waldgaertner_a_held_die_changes_no_public_output(tmp_path):
    seen = []
    for name, pick in (("first", 0), ("last", -1)):  # two different dice (a deck, or the special action)
        ctl, journal, door, _lines, _i = waldgaertner_dice(tmp_path / name)
        first = next(seat for kind, seat, _arg in ctl.e.t.jobs if kind == "die")
        _opened(door, first)
        form = door.handle({"op": "view", "token": door.tokens.token(first)})["view"]["private"]["form"]
        options = [v for v, _label in form["fields"][0]["options"]]
        assert len(options) > 1
        _choose(door, first, {"die": options[pick]})
        seen.append(_public(ctl, door, first))
        journal.close()
    _same(*seen)


def test_draftcider_a_seats_hint_on_its_phone_changes_no_public_output(tmp_path):
    """Draft Cider hides nothing on the table; what is a seat's own on its phone is its hint."""
    seen = []
    for name, ask in (("quiet", False), ("hint", True)):
        ctl, journal, door, _lines = _live_draftcider(tmp_path / name)
        seat = ctl.current.seat() if callable(getattr(ctl.current, "seat", None)) else 0
        _opened(door, seat)
        if ask:
            door.handle({"op": "hint", "token": door.tokens.token(seat), "form": {}})
        seen.append(_public(ctl, door, seat))
        journal.close()
    _same(*seen)


def test_the_note_waits_until_the_card_leaves_the_hand_then_is_said_once(tmp_path):
    ctl, journal, door, lines, i = waldgaertner_draw(tmp_path)
    _opened(door, 0)
    _choose(door, 0, {"card": "3"})
    module = ctl.current
    (cid, note), = module.box_waiting.items()
    assert note not in ctl.log
    module.box_waiting = {cid + 10_000: note}  # as if the card had left every hand: its id held by nobody
    ctl.do(lines[i + 1])  # the next line at the lid
    assert ctl.log.count(note) == 1 and module.box_waiting == {}
    journal.close()
