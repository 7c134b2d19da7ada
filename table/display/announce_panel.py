"""One announcement panel and one lesson for every game (issue 33: one screen grammar).

* **The announcement panel**: while an announcement waits for CONFIRM (the module games'
  ``table.companion.announce``, Applejack's ``pending``), a lit panel covers the whole screen
  (nothing of the play screen shows round it): its title, "then n more to come" at the top right,
  the game's words (:func:`open_panel` gives the room; each game fills it), teach mode's lesson
  whole above the buttons, what CONFIRM does now (it only acknowledges: :func:`notes`), and
  **Done ✓ (CONFIRM)** and **Undo** side by side at the bottom
  (:func:`draw_done_undo`).
* **The lesson** (teach mode, when nothing waits): a lit box with the whole sentence — wrapped,
  never cut — and **Skip**, laid out by the play screen just above its question
  (:func:`draw_lesson_block`, called by ``ModuleView.prompt_above`` and Applejack's view): the
  board above gives way, so the lesson never covers what the question needs.

Sizes are the 800×480 design's; every line people read is at least the toolkit's readable size
(``BaseView.read_px``: 2.5 mm capitals on the recommended screen) and the buttons 7 mm or more.
``ctl`` is a ``TableModule`` (``announcements.head``, ``announcements.waiting``, ``lesson``) or
Applejack's controller (its view calls the same functions).
"""

from __future__ import annotations

from typing import Any

import pygame

from table.companion.announce import confirm_notes
from table.companion.protocol import Announces, Asks, GameCompanion, Teaches, TeachModule
from table.display.colours import BG, DIM, FG, LIT, OK, PANEL
from table.display.toolkit import BaseView
from table.i18n import _, ngettext

BODY = 26
"""The announcement's words (design px)."""
SMALLEST = 24
"""The panel's small lines (design px; never under the readable size)."""
BUTTON_H = 76
"""The panel's buttons (design px): never under 7 mm (``BaseView.tap``)."""
LESSON = 20
"""The lesson's words (design px; never under the readable size)."""


def covers(ctl: GameCompanion) -> bool:
    """Whether an announcement waits on ``ctl``'s play screen: its panel then covers the whole
    screen (:func:`draw_panel`), so the play screen under it need not be drawn at all."""
    return ctl.mode in ("play", "pad") and isinstance(ctl, Announces) and ctl.announcements.head is not None


def draw(view: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion) -> None:
    """The module games' waiting announcement's panel (play and pad only); the lesson without an
    announcement is the play screen's own (:func:`draw_lesson_block` above its question)."""
    if ctl.mode not in ("play", "pad"):
        return
    queue = ctl.announcements if isinstance(ctl, Announces) else None
    lesson = ctl.lesson if isinstance(ctl, Teaches) else None
    if queue is not None and queue.head is not None:
        draw_panel(view, surf, queue.head, len(queue.waiting) - 1, lesson, notes(ctl))


def notes(ctl: GameCompanion) -> tuple[str, str]:
    """What the panel says CONFIRM does now (``announce.confirm_notes``: it only acknowledges; what
    is asked next)."""
    if not isinstance(ctl, Announces):
        return "", ""
    return confirm_notes(ctl.announcements, ctl.ask() if isinstance(ctl, Asks) else "")


def _lower_block(view: BaseView[Any], w: int, notes: tuple[str, str],
                 lesson: str | None) -> tuple[str, int, int, int]:
    """What stands above the panel's buttons, ``w`` px wide, from the bottom up: (the note on
    CONFIRM said — the long one where it fits in two lines —, its top, the lesson's top — the
    lesson whole above the note —, the top of the two: the announcement's own words end above)."""
    one = view.wrapped_height("H", SMALLEST, w)  # a line as wrapped() draws it (at least the readable size)
    note = next((n for n in notes if n and view.wrapped_height(n, SMALLEST, w) <= 2 * one), "")
    top = note_y = lesson_y = buttons_top(view)
    if note:
        top = note_y = top - view.px(4) - view.wrapped_height(note, SMALLEST, w)
    if lesson:
        top = lesson_y = top - view.px(6) - view.wrapped_height(_("Why: {lesson}").format(lesson=lesson), SMALLEST, w)
    return note, note_y, lesson_y, top


