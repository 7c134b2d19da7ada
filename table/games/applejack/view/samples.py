"""Fixed sample screens (deterministic controller states) for golden images, the benchmark and docs."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial

from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.companion.hints import Hint, hint_of
from table.games.applejack.rules.data import DataSet
from table.games.applejack.session import auto_script

NAMES = ("setup", "resume", "play", "harvest", "refill", "stock", "middle", "correct", "pad", "result",
         "setup-tracked", "tracked-draw", "tracked-hint", "tracked-place",
         "setup-variants", "setup-campaign", "loop-harvest", "blossom", "loop", "last-turn", "game-over",
         "pad-total", "solo-result", "middle-space", "resume-discard", "setup-keyboard")


def _tracked(data: DataSet, draws: int | None) -> Controller:
    """Two players, orchards tracked, hints for both: ``draws`` setup tiles entered (None: all)."""
    ctl = Controller(data)
    ctl.setup = Setup(2, tracked=True, hints=(0, 1))
    ctl.do("start")
    rng = random.Random(4)
    assert ctl.tracked is not None
    st = ctl.tracked.state
    while st.is_chance() and (draws is None or draws > 0):
        ctl.do(f"game draw {rng.choice(sorted(st.supply))}")
        draws = None if draws is None else draws - 1
    return ctl


def _played(data: DataSet, setup: Setup, seed: int, until: str) -> Controller:
    ctl = Controller(data)
    ctl.setup = setup
    for cmd in auto_script(data, setup, seed):
        if cmd.startswith(until):
            break
        ctl.do(cmd)
    return ctl


def _fixed_hint(ctl: Controller, commands: tuple[str, ...]) -> Hint:
    """A hint for the position as the hint module words it, but with fixed steps rather than the
    bot's, so that the sample screens do not change when the bot does."""
    request = ctl.hint_request()
    assert request is not None
    return hint_of(request, (request.state.string_to_action(cmd) for cmd in commands))


def _setup(data: DataSet, name: str) -> Controller:
    ctl = Controller(data)
    ctl.setup = Setup(3, cottage=True, apple_tiles=(2, 0, 1, 3, 4, 5, 6), sensor=True)
    return ctl


def _setup_keyboard(data: DataSet, name: str) -> Controller:
    """The setup with a seat's new name being typed on the screen's keyboard."""
    ctl = _setup(data, name)
    ctl.press("newname1")
    for key in ("kb:A", "kb:n", "kb:a"):
        ctl.press(key)
    return ctl


def _resume(data: DataSet, name: str) -> Controller:
    ctl = Controller(data)
    ctl.offer_resume(Setup(2), ["take 1"] * 12)
    if name == "resume-discard":
        ctl.press("undo")  # the first press only asks
    return ctl


def _play(data: DataSet, name: str) -> Controller:
    ctl = Controller(data)
    ctl.setup = Setup(2, cottage=True, sensor=True)
    ctl.do("start")
    ctl.do("take 2")
    if name == "harvest":
        return ctl
    ctl.do("ack")
    if name == "stock":
        ctl.do("cottage")
        return ctl
    ctl.die_reading(5)
    return ctl


def _refill(data: DataSet, name: str) -> Controller:
    ctl = Controller(data)
    ctl.setup = Setup(2)
    for cmd in auto_script(data, Setup(2), 3):
        ctl.do(cmd)
        if ctl.queued and ctl.queued[0].kind == "refill":
            return ctl
    raise AssertionError("no refill in the sample game")


def _middle(data: DataSet, name: str) -> Controller:
    """Solo, the die on the middle space."""
    ctl = Controller(data)
    ctl.setup = Setup(1, cottage=True)
    ctl.do("start")
    while not ctl.t.on_middle or ctl.queued:
        if ctl.queued:
            ctl.do("ack")
        else:
            ctl.do(str(next(a for a in ctl.t.legal_actions() if a.kind == "take")))
    return ctl


def _correct(data: DataSet, name: str) -> Controller:
    ctl = Controller(data)
    ctl.setup = Setup(1)
    ctl.do("start")
    ctl.press("correct")
    ctl.press("trough3")
    return ctl


def _setup_tracked(data: DataSet, name: str) -> Controller:
    ctl = Controller(data)
    ctl.setup = Setup(3, tracked=True, hints=(0, 2))
    return ctl


def _tracked_hint(data: DataSet, name: str) -> Controller:
    ctl = _tracked(data, None)
    hint = _fixed_hint(ctl, ("take 2:96", "buy", "place 2/1"))
    ctl.give_advice(hint)
    if name == "tracked-place":
        for cmd in hint.commands[:2]:  # took the tile and paid as hinted: the placement is next
            ctl.do(f"game {cmd}")
    return ctl


