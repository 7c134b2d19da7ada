"""Applejack's play screen on the 3.5" 480×320 HAT, laid out at the fit rule's 2.5 mm capitals
(23 px DejaVu type) by showing less rather than smaller (issue 33, item 6):

* the header is the seat's badge, whose turn it is (wrapped onto a second line rather than cut)
  and the supply; the turn and loop line only on the last turn (the die on the board shows the
  loop);
* an untracked game: a smaller board picture at the left (the board on the table shows the same)
  and the troughs, the take row (Blind draw, Cottage) and Undo / Correct at the right, each row
  stacked where a language's words do not fit side by side; the step reminders and the take's
  help only where room is left (the help page says them all);
* a tracked game: no board picture — the table's board shows it —, what the table enters next
  (it names the seat) across the top, each open trough with what its tiles print
  (``tiles.parts``) across the middle, the hint where room is left, and Blind draw, Cottage and
  Undo along the bottom.

Every action of the 7" screens stays. Sizes in real pixels of the panel unless ``px`` says
design pixels (800×480 scaled by 0.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from table.display.colours import BG, DIM, FG, LIT, OK, PANEL, WARN
from table.display.toolkit import PAGE
from table.games.applejack.labels import seat_label
from table.games.applejack.rules.data import SEAT_SYMBOLS
from table.games.applejack.rules.walk import FINAL_PIPS
from table.games.applejack.view import players
from table.games.applejack.view.base import ApplejackBase
from table.i18n import _, ngettext
from table.i18n.names import symbol_name

if TYPE_CHECKING:
    from table.games.applejack.companion.api import Controller

M = 6
"""The margin and the gap between rows and buttons (px)."""
RULE = 6
"""The room a tracked trough's rule between two tiles takes (px)."""


def draw(view: ApplejackBase, surf: pygame.Surface, ctl: Controller) -> None:
    """The play screen at 480×320 (the announcement panel is every game's, drawn before)."""
    top, supply = _header(view, surf, ctl)
    if ctl.tracked is not None and not ctl.t.is_terminal():
        _tracked(view, surf, ctl, top, supply)
    else:
        _untracked(view, surf, ctl, top)


def _line_h(view: ApplejackBase, bold: bool = False) -> int:
    return int(view.fonts.font(view.read_px, bold).get_linesize())


def _header(view: ApplejackBase, surf: pygame.Surface, ctl: Controller) -> tuple[int, int]:
    """Badge, title and supply (the title on two lines where one does not hold it); the turn
    line on the last turn and at the end. Returns the y under the header and where the supply
    begins (px)."""
    t = ctl.t
    s = t.state
    seat = t.seat
    right = view.w - view.help_room()
    r = view.px(30)
    view.seat_badge(surf, seat, (M + r, M + r), r)
    x = 2 * (M + r)
    if ctl.tracked is not None and not t.is_terminal():  # the line beside it names the seat and what to enter
        return 2 * (M + r) + M, right  # (the supply left out: the table's pile shows it, the troughs need the room)
    count = view.text(surf, str(s.supply), 0, (right, M), bold=True, anchor="topright")
    label = view.text(surf, _("Supply"), 0, (count.x - M, M), DIM, anchor="topright")
    title = players.turn_title(ctl)  # a named seat: its player
    if view.fonts.width(title, view.read_px, True) > label.x - M - x:  # the symbol is on the badge
        title = title.replace(seat_label(seat), symbol_name(SEAT_SYMBOLS[seat]), 1)
    y = max(_beside_then_across(view, surf, title, (x, label.x - M), M, FG), 2 * (M + r) + M, count.bottom + M)
    if t.is_terminal() or t.is_last_turn():
        sub = (ngettext("after {n} turn: final scoring", "after {n} turns: final scoring", s.turn).format(n=s.turn)
               if t.is_terminal() else _("Turn {turn} · loop {loop} of {loops} · LAST TURN").format(
                   turn=s.turn + 1, loop=ctl.shown_die()[1], loops=FINAL_PIPS))
        y = view.wrapped(surf, sub, 0, (M, y), view.w - 2 * M, LIT, bold=True, max_lines=2, min_size=0)
    return y, label.x


