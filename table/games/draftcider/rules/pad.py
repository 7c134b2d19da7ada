"""Draft Cider's score pad: what players read off their orchards (JSON data) → points and winners.

Input (any JSON-decoded value; everything is checked, nothing trusted)::

    {"players": [{"name": "Ada",
                  "batches": {"monochrome": [CARD, ...], "feather": [...], "special": [...],
                              "unlucky": [...], "fortepiano": [...], "sweet": [...],
                              "steady": [...], "bad": [...]}}],
     "easy": false}

CARD is ``{"colour": "green|gold|red", "height": 1-5, "sweetness": 1-5}``; each batch lists its
cards in the order they were played (the order matters for Feather, Fortepiano, Sweet Couple
and Steady Height). A missing batch is empty; ``easy`` (optional) is the easy mode of the Bad
batch (D14). 2-6 players (D2), at most 12 cards each.

Output (:meth:`PadResult.to_dict`)::

    {"players": [{"name": "Ada", "batches": {"monochrome": 6, ...}, "total": 57}], "winners": ["Ada"]}

A card that breaks its batch's placement rule is a :class:`ScorePadError` naming the player,
the batch and the card — never silently zero. Unlucky off 13 is not an error: the rule itself
says it scores 0. The Special tree's rule across batches depends on the order of play, which
the pad does not hold, so a clash scores the penalty (D10). With ``deck`` given, a card on the pad
more often than the deck holds it — the printed box differs from our file — is scored as entered
and listed once in :attr:`PadResult.beyond_deck` (the table is the truth, D16).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from table.engine.errors import ScorePadError, short_repr
from table.games.draftcider.rules.cards import Card, CardError
from table.games.draftcider.rules.scoring import BATCHES, CARDS_PER_PLAYER, Score, batch_problem, score_orchard, winners

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_NAME = 40
PAD_KEYS = ("players", "easy")
PLAYER_KEYS = ("name", "batches")


@dataclass(frozen=True)
class BeyondDeck:
    """A card on the pad ``on_pad`` times that the deck holds only ``held`` times (0: the deck
    lacks it); ``players`` names each player who has one, once, in pad order."""

    card: Card
    on_pad: int
    held: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class PadResult:
    """Names, each player's :class:`Score`, and the winners' names (ties: several); with a deck
    given, the cards the pad holds beyond it (``beyond_deck``, each card once)."""

    names: tuple[str, ...]
    scores: tuple[Score, ...]
    winners: tuple[str, ...]
    beyond_deck: tuple[BeyondDeck, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"players": [{"name": n, **s.to_dict()} for n, s in zip(self.names, self.scores, strict=True)],
                "winners": list(self.winners)}


def _card_where(where: str, batch: str, i: int, card: Card | None = None) -> str:
    return f"{where}, batch {batch}, card {i}" + (f" ({card})" if card is not None else "")


class _Deck:
    """With a deck given: how often each card is on the pad and who has one (each name once)."""

    def __init__(self, deck: Sequence[Card] | None) -> None:
        self.held = Counter(deck) if deck is not None else None
        self.on_pad: Counter[Card] = Counter()
        self.players: dict[Card, list[str]] = {}

    def take(self, card: Card, name: str) -> None:
        self.on_pad[card] += 1
        names = self.players.setdefault(card, [])
        if name not in names:
            names.append(name)

    def beyond(self) -> tuple[BeyondDeck, ...]:
        """The cards on the pad more often than the deck holds them, in the order first seen."""
        if self.held is None:
            return ()
        return tuple(BeyondDeck(card, n, self.held[card], tuple(self.players[card]))
                     for card, n in self.on_pad.items() if n > self.held[card])


def _check_keys(d: dict[Any, Any], known: tuple[str, ...], before: str, after: str = "") -> None:
    for key in d:
        if key not in known:
            raise ScorePadError(f"{before}unknown key {short_repr(key)}{after} (known: {', '.join(known)})")


def _pad_header(pad: Any) -> tuple[bool, list[Any]]:
    """The pad's ``easy`` flag and its list of players, checked."""
    if not isinstance(pad, dict):
        raise ScorePadError('the pad must be an object {"players": [...]}')
    _check_keys(pad, PAD_KEYS, "", " in the pad")
    easy = pad.get("easy", False)
    if not isinstance(easy, bool):
        raise ScorePadError(f'"easy" must be true or false, got {short_repr(easy)}')
    players = pad.get("players")
    if not isinstance(players, list) or not players:
        raise ScorePadError('"players" must be a non-empty list')
    if len(players) > MAX_PLAYERS:
        raise ScorePadError(f"{len(players)} players; Draft Cider has at most {MAX_PLAYERS}")
    return easy, players