def words_bottom(view: BaseView[Any], ctl: GameCompanion) -> int:
    """Where the panel's announcement words must end (px from the top): above the lesson, the note
    on CONFIRM and the buttons (``phones_strip`` stands there too)."""
    w = panel_area(view).w - view.px(24)  # the room under the title (BaseView.announcement_panel)
    lesson = ctl.lesson if isinstance(ctl, Teaches) else None
    return _lower_block(view, w, notes(ctl), lesson)[3]


def open_panel(view: BaseView[Any], surf: pygame.Surface, title: str, more: int,
               lesson: str | None, notes: tuple[str, str] = ("", "")) -> tuple[int, int, int, int]:
    """The whole-screen panel headed by ``title`` with "then ``more`` more to come", the lesson
    whole and what CONFIRM does now (``notes``: :func:`notes`) above Done ✓ and Undo (drawn here);
    returns (x, y, w, bottom): the room for the announcement's own words, from y down to bottom."""
    area = panel_area(view)
    surf.fill(BG)  # the play screen's edges would show cut lines and half buttons round the panel
    view.cover(surf.get_rect())
    right = view.title_right(area)  # the title and "then n more" end short of the help button
    more_w = 0
    if more > 0:  # how many announcements are still to come after this one
        words = ngettext("then {n} more to come", "then {n} more to come", more).format(n=more)
        more_w = view.text(surf, words, SMALLEST, (right, area.y + view.px(12)), DIM, anchor="topright",
                           max_w=area.w // 3).w + view.px(12)
    x, y, w = view.announcement_panel(surf, area, title, title_right=right - more_w)
    buttons_y = buttons_top(view)
    draw_done_undo(view, surf, x, buttons_y, w)
    note, note_y, lesson_y, top = _lower_block(view, w, notes, lesson)
    if note:
        view.wrapped(surf, note, SMALLEST, (x, note_y), w, DIM, max_lines=99, min_size=0)
    if lesson:
        view.wrapped(surf, _("Why: {lesson}").format(lesson=lesson), SMALLEST, (x, lesson_y), w, DIM, max_lines=99,
                     min_size=0)
    return x, y, w, top - view.px(6)


def draw_done_undo(view: BaseView[Any], surf: pygame.Surface, x: int, y: int, w: int) -> None:
    """The panel's two buttons at ``y``: Done ✓ (CONFIRM, two thirds or as its words need) and Undo
    (the rest; :func:`_done_undo`)."""
    gap = view.px(10)
    done_w, h = _done_undo(view, w)
    view.button(surf, pygame.Rect(x, y, done_w, h), _("Done ✓ (CONFIRM)"), "confirm", colour=OK, size=26)
    view.button(surf, pygame.Rect(x + done_w + gap, y, w - done_w - gap, h), _("Undo"), "undo", size=26)


def draw_panel(view: BaseView[Any], surf: pygame.Surface, head: Any, more: int, lesson: str | None,
               notes: tuple[str, str] = ("", "")) -> None:
    """A module game's announcement ``head`` (its title and words, one line per ``\n``): the
    first line bold, the others under it as far as they fit; ``more`` waiting after it; ``notes``:
    what CONFIRM does now (:func:`notes`)."""
    x, y, w, bottom = open_panel(view, surf, _(head.title), more, lesson, notes)
    lines = head.text.split("\n")
    line_h = view.fonts.font(max(view.px(SMALLEST), view.read_px)).get_linesize()
    room = max(1, (bottom - y) // max(1, view.fonts.font(max(view.px(BODY), view.read_px)).get_linesize()))
    y = view.wrapped(surf, lines[0], BODY, (x, y), w, FG, bold=True, max_lines=room, min_size=SMALLEST)
    for line in lines[1:]:
        if y + view.wrapped_height(line.strip(), SMALLEST, w - view.px(12)) > bottom:
            break  # a detail line shown whole or not at all (the table has them: text mode, speech)
        y = view.wrapped(surf, line.strip(), SMALLEST, (x + view.px(12), y), w - view.px(12), FG,
                         max_lines=max(1, (bottom - y) // line_h), min_size=SMALLEST)


def panel_area(view: BaseView[Any]) -> pygame.Rect:
    """Where the announcement's panel stands: the screen but a margin of 14 px of the design."""
    m = view.px(14)
    return pygame.Rect(m, m, view.w - 2 * m, view.h - 2 * m)


def _done_undo(view: BaseView[Any], w: int) -> tuple[int, int]:
    """The panel's Done ✓ and Undo buttons in ``w`` px: (Done's width, their height): Done two
    thirds, or as wide as its words need where Undo's still fit beside; where the two do not fit
    one row at the readable size (the 3.5" screen in German) both break onto two lines, and the
    buttons grow to hold them."""
    gap, px = view.px(10), view.read_px
    done_need, undo_need = (view.fonts.width(label, px, True) + view.px(16) for label in (_(DONE), _(UNDO)))
    h = view.tap(BUTTON_H)
    if done_need + gap + undo_need > w:
        h = max(h, 2 * int(view.fonts.font(px, True).get_linesize()) + view.px(6))
        undo_w = max(view.fonts.width(word, px, True) + view.px(16) for word in _(UNDO).split())
        return w - gap - max(undo_w, (w - gap) // 3), h
    return min(max((w - gap) * 2 // 3, done_need), w - gap - undo_need), h


DONE, UNDO = "Done ✓ (CONFIRM)", "Undo"
"""The panel's buttons' words (msgids: translated where drawn)."""


def buttons_top(view: BaseView[Any]) -> int:
    """Where the panel's Done ✓ and Undo buttons begin (px from the top): what the panel says ends above."""
    area = panel_area(view)
    return area.bottom - _done_undo(view, area.w - view.px(24))[1] - view.px(12)


def lesson_height(view: BaseView[Any], lesson: str, w: int, skip_label: str) -> int:
    """How tall :func:`draw_lesson_block` draws ``lesson`` in ``w`` pixels (px)."""
    text_w = w - skip_width(view, skip_label) - 3 * view.px(8)
    words = view.wrapped_height(_("Why: {lesson}").format(lesson=lesson), LESSON, text_w)
    return max(words, view.touch_px) + 2 * view.px(6)


def skip_width(view: BaseView[Any], label: str) -> int:
    """The Skip button's width: its label whole at the readable size ("Ausblenden", "Masquer")."""
    return max(view.px(110), view.touch_px, view.fonts.width(label, max(view.px(LESSON), view.read_px), True)
               + view.px(24))


def draw_lesson_block(view: BaseView[Any], surf: pygame.Surface, lesson: str, *, x: int, w: int, bottom: int,
                      skip_label: str, target: str) -> int:
    """Teach mode's lesson in a lit box ending at ``bottom``: "Why: …" whole (wrapped, never cut)
    and the Skip button (touch target ``target``) at its right; returns the box's top."""
    h = lesson_height(view, lesson, w, skip_label)
    box = pygame.Rect(x, bottom - h, w, h)
    pygame.draw.rect(surf, PANEL, box, border_radius=view.px(8))
    pygame.draw.rect(surf, LIT, box, view.px(2), border_radius=view.px(8))
    sw = skip_width(view, skip_label)
    skip = pygame.Rect(box.right - view.px(6) - sw, box.y + view.px(6), sw, box.h - 2 * view.px(6))
    view.button(surf, skip, skip_label, target, size=LESSON)
    view.wrapped(surf, _("Why: {lesson}").format(lesson=lesson), LESSON, (box.x + view.px(8), box.y + view.px(6)),
                 skip.x - view.px(8) - box.x - view.px(8), FG, max_lines=99, min_size=0)
    return box.y


def lesson_strip_height(view: BaseView[Any]) -> int:
    """How far down the screen teach mode's lesson reaches from the top: 0 — the lesson stands
    above the play screen's question, not across its top (the phones' strip keeps the top)."""
    return 0


def draw_teach_toggle(view: BaseView[Any], surf: pygame.Surface, ctl: GameCompanion, rect: pygame.Rect) -> bool:
    """The setup screen's teach mode button (touch target ``teach``) in ``rect`` (the setup
    frame's bottom row), lit when on; not drawn for a game without teach mode (False)."""
    teaching = ctl.teaching if isinstance(ctl, TeachModule) else None
    if teaching is None or teaching.syllabus is None:
        return False
    view.button(surf, rect, teach_toggle_label(ctl), "teach", lit=bool(teaching.asked), size=20)
    return True


def teach_toggle_label(ctl: GameCompanion) -> str:
    """The setup screen's teach mode button's words ("" for a game without teach mode)."""
    teaching = ctl.teaching if isinstance(ctl, TeachModule) else None
    if teaching is None or teaching.syllabus is None:
        return ""
    return _("Teach mode: on") if teaching.asked else _("Teach mode: off")
