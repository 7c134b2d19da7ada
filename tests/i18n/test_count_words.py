"""Issue 21, "Words": a count is said through ngettext — never "1 points", "1 cards", "1 steps" — and
German Undo is "Rückgängig", never "Zurück".

Every message of every part (read from the catalogues, which ``catalogs check`` keeps equal to the
source) is looked at: a plain message with a count placeholder right before a plural noun
(``{n} points``) is one a game can render as "1 points", unless that count is never 1 (the
allowed ones below, each with its reason). The fixed ones are rendered with 1 in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from table.i18n import using

LOCALE = Path(__file__).parents[2] / "table" / "i18n" / "locale"
NOUNS = ("points", "cards", "steps", "cubes", "tiles", "turns", "players", "dice", "rounds", "jokers", "apples",
         "blossoms", "areas", "games", "seats", "spaces", "plants", "coins", "batches", "trees", "pips", "times")
COUNT = re.compile(r"\{(?!seats?\})(\w+)\} (" + "|".join(NOUNS) + r")\b")
"""A count placeholder before a plural noun (``{seat} plants`` is a seat doing something: not a count)."""
NEVER_ONE = {
    ("{apples} apples", "an area of {apples} apples?"): "asked only from 10 apples up (PAD_TOTAL_LOOKING)",
    ("{pips} pips", "the app takes off the {pips} pips"): "FINAL_PIPS, 3",
    ("{players} players", "no board for {players} players"): "a seat count with no board: never solo (it has one)",
    ("{players} players", "this one has {players} players"): "said only when it is not solo",
    ("{turns} turns", "of {turns} turns as the bot"): "a whole game's turns",
    ("{cost} points", "cost {cost} points"): "a decimal (0.4 points), said from 0.05 up",
    ("{gain} points", "{gain} points better"): "a decimal (0.4 points), said from 0.05 up",
    ("{players} players", "Game started: {players} players"): "the solo game has its own line",
    ("{total} cards", "of {total} cards): which batch?"): "CARDS_PER_PLAYER",
    ("{n} players", "there are {n} players"): "Draft Cider's seat count, 2 to 6",
    ("{n} cards", "already has {n} cards"): "CARDS_PER_PLAYER",
    ("{players} players", "New game of Draft Cider"): "2 to 6 seats",
    ("{per} cards", "phases of {per} cards each"): "a phase deals at least 2",
    ("{players} players", "Draft Cider score pad"): "2 to 6 seats",
    ("{n} cards", "deal {n} cards to the centre"): "players × cards per phase",
    ("{n} times", "is on the pad {n} times"): "said when a card is there more often than the file holds (≥ 2)",
    ("{high} players", "for {low}-{high} players"): "the most seats",
    ("{size} bytes", "{size} bytes · no network"): "a QR code's size",
    ("{n} points", "finish at {n} points"): "the track's length",
    ("{finish} points", "finish at {finish} points"): "the track's length",
    ("{players} players", "Demo · game {n} · {players} players"): "the solo demo has its own title",
    ("{players} players", "{players} players, {steps} step"): "the module games: 2 seats or more",
    ("{n} players", "{n} players, round {round}"): "Waldgärtner: 2 to 4 seats",
    ("{n} players", "New game of Waldgärtner: {n} players"): "Waldgärtner: 2 to 4 seats",
    ("{n} players", "Waldgärtner score pad: {n} players"): "Waldgärtner: 2 to 4 seats",
    ("{have} plants", "is full: {have} plants"): "a full row holds its capacity, 2 or more",
    ("{most} dice", "0 to {most} dice"): "MAX_DICE",
    ("{players} players", "New game of Zankapfel: {players} players"): "3 to 6 seats",
    ("{n} cards", "more than {n} cards beyond the deck file"): "MAX_GROWTH",
    ("{finish} points", "Zankapfel setup"): "the track's length",
}


def messages() -> list[tuple[str, object]]:
    """(part, msgid) of every message: a plain one's text, an ngettext one's (singular, plural)."""
    out = []
    for po in sorted((LOCALE / "de" / "LC_MESSAGES").glob("*.po")):
        with open(po, "rb") as f:
            out += [(po.stem, m.id) for m in read_po(f) if m.id]
    return out


def allowed(match: str, text: str) -> bool:
    return any(match == m and where in text for m, where in NEVER_ONE)


def test_no_plain_message_says_a_count_that_can_be_1_in_the_plural():
    found = [(part, m.group(0), text) for part, text in messages() if isinstance(text, str)
             for m in COUNT.finditer(text) if not allowed(m.group(0), text)]
    assert not found, "\n".join(f"{part}: {word!r} in {text[:90]!r} — use ngettext" for part, word, text in found)


def test_the_singular_of_every_ngettext_message_says_its_count_in_the_singular():
    found = [(part, m.group(0), one) for part, ids in messages() if isinstance(ids, tuple)
             for one in ids[:1] for m in COUNT.finditer(one) if not allowed(m.group(0), one)]
    assert not found, found


@pytest.mark.parametrize(("lang", "point", "step"), [("en", "1 point", "1 step"), ("de", "1 Punkt", "1 Schritt"),
                                                     ("fr", "1 point", "1 étape"), ("ja", "1点", "1手順")])
def test_the_fixed_counts_render_with_1_in_every_language(lang, point, step):
    from table.i18n import ngettext

    with using(lang):
        row = ngettext("{seat}: {n} point", "{seat}: {n} points", 1).format(seat="Ana", n=1)
        steps = ngettext("{players} players, {steps} step; next: {next}",
                         "{players} players, {steps} steps; next: {next}", 1).format(players=3, steps=1, next="…")
    assert point in row and step in steps, (row, steps)
    plural_word = {"en": "points", "de": "Punkte", "fr": "points"}.get(lang)
    assert plural_word is None or f"1 {plural_word}" not in row


def test_german_undo_is_rueckgaengig_never_zurueck():
    """The lid's UNDO in German, wherever a message names it: "Rückgängig" (the Back button stays "Zurück";
    "zurück" as a verb's particle — "nimmt zurück", "holt sie zurück" — is no name of the button)."""
    button = re.compile(r"\bundo\b(?! back)|\bUNDO\b|\bUndo\b")
    named = re.compile(r"ZURÜCK|\bZurück\b|\bzurück zu[mr]?\b")
    bad = []
    for po in sorted((LOCALE / "de" / "LC_MESSAGES").glob("*.po")):
        with open(po, "rb") as f:
            for m in read_po(f):
                ids = m.id if isinstance(m.id, tuple) else (m.id,)
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                if m.id and any(button.search(i) for i in ids) and any(
                        named.search(s) for s in strings):
                    bad.append((po.stem, ids[0][:70], strings[0][:70]))
    assert not bad, bad
