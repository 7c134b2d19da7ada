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
batch (D14). At most 6 players, 12 cards each.

Output (:meth:`PadResult.to_dict`)::

    {"players": [{"name": "Ada", "batches": {"monochrome": 6, ...}, "total": 57}], "winners": ["Ada"]}

A card that breaks its batch's placement rule is a :class:`ScorePadError` naming the player,
the batch and the card — never silently zero. Unlucky off 13 is not an error: the rule itself
says it scores 0. The Special tree's rule across batches depends on the order of play, which
the pad does not hold, so a clash scores the penalty (D10). With ``deck`` given, no card may be
played more often than the deck holds it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from table.engine.errors import ScorePadError
from table.games.draftcider.rules.cards import Card, CardError, safe_repr
from table.games.draftcider.rules.scoring import BATCHES, CARDS_PER_PLAYER, Score, batch_problem, score_orchard, winners

MAX_PLAYERS = 6
MAX_NAME = 40
PAD_KEYS = ("players", "easy")
PLAYER_KEYS = ("name", "batches")


@dataclass(frozen=True)
class PadResult:
    """Names, each player's :class:`Score`, and the winners' names (ties: several)."""

    names: tuple[str, ...]
    scores: tuple[Score, ...]
    winners: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"players": [{"name": n, **s.to_dict()} for n, s in zip(self.names, self.scores, strict=True)],
                "winners": list(self.winners)}


def _card_where(where: str, batch: str, i: int, card: Card | None = None) -> str:
    return f"{where}, batch {batch}, card {i}" + (f" ({card})" if card is not None else "")


def score_pad(pad: Any, deck: Sequence[Card] | None = None) -> PadResult:
    """Score a pad (see the module text); raises :class:`ScorePadError` with one clear line."""
    if not isinstance(pad, dict):
        raise ScorePadError('the pad must be an object {"players": [...]}')
    for key in pad:
        if key not in PAD_KEYS:
            raise ScorePadError(f"unknown key {safe_repr(key)} in the pad (known: {', '.join(PAD_KEYS)})")
    easy = pad.get("easy", False)
    if not isinstance(easy, bool):
        raise ScorePadError(f'"easy" must be true or false, got {safe_repr(easy)}')
    players = pad.get("players")
    if not isinstance(players, list) or not players:
        raise ScorePadError('"players" must be a non-empty list')
    if len(players) > MAX_PLAYERS:
        raise ScorePadError(f"{len(players)} players; Draft Cider has at most {MAX_PLAYERS}")
    names: list[str] = []
    orchards: list[list[list[Card]]] = []
    available = Counter(deck) if deck is not None else None
    played_by: dict[Card, str] = {}
    for i, p in enumerate(players, start=1):
        where = f"player {i}"
        if not isinstance(p, dict):
            raise ScorePadError(f'{where} must be an object {{"name": ..., "batches": {{...}}}}')
        for key in p:
            if key not in PLAYER_KEYS:
                raise ScorePadError(f"{where}: unknown key {safe_repr(key)} (known: {', '.join(PLAYER_KEYS)})")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise ScorePadError(f"{where}: name must be a non-empty string of at most {MAX_NAME} characters")
        if name in names:
            raise ScorePadError(f"{where}: the name {name!r} is used twice; player names must differ")
        where = f"player {name!r}"
        raw = p.get("batches")
        if not isinstance(raw, dict):
            raise ScorePadError(f"{where}: batches must be an object mapping a batch name to its cards")
        orchard: list[list[Card]] = [[] for _ in BATCHES]
        count = 0
        for batch_name, cards in raw.items():
            if batch_name not in BATCHES:
                raise ScorePadError(f"{where}: unknown batch {safe_repr(batch_name)} (known: {', '.join(BATCHES)})")
            b = BATCHES.index(batch_name)
            if not isinstance(cards, list):
                raise ScorePadError(f"{where}, batch {batch_name}: must be a list of cards in the order played")
            if count + len(cards) > CARDS_PER_PLAYER:
                raise ScorePadError(f"{where}: more than {CARDS_PER_PLAYER} cards (each player plays 12)")
            for j, raw_card in enumerate(cards, start=1):
                try:
                    card = Card.from_dict(raw_card)
                except CardError as exc:
                    raise ScorePadError(f"{_card_where(where, batch_name, j)}: {exc}") from None
                problem = batch_problem(b, orchard[b], card)
                if problem:
                    raise ScorePadError(f"{_card_where(where, batch_name, j, card)}: {problem}")
                if available is not None:
                    if available[card] <= 0:
                        held = sum(1 for c in deck or () if c == card)
                        by = f" (also played by {played_by[card]!r})" if card in played_by else ""
                        raise ScorePadError(f"{_card_where(where, batch_name, j, card)}: the deck holds "
                                            f"{held} such card(s){by}")
                    available[card] -= 1
                    played_by.setdefault(card, name)
                orchard[b].append(card)
            count += len(cards)
        names.append(name)
        orchards.append(orchard)
    scores = tuple(score_orchard(o, easy=easy) for o in orchards)
    best = winners([s.total for s in scores])
    return PadResult(tuple(names), scores, tuple(names[i] for i in best))
