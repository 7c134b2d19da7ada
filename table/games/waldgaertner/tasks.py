"""The additional tasks at the table (the text's extension, ruling W14): each player is dealt a task
card face down at the start and keeps it secret; after the last round every player shows theirs,
in seat order, and the companion scores them.

The engine deals the tasks as chance actions; the companion fills them with placeholders (the
table's cards are hidden, like a hand card: ``hidden.py``) and, when a player shows a task, puts
it in that seat's deal (swapping it with the seat that held its placeholder), then rebuilds the
game: the same actions, the scores now with the tasks shown.

On the lid and by touch (:func:`lid_options`, :func:`lid_pick`) the tasks are on the trough buttons:
up to seven at once; with more (the shipped file's nine) buttons 1-6 show six of them and button 7
turns to the next ones (**more ▸**). The score pad asks each player's task the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from table.companion.protocol import CommandError
from table.games.waldgaertner.hidden import rebuilt
from table.games.waldgaertner.names import task_name
from table.games.waldgaertner.naming import fold
from table.games.waldgaertner.rules import State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.cards import Task
from table.games.waldgaertner.setup import WSetup
from table.i18n import _
from table.i18n.labels import is_number, seat_name


def deal(e: State) -> None:
    """The task cards dealt face down, one per seat (placeholders: the first ones left)."""
    while not e.is_terminal() and e.step == "task":
        e.apply(e.legal_actions()[0])


def seat_showing(e: State | None, setup: WSetup, cmds: Sequence[str]) -> int:
    """The seat that shows its task card now (after the last round, in seat order), -1 for none."""
    if e is None or not setup.tasks or not e.is_terminal():
        return -1
    shown = sum(1 for c in cmds if c.startswith("task "))
    return shown if shown < e.players else -1


def question(e: State, seat: int) -> str:
    """What the table is asked while the tasks are shown."""
    listed = "; ".join(f"{k + 1} {task_name(t.name)}" for k, t in enumerate(e.config.cards.tasks))
    return _("{seat} shows their task card: task N ({tasks})").format(seat=seat_name(seat), tasks=listed)


def screen_question(seat: int) -> str:
    """What the screen asks while the tasks are shown (its buttons list them)."""
    return _("{seat} shows their task card: the buttons, or task N").format(seat=seat_name(seat))


def canonical(e: State, words: list[str], seat: int) -> str:
    """``task 3`` or ``task nitrogen`` (a few letters of the task's words) → ``task 3``."""
    if seat < 0:
        raise CommandError(_("the task cards are shown after the last round"))
    tasks = e.config.cards.tasks
    text = " ".join(words)
    return f"task {task_number(tasks, text)}"


def task_number(tasks: Sequence[Task], text: str) -> int:
    """The task (1-based) ``text`` names: its number, or a few letters of its words (in the table's
    language or the file's); CommandError lists the candidates."""
    if is_number(text, 2) and 1 <= int(text) <= len(tasks):
        return int(text)
    q = fold(text)
    found = [k for k, t in enumerate(tasks) if q and any(
        all(any(w.startswith(p) for w in fold(name).split()) for p in q.split())
        for name in (t.name, task_name(t.name)))]
    if len(found) != 1:
        raise CommandError(_("{text}: which task? {tasks}").format(
            text=repr(text), tasks="; ".join(f"{k + 1} {task_name(tasks[k].name)}"
                                             for k in (found or range(len(tasks))))))
    return found[0] + 1


LID_BUTTONS = 7
"""The trough buttons a task is picked with."""
MORE = "more"
"""The option of trough 7 that turns to the next tasks."""


def lid_options(tasks: Sequence[Task], page: int) -> dict[int, tuple[str, str]]:
    """The trough buttons' options now, by button, as (label, command): ``task N`` on buttons from
    1, and :data:`MORE` on button 7 when the tasks are more than the buttons (``page``: which six)."""
    every = [(f"{k + 1} {task_name(t.name)}", f"task {k + 1}") for k, t in enumerate(tasks)]
    if len(every) <= LID_BUTTONS:
        return dict(enumerate(every, start=1))
    per = LID_BUTTONS - 1
    start = (page * per) % len(every)
    return {**dict(enumerate(every[start:start + per], start=1)), LID_BUTTONS: (_("more ▸"), MORE)}


def lid_pick(tasks: Sequence[Task], page: int, trough: int) -> tuple[int, str]:
    """Trough ``trough`` pressed while a task is asked: (the page shown next, the command — "" when
    the button turned the page). CommandError when the button offers nothing now."""
    options = lid_options(tasks, page)
    if trough not in options:
        raise CommandError(_("button {n} offers nothing: {options}").format(
            n=trough, options=", ".join(label for label, _c in options.values())))
    command = options[trough][1]
    if command == MORE:
        return (page + 1) % -(-len(tasks) // (LID_BUTTONS - 1)), ""
    return 0, command


def show(e: State, setup: WSetup, seat: int, task: int, shown: int) -> State:
    """Seat ``seat`` shows task card ``task`` (0-based); ``shown``: how many seats showed before it.
    The game rebuilt with it dealt to that seat (swapped with the placeholder's holder)."""
    deals = [i for i, a in enumerate(e.history) if A.TASK <= a < A.TASK + 16]
    have = [e.history[i] - A.TASK for i in deals]
    if task in have[:shown]:
        raise CommandError(_("task {n} was shown by {seat}").format(n=task + 1, seat=seat_name(have.index(task))))
    history = list(e.history)
    if task in have:
        history[deals[have.index(task)]] = A.TASK + have[seat]
    history[deals[seat]] = A.TASK + task
    return rebuilt(setup, e.config.cards, history)
