"""The cards the table keeps hidden, and how the companion follows the box rather than its file.

**Hidden cards.** A card drawn into a hand (a draw, a bonus draw, a search of a deck) is seen by
its holder only. The table says ``drawn`` (or ``kept``) and the companion fills the engine's chance
action with a *placeholder*: some card the deck could have given. The history positions of those
placeholder chance actions are the companion's ``secret`` set; their identity means nothing to the
table and is never shown. When the table shows a card — the holder plays it, a deck turns it up —
and the engine holds another placeholder there, the two card ids are swapped through the whole
history (:func:`swap_cards`): every place they occupy was hidden, so the swapped history is as
true as the first. A card the table plays is *public* from then on (:func:`public_cards`).

**The table is the truth.** When no swap can put the card shown where the table has it (the box
holds more of it than the file, or it comes from a deck of another continent), a copy of it joins
the game's card set with a new id (:func:`with_card`; swapped with a hidden card there when the
deck or hand needs it): the card set the game records says so (``[deck] box_differs``), the
companion says once, in one line, how the box differs, and play goes on. No card of the file is
lost to a copy, so the file's other cards still come when the table shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from table.engine.events import Event
from table.games.waldgaertner.cardtext import cards_toml
from table.games.waldgaertner.rules import CardSet, State, new_game
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules import events as E
from table.games.waldgaertner.rules.cards import Card, parse_cards
from table.games.waldgaertner.setup import WSetup

_PUBLIC = (E.CardRevealed, E.CardTaken, E.CardSold, E.CardPlanted, E.DirectSale)
"""The events that show their card to everyone at the table (a draw from the discard pile too)."""


def card_in(action: int) -> int:
    """The card id an action names (chance, choose, sell, offer, plant), -1 for none."""
    if A.CARD <= action < A.CARD + A.CARDS:
        return action - A.CARD
    if A.CHOOSE <= action < A.OFFER:
        return (action - A.CHOOSE) % A.CARDS
    if A.OFFER <= action < A.PLANT:
        return (action - A.OFFER) // 8
    if A.PLANT <= action < A.END:
        return (action - A.PLANT) // 64
    return -1


def _renamed(action: int, cid: int) -> int:
    """``action`` naming card ``cid`` instead of its own."""
    old = card_in(action)
    if A.CARD <= action < A.CARD + A.CARDS:
        return A.CARD + cid
    if A.CHOOSE <= action < A.OFFER:
        return action - old + cid
    if A.OFFER <= action < A.PLANT:
        return action + 8 * (cid - old)
    return action + 64 * (cid - old)


def swap_cards(history: Iterable[int], a: int, b: int) -> list[int]:
    """The history with card ids ``a`` and ``b`` exchanged in every action naming one of them."""
    out = []
    for act in history:
        c = card_in(act)
        out.append(_renamed(act, b) if c == a else _renamed(act, a) if c == b else act)
    return out


def public_cards(events: Iterable[Event]) -> set[int]:
    """Every card the table has seen face up: turned, taken, sold, planted, sold directly, drawn
    from the discard pile."""
    out: set[int] = set()
    for ev in events:
        if isinstance(ev, _PUBLIC) or (isinstance(ev, E.CardDrawn) and ev.card >= 0):
            out.add(ev.card)
    return out


def hidden_held(e: State, seat: int, shown: set[int] | None = None) -> list[int]:
    """The cards ``seat`` holds that the table has not seen (its own secret); ``shown``: the
    :func:`public_cards` of ``e`` when already known (a scan of every event spared)."""
    shown = public_cards(e.events) if shown is None else shown
    return [c for c in (e.hand(seat), e.pending(seat)) if c >= 0 and c not in shown]


def secret_cards(e: State, secret: frozenset[int]) -> set[int]:
    """The card ids standing at the placeholder positions ``secret`` of the history."""
    return {card_in(e.history[i]) for i in secret if i < len(e.history)}


def rebuilt(setup: WSetup, cards: CardSet, history: Iterable[int]) -> State:
    """The game on ``cards`` with the actions ``history`` (IllegalActionError if one does not apply)."""
    st = new_game(setup.config(cards))
    for a in history:
        st.apply(a)
    return st


def _seen_cards(e: State, secret: frozenset[int]) -> set[int]:
    """The cards the table has seen somewhere: public ones and those at a chance position that is
    no placeholder."""
    seen = public_cards(e.events)
    seen |= {a - A.CARD for i, a in enumerate(e.history) if A.CARD <= a < A.CARD + A.CARDS and i not in secret}
    return seen


def _only_hidden(e: State, secret: frozenset[int], cid: int, seen: set[int] | None = None) -> bool:
    """Whether every place card ``cid`` occupies in the history is a placeholder (or it has none)."""
    return cid not in (seen if seen is not None else _seen_cards(e, secret))


def swapped_in(e: State, setup: WSetup, secret: frozenset[int], cid: int, spots: list[int],
               fits: Callable[[State], bool]) -> State | None:
    """The game with card ``cid`` swapped with one of the hidden cards ``spots`` so that ``fits(state)``
    holds; None when no swap does (``cid`` is public, of another continent, …)."""
    seen = _seen_cards(e, secret)
    if not 0 <= cid < len(e.cards) or not _only_hidden(e, secret, cid, seen):
        return None
    cont = e.card(cid).continent
    for y in sorted(spots, key=lambda y: (e.card(y).size != e.card(cid).size, y)):
        if y == cid or e.card(y).continent != cont or not _only_hidden(e, secret, y, seen):
            continue
        try:
            st = rebuilt(setup, e.config.cards, swap_cards(e.history, cid, y))
        except ValueError:
            continue
        if fits(st):
            return st
    return None


def with_card(e: State, setup: WSetup, secret: frozenset[int], card: Card, spots: list[int],
              fits: Callable[[State], bool]) -> State | None:
    """The game with ``card`` added to its card set (a new id after the others, in its continent's
    unseen pool; the set marked ``box_differs``), swapped with one of the hidden cards ``spots`` if
    ``fits(state)`` needs it; None when no way fits (or the ids are used up). DataError when the
    card itself is not one the rules can use."""
    if card.id != len(e.cards) or card.id >= A.CARDS:
        return None
    new = parse_cards(cards_toml(e.config.cards, (*e.cards, card), box_differs=True), "the box")
    st = rebuilt(setup, new, e.history)
    if fits(st):
        return st
    seen = _seen_cards(e, secret)
    for y in spots:
        if not _only_hidden(e, secret, y, seen):
            continue
        try:
            st = rebuilt(setup, new, swap_cards(e.history, card.id, y))
        except ValueError:
            continue
        if fits(st):
            return st
    return None


def _chance_cards(e: State) -> list[int]:
    """The cards the chance node now may give, placeholders first (cards the table never saw)."""
    return sorted({card_in(a) for a in e.legal_actions()})


def placeholder(e: State, secret: frozenset[int]) -> int:
    """The card a hidden draw is filled with: one the table has not seen (the deck's unseen pool
    or a placeholder put back), the lowest id; else the lowest the deck may give."""
    cards = _chance_cards(e)
    unseen = set(e.t.pools.get(e.decks[e.t.jobs[0][2]], ())) | secret_cards(e, secret)
    return next((c for c in cards if c in unseen), cards[0])


def box_line(c: Card, deck: str) -> str:
    """How the box differs from the file, in one line (``c``: the card shown, as the file has it)."""
    from table.games.waldgaertner.words import card_label  # words reads the engine only
    from table.i18n import _

    if c.continent != deck:
        return _("the box differs from the file: {card} is in a {deck} deck (the file has it in {continent}); "
                 "play goes on").format(card=card_label(c), deck=deck, continent=c.continent)
    return _("the box differs from the file: one more {card} than the file has; play goes on").format(
        card=card_label(c))


def shown_in_hand(e: State, setup: WSetup, secret: frozenset[int], seat: int,
                  shown: Card) -> tuple[State, int, str]:
    """The table shows that ``seat`` holds card ``shown`` (as the file has it; it plays it): the game
    where it does, the id it has there, and the line saying how the box differs ("" if it does
    not)."""
    cid = shown.id
    held = [c for c in (e.hand(seat), e.pending(seat)) if c >= 0]
    if cid in held and e.card(cid).name == shown.name:
        return e, cid, ""
    hidden = secret_cards(e, secret)
    spots = [c for c in held if c in hidden]
    st = swapped_in(e, setup, secret, cid, spots, lambda s: cid in (s.hand(seat), s.pending(seat))) \
        if e.card(cid).name == shown.name else None
    if st is not None:
        return st, cid, ""
    new = len(e.cards)
    cont = e.card(spots[0]).continent if spots else shown.continent
    st = with_card(e, setup, secret, replace(shown, id=new, continent=cont), spots,
                   lambda s: new in (s.hand(seat), s.pending(seat)))
    if st is None:
        return e, cid, ""
    return st, new, box_line(shown, cont)


def shown_from_deck(e: State, setup: WSetup, secret: frozenset[int], deck: int,
                    shown: Card) -> tuple[State, int, str]:
    """The table turns or draws card ``shown`` (as the file has it) from ``deck`` (0-based) now: the
    game where the deck can give it, the id it has there, and the line saying how the box differs
    ("" when it does not)."""
    cid = shown.id
    same = e.card(cid).name == shown.name
    if same and A.CARD + cid in e.legal_actions():
        return e, cid, ""
    hidden = secret_cards(e, secret)
    pool = e.t.pools[e.decks[deck]] if e.t.unknown[deck] or e.step == "sdeal" else []
    spots = [c for c in e.t.known[deck] if c in hidden] + list(pool)
    st = swapped_in(e, setup, secret, cid, spots, lambda s: A.CARD + cid in s.legal_actions()) if same else None
    if st is not None:
        return st, cid, ""
    new = len(e.cards)
    st = with_card(e, setup, secret, replace(shown, id=new, continent=e.decks[deck]),
                   [c for c in e.t.known[deck] if c in hidden], lambda s: A.CARD + new in s.legal_actions())
    if st is None:
        return e, cid, ""
    return st, new, box_line(shown, e.decks[deck])
