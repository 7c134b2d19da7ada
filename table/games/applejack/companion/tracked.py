"""Orchard tracking: a full engine ``GameState`` mirrors the table in lockstep with the Track.

``play`` normally follows the harvest board alone (:class:`~table.games.applejack.rules.track.Track`: counts,
no tiles). In a tracked game people also enter what the full game needs, in the engine's own
action texts (``table.games.applejack.rules.actions``): every tile turned over from the supply (``draw 17``:
setup, refills, blind draws, the middle trees, the cottages), which tile was taken
(``take 3:17``, ``middle 17``, ``cottage``, ``blind``), pay or pasture (``buy`` / ``pasture``),
where it went (``place 5/2``: orchard space 5, turned 2 steps) and the cottage restock
(``stock 3:17`` / ``stock-supply``).

The mirror is the one source of truth. The Track's action of a turn is derived from the
mirror's choices (``take 3:17`` → ``take 3``, ``middle 17`` → ``middle``, ``blind``,
``cottage``, ``stock 3:17`` → ``stock 3``, ``stock-supply``) and applied when the mirror's turn
ends, so both move the die with the same ``walk.move_die`` at the same moment; the
announcements still come from the Track's events, as in an untracked game. Every step checks
that the two walks agree. Undo takes back one mirror action and every Track action it caused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from table.engine.errors import IllegalActionError
from table.games.applejack.companion.printed import tile_printed
from table.games.applejack.labels import seat_label
from table.games.applejack.rules import actions as A
from table.games.applejack.rules.cells import EMPTY, tile_of
from table.games.applejack.rules.config import GameConfig
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.events import (
    BlossomScoring,
    CottageStocked,
    DieMoved,
    Event,
    GameEnded,
    Harvest,
    LoopStarted,
    MiddleReached,
    RefillNeeded,
    TileDrawn,
    TileFlipped,
    TilePaid,
    TilePlaced,
    TileTaken,
)
from table.games.applejack.rules.game import (
    BLIND_DRAW,
    OVER,
    PAY,
    PLACE,
    SELECT,
    SETUP,
    STOCK,
    STOCK_DRAW,
    GameState,
)
from table.games.applejack.rules.track import Track, TrackAction, TrackKind
from table.games.applejack.tilefaces import face
from table.i18n import N_, _
from table.i18n.labels import both, either, is_number

WALK_EVENTS = (DieMoved, Harvest, BlossomScoring, LoopStarted, MiddleReached, RefillNeeded, GameEnded)
"""Events both faces emit from the die's walk: they must agree (payouts aside)."""
STEP_EVENTS = (TileDrawn, TileTaken, TilePaid, TileFlipped, TilePlaced, CottageStocked)
"""The mirror's own events of a step, told back to people (the Track's events are announced)."""


def walk_events(events: tuple[Event, ...] | list[Event]) -> list[Event]:
    """The die's walk in ``events``, payouts removed, for comparing the Track with the mirror."""
    out: list[Event] = []
    for e in events:
        if isinstance(e, Harvest | BlossomScoring):
            out.append(replace(e, payouts=None))
        elif isinstance(e, WALK_EVENTS):
            out.append(e)
    return out


def track_action_for(action: int) -> TrackAction | None:
    """The Track's action for a mirror action that takes or restocks a tile (None for the rest)."""
    d = A.decode(action)
    if d.verb in _TRACK_KIND:
        return TrackAction(_TRACK_KIND[d.verb], d.trough)
    return None


_TRACK_KIND = {A.Verb.BLIND: TrackKind.BLIND, A.Verb.COTTAGE: TrackKind.COTTAGE,
               A.Verb.STOCK_SUPPLY: TrackKind.STOCK_SUPPLY, A.Verb.TAKE: TrackKind.TAKE,
               A.Verb.MIDDLE: TrackKind.MIDDLE, A.Verb.STOCK: TrackKind.STOCK}
"""The mirror's verbs that take or restock a tile, as the Track's kinds (the trough goes along)."""


@dataclass(frozen=True, slots=True)
class TrackedStep:
    """One applied mirror action: its text (normalized), the mirror's events and the Track's."""

    text: str
    events: tuple[Event, ...]
    track_events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class _Undo:
    turn_before: tuple[TrackAction, ...]
    track_applied: int