def _beside_then_across(view: ApplejackBase, surf: pygame.Surface, text: str, span: tuple[int, int], y: int,
                        colour: tuple[int, int, int]) -> int:
    """``text`` in bold: its first line between ``span`` (beside the badge, short of the supply),
    the rest across the screen under the help button; returns the y under it."""
    x, right = span
    first = view.break_lines(text, view.read_px, True, right - x)
    view.text(surf, first[0], 0, (x, y), colour, bold=True, max_w=right - x)
    y += _line_h(view, True)
    rest = text[len(first[0]):].strip()
    if not rest:
        return y
    return view.wrapped(surf, rest, 0, (M, max(y, view.help_corner().bottom + 2)), view.w - 2 * M, colour, bold=True,
                        max_lines=8, min_size=0)


Button = tuple[str, str, bool]
"""A button: its words, its target, whether it can be pressed now."""


def _packed(view: ApplejackBase, w: int, buttons: list[Button]) -> list[list[tuple[Button, int]]]:
    """``buttons`` in rows of ``w`` px, as many side by side as their words let (each with the
    width its words need), in order."""
    rows: list[list[tuple[Button, int]]] = []
    used = 0
    for b in buttons:
        need = min(w, view.fonts.width(b[0], view.read_px, True) + 10)
        if rows and used + M + need <= w:
            rows[-1].append((b, need))
            used += M + need
        else:
            rows.append([(b, need)])
            used = need
    return rows


def _button_h(view: ApplejackBase, label: str, w: int) -> int:
    """A button's height: 7 mm, or two lines where its words need them in ``w`` px."""
    two = view.fonts.width(label, view.read_px, True) + 10 > w
    return 2 * _line_h(view, True) + 4 if two else view.touch_px


def _row(view: ApplejackBase, surf: pygame.Surface, area: pygame.Rect, y: int, row: list[Button]) -> int:
    """Buttons side by side across ``area`` from ``y``, on as many rows as their words need (the
    spare width shared out); returns the y under them."""
    for packed in _packed(view, area.w, row):
        spare = (area.w - sum(w for _b, w in packed) - M * (len(packed) - 1)) // len(packed)
        x, h = area.x, max(_button_h(view, b[0], w + spare) for b, w in packed)
        for (label, name, enabled), w in packed:
            view.button(surf, pygame.Rect(x, y, w + spare, h), label, name, size=0, colour=PANEL if enabled else BG)
            x += w + spare + M
        y += h + M
    return y


def _actions(view: ApplejackBase, ctl: Controller, tracked: bool) -> tuple[list[Button], list[Button]]:
    """The take row (Blind draw or Supply, Cottage) and the fix row (Undo, and Correct untracked)."""
    buttons = ctl.buttons()
    stock = buttons.restock
    take = [(_("Supply") if stock else _("Blind draw"), "blind", buttons.blind)]
    if ctl.setup.cottage and not stock:
        take.append((_("Cottage"), "cottage", buttons.cottage))
    fix = [(_("Undo"), "undo", True)] + ([] if tracked else [(_("Correct"), "correct", True)])
    return take, fix


def _rows_h(view: ApplejackBase, area_w: int, rows: list[list[Button]]) -> int:
    """How tall :func:`_row` draws ``rows`` in ``area_w`` px."""
    total = 0
    for row in rows:
        for packed in _packed(view, area_w, row):
            spare = (area_w - sum(w for _b, w in packed) - M * (len(packed) - 1)) // len(packed)
            total += max(_button_h(view, b[0], w + spare) for b, w in packed) + M
    return total


