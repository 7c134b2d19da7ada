"""Issue 33 (9): the correction screen's line in text mode says its keys in the table's language
(it said "up/down … escape" inside German, French and Japanese words, and Japanese 決定 where the
help page says 確定), and the words it says are typed there: "runter" moves the value as "down"
does, "Échap" leaves as "escape" does; the English words still work in every language. The
score pad's line and teach mode's first line, whose typed words stay English, say they are typed
("tippe next / prev", "tippe teach skip")."""

from __future__ import annotations

import re

import pytest

from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.text import handle_line, screen_text
from table.i18n import using

DATA = load_dataset()
SAID = {"de": ("hoch", "runter", "BESTÄTIGEN", "Esc"), "fr": ("haut", "bas", "VALIDER", "Échap"),
        "ja": ("上", "下", "確定", "Esc")}
"""up, down, CONFIRM (the help page's word), escape as each language says them."""


def correcting() -> Controller:
    ctl = Controller(DATA)
    ctl.setup = Setup(2)
    ctl.do("start")
    assert handle_line(ctl, "f") is None and ctl.mode == "correct"
    return ctl


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_correction_line_says_its_keys_in_the_language(lang: str) -> None:
    ctl = correcting()
    with using(lang):
        line = screen_text(ctl)
    assert not re.search(r"(?<![A-Za-z])(up|down|escape|confirm)(?![A-Za-z])", line), line
    assert all(word in line for word in SAID[lang]), line


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_keys_the_line_says_are_the_keys_typed(lang: str) -> None:
    up, down, _confirm, escape = SAID[lang]
    ctl = correcting()
    space = ctl.correction.space
    with using(lang):
        assert handle_line(ctl, up) is None and ctl.correction.space == space + 1
        assert handle_line(ctl, down.upper()) is None and ctl.correction.space == space
        assert handle_line(ctl, "up") is None and ctl.correction.space == space + 1  # English still
        assert handle_line(ctl, escape) is None and ctl.mode == "play"
    assert ctl.t.state.die.space == space  # left without applying


TYPED = {"de": "tippe next / prev", "fr": "tapez next / prev", "ja": "next / prev と入力"}
"""The score pad's typed words said to be typed (docs/i18n.md: a command word people type stays
English, the parser reads it, and the prompt says it is typed)."""


@pytest.mark.parametrize("lang", sorted(TYPED))
def test_the_score_pad_line_says_its_english_words_are_typed(lang: str) -> None:
    from table.games.applejack.text import PAD_EXPECTED
    from table.i18n import _

    with using(lang):
        line = _(PAD_EXPECTED)
    assert TYPED[lang] in line, line


MARK = {"de": "tippe ", "fr": "tapez ", "ja": "と入力"}


@pytest.mark.parametrize("lang", sorted(MARK))
def test_teach_mode_s_first_line_says_its_commands_are_typed(lang: str) -> None:
    """"teach skip blendet aus" was an English command inside German words (both teach modes)."""
    from table.companion.teaching import ON_LINE
    from table.games.applejack.companion.teach import INTRO
    from table.i18n import _

    with using(lang):
        lines = [_(ON_LINE), _(INTRO).format(skip="skip", off="teach off")]
    assert all(MARK[lang] in line and "skip" in line and "teach off" in line for line in lines), lines
