"""The text demo's words: in English what it printed from the engine's text before, but with the
house's one style for seats (``○ Circle``, not the engine's ``seat 1 ○``; issue 21) and no raw list
(``starting honey 16, 20``, not ``[16, 20]``), and a whole seeded game in German and Japanese with no
English sentence left."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from table.games.applejack.bots.demo import demo_steps, event_lines, run_text_demo, step_lines
from table.games.applejack.files import load_dataset
from table.games.applejack.labels import seat_label
from table.games.applejack.rules.data import DataSet
from table.games.applejack.rules.events import (
    BlossomScoring,
    Event,
    FinalScore,
    GameStarted,
    Harvest,
    RefillNeeded,
    TileDrawn,
    TileFlipped,
    TilePaid,
    TilePlaced,
    TileTaken,
    Winners,
)
from table.games.applejack.rules.scoring import solo_verdict
from table.i18n import using

DATA = load_dataset()
GAMES = [(1, 3), (2, 5), (4, 7)]  # (players, seed)


# --- the demo's English lines as they were made from the engine's text (a private copy) -------

_SEAT = re.compile(r"\bseat (\d) [○△□☆]")


def _house(text: str) -> str:
    """The engine's ``seat 2 △`` in the house's style (``△ Triangle``), its honey lists as numbers."""
    text = _SEAT.sub(lambda m: seat_label(int(m.group(1)) - 1), text)
    return re.sub(r"starting honey \[([\d, ]+)\]", r"starting honey \1", text)


def _old_tile_text(data: DataSet, tile: int) -> str:
    t = data.tile(tile)
    parts = [" + ".join(f"{n} {data.varieties[v].name}" for v, n in t.apples)] if t.apples else []
    if t.blossoms:
        parts.append(f"{t.blossoms} blossom{'s' if t.blossoms > 1 else ''}")
    parts.append(f"price {t.price}")
    return f"#{tile} ({', '.join(parts)})"


def _old_payouts(p: Sequence[int] | None) -> str:
    if p is None:
        return ""
    return ", ".join(f"{seat_label(s)} +{h}" for s, h in enumerate(p))


def _old_event_lines(data: DataSet, ev: Event, names: Sequence[str] = ()) -> list[str]:
    return [_house(line) for line in _engine_lines(data, ev, names)]


def _engine_lines(data: DataSet, ev: Event, names: Sequence[str] = ()) -> list[str]:
    if isinstance(ev, TileDrawn):
        return []
    if isinstance(ev, GameStarted):
        who = ", ".join(f"{seat_label(s)}: {names[s]}" for s in range(len(names))) if names else ""
        return [_house(f"{ev}") + (f" — {who}" if who else "")]
    if isinstance(ev, TileTaken) and ev.tile is not None:
        return [str(ev).replace(f"tile {ev.tile}", _old_tile_text(data, ev.tile))]
    if isinstance(ev, TilePaid | TilePlaced | TileFlipped):
        return [str(ev).replace(f"tile {ev.tile}", f"#{ev.tile}")]
    if isinstance(ev, Harvest):
        name = data.varieties[ev.variety].name
        line = f"HARVEST {name} (die {ev.pips}): every {name} area pays apples − {ev.pips}"
        if ev.payouts is not None:
            line += f" → {_old_payouts(ev.payouts)}"
        return [line]
    if isinstance(ev, BlossomScoring):
        line = f"BLOSSOM SCORING ×{ev.times}"
        if ev.payouts is not None:
            line += f" → {_old_payouts(ev.payouts)}"
        return [line]
    if isinstance(ev, FinalScore):
        line = str(ev) + (f" ({names[ev.seat]})" if ev.seat < len(names) else "")
        return [line, f"Solo result: {solo_verdict(ev.total)}"] if len(names) == 1 else [line]
    if isinstance(ev, Winners):
        return [] if len(names) == 1 else [str(ev)]
    return [str(ev)]


def _old_step_lines(data: DataSet, step) -> list[str]:
    out: list[str] = []
    if step.action == "setup":
        out.append(f"=== Game {step.game} (seed {step.seed}) ===")
    for ev in step.events:
        out += _old_event_lines(data, ev, step.names)
    if step.seat is None and step.action != "setup":
        drawn = [e for e in step.events if isinstance(e, TileDrawn)]
        if drawn and drawn[0].to == "hand":
            out.append(f"    drawn blind: {_old_tile_text(data, drawn[0].tile)}")
    return out


def game_lines(players: int, seed: int, lang: str = "en") -> list[str]:
    with using(lang):
        return [line for step in demo_steps(DATA, games=1, players=players, seed=seed)
                for line in step_lines(DATA, step)]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_english_lines_are_exactly_the_engine_text_versions(players, seed):
    kinds: set[str] = set()
    lines = 0
    with using("en"):
        for step in demo_steps(DATA, games=1, players=players, seed=seed):
            assert step_lines(DATA, step) == _old_step_lines(DATA, step), step.action
            kinds |= {ev.kind for ev in step.events}
            lines += len(step_lines(DATA, step))
    assert lines > 60
    assert {"game_started", "turn_started", "tile_taken", "tile_placed", "harvest", "game_ended",
            "final_score"} <= kinds


def test_every_other_event_in_english_is_the_engine_text():
    """Events the seeded games may not reach: the middle space, a short refill, stocking, ties."""
    from table.games.applejack.rules.events import (
        CottageStocked,
        DieMoved,
        GameEnded,
        LoopStarted,
        MiddleReached,
        TurnStarted,
    )

    samples: list[Event] = [
        MiddleReached(4, 0), MiddleReached(4, 1), MiddleReached(6, 3),
        RefillNeeded((1, 2, 3), 3), RefillNeeded((4, 1), 1), RefillNeeded((2, 3), 5, middle=True),
        RefillNeeded((2, 3), 2, middle=True),
        CottageStocked(1, "trough", 3, 12), CottageStocked(2, "supply", None, None),
        DieMoved(3, 4, 2), LoopStarted(2, 2), GameEnded(1), GameEnded(31),
        TurnStarted(5, 0, 19, 3, (), True, True), TurnStarted(5, 2, 7, 2, (3, 4), False, True),
        TileTaken(0, "blind", None, None), TileTaken(1, "cottage", None, 5), TileTaken(3, "middle", None, 9),
        TilePlaced(1, 7, 3, 0, True, (2, 1)), BlossomScoring(2), Harvest(3, 2),
        FinalScore(0, 10, 20, 1, 3, 4, 5, 32), Winners((0, 2)), Winners((1,)),
    ]
    with using("en"):
        for names in ((), ("strong",), ("greedy", "random", "strong", "greedy")):
            for ev in samples:
                assert event_lines(DATA, ev, names) == _old_event_lines(DATA, ev, names), ev


def test_an_unknown_event_type_is_printed_as_the_engine_says_it():
    from dataclasses import dataclass

    @dataclass(frozen=True, slots=True)
    class Novel(Event):
        kind = "novel"

        def __str__(self) -> str:
            return "something new happens"

    with using("de"):
        assert event_lines(DATA, Novel()) == ["something new happens"]


# --- other languages ------------------------------------------------------------------------

# words only an English line of the demo has
ENGLISH = re.compile(r"\b(HARVEST|BLOSSOM|REFILL|GAME OVER|Game started|Turn|takes|pays|places|puts|honey|"
                     r"space|troughs?|seat|blossoms?|price|harvest|varieties|variety|Winner|Solo result|"
                     r"pasture|beehive|supply|Loop|board|drawn|Game)\b")


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ("Spielbeginn", "Zug ", "○ Kreis", "ERNTE", "Honig", "Trog", "Plättchen", "Preis", "SPIELENDE", "Sieg")),
    ("ja", ("ゲーム開始", "手番", "○ 丸", "収穫", "ハチミツ", "谷", "タイル", "値段", "ゲーム終了", "勝者")),
    ("fr", ("Début de partie", "Tour ", "○ Cercle", "RÉCOLTE", "miel", "auge", "tuile", "prix", "FIN DE PARTIE")),
])
def test_a_whole_game_in_another_language_has_no_english_line(lang, words):
    lines = game_lines(4, 7, lang) + game_lines(1, 3, lang)
    text = "\n".join(lines)
    for word in words:
        assert word in text, word
    leftovers = [line for line in lines if ENGLISH.search(line)]
    assert not leftovers, leftovers[:5]


def test_solo_result_and_variety_names_are_translated():
    lines = game_lines(1, 3, "de")
    assert any(line.startswith("Solo-Ergebnis: ") and "Honig" in line for line in lines)
    assert any(re.search(r"ERNTE (Braun|Orange|Hellgrün|Rot|Rosa|Lila|Gelb)\b", line) for line in lines)


def test_run_text_demo_speaks_the_language_in_force_and_leaves_it():
    lines: list[str] = []
    with using("ja"):
        run_text_demo(DATA, lines.append, games=1, players=2, seed=1, sleep=lambda _s: None)
    assert any("ゲーム開始" in line for line in lines)
    lines.clear()
    run_text_demo(DATA, lines.append, games=1, players=2, seed=1, language="fr", sleep=lambda _s: None)
    assert any("Début de partie" in line for line in lines)
    from table.i18n import current_language

    assert current_language() == "en"


def test_the_demo_command_prints_german_from_the_environment():
    exe = Path(sys.executable).with_name("applejack-table")
    env = {**os.environ, "APPLEJACK_LANGUAGE": "de"}
    out = subprocess.run([str(exe), "demo", "--text", "--games", "1", "--players", "2", "--pace", "0"],
                         env=env, capture_output=True, text=True, timeout=120, check=True).stdout
    assert "Spielbeginn: 2 Spieler" in out and "SPIELENDE" in out and "Sieg: " in out
    assert "HARVEST" not in out and " takes " not in out and "honey" not in out and "Turn " not in out