def _pad(data: DataSet, name: str) -> Controller:
    ctl = _played(data, Setup(4), 3, "pad 3")
    if name == "result":
        ctl.do("pad-done")  # seats 3 and 4 have nothing entered: asked once first
        ctl.do("pad-done")
    else:
        ctl.press("4")
    return ctl


def _setup_variants(data: DataSet, name: str) -> Controller:
    """4 players, individual orchards (B sides), every variant on."""
    ctl = Controller(data)
    ctl.setup = Setup(4, cottage=True, apple_tiles=(2, 0, 1, 3, 4, 5, 6))
    ctl.press("orchards")
    ctl.press("orchard2")  # the third seat takes another B side
    return ctl


def _setup_campaign(data: DataSet, name: str) -> Controller:
    """Solo campaign game 3."""
    ctl = Controller(data)
    ctl.setup = Setup(1)
    ctl.do("setup orchards=on campaign=3")
    return ctl


def _loop_end(data: DataSet, name: str) -> Controller:
    """2 players, the end of the first loop."""
    ctl = play_until(data, Setup(2), lambda c: any(a.kind == "loop" for a in c.queued))
    while ctl.queued[0].kind != {"loop-harvest": "harvest", "blossom": "blossom", "loop": "loop"}[name]:
        ctl.do("ack")
    return ctl


def _pad_total(data: DataSet, name: str) -> Controller:
    """An entry that looks like a total is flagged, not refused."""
    ctl = _played(data, Setup(2), 3, "pad 1")
    ctl.do("pad 1 brown 14")
    ctl.do("pad 1 lightgreen 5,3")
    ctl.press("cell0_1")
    return ctl


def _solo_result(data: DataSet, name: str) -> Controller:
    ctl = _played(data, Setup(1), 5, "pad 1")
    for cmd in ("pad 1 brown 5,3", "pad 1 red 4", "pad 1 yellow 6,2", "pad 1 blossoms 9", "pad 1 honey 31"):
        ctl.do(cmd)
    ctl.do("pad-done")
    return ctl


def _pending_kind(kind: str) -> Callable[[Controller], bool]:
    return lambda c: bool(c.queued) and c.queued[0].kind == kind


SAMPLES: dict[str, Callable[[DataSet, str], Controller]] = {
    "setup": _setup, "resume": _resume, "resume-discard": _resume,
    "play": _play, "harvest": _play, "stock": _play,
    "refill": _refill, "middle": _middle, "correct": _correct,
    "setup-tracked": _setup_tracked, "tracked-draw": lambda data, _name: _tracked(data, 3),
    "tracked-hint": _tracked_hint, "tracked-place": _tracked_hint,
    "pad": _pad, "result": _pad, "setup-variants": _setup_variants, "setup-campaign": _setup_campaign,
    "loop-harvest": _loop_end, "blossom": _loop_end, "loop": _loop_end,
    # solo: the middle space's announcement (honey for empty trees, refill them)
    "middle-space": lambda data, _name: play_until(data, Setup(1), _pending_kind("middle")),
    "last-turn": lambda data, _name: play_until(data, Setup(3), lambda c: not c.queued and c.t.is_last_turn()),
    "game-over": lambda data, _name: play_until(data, Setup(2), _pending_kind("end")),
    "pad-total": _pad_total, "solo-result": _solo_result,
    "setup-keyboard": _setup_keyboard,
}
"""How each sample screen is reached (a builder may make several: it is told the name)."""


def sample(data: DataSet, name: str) -> Controller:
    """The controller of the sample screen ``name`` (KeyError for a name it does not know)."""
    return SAMPLES[name](data, name)


def play_until(data: DataSet, setup: Setup, stop: Callable[[Controller], bool], seed: int = 3) -> Controller:
    """A seeded game played (takes, confirmations) until ``stop`` holds."""
    ctl = Controller(data)
    ctl.setup = setup
    ctl.do("start")
    rng = random.Random(seed)
    while not stop(ctl):
        if ctl.queued:
            ctl.do("ack")
        elif ctl.t.is_terminal():
            raise AssertionError("the sample game ended first")
        else:
            ctl.do(str(rng.choice([a for a in ctl.t.legal_actions() if not a.kind.startswith("fix")])))
    return ctl


def samples(data: DataSet) -> Iterator[tuple[str, Controller]]:
    for name in NAMES:
        yield name, sample(data, name)


def screens() -> dict[str, Callable[[], Controller]]:
    """Every sample screen by name (the registry's part ``screens``): a function that builds the
    controller showing it on the shipped data set; ``help`` is the play screen under the app's
    help page (the tests draw it open)."""
    from table.games.applejack.files import load_dataset  # here: the data file is read only when asked

    data = load_dataset()
    return {**{name: partial(sample, data, name) for name in NAMES}, "help": partial(sample, data, "play")}
