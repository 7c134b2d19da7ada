"""Whole games with every hidden choice made on a phone: the same game as at the lid.

The seeded table scripts of Zankapfel (4 seats) and Waldgärtner (3 seats) are played twice: at
the lid only, and with every discord card and die (Zankapfel) and every die choice and card drawn,
taken in secret, planted or sold (Waldgärtner) entered on the seat's phone through the door. The finished
records must be the same game.
"""

from __future__ import annotations

from typing import Any

from table.games import load_game
from table.games.waldgaertner.seat import die_seats
from table.web.door import Door
from tests.web.tables import shell

IGNORED = ("table_commands", "players", "names", "history_id")
"""Record fields that may differ between the two runs (the table's own command spelling)."""


def _same(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in IGNORED}


def _phone(door: Door, seat: int, form: dict[str, Any]) -> None:
    answer = door.handle({"op": "choose", "token": door.tokens.token(seat), "form": form})
    assert answer["ok"], answer


def _at_the_lid(tmp, game: str, lines: list[str]) -> dict[str, Any]:
    ctl, journal = shell(tmp, game)
    for line in lines:
        ctl.do(line)
    assert ctl.mode == "result"
    record = ctl.record
    journal.close()
    return record


def _zankapfel_discord(ctl, door, lines: list[str], i: int) -> int:
    """The script's discord (``dice …``, ``dice-done``, ``card …``) on the fighting seats' phones."""
    chosen: dict[int, dict[str, str]] = {s: {"dice": "0"} for s in ctl.b.fight_seats()}
    done = False
    while i < len(lines) and lines[i].split()[0] in ("dice", "dice-done", "card"):
        w = lines[i].split()
        if w[0] == "dice-done" and done:
            break  # a tie: the next discord between the same seats
        done = done or w[0] == "dice-done"
        if w[0] == "dice":
            chosen[int(w[2]) - 1]["dice"] = w[3]
        elif w[0] == "card":
            chosen[int(w[2]) - 1]["card"] = w[3]
        i += 1
    for seat, form in chosen.items():
        _phone(door, seat, form)
    return i


def test_a_whole_zankapfel_game_with_every_discord_chosen_on_the_phones(tmp_path):
    lines = load_game("zankapfel").part("table_script")(4, 3)[0]
    ctl, journal = shell(tmp_path / "phones", "zankapfel")
    door = Door(ctl)
    i, discords = 0, 0
    while i < len(lines):
        door.follow()
        if ctl.mode == "play" and ctl.b.stage() == "dice":
            i = _zankapfel_discord(ctl, door, lines, i)
            discords += 1
            continue
        ctl.do(lines[i])
        i += 1
    assert ctl.mode == "result" and discords >= 5
    phones = ctl.record
    journal.close()
    assert _same(phones) == _same(_at_the_lid(tmp_path / "lid", "zankapfel", lines))


def _waldgaertner_form(ctl, line: str) -> dict[str, str] | None:
    """The phone's form for ``line`` when it is a seat's hidden entry or choice, else None (the lid)."""
    w = line.split()
    st = ctl.stage()
    if st in ("draw", "bdraw", "sdeal") and w[0] == "card":
        return {"card": w[1]}
    if st in ("bchoose", "schoose") and w[0] == "choose":
        return {"card": w[1]}
    if st == "play" and w[0] == "sell":
        return {"card": w[1], "how": "sell"}
    if st == "play" and w[0] == "plant":
        first = ctl.state.plant_spots(ctl.seat(), int(w[1]))[0]
        if f"{first[0]}.{first[1] + 1}" == w[3]:  # the phone plants at the first free place
            return {"card": w[1], "how": "plant"}
    return None


def test_a_whole_waldgaertner_game_with_every_die_and_hand_card_chosen_on_the_phones(tmp_path):
    lines = load_game("waldgaertner").part("table_script")(3, 1)[0]
    ctl, journal = shell(tmp_path / "phones", "waldgaertner")
    door = Door(ctl)
    on_phones, rounds = 0, 0
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        door.follow()
        seats = die_seats(ctl)
        if seats:  # the round's dice, each chosen in secret; entered together after the last
            for k, seat in enumerate(seats):
                before = len(ctl.cmds)
                _phone(door, seat, {"die": lines[i - 1 + k]})
                assert len(ctl.cmds) == before + (len(seats) if k == len(seats) - 1 else 0)
            i += len(seats) - 1
            rounds += 1
            continue
        form = _waldgaertner_form(ctl, line) if ctl.mode == "play" else None
        if form is None:
            ctl.do(line)
            continue
        _phone(door, ctl.seat(), form)
        on_phones += 1
    assert ctl.mode == "result" and on_phones > 100 and rounds == 21
    phones = ctl.record
    journal.close()
    assert _same(phones) == _same(_at_the_lid(tmp_path / "lid", "waldgaertner", lines))
