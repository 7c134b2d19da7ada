"""Draft Cider at the table when the printed box differs from our deck file (issue 20: the table is
the truth). A card the file lacks, or one more of a card than the file lists, is recorded, said
once in one line, and the game goes on to its end — live and on the end-only score pad."""

from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.rules import Card, replay
from table.games.draftcider.rules.game import STANDARD_DECK
from table.games.draftcider.script import pad_script, table_script

BOX = "The box differs from our deck file"


def run(ctl: DraftCiderCompanion, lines: list[str]) -> list[str]:
    """Every line said while ``lines`` are entered (each must be taken)."""
    said: list[str] = []
    for line in lines:
        ctl.do(line)
        said += ctl.said_last
    return said


def with_duplicate(script: list[str]) -> tuple[list[str], Card, int]:
    """The script with one pick into Bad replaced by the card of the game's first pick (Bad takes
    any card and no rule looks at it, so the rest of the game stays legal)."""
    first = Card.from_text(" ".join(script[2].split()[3:6]))
    i = next(i for i, ln in enumerate(script) if ln.endswith(" bad") and i > 2)
    w = script[i].split()
    out = list(script)
    out[i] = " ".join([*w[:3], str(first), "bad"])
    return out, first, i


def test_a_second_copy_of_a_card_finishes_the_live_game_said_once_and_replays():
    script, _final = table_script(3, 11)
    script, dup, _i = with_duplicate(script)
    ctl = DraftCiderCompanion()
    said = run(ctl, script)
    assert ctl.mode == "result"
    box = [ln for ln in said if ln.startswith(BOX)]
    assert box == [f"{BOX}: {dup} number 2, the file holds 1; recorded, play goes on"]
    record = ctl.finished_record()
    deck = record["config"]["deck"]
    assert len(deck) == len(STANDARD_DECK) + 1 and deck[-1] == str(dup)
    again = replay({k: v for k, v in record.items() if k in ("format", "config", "actions")})
    assert again.scores() == ctl.engine.scores()


def test_a_card_the_file_lacks_finishes_the_live_game():
    script, final = table_script(2, 5)
    lacking = Card.from_text(" ".join(script[4].split()[3:6]))
    file_deck = tuple(c for c in STANDARD_DECK if c != lacking)
    ctl = DraftCiderCompanion(deck=file_deck)
    said = run(ctl, script)
    assert ctl.mode == "result" and ctl.engine.scores() == final.scores()
    box = [ln for ln in said if ln.startswith(BOX)]
    assert box == [f"{BOX}: it has {lacking}, which the file lacks; recorded, play goes on"]


def test_undo_takes_the_extra_card_back_out_of_the_deck():
    script, _final = table_script(2, 2)
    script, _dup, i = with_duplicate(script)
    ctl = DraftCiderCompanion()
    run(ctl, script[:i + 1])
    assert len(ctl.engine.deck) == len(STANDARD_DECK) + 1
    ctl.do("undo")
    assert ctl.engine.deck == STANDARD_DECK and ctl.box.extra == []


def test_the_end_only_pad_takes_a_card_beyond_the_file_and_scores():
    _script, final = table_script(2, 9)
    pad = pad_script(final)
    first = next(ln for ln in pad if ln.startswith("pad 1 "))
    card = " ".join(first.split()[3:6])
    k = next(k for k, ln in enumerate(pad) if ln.startswith("pad 2 bad "))
    pad[k] = f"pad 2 bad {card}"
    ctl = DraftCiderCompanion()
    said = run(ctl, pad)
    assert ctl.mode == "result"
    assert [ln for ln in said if ln.startswith(BOX)] == [
        f"{BOX}: {card} number 2, the file holds 1; recorded, play goes on"]
    assert [s.total for s in ctl.final_scores()] == [s.total for s in final.scores()]


def test_a_resume_after_the_extra_card_rebuilds_the_same_deck_and_game():
    script, _final = table_script(2, 4)
    script, dup, i = with_duplicate(script)
    journal: list = []
    ctl = DraftCiderCompanion(on_command=lambda kind, payload: journal.append((kind, payload)))
    run(ctl, script[:i + 3])
    setup = next(p for k, p in journal if k == "game")
    resumed = DraftCiderCompanion()
    resumed.replay(setup, [p for k, p in journal if k == "cmd"])
    assert resumed.engine.deck == ctl.engine.deck and resumed.engine.deck[-1] == dup
    assert resumed.engine.to_record() == ctl.engine.to_record()
    run(resumed, script[i + 3:])
    assert resumed.mode == "result"
