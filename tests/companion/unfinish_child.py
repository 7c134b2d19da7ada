"""The child of the kill drill for undo on the result (tests/companion/test_unfinish.py): plays a
seeded two-player Applejack game into STATE through the text front end's lines, scores it, undoes
the result, changes a field and scores again — and at POINT says ``AT POINT`` on stdout and waits
to be killed from outside (the parent's SIGKILL).

    python tests/companion/unfinish_child.py STATE POINT

Points: ``hook`` (the unfinish reaches the journal, nothing written), ``written`` (its transaction
written, not committed), ``committed`` (committed, the record files not withdrawn), ``renamed``
(the record files withdrawn, the history entry not), ``withdrawn`` (all of it done, the pad open),
``redone-record`` (the second finish's record file written, its journal update not committed),
``redone-history`` (the second finish committed, its history entry not written).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import table.companion.journal as journal_module
import table.history.finish as finish_module
from table.companion.session import open_session
from table.games import games
from table.games.applejack.companion.api import Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script
from table.games.applejack.text import handle_line

SEED = 3
NAMES = ("Ana", "Ben")
CHANGE = "pad 1 honey 99"
"""The field changed after the undo (Ana's honey): her new total is the old one − old honey + 99."""


def lines() -> list[str]:
    """The whole game as typed: names, the game, its score pad, ``pad-done`` at the end."""
    return [f"setup name {s + 1} {n}" for s, n in enumerate(NAMES)] + auto_script(load_dataset(), Setup(2), SEED)


def main(state: Path, point: str) -> int:
    stage = ""  # "unfinish" while the unfinish is written, then "undone", "redone" during the second finish

    def stop(at: str) -> None:
        if at == point:
            print(f"AT {point}", flush=True)
            time.sleep(120)  # killed from outside meanwhile
            sys.exit(3)

    def fault(kind: str) -> None:
        if stage == "unfinish":
            stop(kind)  # written, committed
        if stage == "redone" and kind == "written":
            stop("redone-record")

    ctl, journal = open_session(load_dataset(), state, games=games(), resume="no", fault=fault)
    hook = journal.hook

    def watched(kind: str, payload: Any) -> None:
        nonlocal stage
        if kind == "unfinish":
            stop("hook")
            stage = "unfinish"
        if kind == "finished" and stage == "undone":
            stage = "redone"
        hook(kind, payload)
        if kind == "unfinish":
            stage = "undone"
            stop("withdrawn")

    journal.hook = watched  # type: ignore[method-assign]
    withdraw_records = finish_module.withdraw_records

    def renamed(records: Path, game: int) -> list[dict[str, Any]]:
        out = withdraw_records(records, game)
        stop("renamed")
        return out

    finish_module.withdraw_records = renamed  # type: ignore[assignment]
    record_finished = journal_module.record_finished

    def history_step(*args: Any, **kw: Any) -> int | None:
        if stage == "redone":
            stop("redone-history")
        return record_finished(*args, **kw)

    journal_module.record_finished = history_step  # type: ignore[assignment]
    for line in lines():
        refusal = handle_line(ctl.current, line) if not line.startswith("setup name") else ctl.do(line)
        assert refusal is None, (line, refusal)
    for line in ("undo", CHANGE, "done"):
        refusal = handle_line(ctl.current, line)
        assert refusal is None, (line, refusal)
    journal.close()
    print("DONE", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2]))