def _untracked(view: ApplejackBase, surf: pygame.Surface, ctl: Controller, top: int) -> None:
    """The board picture at the left — as wide as the column at its right leaves it: narrower where
    a language's buttons need the room, none where even that does not do — and the column."""
    t = ctl.t
    take, fix = _actions(view, ctl, tracked=False)
    die = (_("The die is on space {seen}: put it on space {space}").format(seen=ctl.die_seen, space=t.state.die.space)
           if ctl.die_wrong() else None)
    room = view.h - top - M
    bw = 0
    for frac in (0.42, 0.34, 0.26):
        cw = view.w - round(view.w * frac) - 3 * M
        if t.is_terminal() or _troughs_h(view, ctl, cw) + _rows_h(view, cw, [take, fix]) <= room:
            bw = round(view.w * frac)
            break
    column = pygame.Rect(bw + 2 * M if bw else M, top, view.w - bw - 3 * M if bw else view.w - 2 * M, room)
    if bw:
        left = pygame.Rect(M, top, bw, room)
        if die is not None:  # under the board: where the die is and where it goes
            lines = len(view.break_lines(die, view.read_px, True, left.w))
            left.h -= lines * _line_h(view, True) + M
            view.wrapped(surf, die, 0, (left.x, left.bottom + M), left.w, WARN, bold=True, max_lines=lines,
                         min_size=0)
        view.draw_board(surf, ctl, left)
    elif die is not None:  # no board: the die's line over the column
        y = view.wrapped(surf, die, 0, (column.x, column.y), column.w, WARN, bold=True, max_lines=4, min_size=0)
        column = pygame.Rect(column.x, y + M, column.w, column.bottom - y - M)
    if t.is_terminal():
        view.button(surf, pygame.Rect(column.x, column.y, column.w, view.tap(80)), _("Score pad ✓"), "confirm",
                    colour=OK, size=0)
        return
    fix_h = _rows_h(view, column.w, [fix])
    y = _troughs(view, surf, ctl, column, None)
    y = _row(view, surf, column, y, take)
    _row(view, surf, column, column.bottom - fix_h + M, fix)
    _help(view, surf, ctl, pygame.Rect(column.x, y, column.w, column.bottom - fix_h - y))


def _troughs_h(view: ApplejackBase, ctl: Controller, w: int) -> int:
    """How tall :func:`_troughs` draws an untracked game's troughs (or middle trees) in ``w`` px."""
    t = ctl.t
    if t.on_middle:
        label = _("Middle trees: {tiles}").format(tiles=t.state.middle)
        lines = len(view.break_lines(label, view.read_px, True, w - 8))
        return max(view.touch_px, lines * _line_h(view, True) + 8) + M
    h = _line_h(view) + 2 + _line_h(view, True) + 8 + M
    if ctl.buttons().fallback:
        line = _("Open troughs empty: take from {troughs}").format(troughs=", ".join(map(str, ctl.buttons().fallback)))
        h += len(view.break_lines(line, view.read_px, False, w)) * _line_h(view) + M
    return h


def _help(view: ApplejackBase, surf: pygame.Surface, ctl: Controller, room: pygame.Rect) -> None:
    """The take's step, or how to restock, where ``room`` holds it whole (the help page says it)."""
    if ctl.buttons().restock:
        lines = [_("Put a new tile beside the cottage:"), _("press its trough, or Supply")]
    else:
        lines = [ctl.take_step()]
    if sum(view.wrapped_height(line, 0, room.w) for line in lines) > room.h:
        return  # all or nothing
    y = room.y
    for line in lines:
        y = view.wrapped(surf, line, 0, (room.x, y), room.w, DIM, max_lines=8, min_size=0)


