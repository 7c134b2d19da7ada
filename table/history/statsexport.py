"""A finished game as board-game statistics import JSON, and as a QR code of it (no network).

**The format is our reading** of the play files BG Stats (Board Game Stats) opens and imports
("bgsplay" JSON: top-level ``players``, ``locations``, ``games``, ``plays``, the plays referring
to the others by ``…RefId``), taken from files that app writes and from tools that produce
them; it is not an official specification and nothing here talks to that app or any network.
The fields we write (docs/history.md lists them with their meaning):

* ``about`` — one sentence saying what the file is;
* ``players[]`` — ``id`` (1..N, per file), ``name``, ``isAnonymous`` (true for a seat nobody
  was picked for, named ``Seat N``) — no uuid: the
  app matches people by name on import (our reading), and the code stays small;
* ``locations[]`` — one: ``id`` 1, ``name`` "Applejack Table";
* ``games[]`` — one: ``id`` 1, ``name`` the game's display name (``table.games``: "Applejack",
  "Zankapfel", "Draft Cider", "Waldgärtner"), ``bggId`` (0: not set by us),
  ``highestWins`` true (false for a cooperative game), ``cooperative`` (the game's
  ``GameDef.utility``), ``noPoints`` false, ``usesTeams`` false;
* ``plays[]`` — one: ``uuid`` (UUID5 of the record's digest: importing it twice is one play),
  ``playDate`` ("YYYY-MM-DD HH:MM:SS", UTC), ``gameRefId``, ``locationRefId``, ``durationMin``
  (the journal's start to finish, 0 when not known), ``ignored`` false, ``manualWinner``
  false, ``usesTeams`` false, ``rounds`` 0, ``comments`` (the breakdown in words;
  dropped when the code would get too big), and
  ``playerScores[]`` with ``playerRefId``, ``score`` (text, as the app writes it), ``winner``,
  ``rank`` (1 = best, ties share), ``seatOrder`` (1-based seat), ``startPlayer`` (seat 1),
  ``newPlayer`` false. A solo play's ``winner`` is true when the rulebook's goal (65) was reached.
  A cooperative game's players all won or all lost together: every ``winner`` the table's, every
  ``rank`` 1.

**The QR code holds BG Stats' documented import link** (:func:`play_link`):
``https://app.bgstatsapp.com/createPlay.html?data=<data>``, ``<data>`` the URL-encoded JSON
(:func:`link_json`) with only what the import needs: ``{"sourceName", "game": {"name",
"sourceGameId", "highestWins", "noPoints"}, "playDate", "players": [{"name", "sourcePlayerId",
"score", "winner", "startPlayer"}]}``, and ``durationMin`` and ``board`` (the game's options in
words) only when there are any. A phone with the app opens its import dialog, a phone without
it opens the app's page. ``sourceName`` is "Applejack Table", ``sourceGameId`` the game's key,
``sourcePlayerId`` the player's name (``seat N`` for a seat nobody was picked for), ``playDate``
the journal's start (UTC). The breakdown in words stays in the backup-file JSON above (what
``history --export`` prints): in the link it tripled the code's size (issue 33).

The QR code (``segno``, pure Python) holds that link (ASCII) (error level L boosted as far as
the size allows; byte mode, or byte and alphanumeric segments where that makes a smaller code:
the percent-escapes are alphanumeric, ``table.history.qrmodes``). :func:`qr_matrix` gives it as
rows of booleans (True = dark module, with the quiet zone) for a view to draw; :func:`qr_text`
as text for a terminal.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
import uuid
from typing import Any
from urllib.parse import quote

from table.engine.errors import TableError
from table.history import qrmodes
from table.history.readers import Readers
from table.history.store import History
from table.history.values import GameEntry, HistoryDamaged, record_digest

log = logging.getLogger("applejack.history")

MAX_QR_BYTES = 2953
"""The most a QR code holds in byte mode (version 40, error level L)."""
COMMENT_BUDGET = 1100
"""Above this many bytes the ``comments`` (breakdown in words) are left out, so the code stays
small enough to scan from the screen."""
QUIET_ZONE = 4
LINK = "https://app.bgstatsapp.com/createPlay.html?data="
"""BG Stats' documented link for another app's play (the URL-encoded JSON follows)."""
LOCATION = "Applejack Table"
_SAFE = ":,@"
"""Left as they are in the link's query (RFC 3986 allows them there; ``+``, ``&``, ``=`` are encoded)."""
_NS = uuid.UUID("5b0c7c1e-6a1f-4b8e-9a53-6a7070b1e7ac")  # our namespace for the UUID5s


