"""Tables for the web tests: a shell with a game running, its door, and an app asking the door."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from table.companion.session import open_session
from table.engine.errors import TableError
from table.games import DEFAULT_GAME, games, load_game
from table.web.door import Door

_DATA: list[Any] = []


def data() -> Any:
    if not _DATA:
        _DATA.append(load_game(DEFAULT_GAME).part("load_data")())
    return _DATA[0]


def shell(tmp: Path, game: str) -> tuple[Any, Any]:
    """A shell (``open_session``) on ``game``'s setup screen and its journal."""
    return open_session(data(), tmp, games=games(), resume="no", game=game)


IGNORED = ("table_commands", "players", "names", "history_id")
"""Record fields that may differ between the two runs (the table's own command spelling)."""


def same(record: dict[str, Any]) -> dict[str, Any]:
    """A finished record without :data:`IGNORED`."""
    return {k: v for k, v in record.items() if k not in IGNORED}


def at_the_lid(tmp: Path, game: str, lines: list[str]) -> dict[str, Any]:
    """``lines`` entered at the lid only: the finished record."""
    ctl, journal = shell(tmp, game)
    for line in lines:
        ctl.do(line)
    assert ctl.mode == "result"
    record = ctl.record
    journal.close()
    return record


def at_the_lid_again(ctl: Any, line: str) -> None:
    """``line`` at the lid while a seat's page is open but its player plays at the lid: the lid's
    CONFIRM is refused once while that phone has not chosen (``companion/phones_gate.py``); the same
    again goes on without it."""
    try:
        ctl.do(line)
    except TableError as exc:
        if "on their phone" not in str(exc):
            raise
        ctl.do(line)


def play_until(ctl: Any, door: Door, lines: list[str], stop: Any) -> int:
    """Enter ``lines`` at the lid until ``stop(ctl)``; the index of the next line."""
    for i, line in enumerate(lines):
        if ctl.mode == "play" and stop(ctl):
            return i
        ctl.do(line)
        door.follow()
    raise AssertionError("the script never reached the stop")


def zankapfel_discord(tmp: Path, seed: int = 3) -> tuple[Any, Any, Door, list[str], int]:
    """Zankapfel, 4 seats, at the first discord's dice (seats 1 and 3 fight over green, seed 3)."""
    ctl, journal = shell(tmp, "zankapfel")
    door = Door(ctl)
    lines = load_game("zankapfel").part("table_script")(4, seed)[0]
    i = play_until(ctl, door, lines, lambda c: c.b.stage() == "dice")
    return ctl, journal, door, lines, i


def waldgaertner_draw(tmp: Path) -> tuple[Any, Any, Door, list[str], int]:
    """Waldgärtner, 3 seats, seat 1 about to draw its first card from deck 1."""
    ctl, journal = shell(tmp, "waldgaertner")
    door = Door(ctl)
    lines = load_game("waldgaertner").part("table_script")(3, 1)[0]
    i = play_until(ctl, door, lines, lambda c: c.stage() == "draw")
    return ctl, journal, door, lines, i


def waldgaertner_dice(tmp: Path) -> tuple[Any, Any, Door, list[str], int]:
    """Waldgärtner, 3 seats, the first round's dice to be chosen."""
    ctl, journal = shell(tmp, "waldgaertner")
    door = Door(ctl)
    lines = load_game("waldgaertner").part("table_script")(3, 1)[0]
    i = play_until(ctl, door, lines, lambda c: c.stage() == "die")
    return ctl, journal, door, lines, i


def discord_choices(ctl: Any, lines: list[str], i: int) -> tuple[dict[int, dict[str, str]], int]:
    """The Zankapfel script's discord from line ``i`` (``dice …``, ``dice-done``, ``card …``) as each
    fighting seat's phone form (0-based seat → ``{"card", "dice"}``), and the index after it."""
    chosen: dict[int, dict[str, str]] = {s: {"dice": "0"} for s in ctl.b.fight_seats()}
    done = False
    while i < len(lines) and lines[i].split()[0] in ("dice", "dice-done", "card"):
        w = lines[i].split()
        if done and w[0] != "card":
            break  # a tie: the next discord between the same seats
        done = done or w[0] == "dice-done"
        if w[0] == "dice":
            chosen[int(w[2]) - 1]["dice"] = w[3]
        elif w[0] == "card":
            chosen[int(w[2]) - 1]["card"] = w[3]
        i += 1
    return chosen, i


def hand_form(ctl: Any, line: str) -> dict[str, str] | None:
    """Waldgärtner: the phone's form for the script's ``line`` when it is the seat's hidden entry
    (a card drawn, a card taken in secret, a card played from the hand), else None (the lid's)."""
    if ctl.mode != "play":
        return None
    w = line.split()
    st = ctl.stage()
    if st in ("draw", "bdraw", "sdeal") and w[0] == "card":
        return {"card": w[1]}
    if st in ("bchoose", "schoose") and w[0] == "choose":
        return {"card": w[1]}
    if st == "play" and w[0] in ("sell", "plant", "offer"):
        return {"play": line}
    return None


def view_text(door: Door, token: str) -> str:
    """The view of ``token`` as the phone receives it (JSON text)."""
    return json.dumps(door.handle({"op": "view", "token": token}), sort_keys=True, ensure_ascii=False)


def door_ask(door: Door) -> Any:
    """The app's ``ask`` answered by the door itself (no socket, no kiosk thread)."""
    async def ask(request: dict[str, Any]) -> dict[str, Any]:
        return door.handle(json.loads(json.dumps(request)))
    return ask


def _live_draftcider(tmp: Path, players: int = 3, seed: int = 5) -> tuple[Any, Any, Door, list[str]]:
    """Draft Cider, begun at the lid (setup, start): the script's lines from the third on."""
    lines = load_game("draftcider").part("table_script")(players, seed)[0]
    ctl, journal = shell(tmp, "draftcider")
    door = Door(ctl)
    for line in lines[:2]:
        ctl.do(line)
    door.follow()
    return ctl, journal, door, lines
