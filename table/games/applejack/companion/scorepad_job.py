"""The controller's score pad part, :class:`ScorePadDesk`: the pad's keys and commands, the game's
end from the pad (its results, winners and finished record), and taking the result back (the
pad's value is :class:`~.scorepad.ScorePad`).

Wiring: ``Controller.__init__`` makes one (``self.pad_desk = ScorePadDesk(self)``); the score pad
screen's presses come to :meth:`ScorePadDesk.press`, the ``pad …`` / ``pad-at`` / ``pad-open`` words
and the finishing words (:data:`FINISHING`: ``pad-done``, ``unfinish``) to its methods; the views
read ``ctl.pad``, ``ctl.results``, ``ctl.winners`` and ``ctl.record`` through the controller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from table.companion.protocol import UNFINISH
from table.games.applejack.companion.errors import CommandError, parse_numbers
from table.games.applejack.companion.parts import Mode, Table
from table.games.applejack.companion.scorepad import (
    PAD_FIELDS_EXTRA,
    PAD_TOTAL_LOOKING,
    ScorePad,
    field_key,
    split_field,
)
from table.games.applejack.labels import seat_label, solo_words
from table.games.applejack.rules.scoring import ScoreBreakdown, winners
from table.games.applejack.rules.walk import FINAL_PIPS
from table.i18n import _, ngettext
from table.i18n.labels import both, is_number
from table.i18n.names import variety_name

FINISHING = ("pad-done", UNFINISH)
"""The words that end a game and take its end back, each journalled its own way
(:meth:`ScorePadDesk.finish`)."""


class PadTable(Table, Protocol):
    """What the score pad needs of the controller besides the :class:`Table`: ``do`` (a typed
    entry committed before ``done``), its lines with the players' names, the finished game's
    record, and what else changes when the result is shown or taken back (the QR page, the coach,
    the history). ``log``: the lines said, which the result's lines are named in."""

    log: list[str]

    def do(self, cmd: str) -> None: ...

    def named_line(self, line: str) -> str: ...

    def track_record(self) -> dict[str, Any]: ...

    def scored(self) -> None: ...

    def unscored(self) -> None: ...


