"""One strong bot for every game with hidden cards and chance: determinized information-set MCTS.

Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012)
over the house protocol (``current_player``, ``legal_actions``, ``chance_outcomes``, ``apply``,
``clone``, ``scores``/``returns``), with a fixed **budget of iterations** per decision, so that a
seed gives the same move on a Raspberry Pi as on the development machine.

Each iteration

1. *determinizes*: the game's ``determinize(state, seat, rng)`` returns a copy of the state in
   which every card hidden from ``seat`` (other hands, face-down cards, deck order) is sampled
   afresh from what the seat can know; it never reads another seat's hidden cards;
2. *selects* down the tree of action sequences (nodes keyed by the actions of the seats; chance
   outcomes are sampled from ``chance_outcomes`` and not branched on — open loop): UCB1 with
   availability counts (a child is only a candidate in the determinizations where it is legal);
3. *expands* one untried legal action (with a game's ``prune``, only among the few actions it
   keeps at that node, chosen on the node's first visit);
4. *rolls out* ``rollout_depth`` more actions with the rollout policy (uniformly random unless
   the game gives one), then *values* the end for every seat: ``0.5 + 0.5 tanh((own − best
   other) / scale)`` on the points the game's ``value`` gives (its final scores at the end);
5. *backs up* each node's value for the seat that chose its action.

With ``opponents`` (a policy), the other seats are not searched but played by that model, like
chance: in a game of simultaneous choices made in seat order (Waldgärtner's dice) a searched
opponent would otherwise answer a choice it cannot see.

With ``paired`` the search is flat instead: the root's candidates (the prune's) are each played
out from the same determinization with the same chance stream, round after round (common random
numbers), and the best mean wins — in a game whose short rollouts are mostly luck, the luck then
cancels out of the comparison.

The move played is the root's most visited legal child (ties: the better mean, then the lower
action). ``max_seconds`` is only a safety net on the injected ``clock``: it stops the search
before its budget is spent (counted in :attr:`ISMCTSBot.cut_short`; the move may then depend
on the machine). ``max_seconds=None`` never looks at the clock.

A snapshot state's search copy (no rng, no undo) applies the actions the search took from
``legal_actions()`` through the rules' step without the second legality check (:func:`stepper`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from table.engine.protocol import CHANCE
from table.engine.state import SnapshotState

Determinize = Callable[[Any, int, random.Random], Any]
"""``(state, seat, rng) -> state``: an independent copy, hidden cards resampled for ``seat``."""
Value = Callable[[Any], Sequence[float]]
"""Points per seat of a (possibly unfinished) state: the rollout's leaf value."""
Policy = Callable[[Any, list[int], random.Random], int]
"""``(state, legal, rng) -> action``: the rollout's choice for the seat to move."""
Prune = Callable[[Any, list[int]], list[int]]
"""``(state, legal) -> actions``: the few actions the tree considers at a node (a game with
dozens of moves a turn keeps its best by a quick look; the rest are never searched)."""

SAFETY_SECONDS = 5.0
"""The safety net of one decision (seconds): far above the budgets' ~0.12 s here (CPU time),
~0.5 s on a Raspberry Pi 4; a shared machine here took 4-9× the CPU time in wall-clock time."""


@dataclass(frozen=True)
class Budget:
    """The work of one decision: ``iterations`` determinized tree walks, each rolled out at most
    ``rollout_depth`` actions (chance outcomes included) beyond the tree; ``exploration`` is
    UCB1's constant (values in [0, 1]); ``scale`` the points difference worth ~0.38 of a win."""

    iterations: int = 200
    rollout_depth: int = 40
    exploration: float = 0.7
    scale: float = 5.0