class OrchardMirror:
    """The mirror of a tracked game, driving the controller's ``track`` (see the module doc).

    Named apart from the engine's ``Track`` (the harvest board's counts, which it drives): the
    mirror is a full ``GameState`` of the orchards entered at the table.

    Made at the start of a game (the Track without history); the mirror then waits for the
    setup draws: every trough's tiles, the middle trees (solo), the cottages (variant).
    """

    def __init__(self, data: DataSet, track: Track, *, orchards: tuple[str, ...] | None = None,
                 kept: tuple[int, ...] = ()) -> None:
        """``orchards``: the side per seat (variant "Individual orchards"); ``kept``: the solo
        campaign's kept tiles, on the middle trees instead of a drawn one."""
        if track.history:
            raise ValueError("orchard tracking starts with the game")
        c = track.config
        self.data = data
        self.track = track
        self.state = GameState(data, GameConfig(c.players, orchards=orchards, apple_tiles=c.apple_tiles,
                                                cottage=c.cottage, kept_tiles=kept))
        self._turn: list[TrackAction] = []  # the Track's actions of the turn in progress
        self._undo: list[_Undo] = []
        self._ids = frozenset(t.id for t in data.tiles)

    # --- queries ------------------------------------------------------------------------------------
    # --- what the screen shows of the mirror --------------------------------------------------------
    def trough_tiles(self, trough: int) -> list[int]:
        """The tiles entered into trough 1-7, by number."""
        return sorted(self.state.troughs[trough - 1])

    def middle_tiles(self) -> list[int]:
        """Solo: the tiles entered onto the middle trees, by number."""
        return sorted(self.state.middle)

    def supply_left(self) -> int:
        """Tiles still in the supply."""
        return len(self.state.supply)

    def choosing(self) -> bool:
        """A tile is to be chosen (a trough's, the middle trees', the cottage's or blind)."""
        return self.state.phase == SELECT

    def mid_turn(self) -> bool:
        """A tile was taken this turn and the turn is not over (the Track has not moved yet)."""
        return bool(self._turn)

    def can_undo(self) -> bool:
        return bool(self._undo)

    def waiting(self) -> str:
        """What the table must enter next, in words (with the command to type)."""
        st = self.state
        ph = st.phase
        who = seat_label(st.seat)
        due = st.next_draw_for()
        if due is not None:
            place, n = due
            where = _("the middle trees") if place == "middle" else \
                _("{seat}'s cottage").format(seat=seat_label(n)) if place == "cottage" else \
                _("trough {trough}").format(trough=n)
            left = min(len(st.draws_due), len(st.supply))
            what = (_("Set up: enter the tile drawn for {where} — type draw and what it shows (pink 2 price 5) "
                      "({left} to enter)") if ph == SETUP else
                    _("Refill: enter the tile drawn for {where} — type draw and what it shows (pink 2 price 5) "
                      "({left} to enter)"))
            return what.format(where=where, left=left)
        if ph == BLIND_DRAW:
            return _("Enter the tile {seat} drew blind — type draw and what it shows (pink 2 price 5)").format(seat=who)
        if ph == STOCK_DRAW:
            return _("Enter the tile put beside {seat}'s cottage from the supply — type draw and what it shows "
                     "(pink 2 price 5)").format(seat=who)
        if ph == SELECT:
            legal = st.legal_actions()
            take = any(A.TAKE <= a < A.MIDDLE for a in legal)
            options = [_("take TROUGH:TILE")] if take else []
            options += [_("middle TILE")] if any(A.MIDDLE <= a < A.PLACE for a in legal) else []
            options += [A.to_text(a) for a in legal if a in (A.BLIND, A.COTTAGE)]
            if take:
                return _("{seat}: enter the tile taken — its trough button, or type {options}").format(
                    seat=who, options=", ".join(options))
            return _("{seat}: enter the tile taken — type {options}").format(seat=who, options=", ".join(options))
        if ph == PAY:
            price = st.rules.price[st.held]
            if st.honey[st.seat] >= price:
                return _("{seat} holds the tile ({tile}): type buy or pasture").format(
                    seat=who, tile=face(self.data, st.held))
            return _("{seat} holds the tile ({tile}): type pasture (honey {honey} < {price})").format(
                seat=who, tile=face(self.data, st.held), price=price, honey=st.honey[st.seat])
        if ph == PLACE:
            if st.held_pasture:
                return _("{seat}: place the tile ({tile}) pasture side up — type place SPACE (1-19)").format(
                    seat=who, tile=face(self.data, st.held))
            return _("{seat}: place the tile ({tile}) tree side up — type place SPACE/TURN (1-19 / 0-5)").format(
                seat=who, tile=face(self.data, st.held))
        if ph == STOCK:
            return _("{seat}: restock the cottage — a trough button or {blind}, or type stock TROUGH:TILE or "
                     "stock-supply").format(seat=who, blind=_("BLIND"))
        return ""

    def where_is(self, tile: int) -> str:
        """Where a tile is, for a refusal: "is in trough 3", "is in △ Triangle's orchard" …"""
        st = self.state
        if tile not in self._ids:
            return _("does not exist (tiles {first}–{last})").format(first=min(self._ids), last=max(self._ids))
        if tile in st.supply:
            return _("is in the supply")
        for n, tiles in enumerate(st.troughs, start=1):
            if tile in tiles:
                return _("is in trough {trough}").format(trough=n)
        if tile in st.middle:
            return _("is on the middle trees")
        if tile in st.cottage:
            return _("is beside {seat}'s cottage").format(seat=seat_label(st.cottage.index(tile)))
        if tile == st.held:
            return _("is in hand")
        for seat, cells in enumerate(st.cells):
            if any(v != EMPTY and tile_of(v) == tile for v in cells):
                return _("is in {seat}'s orchard").format(seat=seat_label(seat))
        return _("is out of the game")

    def disagreement(self) -> str | None:
        """At a turn boundary: how the Track differs from the mirror (None when they agree)."""
        st, tr = self.state, self.track.state
        if self._turn or st.phase not in (SELECT, OVER):
            return None  # inside a turn or while tiles are being drawn the Track is ahead or behind
        checks = {
            "die": (tr.die, st.die), "turn": (tr.turn, st.turn),
            "troughs": (tr.troughs, tuple(len(t) for t in st.troughs)),
            "supply": (tr.supply, len(st.supply)), "middle": (tr.middle, len(st.middle)),
            "cottage": (tr.cottage, tuple(c != EMPTY for c in st.cottage)),
            "over": (self.track.is_terminal(), st.is_terminal()),
        }
        wrong = [f"{k} {a} ≠ {b}" for k, (a, b) in checks.items() if a != b]
        return "; ".join(wrong) or None

    # --- actions ------------------------------------------------------------------------------------
    def parse(self, text: str) -> int:
        """An engine action text checked against the mirror, with a clear refusal for people.

        A placement turned to a look the tile shows anyway (two opposite beehives turned by 3)
        becomes the rotation the engine lists; a pasture ignores the turn.
        Raises ActionParseError (not an action) or IllegalActionError (not now / not there).
        """
        action = A.from_text(_spelled(self._printed(text)))
        st = self.state
        if st.is_terminal():
            raise IllegalActionError(_("the game is over"))
        d = A.decode(action)
        is_draw = d.verb is A.Verb.DRAW
        if st.is_chance() != is_draw:
            raise IllegalActionError(_("{action}: not now — {waiting}").format(action=A.to_text(action),
                                                                             waiting=self.waiting()))
        if is_draw:
            self._check_draw(d.tile)
            return action
        if st.phase == PLACE and d.verb is A.Verb.PLACE and d.cell is not None:
            action = self._checked_place(action, d.cell, text)
        elif d.verb in (A.Verb.TAKE, A.Verb.STOCK) and d.trough is not None:
            self._check_trough(action, d.trough, d.tile)
        elif d.verb is A.Verb.MIDDLE and d.tile is not None and d.tile not in st.middle:
            raise IllegalActionError(_("tile {tile} {where}, not on the middle trees").format(
                tile=d.tile, where=self.where_is(d.tile)))
        if action not in st.legal_actions():
            raise IllegalActionError(_("{action}: not now — {waiting}").format(action=A.to_text(action),
                                                                             waiting=self.waiting()))
        return action

    def _printed(self, text: str) -> str:
        """A tile named by what it shows (``printed.py``) as its number: ``draw pink 2 price 5`` among
        the supply, ``take 3 pink 2`` among trough 3's tiles (``stock`` likewise)."""
        words = text.split()
        st = self.state
        if len(words) > 1 and words[0] == "draw" and not words[1].isdigit():
            return f"draw {tile_printed(self.data, st.supply, ' '.join(words[1:]))}"
        if len(words) > 2 and words[0] in ("take", "stock") and words[1].isdigit() and not words[2].isdigit() \
                and "/" not in words[2] and 1 <= int(words[1]) <= len(st.troughs):
            tile = tile_printed(self.data, st.troughs[int(words[1]) - 1], " ".join(words[2:]))
            return f"{words[0]} {words[1]}:{tile}"
        return text

    def _check_draw(self, tile: int | None) -> None:
        assert tile is not None
        if tile not in self.state.supply:
            raise IllegalActionError(_("tile {tile} {where}, not in the supply").format(tile=tile,
                                                                                  where=self.where_is(tile)))

    def _checked_place(self, action: int, cell: int, text: str) -> int:
        """A placement on a free space, its turn said when it matters, in the rotation the engine lists."""
        st = self.state
        if st.cells[st.seat][cell] != EMPTY:
            raise IllegalActionError(_("space {space} of {seat}'s orchard is taken").format(
                space=cell + 1, seat=seat_label(st.seat)))
        parts = text.split()
        turn_left_out = len(parts) == 2 and "/" not in parts[1]
        if turn_left_out and not st.held_pasture and len(st.rules.rotations[st.held]) > 1:
            raise IllegalActionError(_("place {space}: say how tile {tile} is turned too — "
                                       "type place {space}/TURN (0-5)").format(space=cell + 1, tile=st.held))
        return st.normalise(action)  # R10: every rotation the tile was laid in is accepted

    def _check_trough(self, action: int, trough: int, tile: int | None) -> None:
        """A take or restock from a trough: the tile is in it and the trough is open."""
        st = self.state
        if 1 <= trough <= len(st.troughs) and tile not in st.troughs[trough - 1]:
            held = ", ".join(map(str, st.troughs[trough - 1])) or _("nothing")
            raise IllegalActionError(_("trough {trough} holds {held}, not tile {tile}").format(
                trough=trough, held=held, tile=tile))
        verb = A.Verb.TAKE if st.phase == SELECT else A.Verb.STOCK
        open_ = sorted({o.trough for o in map(A.decode, st.legal_actions())
                        if o.verb is verb and o.trough is not None})
        if action not in st.legal_actions() and open_ and trough not in open_:
            raise IllegalActionError(_("trough {trough} is not open now (open: {troughs})").format(
                trough=trough, troughs=", ".join(map(str, open_))))

    def apply(self, text: str) -> TrackedStep:
        """Apply one engine action text to the mirror and, when the turn ends, the Track's actions."""
        action = self.parse(text)
        st = self.state
        turn = st.turn
        before = tuple(self._turn)
        events = st.apply(action)
        derived = track_action_for(action)
        if derived is not None:
            self._turn.append(derived)
        track_events: list[Event] = []
        applied = 0
        if st.turn != turn:  # the turn ended: the die moves on the harvest board too
            problem = ""
            try:
                for ta in self._turn:
                    track_events += self.track.apply(ta)
                    applied += 1
            except ValueError as exc:
                problem = _("the harvest board refused {action}: {reason}").format(action=ta, reason=exc)
            if not problem and walk_events(track_events) != walk_events(events):
                problem = _("the harvest board's walk differs from the orchards' game")
            if problem:  # cannot happen while both follow the rules; never leave them apart
                for _n in range(applied):
                    self.track.undo()
                st.undo()
                self._turn = list(before)
                raise IllegalActionError(_("{action}: {problem}").format(action=A.to_text(action), problem=problem))
            self._turn = []
        self._undo.append(_Undo(before, applied))
        return TrackedStep(A.to_text(action), tuple(events), tuple(track_events))

    def undo(self) -> str:
        """Take back the last mirror action and the Track actions it caused; IndexError at the start."""
        if not self._undo:
            raise IndexError("nothing to undo: this is the start of the game")
        step = self._undo.pop()
        for _n in range(step.track_applied):
            self.track.undo()
        action = self.state.undo()
        self._turn = list(step.turn_before)
        return A.to_text(action)

    # --- buttons ------------------------------------------------------------------------------------
    def action_for_button(self, button: str) -> str:
        """The engine action a trough / blind / cottage / middle / confirm button means now.

        A button cannot name a tile: a trough holding two tiles is refused with the commands to
        type. Raises IllegalActionError when the button means nothing now.
        """
        st = self.state
        if st.phase not in (SELECT, STOCK):
            raise IllegalActionError(self.waiting() or _("the game is over"))
        stock = st.phase == STOCK
        if button.startswith("trough") and is_number(button[6:]):
            return self._trough_button(int(button[6:]), "stock" if stock else "take")
        if button == "blind":
            return "stock-supply" if stock else "blind"
        if button == "cottage" and not stock:
            return "cottage"
        if button in ("middle", "confirm") and not stock and st.on_middle and st.middle:
            if len(st.middle) == 1:
                return f"middle {st.middle[0]}"
            raise IllegalActionError(_("the middle trees hold tiles {tiles}: type middle TILE").format(
                tiles=both([str(t) for t in sorted(st.middle)])))
        if button == "confirm" and not stock and st.cottage[st.seat] != EMPTY:
            return "cottage"
        raise IllegalActionError(self.waiting())

    def _trough_button(self, n: int, verb: str) -> str:
        """Trough button ``n``: the one tile in it, else a refusal naming the commands to type."""
        st = self.state
        tiles = sorted(st.troughs[n - 1]) if 1 <= n <= len(st.troughs) else []
        if len(tiles) == 1:
            return f"{verb} {n}:{tiles[0]}"
        if not tiles:
            raise IllegalActionError(_("trough {trough} is empty").format(trough=n))
        raise IllegalActionError(_("trough {trough} holds tiles {tiles}: type {commands}").format(
            trough=n, tiles=both([str(t) for t in tiles]), commands=either([f"{verb} {n}:{t}" for t in tiles])))


