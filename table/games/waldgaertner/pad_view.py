"""Waldgärtner's end-only score pad on the screen (``padentry.py``; drawn by ``view.py``'s play
screen while the mode is ``pad``): the player being entered and the step, their points so far
(plants, partner bonuses, storage), the step's own part — the garden's plants with their yield
values and partner bonuses (✓ when the partner grows there), the storage's cubes, the task card —,
what is asked, and the lid's buttons on touch (the guided choice's options, the cubes, the tasks)
with CONFIRM and Undo. The result is the shared result screen.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from table.display.colours import DIM, FG, LIT, OK, PANEL, WARN
from table.display.module_view import ButtonItem, ModuleView
from table.games.waldgaertner import tasks
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.names import size_name, task_name
from table.games.waldgaertner.naming import guide_options
from table.games.waldgaertner.pad import partner_bonuses
from table.games.waldgaertner.padentry import CUBE_BUTTONS, PadEntry, entering, plant_label
from table.i18n import N_, _

STEP_TITLES = {"garden": N_("garden"), "partners": N_("partner bonuses"), "cubes": N_("storage"),
               "task": N_("task card")}
"""Each pad step's name in the header."""
CUBE_LABELS = {1: N_("+ light"), 2: N_("+ dark"), 3: N_("− light"), 4: N_("− dark")}
"""The cubes step's buttons (trough 1-4)."""
Rows = Callable[[pygame.Surface, WaldgaertnerCompanion, list[ButtonItem]], int]
"""Draws a screen's bottom rows of buttons and Undo, returning their top (the view's ``small_rows``)."""


def draw_pad(v: ModuleView[WaldgaertnerCompanion], surf: pygame.Surface, ctl: WaldgaertnerCompanion,
             rows: Rows | None = None) -> None:
    """The pad's screen, laid out from the bottom up: the buttons (drawn by ``rows`` where given:
    the 3.5" screen's pages of them), the line asked, then the header, the player's points and the
    step's part in the room left."""
    pad = entering(ctl.pad)
    m = v.px(10)
    head = _("Score pad · {seat} ({n}/{total}) · {step}").format(
        seat=ctl.seat_title(pad.player), n=pad.player + 1, total=len(pad.players), step=_(STEP_TITLES[pad.step]))
    if v.small:  # the 3.5" screen: the seat and the step (the buttons say it is the pad), on two lines if need be
        head = _("{seat} ({n}/{total}) · {step}").format(seat=ctl.seat_title(pad.player), n=pad.player + 1,
                                                         total=len(pad.players), step=_(STEP_TITLES[pad.step]))
        below = v.wrapped(surf, head, 24, (m, v.px(4)), v.w - v.help_room() - m, bold=True, max_lines=2, min_size=0)
        hr = pygame.Rect(m, v.px(4), 1, below - v.px(4))
    else:
        hr = v.text(surf, head, 24, (m, v.px(4)), bold=True, max_w=v.w - v.help_room() - m)
    buttons = rows(surf, ctl, pad_buttons(ctl)) if rows is not None else \
        v.button_row(surf, pad_buttons(ctl), x=v.px(6), y=v.h - v.px(58), h=v.px(52), gap=v.px(4), size=18)
    ask = v.prompt_above(surf, screen_line(ctl, short=v.small), buttons - v.px(4), x=m, w=v.w - 2 * m, size=19,
                         max_lines=3)
    top = max(hr.bottom, v.help_corner().bottom) + v.px(4)
    p = pad.now
    partners = sum(c.bonus for c, found in partner_bonuses(p.garden) if found)
    sums = _("plants {plants} · partners {partners} · storage {storage}").format(
        plants=sum(c.value for c in p.garden), partners=partners, storage=p.storage)
    if not v.small:
        under = v.text(surf, sums, 20, (m, top), LIT, bold=True, max_w=v.w - 2 * m).bottom
    elif v.wrapped_height(sums, 20, v.w - 2 * m, bold=True) <= ask - top - v.px(6):  # wrapped, where it has room
        under = v.wrapped(surf, sums, 20, (m, top), v.w - 2 * m, LIT, bold=True, max_lines=2, min_size=0)
    else:
        under = top - v.px(6)
    room = pygame.Rect(m, under + v.px(6), v.w - 2 * m, ask - under - v.px(12))
    big_h = v.fonts.font(max(v.px(30), v.read_px), True).get_linesize()
    if pad.step == "cubes" and room.h >= big_h:  # the storage large, the garden under it
        big = v.text(surf, _("{light} light + {dark} dark = {value}").format(light=p.light, dark=p.dark,
                                                                             value=p.storage),
                     30, (room.centerx, room.y), FG, bold=True, anchor="midtop", max_w=room.w)
        room = pygame.Rect(room.x, big.bottom + v.px(6), room.w, room.bottom - big.bottom - v.px(6))
    draw_garden(v, surf, pad, room)