class ScorePadDesk:
    """The score pad (``pad``: None until the game's end opens it), the scored ``results`` and
    ``winners``, and the finished game's ``record`` (None until the pad is done)."""

    def __init__(self, table: PadTable) -> None:
        self.table = table
        self.pad: ScorePad | None = None
        self.results: list[ScoreBreakdown] = []
        self.winners: tuple[int, ...] = ()
        self.record: dict[str, Any] | None = None

    def clear(self) -> None:
        """A new game: no pad, no result."""
        self.pad, self.results, self.winners, self.record = None, [], (), None

    def press(self, b: str) -> str | None:
        """The command button ``b`` means on the score pad ("": a change only the pad shows)."""
        pad = self.pad
        assert pad is not None
        if pad.asked and b not in ("done", "confirm"):  # the question "score 0?" is answered by another key
            asked, pad.asked = pad.asked, ()
            if b in ("undo", "escape") and not pad.typing:  # back into the pad, at the first empty field
                player = asked[0]
                pad.cursor = (player, pad.first_empty(player))
                return ""
        if len(b) == 1 and is_number(b):
            pad.typing += b
            return ""
        press = self._PAD_KEYS.get(b)
        if press is None and b.startswith("cell"):  # touch: cell<player>_<field>
            press = ScorePadDesk._pad_touch
        return None if press is None else press(self, pad, b)

    def _pad_comma(self, pad: ScorePad, b: str) -> str:
        if pad.cursor[1] >= pad.varieties:  # blossoms and honey: one number, never a list
            raise CommandError(self._one_number(pad.cursor[1]))
        if pad.typing and not pad.typing.endswith(","):
            pad.typing += ","
        return ""

    def pad_line_problem(self, typed: str) -> str | None:
        """Why a typed line of digits and commas does not fit the field under the cursor (a list
        into blossoms or honey), or None; the terminal refuses the whole line before any key."""
        pad = self.pad
        if pad is None or pad.cursor[1] < pad.varieties:
            return None
        return self._one_number(pad.cursor[1]) if len(typed.replace(",", " ").split()) > 1 or "," in typed else None

    def _one_number(self, f: int) -> str:
        """The refusal of a list typed into blossoms or honey (``11,4`` is not 114 blossoms)."""
        assert self.pad is not None
        name = _("Blossoms") if f == self.pad.varieties else _("Honey")
        return _("{field} is one number, not a list: type the total (the comma separates a variety's areas)"
                 ).format(field=name)

    def _pad_backspace(self, pad: ScorePad, b: str) -> str:
        pad.typing = pad.typing[:-1]
        return ""

    def _pad_undo(self, pad: ScorePad, b: str) -> str:
        if b == "undo" and pad.typing:  # undo while typing takes back a character (escape does not)
            return self._pad_backspace(pad, b)
        return "undo"  # back to the last turn; the pad keeps what was entered

    def _pad_clear(self, pad: ScorePad, b: str) -> str:  # empty the field under the cursor
        player, f = pad.cursor
        pad.typing = ""
        name = self.table.data.varieties[f].id if f < pad.varieties else PAD_FIELDS_EXTRA[f - pad.varieties]
        return f"pad {player + 1} {name}"

    def _pad_next(self, pad: ScorePad, b: str) -> str:
        player, f = pad.cursor
        cmd = self._pad_commit()
        if b == "confirm" and player == pad.players - 1 and f == pad.fields - 1:
            return cmd or "pad-done"  # the last field: confirm once more to score
        self._pad_move(+1)
        return cmd or ""

    def _pad_prev(self, pad: ScorePad, b: str) -> str:
        cmd = self._pad_commit()
        self._pad_move(-1)
        return cmd or ""

    def _pad_finish(self, pad: ScorePad, b: str) -> str:
        cmd = self._pad_commit()
        if cmd:
            self.table.do(cmd)
        return "pad-done"

    def _pad_touch(self, pad: ScorePad, b: str) -> str:
        cmd = self._pad_commit()
        p, q = b[4:].split("_")
        pad.cursor = (int(p) % pad.players, int(q) % pad.fields)
        return cmd or ""

    _PAD_KEYS: ClassVar[dict[str, Callable[[ScorePadDesk, ScorePad, str], str]]] = {
        **dict.fromkeys(("comma", ",", "space", "blind"), _pad_comma),
        "backspace": _pad_backspace, "undo": _pad_undo, "escape": _pad_undo, "clear": _pad_clear,
        **dict.fromkeys(("confirm", "next", "tab", "down"), _pad_next),
        **dict.fromkeys(("prev", "up"), _pad_prev),
        "done": _pad_finish,
    }
    """The score pad's keys (besides the digits and the cells' touch targets) and what each does."""

    def spot(self) -> tuple[tuple[int, int], str] | None:
        """Where the cursor stands and what is typed there (None: the pad is not on the screen)."""
        return (self.pad.cursor, self.pad.typing) if self.table.mode == Mode.PAD and self.pad is not None else None

    def at_command(self) -> str:
        """The ``pad-at`` command that journals the cursor and the typing."""
        assert self.pad is not None
        (player, f), typing = self.pad.cursor, self.pad.typing
        return f"pad-at {player + 1} {f + 1} {typing}".rstrip()

    def _pad_commit(self) -> str | None:
        pad = self.pad
        assert pad is not None
        if not pad.typing:
            return None
        player, f = pad.cursor
        text, pad.typing = pad.typing.strip(","), ""
        name = self.table.data.varieties[f].id if f < pad.varieties else PAD_FIELDS_EXTRA[f - pad.varieties]
        return f"pad {player + 1} {name} {text}"

    def _pad_move(self, step: int) -> None:
        pad = self.pad
        assert pad is not None
        player, f = pad.cursor
        f += step
        if f >= pad.fields:
            player, f = (player + 1) % pad.players, 0
        elif f < 0:
            player, f = (player - 1) % pad.players, pad.fields - 1
        pad.cursor = (player, f)

    def open(self) -> None:
        """The score pad opens (as it was left, when it was open before)."""
        if self.pad is None:
            self.pad = ScorePad(self.table.setup.players, len(self.table.data.varieties))
        self.table.mode = Mode.PAD
        self.table.say(_("Score pad: per player the apples of each area per variety, then blossoms and honey"))

    def set_field(self, rest: str) -> None:
        """``pad PLAYER FIELD VALUE``: one field of the pad (no value: it is empty again)."""
        if self.pad is None:
            raise CommandError(_("the score pad is not open"))
        parts = rest.split()
        if len(parts) < 2:
            raise CommandError(_("pad PLAYER FIELD VALUE, e.g. 'pad 1 brown 5,3' or 'pad 2 honey 14'"))
        player = int(parts[0]) - 1 if is_number(parts[0]) else -1
        if not 0 <= player < self.pad.players:
            raise CommandError(_("player 1..{players}").format(players=self.pad.players))
        words, value = split_field(parts[1:])
        name = field_key(self.table.data, words)
        nums = parse_numbers(value)
        if name in PAD_FIELDS_EXTRA:
            if len(nums) > 1 or "," in value:
                raise CommandError(self._one_number(self.pad.varieties + PAD_FIELDS_EXTRA.index(name)))
            target = self.pad.blossoms if name == "blossoms" else self.pad.honey
            target[player] = nums[0] if nums else None  # no value: the field is empty again
        else:
            try:
                v = self.table.data.variety(name)
            except KeyError as exc:
                raise CommandError(str(exc)) from None
            self.pad.areas[player][v.index] = tuple(n for n in nums if n > 0)
            big = [n for n in nums if n >= PAD_TOTAL_LOOKING]
            if big:
                self.table.say(_("Check {seat} {variety}: an area of {apples} apples? Enter each area on its own "
                            "(e.g. 5,3), not the total").format(seat=seat_label(player), variety=variety_name(v.name),
                                                    apples=big[0]))

    def empty_question(self, missing: tuple[int, ...]) -> str:
        """The one question before a pad with an empty player or field is scored: ``Ben: nothing
        entered — score 0?``, ``Ana: Honey not entered — score 0?``."""
        assert self.pad is not None
        nothing = [p for p in missing if p in self.pad.missing()]
        fields = [f"{seat_label(p)} {self._field_name(f)}" for p in missing if p not in nothing
                  for f in self.pad.unentered(p)]
        said = []
        if nothing:
            said.append(ngettext("{seats}: nothing entered — score 0? (done again scores it, undo goes back to the "
                                 "pad)",
                                 "{seats}: nothing entered — score 0 each? (done again scores them, undo goes back to "
                                 "the pad)", len(nothing)).format(seats=both([seat_label(p) for p in nothing])))
        if fields:
            said.append(ngettext("{fields}: not entered — score 0? (done again scores it, undo goes back to the "
                                 "pad)",
                                 "{fields}: not entered — score 0 each? (done again scores them, undo goes back to "
                                 "the pad)", len(fields)).format(fields=both(fields)))
        return " ".join(said)

    def _field_name(self, f: int) -> str:
        """Blossoms or Honey (the pad's last two fields) in the table's language."""
        assert self.pad is not None
        return _("Blossoms") if f == self.pad.varieties else _("Honey")

    def pad_help(self) -> str:
        """What goes into the score pad's field under the cursor, in words."""
        pad = self.pad
        if pad is None:
            return ""
        _player, f = pad.cursor
        if f < pad.varieties:
            name = variety_name(self.table.data.varieties[f].name)
            return _("{variety}: the apples of each {variety} area, commas between areas (e.g. 5,3) — "
                     "the app takes off the {pips} pips").format(variety=name, pips=FINAL_PIPS)
        if f == pad.varieties:
            return _("Blossoms: every blossom on the player's tree tiles")
        return _("Honey: the honey the player has now")

    def pad_warnings(self) -> list[str]:
        """What the pad's top line flags: the question about players with nothing entered, then the
        entries that look like a total instead of the areas one by one (an area of 10+ apples)."""
        pad = self.pad
        if pad is None:
            return []
        out = [self.empty_question(pad.asked)] if pad.asked else []  # the question "score 0?" first
        for p in range(pad.players):
            for v, areas in enumerate(pad.areas[p]):
                big = [a for a in areas if a >= PAD_TOTAL_LOOKING]
                if big:
                    name = variety_name(self.table.data.varieties[v].name)
                    out.append(_("{seat} {variety}: an area of {apples} apples? Enter each area on its own (e.g. 5,3), "
                                 "not a total").format(seat=seat_label(p), variety=name, apples=big[0]))
        return out

    def place(self, rest: str) -> None:
        """``pad-at PLAYER FIELD [TYPING]``: where the score pad's cursor stands and what is typed there."""
        if self.pad is None or self.table.mode != Mode.PAD:
            raise CommandError(_("the score pad is not open"))
        parts = rest.split()
        if not 2 <= len(parts) <= 3 or not all(is_number(x) for x in parts[:2]):
            raise CommandError(_("pad-at PLAYER FIELD [TYPED], e.g. 'pad-at 1 3 5,'"))
        player, f = int(parts[0]) - 1, int(parts[1]) - 1
        typing = parts[2] if len(parts) == 3 else ""
        if not (0 <= player < self.pad.players and 0 <= f < self.pad.fields):
            raise CommandError(_("pad-at: player 1..{players}, field 1..{fields}").format(players=self.pad.players,
                                                                                          fields=self.pad.fields))
        if typing.strip("0123456789,"):
            raise CommandError(_("pad-at: what is typed is digits and commas"))
        self.pad.cursor, self.pad.typing = (player, f), typing

    def done(self) -> None:
        """The pad is scored (or asks once about empty fields): the result's lines name the
        players, the finished record is journalled, the QR page and the history follow."""
        start = len(self.table.log)
        self._score()
        log = self.table.log
        log[start:] = [self.table.named_line(line) for line in log[start:]]
        self.table.scored()

    def _score(self) -> None:
        if self.pad is None:
            raise CommandError(_("the score pad is not open"))
        missing = self.pad.to_ask()
        if missing and missing != self.pad.asked:  # asked once; done again scores these as 0
            # a question, not a refusal: the pad stays open and nothing is finished or stored yet. Not
            # raised, so a journal that keeps "pad-done" as a step replays it to the same question.
            self.pad.asked = missing
            self.table.say(self.empty_question(missing))
            return
        self.pad.asked = ()
        self.results = self.pad.breakdowns()
        self.winners = winners([r.total for r in self.results])
        self.table.mode = Mode.RESULT
        for p, r in enumerate(self.results):
            self.table.say(ngettext(
                "{seat}: harvest {harvest} ×2 = {doubled}, {n} variety +{bonus}, blossoms {blossoms}, "
                "honey {honey} → {total}",
                "{seat}: harvest {harvest} ×2 = {doubled}, {n} varieties +{bonus}, blossoms {blossoms}, "
                "honey {honey} → {total}", r.profitable_varieties).format(
                seat=seat_label(p), harvest=r.harvest, doubled=r.harvest_doubled, n=r.profitable_varieties,
                bonus=r.variety_bonus, blossoms=r.blossoms, honey=r.honey, total=r.total))
        if self.pad.players == 1:  # the solo game has marks, not a winner
            self.table.say(_("Solo result: {verdict}").format(verdict=solo_words(self.results[0].total)))
        else:
            names = both([seat_label(s) for s in self.winners])
            self.table.say((_("Winner: {seats} (tie)") if len(self.winners) > 1 else _("Winner: {seats}")).format(
                seats=names))
        self.record = self.table.track_record()
        self.table.emit("finished", self.record)

    def finish(self, word: str, journal: str) -> None:
        """One of :data:`FINISHING`: ``pad-done`` or ``unfinish``, journalled as ``journal``."""
        if word == UNFINISH:
            self._unfinish_step(journal)
        else:
            self._pad_done_step(journal)

    def _pad_done_step(self, journal: str) -> None:
        """``pad-done``: journalled as a step first (a resume whose steps end with it finishes the
        game), then scored — the finished record follows."""
        if self.pad is None or self.table.mode != Mode.PAD:
            raise CommandError(_("the score pad is not open"))
        self.table.emit("cmd", journal)
        self.done()

    def can_unfinish(self) -> bool:
        """Whether undo on the result reopens the score pad (the result screen shows its Undo button)."""
        return self.table.mode == Mode.RESULT and self.pad is not None and self.record is not None

    def _unfinish_step(self, journal: str) -> None:
        """``unfinish`` (undo on the result): the score pad opens again with every entry as it was,
        the cursor where it stood; the journal appends the step and withdraws the finished record
        and its history entry (``Journal._unfinish``). Replayed, it reopens the pad the same way."""
        if not self.can_unfinish() or self.pad is None:
            raise CommandError(_("nothing to undo: the game is not finished"))
        self.table.mode, self.results, self.winners, self.record = Mode.PAD, [], (), None
        self.pad.asked = ()
        self.table.emit("unfinish", journal)
        self.table.unscored()  # the coach goes, the history screen reads the history again
        self.table.say(_("Result undone: it is out of the history, the score pad is open again"))