def _player_name(i: int, p: Any, names: list[str]) -> str:
    where = f"player {i}"
    if not isinstance(p, dict):
        raise ScorePadError(f'{where} must be an object {{"name": ..., "batches": {{...}}}}')
    _check_keys(p, PLAYER_KEYS, f"{where}: ")
    name = p.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise ScorePadError(f"{where}: name must be a non-empty string of at most {MAX_NAME} characters")
    if name in names:
        raise ScorePadError(f"{where}: the name {name!r} is used twice; player names must differ")
    return name


def _batch(orchard: list[list[Card]], b: int, cards: list[Any], name: str, where: str, deck: _Deck) -> None:
    """Play a batch's cards into ``orchard[b]`` in order, each checked."""
    batch_name = BATCHES[b]
    for j, raw_card in enumerate(cards, start=1):
        try:
            card = Card.from_dict(raw_card)
        except CardError as exc:
            raise ScorePadError(f"{_card_where(where, batch_name, j)}: {exc}") from None
        problem = batch_problem(b, orchard[b], card)
        if problem:
            raise ScorePadError(f"{_card_where(where, batch_name, j, card)}: {problem}")
        deck.take(card, name)
        orchard[b].append(card)


def _orchard(raw: Any, name: str, deck: _Deck) -> list[list[Card]]:
    """The player's batches read into an orchard."""
    where = f"player {name!r}"
    if not isinstance(raw, dict):
        raise ScorePadError(f"{where}: batches must be an object mapping a batch name to its cards")
    orchard: list[list[Card]] = [[] for _ in BATCHES]
    count = 0
    for batch_name, cards in raw.items():
        if batch_name not in BATCHES:
            raise ScorePadError(f"{where}: unknown batch {short_repr(batch_name)} (known: {', '.join(BATCHES)})")
        if not isinstance(cards, list):
            raise ScorePadError(f"{where}, batch {batch_name}: must be a list of cards in the order played")
        if count + len(cards) > CARDS_PER_PLAYER:
            raise ScorePadError(f"{where}: more than {CARDS_PER_PLAYER} cards (each player plays 12)")
        _batch(orchard, BATCHES.index(batch_name), cards, name, where, deck)
        count += len(cards)
    return orchard


def score_pad(pad: Any, deck: Sequence[Card] | None = None) -> PadResult:
    """Score a pad (see the module text); raises :class:`ScorePadError` with one clear line."""
    easy, players = _pad_header(pad)
    names: list[str] = []
    orchards: list[list[list[Card]]] = []
    left = _Deck(deck)
    for i, p in enumerate(players, start=1):
        name = _player_name(i, p, names)
        orchards.append(_orchard(p.get("batches"), name, left))
        names.append(name)
    if len(names) < MIN_PLAYERS:
        raise ScorePadError(f"{len(names)} player; Draft Cider is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
    scores = tuple(score_orchard(o, easy=easy) for o in orchards)
    best = winners([s.total for s in scores])
    return PadResult(tuple(names), scores, tuple(names[i] for i in best), left.beyond())
