"""A Waldgärtner card set written back as a card file's TOML text: what a game whose cards changed
at the table (an unknown card, the box's extra copy) records, so its record replays."""

from __future__ import annotations

import json

from table.games.waldgaertner.rules import CardSet
from table.games.waldgaertner.rules.cards import Card


def _flag(value: bool) -> str:
    return "true" if value else "false"


def cards_toml(base: CardSet, cards: tuple[Card, ...], *, box_differs: bool = False) -> str:
    """A card file's TOML text for ``cards`` (one ``[[card]]`` each, in id order) with ``base``'s
    deck name and tasks: what a game with an unknown card records, so its record replays.
    ``box_differs``: the table's box was found to hold other counts than the rules' overview
    (kept once set)."""
    q = json.dumps  # a JSON string is a TOML basic string
    differs = box_differs or "box_differs = true" in base.text.split("[[", 1)[0]
    out = [f"[deck]\nname = {q(base.name)}\n" + ("box_differs = true\n" if differs else "")]
    for c in cards:
        lines = ["[[card]]", f"name = {q(c.name)}", f"common = {q(c.common)}", f"german = {q(c.german)}",
                 f"continent = {q(c.continent)}", f"size = {c.size}", f"sex = {q(c.sex)}", f"value = {c.value}",
                 f"flower = {q(c.flower)}", f"flowering = {c.flowering}", f"leaf = {_flag(c.leaf)}",
                 f"nitrogen = {_flag(c.nitrogen)}"]
        if c.bonus:
            lines.append(f"bonus = {c.bonus}")
        if not c.male:
            lines += [f"fruit = {q(c.fruit)}", f"harvest = {c.harvest}"]
        if c.partner:
            lines.append(f"partner = {q(c.partner)}")
        out.append("\n".join(lines) + "\n")
    for t in base.tasks:
        lines = ["[[task]]", f"name = {q(t.name)}", f"sizes = {list(t.sizes)}", f"fruits = {q(list(t.fruits))}",
                 f"nitrogen = {_flag(t.nitrogen)}", f"leaf = {_flag(t.leaf)}", f"cross = {_flag(t.cross)}"]
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)