def _troughs(view: ApplejackBase, surf: pygame.Surface, ctl: Controller, area: pygame.Rect,
             faces: int | None) -> int:
    """The open troughs (or the middle trees) as buttons lit as the LEDs are: untracked with how
    many tiles each holds, tracked (``faces``: the height they may take) with what each tile prints.
    Returns the y under them."""
    t = ctl.t
    buttons = ctl.buttons()
    y = area.y
    line_h = _line_h(view)
    if t.on_middle:
        if ctl.tracked is not None:
            said = [" · ".join(tile) for tile in view.tile_lines(ctl, ctl.tracked.middle_tiles(), 1 << 20)]
            label = _("Middle trees: {tiles}").format(tiles=" · ".join(said) if said else _("none"))
        else:
            label = _("Middle trees: {tiles}").format(tiles=t.state.middle)
        rows = len(view.break_lines(label, view.read_px, True, area.w - 8))
        r = pygame.Rect(area.x, y, area.w, max(view.touch_px, rows * _line_h(view, True) + 8))
        if rows <= 2:
            view.button(surf, r, label, "middle", lit=buttons.middle, size=0)
        else:  # more tiles than a button's two lines: wrapped in it
            pygame.draw.rect(surf, LIT if buttons.middle else PANEL, r, border_radius=view.px(10))
            view.wrapped(surf, label, 0, (r.x + 4, r.y + 4), r.w - 8, (0, 0, 0) if buttons.middle else FG,
                         bold=True, max_lines=rows, min_size=0)
            view.targets.append((r, "middle"))
        return r.bottom + M
    lit = ctl.leds().troughs
    open_troughs = t.open_troughs()
    bw = (area.w - M * (len(open_troughs) - 1)) // max(1, len(open_troughs))
    shown = {n: view.tile_lines(ctl, ctl.tracked.trough_tiles(n), bw - 8) if ctl.tracked is not None else None
             for n in open_troughs}
    head_h = line_h + 2
    if faces is None:
        bh = head_h + _line_h(view, True) + 8
    else:
        need = [head_h + sum(len(tile) for tile in lines) * line_h + 8 for lines in shown.values() if lines]
        bh = min(faces, max([view.touch_px, head_h + line_h + 8, *need]))
    for i, (n, lines) in enumerate(shown.items()):
        r = pygame.Rect(area.x + i * (bw + M), y, bw, bh)
        on = n in lit
        pygame.draw.rect(surf, LIT if on else PANEL, r, border_radius=view.px(10))
        fg = (0, 0, 0) if on else FG
        head = view.text(surf, _("Trough {n}").format(n=n), 0, (r.centerx, r.y + 2), fg, anchor="midtop",
                         max_w=bw - 4)
        view.targets.append((r, f"trough{n}"))
        if lines is None:  # untracked: how many tiles it holds
            view.text(surf, str(t.state.troughs[n - 1]), 0, (r.centerx, head.bottom), fg, bold=True,
                      anchor="midtop")
            continue
        if not lines:
            view.text(surf, _("empty"), 0, (r.centerx, head.bottom), fg, anchor="midtop", max_w=bw - 4)
            continue
        ty = head.bottom
        for k, tile in enumerate(lines):
            if ty + len(tile) * line_h > r.bottom - 4:  # no room for this tile's lines: how many more
                more = len(lines) - k
                view.text(surf, ngettext("+{n} tile", "+{n} tiles", more).format(n=more), 0, (r.x + 4, ty), fg,
                          bold=True, max_w=bw - 8)
                break
            if k:
                pygame.draw.line(surf, fg, (r.x + 6, ty), (r.right - 6, ty), 2)
            for line in tile:
                ty = view.text(surf, line, 0, (r.x + 4, ty), fg, max_w=bw - 8).bottom
    y += bh + M
    fallback = buttons.fallback
    if fallback and not t.on_middle:
        line = _("Open troughs empty: take from {troughs}").format(troughs=", ".join(map(str, fallback)))
        y = view.wrapped(surf, line, 0, (area.x, y), area.w, LIT, max_lines=3, min_size=0) + M
    return y


