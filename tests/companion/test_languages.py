"""The companion in four languages: text mode plays whole games in German and Japanese without
an English word left in what it says, the shell's ``language`` command cycles and is kept in the
state dir (a damaged file falls back to the env/default, checked from outside), a bad
``--language`` is one line and exit 2, and speech picks the voice of the language."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from table import i18n
from table.companion.language import FILE_NAME, load_language, save_language, starting_language
from table.companion.session import open_session
from table.companion.text import help_keys, run_text
from table.games import companion_games, games, load_game
from table.games.applejack.companion.api import Controller, Setup
from table.games.applejack.files import load_dataset
from table.games.applejack.session import auto_script

ROOT = Path(__file__).resolve().parents[2]

# English words every game says somewhere; none may be left once the table speaks another language.
# (Command words people type — fix-supply, take 3 — are left alone: (?<![-\w]) skips "fix-supply".)
ENGLISH = ("Harvest", "Turn", "Refill", "Game over", "honey", "supply", "Winner", "Starting", "New game",
           "blossom", "Score pad", "area", "takes from", "trough", "Solo result", "Middle space", "loop")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def english_left(text: str) -> list[str]:
    found = []
    for word in ENGLISH:
        if re.search(rf"(?<![-\w]){re.escape(word)}", text, flags=re.IGNORECASE):
            found.append(word)
    return found


def play_text(language: str, setup: Setup, seed: int) -> str:
    data = load_dataset()
    script = auto_script(data, setup, seed)
    words = " ".join(f"{k}={v}" for k, v in (("players", setup.players),
                                              ("cottage", "on" if setup.cottage else "off")))
    out = io.StringIO()
    with i18n.using(language):
        ctl = Controller(data)
        run_text(ctl, [f"setup {words}", *script], out)
        assert ctl.mode == "result", out.getvalue()[-500:]
    return out.getvalue()


@pytest.mark.parametrize("setup", [Setup(2, cottage=True), Setup(1)], ids=["two-cottage", "solo"])
def test_a_whole_game_in_german_and_japanese_leaves_no_english_word(setup: Setup) -> None:
    english = play_text("en", setup, 7)
    assert len(english_left(english)) >= 10  # the words checked are really there in English
    for language in ("de", "ja"):
        text = play_text(language, setup, 7)
        assert english_left(text) == [], (language, english_left(text))
    german = play_text("de", setup, 7)
    assert "Ernte" in german and "Nachfüllen" in german and "Zug 1:" in german and "Honig" in german
    japanese = play_text("ja", setup, 7)
    assert "収穫" in japanese and "補充" in japanese and "手番1" in japanese and "ハチミツ" in japanese


def test_english_is_what_it_was() -> None:
    text = play_text("en", Setup(2, cottage=True), 7)
    assert "Turn 1: ○ Circle takes from trough 1 with 2 tiles and trough 2 with 2 tiles; die on space 1 " \
           "showing 1; supply " in text
    assert "Starting honey: ○ Circle 16, △ Triangle 20" in text


def test_a_refused_trough_is_refused_in_the_language() -> None:
    with i18n.using("de"):
        ctl = Controller(load_dataset())
        ctl.do("start")
        assert not ctl.press("trough6")
        assert ctl.refusal.startswith("take 6 ist jetzt nicht erlaubt (erlaubt: take 1, take 2")


def test_a_waiting_announcement_is_retold_in_the_new_language(tmp_path: Path) -> None:
    ctl, journal = open_session(load_dataset(), tmp_path, games=games())
    try:
        ctl.do("start")
        while not ctl.queued:
            ctl.do(str(ctl.t.legal_actions()[0]))
        before = ctl.queued[0].text
        assert before.startswith("Harvest")
        version = ctl.version
        ctl.do("language de")
        assert ctl.queued[0].text.startswith("Ernte") and ctl.version > version
        assert ctl.queued[0] == ctl.queued[0].retold()  # the words change, the announcement does not
        ctl.do("language en")
        assert ctl.queued[0].text == before
    finally:
        journal.close()


def test_the_language_command_cycles_and_is_kept_for_the_next_start(tmp_path: Path) -> None:
    data = load_dataset()
    ctl, journal = open_session(data, tmp_path, games=games())
    try:
        assert i18n.current_language() == "en"
        v = ctl.version
        ctl.do("language")
        assert i18n.current_language() == "de" and ctl.version > v
        assert (tmp_path / FILE_NAME).read_text() == "de\n"
        assert ctl.press("language")  # the setup screen's button
        assert i18n.current_language() == "fr"
        ctl.do("language ja")
        ctl.do("language")
        assert i18n.current_language() == "en"
        ctl.do("language fr")
        assert ctl.new_lines()[-1] == "Langue : Français"
        with pytest.raises(ValueError, match="en, de, fr, ja"):
            ctl.do("language xx")
        assert i18n.current_language() == "fr"
    finally:
        journal.close()
    i18n.set_language("en")
    assert load_language(tmp_path) == "fr"
    assert starting_language(tmp_path, environ={"APPLEJACK_LANGUAGE": "de"}) == "fr"  # the table's choice first
    assert starting_language(tmp_path, "ja") == "ja"  # --language over both


def test_the_language_button_works_on_every_games_setup_screen(tmp_path: Path) -> None:
    ctl, journal = open_session(load_dataset(), tmp_path, games=games())
    try:
        for key in companion_games():
            ctl.do(f"game {key}")
            assert ctl.game == key and ctl.mode == "setup"
            before = i18n.current_language()
            v = ctl.version
            assert ctl.press("language")
            assert i18n.current_language() != before and ctl.version > v
    finally:
        journal.close()


def test_the_language_command_works_in_every_mode_in_text_mode(tmp_path: Path) -> None:
    ctl, journal = open_session(load_dataset(), tmp_path, games=games())
    out = io.StringIO()
    try:
        run_text(ctl, ["", "take 1", "language de", "", "language ja", "game zankapfel"], out)
        text = out.getvalue()
        assert "Sprache: Deutsch" in text and "言語：日本語" in text
    finally:
        journal.close()


def test_unknown_or_damaged_saved_languages_fall_back(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert load_language(tmp_path) is None
    for bad in (b"xx\n", b"\xff\xfe\x00", b"de" * 100, b""):
        (tmp_path / FILE_NAME).write_bytes(bad)
        caplog.clear()
        assert load_language(tmp_path) is None
        assert len(caplog.records) == 1 and "damaged" in caplog.records[0].message
        assert starting_language(tmp_path, environ={"APPLEJACK_LANGUAGE": "ja"}) == "ja"
        assert starting_language(tmp_path, environ={}) == "en"
    assert save_language(tmp_path, "Deutsch") and load_language(tmp_path) == "de"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".language-")]  # no temporary file left


def test_a_read_only_state_dir_keeps_the_language_for_this_run(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    assert not save_language(blocked / "sub", "de")
    assert "cannot save the language" in caplog.text


def _play(args: list[str], state_dir: Path, stdin: str,
          env_language: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("APPLEJACK_LANGUAGE", "STATE_DIRECTORY")}
    if env_language is not None:
        env["APPLEJACK_LANGUAGE"] = env_language
    return subprocess.run([sys.executable, "-m", "table", "play", "--text", "--pins", "none",
                           "--state-dir", str(state_dir), *args], input=stdin, capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)


def test_a_damaged_language_file_starts_in_the_env_language_without_a_crash(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"\x00\xffklingon")
    r = _play([], tmp_path, "\nquit\n", env_language="fr")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert len([line for line in r.stderr.splitlines() if "language" in line]) == 1
    assert "Préparation" in r.stdout and "Nouvelle partie" in r.stdout
    r = _play(["--resume", "no"], tmp_path, "language de\nquit\n")  # no env: English, then the table chooses German
    assert r.returncode == 0 and "Setup: players 2" in r.stdout and "Sprache: Deutsch" in r.stdout
    assert (tmp_path / FILE_NAME).read_text() == "de\n"
    r = _play(["--resume", "no"], tmp_path, "quit\n", env_language="fr")  # restarted: the table's choice holds
    assert r.returncode == 0 and "Aufbau: Spieler 2" in r.stdout


def test_a_bad_language_argument_is_one_line_and_exit_2(tmp_path: Path) -> None:
    r = _play(["--language", "klingon"], tmp_path, "")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [r.stderr.strip()]
    assert "klingon" in r.stderr and "en, de, fr, ja" in r.stderr
    r = _play(["--language", "ja"], tmp_path, "quit\n")
    assert r.returncode == 0 and "準備：" in r.stdout


def test_help_lists_the_language_command_for_every_game() -> None:
    for key in companion_games():
        assert "language de" in help_keys(load_game(key))
    with i18n.using("de"):
        assert "Sprache (jedes Spiel" in help_keys(load_game("applejack"))


def test_speech_picks_the_voice_and_says_signs_in_the_language() -> None:
    from table.companion.speech import VOICES, Speaker, spoken, voice

    said: list[list[str]] = []

    class Proc:
        def __init__(self, argv: list[str], **kw: object) -> None:
            said.append(argv)

        def poll(self) -> int:
            return 0

    s = Speaker(which=lambda name: "/usr/bin/espeak-ng", popen=Proc)
    for code in i18n.LANGUAGES:
        with i18n.using(code):
            s.say("x")
        assert said[-1][1:3] == ["-v", VOICES[code]]
    assert voice("de") == "de" and voice("xx") == "en"
    with i18n.using("de"):
        assert spoken("☆ Stern: Ernte 3 ×2 = 6 → 40") == "Stern: Ernte 3 mal 2 = 6, gesamt 40"
    with i18n.using("fr"):
        assert spoken("chaque zone Rouge − 2") == "chaque zone Rouge moins 2"
    with i18n.using("ja"):
        assert "マイナス" in spoken("赤の各エリア − 2")


def test_run_passes_the_language_on_to_play() -> None:
    import argparse

    from table.commands.run import play_argv

    args = argparse.Namespace(seed=1, state_dir=None, language="de")
    assert play_argv(args, interactive=True, display=False)[-2:] == ["--language", "de"]
    assert "--language" not in play_argv(argparse.Namespace(seed=1, state_dir=None, language=None), True, False)


def test_the_finished_record_is_the_same_in_every_language() -> None:
    data = load_dataset()
    setup = Setup(2, cottage=True)
    script = auto_script(data, setup, 3)
    records = []
    for code in ("en", "ja"):
        with i18n.using(code):
            ctl = Controller(data)
            ctl.setup = setup
            for cmd in script:
                ctl.do(cmd)
            records.append(ctl.record)
    assert records[0] == records[1] and records[0] is not None
    assert records[0]["score_pad"]["players"][1]["name"] == "△ Triangle"


@pytest.mark.parametrize("total", [0, 40, 64, 65, 79, 80, 120])
def test_the_solo_verdict_in_english_is_the_engines(total: int) -> None:
    from table.games.applejack.companion.api import solo_words
    from table.games.applejack.rules.scoring import solo_verdict

    assert solo_words(total) == solo_verdict(total)
    with i18n.using("fr"):
        assert "miel" in solo_words(total) and "honey" not in solo_words(total)
