"""The settings page's form in the kiosk: what it shows and what a save changes (``owner.OwnerDesk``).

The view: the language (and every language), the kept settings (``companion/kept.py``: the
screen's hours, the idle demo's games with every game that has a demo, the names list), for each
setting the command line or the environment gives instead a line saying so, the exports, and the
page's words in the table's language. A save (``owner-set``'s ``form``) names any of
``language``, ``schedule``, ``demo_games``, ``names``: each is checked by the table's own code
first, and nothing changes when one is refused (one line); then the kept file is written (and the
screen's hours follow at once) and the language is changed (``Shell.set_language``) if it differs.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from table import i18n
from table.companion import kept as K
from table.companion.protocol import TableShell
from table.i18n import _
from table.web.exports import KINDS


def demo_options(shell: TableShell) -> list[tuple[str, str]]:
    """(key, title) of every game with a demo on the screen (the house's board demo: the game with
    an engine and a data set; the others' own demo screens), in the shell's order."""
    return [(g.key, g.title) for g in shell.games
            if g.has_part("demo_screen") or (g.has("engine") and g.has_part("load_data"))]


def rules_line(name: str) -> str | None:
    """The page's line when the command line or the environment gives setting ``name``."""
    where = K.override(name)
    if where is None:
        return None
    return _("Given by {where} when the table starts: that value rules until it is removed; "
             "what is saved here waits.").format(where=where)


def view(shell: TableShell, state_dir: Path | None) -> dict[str, Any]:
    kept = K.load(state_dir)
    return {"language": i18n.current_language(),
            "languages": [[c, i18n.LANGUAGE_NAMES[c]] for c in i18n.LANGUAGES],
            "schedule": kept.schedule, "schedule_rules": rules_line("schedule"),
            "demo_games": list(kept.demo_games), "demo_options": [list(o) for o in demo_options(shell)],
            "demo_rules": rules_line("demo_games"), "names": list(kept.names),
            "exports": list(KINDS), "kept": state_dir is not None, "labels": labels()}


def labels() -> dict[str, str]:
    return {"title": _("Settings"), "language": _("Language"), "save": _("Save"), "saved": _("Saved."),
            "refused": _("Not taken:"), "schedule": _("Screen on (HH:MM-HH:MM; empty: always)"),
            "demo": _("Games of the demo (none ticked: every game)"),
            "names": _("Names offered at setup (one a line)"), "export": _("History"),
            "csv": _("Download as CSV"), "json": _("Download for the statistics app (JSON)")}


def apply(shell: TableShell, state_dir: Path | None, form: Mapping[str, Any]) -> str | None:
    """The form's settings checked, then changed; the one line of the first refusal (nothing
    changed then), else None."""
    code = form.get("language", i18n.current_language())
    if not isinstance(code, str) or code not in i18n.LANGUAGES:
        return _("language: {codes}").format(codes=", ".join(i18n.LANGUAGES))
    old = K.load(state_dir)
    try:
        new = K.Kept(
            schedule=K.check_schedule(form["schedule"]) if "schedule" in form else old.schedule,
            demo_games=(K.check_demo_games(form["demo_games"], [k for k, _t in demo_options(shell)])
                        if "demo_games" in form else old.demo_games),
            names=K.check_names(form["names"]) if "names" in form else old.names)
    except K.SettingRefused as exc:
        return str(exc)
    if new != old:
        if state_dir is None:
            return _("This table keeps no settings (no state directory).")
        try:
            K.save(state_dir, new)
        except OSError as exc:
            return _("The settings could not be written: {problem}").format(problem=str(exc)[:120])
    if code != i18n.current_language():
        shell.set_language(code)
    return None
