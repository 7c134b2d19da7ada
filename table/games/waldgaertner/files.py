"""Reading Waldgärtner's card file from disk: the I/O half of ``table.games.waldgaertner.rules.cards``.

``load_cards()`` reads the reconstructed deck shipped in ``table/games/waldgaertner/rules/data/``;
``load_cards(PATH)`` reads another card file (e.g. one edited to match a printed deck).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from table.companion.datafile import load_data_file
from table.companion.gamedef import SampleGame, config_games
from table.engine.errors import DataError, Problem
from table.games.waldgaertner.rules.cards import CardSet, parse_cards
from table.games.waldgaertner.rules.position import deck_continents

CARD_FILE = "cards.toml"


def load_cards(path: str | Path | None = None) -> CardSet:
    """Load and validate a card file; ``None`` loads the default one. DataError (a ValueError)
    lists every problem, including a file that cannot be read. The file is read at every call
    (an edited file gives its new cards); the same text is parsed once (:func:`_parsed`)."""
    return load_data_file(path, package="table.games.waldgaertner.rules", shipped=CARD_FILE,
                          shipped_name=f"<default {CARD_FILE}>", parse=_parsed)


@lru_cache(maxsize=8)
def _parsed(text: str, name: str) -> CardSet:
    """:func:`parse_cards`, once per text and name: a card set is frozen, so every game may share
    it (each new game, demo game and pad read the shipped file: about 30 ms a parse)."""
    return parse_cards(text, name)


def deck_sets() -> dict[frozenset[str], str]:
    """Every set of continents a seat count plays with (the text's set-up ❷, ruling W3), with the
    seat counts that use it (``2 players (EU)``, …)."""
    out: dict[frozenset[str], list[str]] = {}
    for players in range(2, 8):
        for choice in ("EU", "NA"):
            conts = frozenset(deck_continents(players, choice))
            label = f"{players} players"
            if label not in out.setdefault(conts, []):
                out[conts].append(label)
    return {k: ", ".join(v) for k, v in out.items()}


def partner_problems(cards: CardSet, source: str = "cards.toml") -> list[Problem]:
    """Every cross-pollinator has a partner in every deck set a seat count uses: a game of 2
    players plays one continent's cards alone ("for 2 players, the European or American deck"),
    so a plant whose partner grows only on another continent would always bloom in vain there."""
    problems: list[Problem] = []
    for conts, who in sorted(deck_sets().items(), key=lambda kv: (len(kv[0]), sorted(kv[0]))):
        pool = [c for c in cards.cards if c.continent in conts]
        named: set[str] = set()
        for c in pool:
            if c.partner and c.name not in named and not any(o.pollinates(c) for o in pool):
                named.add(c.name)
                problems.append(Problem(source, f"{c.name}.partner",
                                        f"no {c.partner!r} partner in the {'+'.join(sorted(conts))} decks ({who}): it "
                                        "always blooms in vain there"))
    return problems


def check_file(path: str | None) -> str:
    """``check-data --game waldgaertner [FILE]``: the card file read and validated, and every
    cross-pollinator's partner in every deck set a seat count uses (:func:`partner_problems`); a
    summary line (a :class:`~table.engine.errors.DataError` lists every problem)."""
    cards = load_cards(path)
    problems = partner_problems(cards, str(path) if path else f"<default {CARD_FILE}>")
    if problems:
        raise DataError(problems)
    return f"{len(cards.cards)} cards, every cross-pollinator has a partner in every deck set ({len(deck_sets())})"


def sample_games() -> list[SampleGame]:
    """The set-ups the registry suite plays to the end (``tests/test_every_game.py``): two, five and
    seven seats on the shipped cards (tasks from three seats, no direct sale at five); each as
    (name, new state, replay)."""
    from table.games.waldgaertner import rules

    cards = load_cards()
    configs = [rules.Config(n, cards, tasks=n > 2, direct_sale=n != 5) for n in (2, 5, 7)]
    return config_games(rules, configs)