class Node:
    """Statistics of one action sequence from the root: visits, total value, availability."""

    __slots__ = ("allowed", "available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.allowed: set[int] | None = None  # the pruned actions, chosen on the first visit
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def ucb(self, c: float) -> float:
        return self.total / self.visits + c * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def final_points(state: Any) -> Sequence[float]:
    """The default leaf value: returns() at the end, else every seat's current total."""
    if state.is_terminal():
        return list(state.returns())
    return [float(s.total) for s in state.scores()]


def stepper(state: Any) -> Callable[[int], Any]:
    """How a search applies an action it took from ``legal_actions()``: a snapshot state's rules
    step without checking it again (the check costs a second ``legal_actions``), else ``apply``."""
    step: Callable[[int], Any] = state.apply
    if isinstance(state, SnapshotState) and state.rng is None and not state.keep_undo:
        step = state._step
    return step


def random_policy(state: Any, legal: list[int], rng: random.Random) -> int:
    return legal[rng.randrange(len(legal))]


def sample_outcome(state: Any, rng: random.Random) -> int:
    """A chance outcome drawn with ``rng`` by ``chance_outcomes``' probabilities."""
    outcomes = state.chance_outcomes()
    x = rng.random()
    for action, p in outcomes:
        x -= p
        if x < 0:
            return int(action)
    return int(outcomes[-1][0])


def rewards(points: Sequence[float], scale: float) -> list[float]:
    """Per seat in [0, 1]: 0.5 + 0.5 tanh((own − best of the others) / scale)."""
    if len(points) == 1:
        return [0.5 + 0.5 * math.tanh(points[0] / scale)]
    out = []
    for s, own in enumerate(points):
        best_other = max(p for o, p in enumerate(points) if o != s)
        out.append(0.5 + 0.5 * math.tanh((own - best_other) / scale))
    return out


class ISMCTSBot:
    """Determinized information-set MCTS to a fixed :class:`Budget` (see the module doc)."""

    name = "strong"

    def __init__(self, rng: random.Random, determinize: Determinize, *, budget: Budget | None = None,
                 value: Value = final_points, policy: Policy = random_policy, prune: Prune | None = None,
                 margin: float | None = None, opponents: Policy | None = None, paired: bool = False,
                 max_seconds: float | None = SAFETY_SECONDS, clock: Callable[[], float] = time.perf_counter) -> None:
        self.rng = rng
        self.determinize = determinize
        self.budget = budget or Budget()
        self.value = value
        self.policy = policy
        self.prune = prune
        self.margin = margin
        self.opponents = opponents
        self.paired = paired
        self.max_seconds = max_seconds
        self.clock = clock
        self.iterations = 0  # iterations run so far (benchmarks, tests)
        self.cut_short = 0  # decisions the safety net stopped before the budget was spent

    def choose(self, state: Any) -> int:
        legal: list[int] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        search_rng = random.Random(self.rng.getrandbits(64))
        root = Node()
        deadline = None if self.max_seconds is None else self.clock() + self.max_seconds
        if self.paired:
            return self._choose_paired(state, legal, seat, search_rng, deadline)
        for i in range(self.budget.iterations):
            if deadline is not None and i and self.clock() > deadline:
                self.cut_short += 1
                break
            self._iterate(root, self.determinize(state, seat, search_rng), seat, search_rng)
            self.iterations += 1

        def rank(a: int) -> tuple[int, float, int]:
            child = root.children.get(a)
            if child is None:
                return (0, 0.0, -a)
            return (child.visits, child.total / child.visits, -a)
        best = max(legal, key=rank)
        if self.margin is not None and self.prune is not None:
            best = self._keep_first(state, legal, root, best)
        return best

    def _choose_paired(self, state: Any, legal: list[int], seat: int, rng: random.Random,
                       deadline: float | None) -> int:
        """Flat search with common random numbers: the root's candidates (the prune's, else every
        legal action) are each played out from the *same* determinizations with the same chance
        stream (one seed per round of candidates), so they are compared on equal luck; the
        budget's iterations are shared out in whole rounds. The best mean wins (with a
        ``margin``, the prune's first choice unless beaten by that much)."""
        cands = self.prune(state, legal) if self.prune is not None else legal
        if len(cands) == 1:
            return cands[0]
        totals = [0.0] * len(cands)
        rounds = 0
        for r in range(max(1, self.budget.iterations // len(cands))):
            if deadline is not None and r and self.clock() > deadline:
                self.cut_short += 1
                break
            seed = rng.getrandbits(64)
            for i, action in enumerate(cands):
                paired = random.Random(seed)
                sim = self.determinize(state, seat, paired)
                step = stepper(sim)
                step(action)
                self._rollout(sim, step, paired)
                totals[i] += rewards(self.value(sim), self.budget.scale)[seat]
                self.iterations += 1
            rounds += 1
        best = max(range(len(cands)), key=lambda i: (totals[i], -cands[i]))
        if self.margin is not None and totals[best] - totals[0] < self.margin * rounds:
            return cands[0]
        return cands[best]

    def _keep_first(self, state: Any, legal: list[int], root: Node, best: int) -> int:
        """With a ``margin``: the prune's first choice (the game's own best guess) unless the
        search found another better by at least ``margin`` in mean value."""
        first = self.prune(state, legal)[0] if self.prune is not None else best
        a, b = root.children.get(first), root.children.get(best)
        if a is None or b is None or not a.visits or not b.visits:
            return best
        return best if b.total / b.visits - a.total / a.visits >= (self.margin or 0.0) else first

    def _iterate(self, root: Node, sim: Any, seat: int, rng: random.Random) -> None:
        budget = self.budget
        path: list[tuple[Node, int]] = []  # (node, the seat that chose the action into it)
        node = root
        expanded = False
        step = stepper(sim)
        while not sim.is_terminal():
            player = sim.current_player()
            if player == CHANCE:
                step(sample_outcome(sim, rng))
                continue
            legal = sim.legal_actions()
            if self.opponents is not None and player != seat:
                step(self.opponents(sim, legal, rng))  # modelled, like chance: no branch
                continue
            if self.prune is not None and len(legal) > 1:
                if node.allowed is None:
                    node.allowed = set(self.prune(sim, legal))
                allowed = node.allowed
                legal = [a for a in legal if a in allowed] or legal
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = Node()
                child.available = 1
                node.children[action] = child
                expanded = True
            else:
                c = budget.exploration
                action = max(legal, key=lambda a: node.children[a].ucb(c))
                child = node.children[action]
            step(action)
            path.append((child, player))
            node = child
            if expanded:
                break
        self._rollout(sim, step, rng)
        values = rewards(self.value(sim), budget.scale)
        for child, player in path:
            child.visits += 1
            child.total += values[player]

    def _rollout(self, sim: Any, step: Callable[[int], Any], rng: random.Random) -> None:
        policy = self.policy
        for _ in range(self.budget.rollout_depth):
            if sim.is_terminal():
                return
            if sim.current_player() == CHANCE:
                step(sample_outcome(sim, rng))
            else:
                step(policy(sim, sim.legal_actions(), rng))