class QRTooLarge(TableError):
    """The payload does not fit in one QR code (more than :data:`MAX_QR_BYTES` bytes)."""


def _rank(totals: list[int]) -> list[int]:
    return [1 + sum(1 for u in totals if u > t) for t in totals]


def _outcomes(entry: GameEntry, readers: Readers) -> tuple[list[bool], list[int]]:
    """Each seat's ``winner`` and ``rank``: a solo game's against its goal; a cooperative game's
    the table's (all won or all lost, all rank 1); else each seat's own."""
    seats = entry.seats
    if len(seats) == 1:
        return [entry.solo in ("goal", "outstanding")], [1]
    if readers.together(entry.game):
        return [any(s.winner for s in seats)] * len(seats), [1] * len(seats)
    return [s.winner for s in seats], _rank([s.total for s in seats])


def play_json(entry: GameEntry, readers: Readers, record: dict[str, Any] | None = None, *,
              comments: bool = True) -> dict[str, Any]:
    """The play as import JSON (see the module doc): the game's title and breakdown words from
    its reader in ``readers``. ``record`` (the stored record) gives the play's uuid; without it
    the uuid comes from the game's id and date."""
    seats = entry.seats
    won, ranks = _outcomes(entry, readers)
    key = record_digest(record) if record is not None else f"{entry.id}:{entry.played}"
    players = [{"id": i + 1, "name": s.player, "isAnonymous": not s.named} for i, s in enumerate(seats)]
    scores = [{"playerRefId": i + 1, "score": str(s.total), "winner": won[i],
               "rank": ranks[i], "seatOrder": i + 1, "startPlayer": i == 0, "newPlayer": False}
              for i, s in enumerate(seats)]
    play: dict[str, Any] = {
        "uuid": str(uuid.uuid5(_NS, "play:" + key)).upper(),
        "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(entry.played)),
        "gameRefId": 1, "locationRefId": 1, "durationMin": entry.duration_min, "ignored": False, "manualWinner": False,
        "usesTeams": False, "rounds": 0, "playerScores": scores,
    }
    if comments:
        play["comments"] = readers.reader(entry.game).breakdown_text(entry)
    title = readers.title(entry.game)
    return {
        "about": f"{'An' if title[:1] in 'AEIOU' else 'A'} {title} play from the Applejack Table (BG Stats play file).",
        "players": players,
        "locations": [{"id": 1, "name": "Applejack Table"}],
        "games": [{"id": 1, "name": title, "bggId": 0, "highestWins": not readers.together(entry.game),
                   "cooperative": readers.together(entry.game), "noPoints": False, "usesTeams": False}],
        "plays": [play],
    }


def link_json(entry: GameEntry, readers: Readers) -> dict[str, Any]:
    """The play as BG Stats' ``createPlay`` JSON, only what its import needs (see the module doc):
    who played, their scores and winners, the game, when and how long; the breakdown in words and
    the fields the app has defaults for are left out (not the booleans: its Android app stops at a
    missing ``winner``, ``startPlayer``, ``highestWins`` or ``noPoints``, a field report says), so
    that the code stays small enough to scan from the lid (issue 33: a 4-seat play was 835-1,047
    bytes, a version 20-23 code)."""
    seats = entry.seats
    won, _ranks = _outcomes(entry, readers)
    reader = readers.reader(entry.game)
    players: list[dict[str, Any]] = []
    for i, s in enumerate(seats):
        players.append({"name": s.player, "sourcePlayerId": s.player if s.named else f"seat {i + 1}",
                        "score": s.total, "winner": won[i], "startPlayer": i == 0})
    doc: dict[str, Any] = {
        "sourceName": LOCATION,
        "game": {"name": readers.title(entry.game), "sourceGameId": entry.game,
                 "highestWins": not readers.together(entry.game), "noPoints": False},
        "playDate": time.strftime("%Y-%m-%d %H:%M:%S",
                                  time.gmtime(entry.started if entry.started is not None else entry.played)),
        "players": players,
    }
    if entry.duration_min:
        doc["durationMin"] = entry.duration_min
    board = ", ".join(reader.variant(entry.setup))
    if board:
        doc["board"] = board
    return doc


def play_link(entry: GameEntry, readers: Readers) -> str:
    """BG Stats' import link of the play: :data:`LINK` and the URL-encoded :func:`link_json`
    (compact JSON); QRTooLarge when it is above :data:`MAX_QR_BYTES` (names hundreds of bytes long)."""
    link = LINK + quote(_dump(link_json(entry, readers)), safe=_SAFE)
    if len(link) > MAX_QR_BYTES:
        raise QRTooLarge(f"the play's link is {len(link)} bytes; a QR code holds at most {MAX_QR_BYTES}")
    return link


