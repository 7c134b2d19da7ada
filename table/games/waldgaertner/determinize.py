"""Waldgärtner's determinizer for the strong bot: a copy of the game in which everything hidden
from one seat is dealt afresh from what that seat can know.

Hidden from a seat: the other seats' cards in hand (their one card and a card received but not
yet played), their secret tasks, and — while it chooses its die — the dice the seats before it
chose this round. What it may count on: every card's continent (a card comes from a deck or an
offer whose continent is public), the gardens, offers, discard pile, storages and its own cards.

Each hidden card is dealt afresh from the cards of its continent nobody has shown: the
continent's unseen pool together with the other seats' hidden cards of that continent — the
same set whichever hidden card a seat really holds, so the copy never depends on another seat's
hand. Hidden tasks are dealt afresh from the tasks not in play with the other seats'; the dice
chosen before the seat from each of those seats' legal choices.

The cards known to lie in a deck (``known``: returned from a bonus draw or left by a search,
rulings W11/W12) were seen only by the seat who drew or searched them (the draw is face down,
:class:`~.rules.events.CardDrawn` shows no card). The copy puts them back among the deck's unseen
cards for every seat — the deck keeps its size, the cards go back to their continent's pool —
so no seat counts on another's bonus draw. The seat who saw them forgets them too (a
simplification that makes it know *less*), except while it chooses from the deck it is searching.
"""

from __future__ import annotations

import random

from table.bots.determinize import search_copy
from table.games.waldgaertner.rules import State


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A search copy of ``state`` with what is hidden from ``seat`` dealt afresh (module doc)."""
    sim = search_copy(state)
    _forget_decks(sim, seat)
    _redeal_hands(sim, seat, rng)
    _redeal_tasks(sim, seat, rng)
    _redraw_dice(sim, seat, rng)
    return sim


def _forget_decks(sim: State, seat: int) -> None:
    """The cards known to lie in a deck go back among its unseen cards (module doc)."""
    t = sim.t
    searching = -1
    if sim.step == "schoose" and sim.current_player() == seat:
        searching = t.jobs[0][2]
    for d, known in enumerate(t.known):
        if known and d != searching:
            pool = t.pools[sim.decks[d]]
            pool += known
            pool.sort()
            t.unknown[d] += len(known)
            t.known[d] = []


def _redeal_hands(sim: State, seat: int, rng: random.Random) -> None:
    t = sim.t
    slots: dict[str, list[tuple[list[int], int]]] = {}  # continent -> (list, index) of hidden cards
    for s in range(sim.players):
        if s == seat:
            continue
        for held in (t.hand, t.new):
            if held[s] >= 0:
                slots.setdefault(sim.cards[held[s]].continent, []).append((held, s))
    for continent in sorted(slots):
        places = slots[continent]
        cards = sorted(t.pools.get(continent, []) + [held[s] for held, s in places])
        rng.shuffle(cards)
        for (held, s), cid in zip(places, cards, strict=False):
            held[s] = cid
        t.pools[continent] = sorted(cards[len(places):])


def _redeal_tasks(sim: State, seat: int, rng: random.Random) -> None:
    t = sim.t
    others = [s for s in range(sim.players) if s != seat and t.task[s] >= 0]
    if not others:
        return
    tasks = sorted(t.tasks_left + [t.task[s] for s in others])
    rng.shuffle(tasks)
    for s, k in zip(others, tasks, strict=False):
        t.task[s] = k
    t.tasks_left = sorted(tasks[len(others):])


def _redraw_dice(sim: State, seat: int, rng: random.Random) -> None:
    """Choosing its die, the seat has not seen the dice of the seats before it (W1)."""
    t = sim.t
    if sim.step != "die" or sim.current_player() != seat:
        return
    for s in range(seat):
        choices = sim._die_choices(s, 0)
        t.die[s] = choices[rng.randrange(len(choices))]