def _tracked(view: ApplejackBase, surf: pygame.Surface, ctl: Controller, top: int, supply: int) -> None:
    """No board picture: what to enter next (beside the badge, then across), the troughs one under
    the other with their tiles, the hint where room is left, the buttons along the bottom."""
    x = 2 * (M + view.px(30))
    right = supply - M
    if ctl.die_wrong():
        line = _("The die is on space {seen}: put it on space {space}").format(seen=ctl.die_seen,
                                                                                space=ctl.t.state.die.space)
        colour = WARN
    else:
        line, colour = ctl.waiting_line(), LIT
    take, fix = _actions(view, ctl, tracked=True)
    row = take + fix
    two = pages(view, ctl) > 1
    page = view.shown_page(ctl) if two else 0
    if two:  # the question whole with the troughs' counts, then the troughs' tiles under its first words
        if page:  # (with Undo and the way back: Blind draw and Cottage are on the first page)
            row = [*fix, ("◂ " + _("Back"), PAGE, True)]
            line = line.partition(" — ")[0]
        else:
            row.append((_("Next") + " ▸", PAGE, True))
    bottom_h = _rows_h(view, view.w - 2 * M, [row])
    y = _beside_then_across(view, surf, line, (x, right), M, colour)
    y = max(y, top) + M
    area = pygame.Rect(M, y, view.w - 2 * M, view.h - y - M)
    if ctl.t.on_middle:
        y = _troughs(view, surf, ctl, pygame.Rect(area.x, y, area.w, area.h - bottom_h), area.h - bottom_h - M)
    elif two and page == 0:
        y = _counted_troughs(view, surf, ctl, pygame.Rect(area.x, y, area.w, area.bottom - bottom_h - y))
    else:
        y = _tracked_troughs(view, surf, ctl, pygame.Rect(area.x, y, area.w, area.bottom - bottom_h - y))
    _row(view, surf, area, area.bottom - bottom_h + M, row)
    advice = ctl.current_advice()
    if advice is not None:
        hint, done = advice
        text = hint.line(done)
        if y + view.wrapped_height(text, 0, area.w, True) <= area.bottom - bottom_h:
            view.wrapped(surf, text, 0, (area.x, y), area.w, OK, bold=True, max_lines=8, min_size=0)


def pages(view: ApplejackBase, ctl: Controller) -> int:
    """2 where a tracked turn's question, its open troughs' tiles and its buttons do not fit one
    screen (the second page: the troughs whole under the question's first words), else 1."""
    if ctl.mode in ("setup", "resume", "correct", "pad", "result") or ctl.queued or ctl.tracked is None:
        return 1
    t = ctl.t
    if t.is_terminal() or t.on_middle or ctl.die_wrong():
        return 1
    take, fix = _actions(view, ctl, tracked=True)
    w = view.w - 2 * M
    bottom_h = _rows_h(view, w, [take + fix])
    span = (2 * (M + view.px(30)), view.w - view.help_room() - M)
    fits = _prompt_h(view, ctl.waiting_line(), span) + _tracked_need(view, ctl, w) + bottom_h <= view.h - M
    return 1 if fits else 2


def _prompt_h(view: ApplejackBase, text: str, span: tuple[int, int]) -> int:
    """How tall :func:`_beside_then_across` draws ``text`` (px, with the gap under it)."""
    x, right = span
    first = view.break_lines(text, view.read_px, True, right - x)
    rest = text[len(first[0]):].strip()
    y = M + _line_h(view, True)
    if rest:  # as _beside_then_across: under the help button
        y = max(y, view.help_corner().bottom + 2) + len(view.break_lines(rest, view.read_px, True, view.w - 2 * M)) \
            * _line_h(view, True)
    return max(y, 2 * (M + view.px(30))) + M


def _tracked_heads(ctl: Controller) -> dict[int, str]:
    return {n: _("Trough {n}").format(n=n) for n in ctl.t.open_troughs()}


def _tracked_layout(view: ApplejackBase, ctl: Controller, w: int) -> tuple[int, int, dict[int, list[list[str]]]]:
    """(the troughs' name column's width, their tiles' lines' width, each trough's tiles' lines)."""
    assert ctl.tracked is not None
    heads = _tracked_heads(ctl)
    head_w = max((view.fonts.width(h, view.read_px) for h in heads.values()), default=0) + 12
    text_w = w - head_w - 8
    return head_w, text_w, {n: view.tile_lines(ctl, ctl.tracked.trough_tiles(n), text_w) for n in heads}