def payload(entry: GameEntry, readers: Readers, record: dict[str, Any] | None = None) -> bytes:
    """The backup-file JSON (``history --export``), compact UTF-8; the comments are left out above
    :data:`COMMENT_BUDGET` bytes; QRTooLarge when even that is above :data:`MAX_QR_BYTES`."""
    data = _dump(play_json(entry, readers, record))
    if len(data) > COMMENT_BUDGET:
        data = _dump(play_json(entry, readers, record, comments=False))
    if len(data) > MAX_QR_BYTES:
        raise QRTooLarge(f"the play is {len(data)} bytes as JSON; a QR code holds at most {MAX_QR_BYTES}")
    return data


def _dump(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()


def make_qr(data: bytes) -> Any:
    """The segno QR code of ``data`` (byte mode, error level L boosted where it fits; BG Stats'
    import link also split into alphanumeric and byte segments when that makes a smaller code,
    ``table.history.qrmodes``); QRTooLarge above :data:`MAX_QR_BYTES`."""
    import segno  # deferred: the QR encoder only when a code is made (the CLI's start stays quick)

    if len(data) > MAX_QR_BYTES:
        raise QRTooLarge(f"{len(data)} bytes; a QR code holds at most {MAX_QR_BYTES}")
    try:
        if data.startswith(LINK.encode()) and data.isascii():
            return qrmodes.make(data.decode("ascii"))
        return segno.make_qr(data, error="l", mode="byte", boost_error=True)
    except segno.DataOverflowError as exc:
        raise QRTooLarge(str(exc)) from None


def qr_matrix(data: bytes, *, border: int = QUIET_ZONE) -> list[list[bool]]:
    """The QR code as rows of booleans, True = dark, with a quiet zone of ``border`` modules: what
    a view draws (one square per module, light modules in the background colour)."""
    qr = make_qr(data)
    return [[bool(v) for v in row] for row in qr.matrix_iter(scale=1, border=border)]


def qr_text(data: bytes, *, dark_on_light: bool = False, border: int = QUIET_ZONE) -> str:
    """The QR code as text, two module rows per line with half blocks (▀ ▄ █ and space).

    By default the *light* modules are printed (ink on a dark terminal background shows the code
    the right way round, the quiet zone as a light frame); ``dark_on_light`` prints the dark ones
    instead (paper, light terminals)."""
    return matrix_text(qr_matrix(data, border=border), dark_on_light=dark_on_light)


def matrix_text(m: list[list[bool]], *, dark_on_light: bool = False) -> str:
    """:func:`qr_text` of a matrix already made (rows of booleans, True = dark): the result
    screen makes the code once for the lid and the terminal."""
    ink = [[cell if dark_on_light else not cell for cell in row] for row in m]
    if len(ink) % 2:  # a light row below (QR codes have an odd size): part of the quiet zone
        ink.append([not dark_on_light] * len(ink[0]))
    glyph = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
    lines = []
    for top, bottom in zip(ink[0::2], ink[1::2], strict=True):
        lines.append("".join(glyph[(a, b)] for a, b in zip(top, bottom, strict=True)))
    return "\n".join(lines)


def text_to_matrix(text: str, *, dark_on_light: bool = False) -> list[list[bool]]:
    """Read :func:`qr_text` back into rows of booleans (True = dark; an even number of rows, the
    last one the light padding row when the code's size is odd); for tests and checks."""
    halves = {" ": (False, False), "▀": (True, False), "▄": (False, True), "█": (True, True)}
    rows: list[list[bool]] = []
    for line in text.split("\n"):
        pairs = [halves[c] for c in line]
        rows.append([p[0] for p in pairs])
        rows.append([p[1] for p in pairs])
    if not dark_on_light:
        rows = [[not c for c in row] for row in rows]
    return rows


def game_qr(state_dir: Any, gid: int, readers: Readers) -> list[list[bool]] | None:
    """The result screen's QR code of stored game ``gid`` (``table.history.finish.record_finished``'s
    return value) as rows of booleans; None when the history cannot give it (logged, one line):
    the code is a convenience, never a reason to stop the result screen."""
    try:
        with History(state_dir) as history:
            entry = history.game(gid)
            if entry is None:
                log.warning("history: no game %s for a QR code", gid)
                return None
            return qr_matrix(play_link(entry, readers).encode())
    except (QRTooLarge, HistoryDamaged, sqlite3.Error, OSError) as exc:
        log.warning("history: no QR code for game %s: %s", gid, str(exc)[:200])
        return None
