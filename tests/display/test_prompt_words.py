"""Issue 33 (9): every prompt, help line and button in the chosen language. In German, French
and Japanese no message says the lid's buttons by their English names ("CONFIRM" in the prompts
but "BESTÄTIGEN" on the help page and the buttons) nor asks for English command words ("plant
NAME oder sell NAME", "search N", "drawn (CONFIRM)", "task N"); the Skip button's words are whole
in every language (they were cut: "Ausble…", "Masqu…")."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from table.display import announce_panel
from table.display.toolkit import BaseView
from table.i18n import _, using

LOCALE = Path(__file__).resolve().parents[2] / "table" / "i18n" / "locale"
GAME_PARTS = ("screen", "shell", "players", "zankapfel", "draftcider", "waldgaertner")
"""The catalogues of the screens' and the module games' words (Applejack's tracked-game prompts
are issue 33's item 5: its tiles by what is printed on them)."""
ENGLISH = re.compile(r"\bCONFIRM\b|\bUNDO\b|\b(plant|sell) (NAME|NOM|名前)|\bsearch N\b|\bdrawn \(|\btask N\b")
BUTTON = {"de": "BESTÄTIGEN", "fr": "VALIDER", "ja": "確定"}


def _translations(lang: str, part: str) -> list[tuple[str, str]]:
    with (LOCALE / lang / "LC_MESSAGES" / f"{part}.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(str(m.id), s) for s in strings if s]
    return out


@pytest.mark.parametrize("lang", ["de", "fr", "ja"])
@pytest.mark.parametrize("part", GAME_PARTS)
def test_no_prompt_says_a_button_or_a_command_in_english(lang: str, part: str) -> None:
    bad = [f"{text!r} (for {mid!r})" for mid, text in _translations(lang, part) if ENGLISH.search(text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", ["de", "fr", "ja"])
def test_the_prompts_name_confirm_as_the_help_page_does(lang: str) -> None:
    with using(lang):
        assert _("CONFIRM") == BUTTON[lang]
        assert BUTTON[lang] in _("{seat} plays {card}: CONFIRM plants it, BLIND sells it")
        assert BUTTON[lang] in _("Done ✓ (CONFIRM)")


@pytest.mark.usefixtures("pygame_display")
@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_skip_button_says_its_word_whole(size: tuple[int, int], lang: str) -> None:
    with using(lang):
        view = BaseView(size)
        view.drawn = []
        announce_panel.draw_lesson_block(view, pygame.Surface(size), "a short lesson", x=0, w=size[0],
                                         bottom=size[1], skip_label=_("Skip"), target="teach-skip")
        (skip,) = [d for d in view.drawn if d.text == _("Skip")]
        assert not skip.clipped and skip.box is not None and skip.box.contains(skip.rect)


INTERNAL = ("sq", "next", "prev", "padmode", "directsale", "unfinish", "new-game", "bribery", "choice")
PROGRAM_NAMES = ("sq", "padmode", "directsale", "unfinish", "new-game", "teach-skip")
"""Names no line of the help says in any language (they are the program's; "next" is also an English word)."""


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
def test_the_help_says_what_is_touched_and_the_screen_in_the_language(lang: str) -> None:
    """The help's "On the screen" line names the buttons by their words, not their targets'
    internal names, and its heading names the screen in the table's language."""
    from table.companion.help import help_lines
    from tests import test_every_game as every

    with using(lang):
        for game in every.VIEWED:
            for name in every._BUILDERS[game.key]:
                ctl = every._screen(game, name, lang)
                lines = help_lines(ctl)
                for line in lines[1:]:  # issue 33 (9): no internal name on any line, pressed or typed
                    assert not set(PROGRAM_NAMES) & set(re.findall(r"[\w-]+", line)), (game.key, name, lang, line)
                    assert not re.search(r"\((next|prev|resume|discard)\)", line), (game.key, name, lang, line)
                touched = [line for line in lines if line.startswith(_("On the screen: {targets}").split("{")[0])]
                for line in touched:
                    words = re.split(r"[,:、，]\s*|\s+\(|\)", line)
                    assert not set(INTERNAL) & {w.strip() for w in words}, (game.key, name, line)
                if lang != "en" and str(ctl.mode) in ("setup", "play", "pad", "result"):
                    assert f", {ctl.mode}" not in lines[0], (game.key, name, lines[0])


TYPED = {"de": re.compile(r"\btippe\b"), "fr": re.compile(r"\btapez\b"), "ja": re.compile(r"と入力")}
"""How each language says "type": a command word people type stays English (the parser reads it),
and the prompt says it is typed (docs/i18n.md, "One name per button, and prompts in the language")."""
COMMAND_WORD = re.compile(r"(?<![\w-])(take|stock|stock-supply|buy|pasture|middle|draw|untrack|cubes|place)"
                          r"(?= [A-Z0-9{(\u30a0-\u30ff\u4e00-\u9fff]| (?:oder|ou|か|eingeben|saisir)\b|[)）（]|$)")
TYPED_SOURCES = {"applejack": ("companion/tracked.py", "companion/tracking.py", "companion/printed.py"),
                 "waldgaertner": ("padentry.py",)}
"""The prompts of the games' pads and Applejack's tracked game (their catalogue parts, by source)."""


def _prompts(lang: str, part: str) -> list[tuple[str, str]]:
    with (LOCALE / lang / "LC_MESSAGES" / f"{part}.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for m in catalog:
        if m.id and any(path.endswith(TYPED_SOURCES[part]) for path, _line in m.locations):
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            out += [(str(m.id), str(s)) for s in strings if s]
    return out


@pytest.mark.parametrize("lang", ["de", "fr", "ja"])
@pytest.mark.parametrize("part", sorted(TYPED_SOURCES))
def test_a_command_word_in_a_prompt_is_said_to_be_typed(lang: str, part: str) -> None:
    """"tippe take 3:12", never a bare "take TROG:PLÄTTCHEN" inside German words (a command's own
    form, "take TROG:PLÄTTCHEN" alone, goes into a "type {options}" prompt)."""
    prompts = _prompts(lang, part)
    assert len(prompts) > 10, "the catalogue part lost its sources"
    bad = [f"{text!r} (for {mid!r})" for mid, text in prompts
           if COMMAND_WORD.search(text) and not TYPED[lang].search(text) and len(text.split()) > 2]
    assert not bad, "\n".join(bad)