def screen_line(ctl: WaldgaertnerCompanion, *, short: bool = False) -> str:
    """What the screen asks (shorter than the spoken question: the buttons show the options;
    ``short``: the 3.5" screen's garden step, the guided choice's question alone — its buttons
    show the options and Next ✓)."""
    pad = entering(ctl.pad)
    if pad.step == "garden" and pad.candidates:
        return _("Which one? Touch it (or go on typing)")
    if pad.step == "garden":
        question, _options = guide_options(pad.pool, ctl.guide)
        if short:
            return question
        return _("{question} (or type a plant's name) — Next ✓ when the garden is entered").format(question=question)
    if pad.step == "partners":
        return _("The partner bonuses of these plants: Next ✓ goes on")
    if pad.step == "cubes":
        return _("The cubes in storage (light 1, dark 2): Next ✓ goes on")
    chosen = pad.now.task
    return _("Task card: {task} — Next ✓ goes on").format(
        task=task_name(pad.cards.tasks[chosen - 1].name) if chosen else "?")


def pad_buttons(ctl: WaldgaertnerCompanion) -> list[ButtonItem]:
    """The step's buttons on touch (the lid's trough buttons' numbers), then ✓ (CONFIRM)."""
    pad = entering(ctl.pad)
    items: list[ButtonItem] = []
    if pad.step == "garden" and pad.candidates:  # the plants a typed name left open, to touch
        items = [(plant_label(pad.cards.cards[k]), f"cmd:add {k}", None) for k in pad.candidates]
    elif pad.step == "garden":
        _question, options = guide_options(pad.pool, ctl.guide)
        items = [(f"{i + 1} {label}", f"trough{i + 1}", None) for i, (label, _v) in enumerate(options)]
    elif pad.step == "cubes":
        items = [(_(CUBE_LABELS[t]), f"trough{t}", None) for t in CUBE_BUTTONS]
    elif pad.step == "task":
        items = [(label, f"trough{t}", LIT if command == f"task {pad.now.task}" else None)
                 for t, (label, command) in tasks.lid_options(pad.cards.tasks, ctl.task_page).items()]
    last = pad.player == len(pad.players) - 1 and pad.step == pad.steps[-1]
    items.append((_("Score ✓") if last else _("Next ✓"), "confirm", OK))
    return items


def draw_garden(v: ModuleView[WaldgaertnerCompanion], surf: pygame.Surface, pad: PadEntry, room: pygame.Rect) -> None:
    """The player's plants, the last entered last, in as many columns as the room is wide (one on
    the small screen): name, size class, yield value, and a partner bonus with ✓ when its partner
    grows in the garden. What does not fit: the first ones, counted in a line above."""
    garden = pad.now.garden
    if not garden:
        if room.h >= v.fonts.font(max(v.px(18), v.read_px)).get_linesize():
            v.text(surf, _("No plants entered yet"), 18, (room.x, room.y), DIM, max_w=room.w)
        return
    found = {id(c): ok for c, ok in partner_bonuses(garden)}
    line = v.fonts.font(max(v.px(17), v.read_px)).get_linesize() + v.px(2)
    if room.h < line:
        return
    cols = 1 if v.small else 2
    per_col = max(1, room.h // line)
    room_for = cols * per_col
    shown = garden[-max(1, room_for - 1):] if len(garden) > room_for else garden
    if room_for == 1:  # one line: the last plant entered, no count of the others
        shown = garden[-1:]
    if len(shown) < len(garden) and room_for > 1:
        v.text(surf, _("… and {n} more").format(n=len(garden) - len(shown)), 17, (room.x, room.y), DIM,
               max_w=room.w)
    cw = room.w // cols
    for k, card in enumerate(shown):
        slot = k + (1 if len(shown) < len(garden) and room_for > 1 else 0)
        col, row = divmod(slot, per_col)
        r = pygame.Rect(room.x + col * cw, room.y + row * line, cw - v.px(8), line - v.px(2))
        pygame.draw.rect(surf, PANEL, r, border_radius=v.px(4))
        bonus = ""
        if card.bonus:
            bonus = f"  +{card.bonus} ✓" if found.get(id(card)) else f"  +{card.bonus} —"
        value = f"{card.value}{bonus}"
        vr = v.text(surf, value, 17, (r.right - v.px(4), r.centery), OK if found.get(id(card)) else
                    (WARN if card.bonus else FG), bold=True, anchor="midright")
        room_w = vr.x - r.x - v.px(10)
        label = f"{plant_label(card)} · {size_name(card.size)}"
        if v.fonts.width(label, max(v.px(17), v.read_px)) > room_w:  # long names, longer languages
            label = plant_label(card)
        v.text(surf, label, 17, (r.x + v.px(4), r.centery), FG, anchor="midleft", max_w=room_w)
