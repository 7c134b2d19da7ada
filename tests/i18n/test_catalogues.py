"""The catalogues: every marked message translated in every language, placeholders kept, the
compiled ``.mo`` up to date, and the runtime switching languages."""

from __future__ import annotations

import pytest

from table import i18n
from table.games.applejack.rules.data import SEAT_SYMBOLS


def test_no_catalogue_misses_a_message() -> None:
    pytest.importorskip("babel")
    from table.i18n.catalogs import problems

    found = problems()
    assert not found, "\n".join(map(str, found[:60])) + f"\n… {len(found)} problem(s) in all"


def test_every_name_of_the_default_data_is_listed() -> None:
    from table.games.applejack.files import load_dataset
    from table.i18n.names import MARK_NAMES, SEAT_NAMES, VARIETY_NAMES

    data = load_dataset()
    assert {v.name for v in data.varieties} <= set(VARIETY_NAMES)
    assert {v.mark for v in data.varieties} <= set(MARK_NAMES)
    assert set(SEAT_SYMBOLS) == set(SEAT_NAMES)


@pytest.mark.parametrize("text,code", [("de", "de"), ("DE", "de"), ("de_DE.UTF-8", "de"), ("Français", "fr"),
                                       ("ja-JP", "ja"), (" en ", "en")])
def test_parse_language(text: str, code: str) -> None:
    assert i18n.parse_language(text) == code


@pytest.mark.parametrize("bad", ["", "xx", "klingon", "d e"])
def test_unknown_language_is_a_value_error(bad: str) -> None:
    with pytest.raises(ValueError, match="unknown language"):
        i18n.parse_language(bad)


def test_env_setting_with_a_typo_falls_back_to_english(caplog: pytest.LogCaptureFixture) -> None:
    assert i18n.language_from_env({"APPLEJACK_LANGUAGE": "deutsh"}) == "en"
    assert "APPLEJACK_LANGUAGE=deutsh" in caplog.text
    assert i18n.language_from_env({"APPLEJACK_LANGUAGE": "fr"}) == "fr"
    assert i18n.language_from_env({}) == "en"


def test_using_switches_and_restores() -> None:
    assert i18n.current_language() == "en"
    with i18n.using("de"):
        assert i18n.current_language() == "de"
        assert i18n._("Light green") == "Hellgrün"
    assert i18n.current_language() == "en"
    assert i18n._("Light green") == "Light green"


def test_plural_forms_follow_each_language() -> None:
    import gettext

    for code, forms in (("de", (0, 1, 1)), ("fr", (0, 0, 1)), ("ja", (0, 0, 0))):
        translations = i18n._catalogues.translations(code)
        assert isinstance(translations, gettext.GNUTranslations), code
        assert tuple(translations.plural(n) for n in (1, 0, 2)) == (forms[0], forms[1] if code != "de" else 1,
                                                                    forms[2]), code


def test_update_writes_no_tool_version_and_changes_nothing_when_no_message_did(tmp_path, monkeypatch) -> None:
    """``catalogs update`` on catalogues already up to date writes the very same bytes (no Babel
    version, no creation date), so running it under another Babel is no churn."""
    pytest.importorskip("babel")
    import dataclasses
    import shutil

    from table.i18n import catalogs

    copy = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE, copy)
    monkeypatch.setattr(catalogs, "TABLE", dataclasses.replace(catalogs.TABLE, locale=copy))
    assert catalogs.update() == []
    before = {p.relative_to(catalogs.LOCALE): p.read_bytes() for p in catalogs.LOCALE.rglob("*.[pm]o")}
    after = {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*.[pm]o")}
    assert after.keys() == before.keys()
    assert [str(k) for k in before if after[k] != before[k]] == []
    assert not any(b"Generated-By" in text for text in after.values())


def test_every_game_folder_under_table_is_its_own_part() -> None:
    """A game's words go to its own catalogue (the house's game, Applejack, has the house's parts)."""
    from table.games import games
    from table.i18n import catalogs

    names = [name for name, _p in catalogs.PARTS]
    for game in games():
        if game.key == catalogs.HOUSE_GAME:
            continue
        assert game.key in names, game.key
        module = catalogs.PACKAGE / "games" / game.key / "companion.py"
        assert catalogs.part_of(module) == game.key