def _tracked_need(view: ApplejackBase, ctl: Controller, w: int) -> int:
    """How tall :func:`_tracked_troughs` draws every tile of the open troughs in ``w`` px."""
    line_h = _line_h(view)
    _hw, _tw, shown = _tracked_layout(view, ctl, w)
    return sum(_trough_need(view, lines, line_h) + M for lines in shown.values())


def _trough_need(view: ApplejackBase, lines: list[list[str]], line_h: int) -> int:
    """How tall a tracked trough's button stands with every tile's lines (``RULE`` between two)."""
    return max(view.touch_px, max(1, sum(len(tile) for tile in lines)) * line_h + RULE * max(0, len(lines) - 1) + 8)


def _counted_troughs(view: ApplejackBase, surf: pygame.Surface, ctl: Controller, area: pygame.Rect) -> int:
    """A tracked game's open troughs side by side, each a button lit as its LED with how many
    tiles it holds (what they print: the next page). Returns the y under them."""
    assert ctl.tracked is not None
    lit = ctl.leds().troughs
    heads = _tracked_heads(ctl)
    bw = (area.w - M * (len(heads) - 1)) // max(1, len(heads))
    bh = _line_h(view) + _line_h(view, True) + 8
    for i, (n, head) in enumerate(heads.items()):
        r = pygame.Rect(area.x + i * (bw + M), area.y, bw, bh)
        on = n in lit
        pygame.draw.rect(surf, LIT if on else PANEL, r, border_radius=view.px(10))
        fg = (0, 0, 0) if on else FG
        top = view.text(surf, head, 0, (r.centerx, r.y + 2), fg, anchor="midtop", max_w=bw - 4)
        view.text(surf, str(len(ctl.tracked.trough_tiles(n))), 0, (r.centerx, top.bottom), fg, bold=True,
                  anchor="midtop")
        view.targets.append((r, f"trough{n}"))
    return area.y + bh + M


def _tracked_troughs(view: ApplejackBase, surf: pygame.Surface, ctl: Controller, area: pygame.Rect) -> int:
    """A tracked game's open troughs one under the other across ``area``, each a button lit as its
    LED: its name at the left, what each of its tiles prints at the right (a rule between two
    tiles; where ``area`` holds no more, how many more). Returns the y under them."""
    lit = ctl.leds().troughs
    line_h = _line_h(view)
    heads = _tracked_heads(ctl)
    head_w, text_w, shown = _tracked_layout(view, ctl, area.w)
    need = {n: _trough_need(view, lines, line_h) for n, lines in shown.items()}
    floor = max(view.touch_px, line_h + 8)  # a trough's least: its name and one line
    y = area.y
    for i, (n, lines) in enumerate(shown.items()):
        later = len(shown) - 1 - i
        room = area.bottom - y - later * (floor + M)  # the troughs after this one keep their least
        r = pygame.Rect(area.x, y, area.w, max(floor, min(need[n], room)))
        on = n in lit
        pygame.draw.rect(surf, LIT if on else PANEL, r, border_radius=view.px(10))
        fg = (0, 0, 0) if on else FG
        view.text(surf, heads[n], 0, (r.x + 6, r.y + 4), fg)
        view.targets.append((r, f"trough{n}"))
        x, ty = r.x + head_w + 4, r.y + 4
        if not lines:
            view.text(surf, _("empty"), 0, (x, ty), fg)
        for k, tile in enumerate(lines):
            if ty + (RULE if k else 0) + len(tile) * line_h > r.bottom - 4:  # no room for it: how many more
                more = len(lines) - k
                view.text(surf, ngettext("+{n} tile", "+{n} tiles", more).format(n=more), 0, (x, ty), fg, bold=True)
                break
            if k:  # a rule between two tiles
                pygame.draw.line(surf, fg, (x, ty + RULE // 2 - 1), (r.right - 6, ty + RULE // 2 - 1), 2)
                ty += RULE
            for line in tile:
                ty = view.text(surf, line, 0, (x, ty), fg, max_w=text_w).bottom
        y = r.bottom + M
    return y
