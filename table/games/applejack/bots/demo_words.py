"""The text demo's words in the current language: every engine event it prints said again from
the event's fields (the engine's own text form, ``str(event)``, is English: a file format).

In English every line is exactly what the demo printed from the engine's text before
(``tests/bots/test_demo_words.py`` plays seeded games to check it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from table.games.applejack.labels import seat_label, solo_words
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.events import (
    BlossomScoring,
    CottageStocked,
    DieMoved,
    Event,
    FinalScore,
    GameEnded,
    GameStarted,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
    TileFlipped,
    TilePaid,
    TilePlaced,
    TileTaken,
    TurnStarted,
    Winners,
)
from table.i18n import N_, _, ngettext
from table.i18n.labels import both
from table.i18n.names import variety_name

INDENT = "  "  # a seat's own moves are indented under the turn, as the engine's text does

#: The harvest boards by their data-file ``id`` (``engine/data/boards.toml``); another data set's
#: boards are shown by their id as it is.
BOARD_WORDS: dict[str, str] = {"solo": N_("solo"), "two": N_("two"), "three": N_("three"), "four": N_("four")}


def board_words(board: str) -> str:
    return _(BOARD_WORDS[board]) if board in BOARD_WORDS else board


def seat_words(seat: int) -> str:
    """``△ Triangle`` (``△ Dreieck``): the house's one style for Applejack's seats (``labels.seat_label``)."""
    return seat_label(seat)


def bot_seat_words(seat: int, bot: str) -> str:
    """``△ Triangle: greedy``: a seat and its bot (the bot's name is the one typed after ``--bots``)."""
    return _("{seat}: {bot}").format(seat=seat_label(seat), bot=bot)


def tile_words(data: DataSet, tile: int) -> str:
    """``#12 (3 Red + 1 Pink, 2 blossoms, price 5)``."""
    t = data.tile(tile)
    parts = [" + ".join(_("{count} {variety}").format(count=n, variety=variety_name(data.varieties[v].name))
                        for v, n in t.apples)] if t.apples else []
    if t.blossoms:
        parts.append(ngettext("{n} blossom", "{n} blossoms", t.blossoms).format(n=t.blossoms))
    parts.append(_("price {price}").format(price=t.price))
    return _("#{tile} ({contents})").format(tile=tile, contents=_(", ").join(parts))


def payouts_words(payouts: Sequence[int]) -> str:
    """``○ Circle +3, △ Triangle +0``: the honey each seat gets."""
    return _(", ").join(_("{seat} +{honey}").format(seat=seat_label(s), honey=h) for s, h in enumerate(payouts))


def _with_payouts(line: str, payouts: Sequence[int] | None) -> str:
    return line if payouts is None else f"{line} → {payouts_words(payouts)}"


def drawn_blind_words(data: DataSet, tile: int) -> str:
    """The tile a chance draw put in a seat's hand, shown with what is on it."""
    return "    " + _("drawn blind: {tile}").format(tile=tile_words(data, tile))


def game_heading(game: int, seed: int) -> str:
    return _("=== Game {game} (seed {seed}) ===").format(game=game, seed=seed)


def _game_started(data: DataSet, ev: GameStarted, names: Sequence[str]) -> list[str] | None:
    honey = _(", ").join(map(str, ev.honey))  # the numbers, never a raw list
    line = (_("Game started: solo on board {board}, starting honey {honey}") if ev.players == 1 else
            _("Game started: {players} players on board {board}, starting honey {honey}")).format(
        players=ev.players, board=board_words(ev.board), honey=honey)
    if names:
        line = _("{line} — {seats}").format(
            line=line, seats=_(", ").join(bot_seat_words(s, bot) for s, bot in enumerate(names)))
    return [line]


def _turn_started(data: DataSet, ev: TurnStarted, names: Sequence[str]) -> list[str] | None:
    line = (_("Turn {turn}: {seat} on space {space}, die {pips}, the middle space") if ev.middle else
            _("Turn {turn}: {seat} on space {space}, die {pips}, troughs {first} and {second}")).format(
        turn=ev.turn, seat=seat_words(ev.seat), space=ev.space, pips=ev.pips,
        first=ev.troughs[0] if ev.troughs else "", second=ev.troughs[1] if len(ev.troughs) > 1 else "")
    return [_("{line} (last turn)").format(line=line) if ev.last else line]


def _tile_taken(data: DataSet, ev: TileTaken, names: Sequence[str]) -> list[str] | None:
    what = tile_words(data, ev.tile) if ev.tile is not None else _("a tile")
    text = {"trough": _("{seat} takes {what} from trough {trough}"),
            "blind": _("{seat} takes {what} blind from the supply"),
            "cottage": _("{seat} takes {what} from the cottage"),
            "middle": _("{seat} takes {what} from the middle space")}.get(ev.source)
    if text is None:
        return None
    return [INDENT + text.format(seat=seat_words(ev.seat), what=what, trough=ev.trough)]


def _tile_paid(data: DataSet, ev: TilePaid, names: Sequence[str]) -> list[str] | None:
    return [INDENT + _("{seat} pays {price} honey for #{tile}").format(seat=seat_words(ev.seat), price=ev.price,
                                                                      tile=ev.tile)]


def _tile_flipped(data: DataSet, ev: TileFlipped, names: Sequence[str]) -> list[str] | None:
    return [INDENT + _("{seat} turns #{tile} to pasture, +{honey} honey").format(
        seat=seat_words(ev.seat), tile=ev.tile, honey=ev.honey)]


def _tile_placed(data: DataSet, ev: TilePlaced, names: Sequence[str]) -> list[str] | None:
    line = (_("{seat} places #{tile} on orchard space {space} (pasture)") if ev.pasture else
            _("{seat} places #{tile} on orchard space {space} (tree, rotation {rotation})")).format(
        seat=seat_words(ev.seat), tile=ev.tile, space=ev.space, rotation=ev.rotation)
    if ev.links:
        line = _("{line}; beehive links {links} = +{honey} honey").format(
            line=line, links=" + ".join(map(str, ev.links)), honey=sum(ev.links))
    return [INDENT + line]


def _cottage_stocked(data: DataSet, ev: CottageStocked, names: Sequence[str]) -> list[str] | None:
    text = (_("{seat} puts a new tile beside the cottage from trough {trough}") if ev.source == "trough" else
            _("{seat} puts a new tile beside the cottage from the supply"))
    return [INDENT + text.format(seat=seat_words(ev.seat), trough=ev.trough)]


def _die_moved(data: DataSet, ev: DieMoved, names: Sequence[str]) -> list[str] | None:
    return [_("Die moves from space {start} to space {end} (die {pips})").format(
        start=ev.from_space, end=ev.to_space, pips=ev.pips)]


def _harvest(data: DataSet, ev: Harvest, names: Sequence[str]) -> list[str] | None:
    name = variety_name(data.varieties[ev.variety].name)
    line = _("HARVEST {variety} (die {pips}): every {variety} area pays apples − {pips}").format(
        variety=name, pips=ev.pips)
    return [_with_payouts(line, ev.payouts)]


def _blossom_scoring(data: DataSet, ev: BlossomScoring, names: Sequence[str]) -> list[str] | None:
    return [_with_payouts(_("BLOSSOM SCORING ×{times}").format(times=ev.times), ev.payouts)]


def _loop_started(data: DataSet, ev: LoopStarted, names: Sequence[str]) -> list[str] | None:
    return [_("Loop {loop} starts: the die on its return space, turned up to {pips}").format(
        loop=ev.loop, pips=ev.pips)]


def _middle_reached(data: DataSet, ev: MiddleReached, names: Sequence[str]) -> list[str] | None:
    line = _("Middle space: +{honey} honey for empty trees").format(honey=ev.honey)
    if ev.fill:
        line = ngettext("{line}; put {n} tile from the supply on the trees",
                        "{line}; put {n} tiles from the supply on the trees", ev.fill).format(line=line, n=ev.fill)
    return [line]


def _refill_needed(data: DataSet, ev: RefillNeeded, names: Sequence[str]) -> list[str] | None:
    line = (_("REFILL: one tile into each trough, in order {order}, then one onto the middle trees") if ev.middle
            else _("REFILL: one tile into each trough, in order {order}")).format(
        order=", ".join(map(str, ev.order)))
    if ev.available < len(ev.order) + int(ev.middle):
        line = _("{line} (the supply has only {available})").format(line=line, available=ev.available)
    return [line]


def _game_ended(data: DataSet, ev: GameEnded, names: Sequence[str]) -> list[str] | None:
    return [ngettext("GAME OVER after {n} turn: final scoring", "GAME OVER after {n} turns: final scoring",
                     ev.turns).format(n=ev.turns)]


def _final_score(data: DataSet, ev: FinalScore, names: Sequence[str]) -> list[str] | None:
    line = INDENT + ngettext(
        "{seat}: harvest {harvest} ×2 = {doubled}, {n} variety +{bonus}, blossoms {blossoms}, "
        "honey {honey} → {total}",
        "{seat}: harvest {harvest} ×2 = {doubled}, {n} varieties +{bonus}, blossoms {blossoms}, "
        "honey {honey} → {total}", ev.profitable_varieties).format(
        seat=seat_words(ev.seat), harvest=ev.harvest, doubled=ev.harvest_doubled, n=ev.profitable_varieties,
        bonus=ev.variety_bonus, blossoms=ev.blossoms, honey=ev.honey, total=ev.total)
    if ev.seat < len(names):
        line = f"{line} ({names[ev.seat]})"
    if len(names) == 1:
        return [line, _("Solo result: {verdict}").format(verdict=solo_words(ev.total))]
    return [line]


def _winners(data: DataSet, ev: Winners, names: Sequence[str]) -> list[str] | None:
    if len(names) == 1:
        return []  # the solo game has marks, not a winner
    return [_("Winner: {seats}").format(seats=both([seat_words(s) for s in ev.seats]))]


_WORDS: tuple[tuple[type[Event], Callable[[DataSet, Any, Sequence[str]], list[str] | None]], ...] = (
    (GameStarted, _game_started),
    (TurnStarted, _turn_started),
    (TileTaken, _tile_taken),
    (TilePaid, _tile_paid),
    (TileFlipped, _tile_flipped),
    (TilePlaced, _tile_placed),
    (CottageStocked, _cottage_stocked),
    (DieMoved, _die_moved),
    (Harvest, _harvest),
    (BlossomScoring, _blossom_scoring),
    (LoopStarted, _loop_started),
    (MiddleReached, _middle_reached),
    (RefillNeeded, _refill_needed),
    (GameEnded, _game_ended),
    (FinalScore, _final_score),
    (Winners, _winners),
)
"""Each event type's words, tried in order."""


def event_words(data: DataSet, ev: Event, names: Sequence[str] = ()) -> list[str] | None:
    """One event's lines in the current language, or None for an event type this module does not
    know (the caller then prints the engine's English text: a new event type shows up untranslated
    rather than not at all). ``names`` are the seats' bots."""
    for kind, words in _WORDS:
        if isinstance(ev, kind):
            return words(data, ev, names)
    return None
