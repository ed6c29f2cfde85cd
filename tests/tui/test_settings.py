"""The settings file (tui/settings.py): defaults, round trip, damaged files, bad values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui import settings as st


def test_defaults_when_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IMPERIA_CONFIG_DIR", str(tmp_path / "cfg"))
    s = st.load()
    assert s == st.Settings()
    assert s.auto_advance is True
    assert s.show_rule_refs is False
    assert s.theme == "textual-dark"
    assert s.bot_delay == 0.6


def test_config_dir_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IMPERIA_CONFIG_DIR", str(tmp_path / "cfg"))
    assert st.settings_path() == tmp_path / "cfg" / "settings.json"


def test_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IMPERIA_CONFIG_DIR", str(tmp_path / "cfg"))
    chosen = st.Settings(
        theme=st.COLOUR_SAFE_THEME, auto_advance=False, bot_delay=1.5, show_rule_refs=True
    )
    path = st.save(chosen)
    assert path == tmp_path / "cfg" / "settings.json"
    assert json.loads(path.read_text())["theme"] == "imperia-colour-safe"
    assert st.load() == chosen
    assert list((tmp_path / "cfg").iterdir()) == [path]  # no temporary file left behind


def test_damaged_file_gives_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    assert st.load(path) == st.DEFAULTS
    path.write_bytes(b"\xff\xfe\x00")
    assert st.load(path) == st.DEFAULTS
    path.write_text("[1, 2]", encoding="utf-8")
    assert st.load(path) == st.DEFAULTS


def test_bad_values_fall_back_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    data = {
        "theme": "nord",
        "auto_advance": "yes",  # not a bool: default True
        "bot_delay": 99,  # out of range: default 0.6
        "show_rule_refs": True,
        "unknown": 1,
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    s = st.load(path)
    assert s == st.Settings(theme="nord", auto_advance=True, bot_delay=0.6, show_rule_refs=True)
    path.write_text(json.dumps({"bot_delay": True, "theme": ""}), encoding="utf-8")
    assert st.load(path) == st.DEFAULTS
    path.write_text(json.dumps({"bot_delay": 2}), encoding="utf-8")
    assert st.load(path).bot_delay == 2.0


def test_rule_ref_only_on_request() -> None:
    off = st.Settings()
    on = off.with_(show_rule_refs=True)
    assert st.rule_ref("Beginner setup", "IMP-V7", off) == "Beginner setup"
    assert st.rule_ref("Beginner setup", "IMP-V7", on) == "Beginner setup (IMP-V7)"


def test_settings_of_prefers_the_apps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IMPERIA_CONFIG_DIR", str(tmp_path / "cfg"))
    st.save(st.Settings(auto_advance=False))

    class Holder:
        settings = st.Settings(bot_delay=0.0)

    assert st.settings_of(Holder()).bot_delay == 0.0
    assert st.settings_of(object()).auto_advance is False