def _spelled(text: str) -> str:
    """People's spellings of the engine's texts: ``place 5 2`` / ``place 5`` (a pasture) → ``place 5/2`` /
    ``place 5/0``; ``take 3 17`` → ``take 3:17`` (likewise ``stock``)."""
    parts = text.split()
    if parts and parts[0] == "place":
        if len(parts) == 3:
            return f"place {parts[1]}/{parts[2]}"
        if len(parts) == 2 and "/" not in parts[1]:
            return f"place {parts[1]}/0"
    if len(parts) == 3 and parts[0] in ("take", "stock"):
        return f"{parts[0]} {parts[1]}:{parts[2]}"
    return text


def step_lines(step: TrackedStep) -> list[str]:
    """What the mirror did, one line per tile moved (the Track's events become announcements)."""
    return [step_line(e) for e in step.events if isinstance(e, STEP_EVENTS)]


_DRAWN_TO = {"hand": N_("hand"), "middle": N_("middle"), "blind": N_("blind")}
"""Where a drawn tile goes (``TileDrawn.to``) in words; ``trough N`` and ``cottage N`` below."""


def _drawn_to(to: str) -> str:
    word, _sep, n = to.partition(" ")
    if word == "trough" and is_number(n):
        return _("trough {trough}").format(trough=n)
    if word == "cottage" and is_number(n):
        return _("cottage {seat}").format(seat=n)
    return _(_DRAWN_TO[to]) if to in _DRAWN_TO else to


def step_line(e: Event) -> str:
    """One of the mirror's step events in words, in the current language (the engine's own text,
    ``str(e)``, is English: a file format)."""
    if isinstance(e, TileDrawn):
        return _("drawn: tile {tile} → {to}").format(tile=e.tile, to=_drawn_to(e.to))
    seat = getattr(e, "seat", 0)
    who = seat_label(seat)  # "○ Circle", as every other line names Applejack's seats (issue 21)
    if isinstance(e, TileTaken):
        what = _("tile {tile}").format(tile=e.tile) if e.tile is not None else _("a tile")
        text = {"trough": _("{seat} takes {what} from trough {trough}"),
                "blind": _("{seat} takes {what} blind from the supply"),
                "cottage": _("{seat} takes {what} from the cottage"),
                "middle": _("{seat} takes {what} from the middle space")}.get(e.source)
        return str(e).strip() if text is None else text.format(seat=who, what=what, trough=e.trough)
    if isinstance(e, TilePaid):
        return _("{seat} pays {price} honey for tile {tile}").format(seat=who, price=e.price, tile=e.tile)
    if isinstance(e, TileFlipped):
        return _("{seat} turns tile {tile} to pasture, +{honey} honey").format(seat=who, tile=e.tile, honey=e.honey)
    if isinstance(e, TilePlaced):
        line = (_("{seat} places tile {tile} on orchard space {space} (pasture)") if e.pasture else
                _("{seat} places tile {tile} on orchard space {space} (tree, rotation {rotation})")).format(
            seat=who, tile=e.tile, space=e.space, rotation=e.rotation)
        if e.links:
            line = _("{line}; beehive links {links} = +{honey} honey").format(
                line=line, links=" + ".join(map(str, e.links)), honey=sum(e.links))
        return line
    if isinstance(e, CottageStocked):
        if e.source == "trough":
            return _("{seat} puts a new tile beside the cottage from trough {trough}").format(seat=who, trough=e.trough)
        return _("{seat} puts a new tile beside the cottage from the supply").format(seat=who)
    return str(e).strip()
