"""The player's settings: theme, auto-advance, bot pace, rule references.

Saved as JSON in the user's config folder (``platformdirs.user_config_dir("imperia")``), or
in ``$IMPERIA_CONFIG_DIR`` when that is set (tests point it at a temporary folder). A missing,
unreadable or damaged file gives the defaults; a value of the wrong type or out of range falls
back to that field's default, the others are kept. Nothing here imports Textual.

Readers: the app keeps the loaded settings as ``app.settings`` (see :func:`settings_of`); the
match screen reads ``auto_advance`` (a forced step goes on by itself) and ``bot_delay``; screen
texts read ``show_rule_refs`` (see :func:`rule_ref`).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

CONFIG_FILE = "settings.json"
"""The settings file's name inside the config folder."""

COLOUR_SAFE_THEME = "imperia-colour-safe"
"""The colour-blind-safe theme (Okabe-Ito palette), registered by the app."""

THEMES: tuple[str, ...] = (
    "textual-dark",
    "textual-light",
    COLOUR_SAFE_THEME,
    "nord",
    "gruvbox",
    "solarized-light",
)
"""The themes the Settings screen offers, in its order (Textual's names, plus ours)."""

BOT_DELAYS: tuple[float, ...] = (0.0, 0.3, 0.6, 1.0, 1.5, 2.5)
"""The bot paces the Settings screen offers: seconds between two bot moves (0 = instant)."""

MAX_BOT_DELAY = 10.0
"""Largest accepted bot delay in seconds; a saved value above it falls back to the default."""


@dataclass(frozen=True)
class Settings:
    """What the player chose on the Settings screen (immutable; use :meth:`with_`).

    Attributes:
        theme: a Textual theme name (one of :data:`THEMES`, or any the app knows).
        auto_advance: a step with a single choice that costs nothing and reveals nothing is
            taken by itself (with a one-line reason) instead of waiting for a key.
        bot_delay: seconds between two bot moves, 0..:data:`MAX_BOT_DELAY` (0 = instant).
        show_rule_refs: screens show rule references (e.g. "IMP-9.14") next to plain words.
    """

    theme: str = "textual-dark"
    auto_advance: bool = True
    bot_delay: float = 0.6
    show_rule_refs: bool = False

    def with_(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied (field names as keywords). Raises TypeError on an
        unknown field."""
        return replace(self, **changes)


DEFAULTS = Settings()
"""The settings of a player who never opened the Settings screen."""


def config_dir() -> Path:
    """The folder holding the settings: ``$IMPERIA_CONFIG_DIR`` or the platform's user config
    folder for "imperia" (e.g. ``~/.config/imperia`` on Linux)."""
    env = os.environ.get("IMPERIA_CONFIG_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("imperia", appauthor=False))


def settings_path() -> Path:
    """The settings file: :func:`config_dir` / :data:`CONFIG_FILE`."""
    return config_dir() / CONFIG_FILE


def _valid(name: str, value: Any) -> bool:
    if name == "theme":
        return isinstance(value, str) and bool(value.strip())
    if name in ("auto_advance", "show_rule_refs"):
        return isinstance(value, bool)
    if name == "bot_delay":
        return (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and 0.0 <= float(value) <= MAX_BOT_DELAY
        )
    return False


def from_dict(data: Any) -> Settings:
    """Settings from a decoded JSON object: unknown keys are ignored, a missing or invalid
    value takes its default. A non-dict gives :data:`DEFAULTS`."""
    if not isinstance(data, dict):
        return DEFAULTS
    values: dict[str, Any] = {}
    for f in fields(Settings):
        if f.name in data and _valid(f.name, data[f.name]):
            value = data[f.name]
            values[f.name] = float(value) if f.name == "bot_delay" else value
    return Settings(**values)


def load(path: Path | None = None) -> Settings:
    """Read the settings file (default :func:`settings_path`). Never raises: a missing or
    damaged file gives :data:`DEFAULTS` (see :func:`from_dict` for single bad values)."""
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return DEFAULTS
    return from_dict(data)


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` (default :func:`settings_path`), creating the folder, atomically
    (a temporary file renamed over the old one, so a crash never leaves half a file).

    Returns the path written. Raises OSError when the folder cannot be written.
    """
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(asdict(settings), indent=2, sort_keys=True) + "\n"
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            Path(tmp).unlink()
        raise
    return path


def settings_of(app: Any) -> Settings:
    """The settings in force for ``app``: its ``settings`` attribute when it has one (the
    Imperia app loads them at start and keeps them current), else the saved file's."""
    current = getattr(app, "settings", None)
    return current if isinstance(current, Settings) else load()


RULE_ID = r"(?:IMP|RP|MAU|IS|BI)-[A-Z]?\d(?:\w|\.(?=\w))*"
"""A rule ID as the rulings spell them: "IMP-9.14", "IMP-V7", "RP-5.8", "IS-3.7a", "MAU-V1",
"BI-5.10"."""

_REFS = re.compile(
    rf"\s*\((?:rules?\s+|rule option\s+)?{RULE_ID}(?:(?:,\s*|\s*/\s*|\s+and\s+){RULE_ID})*\)"
    rf"|\s*\brules?\s+{RULE_ID}(?:(?:,\s*|\s+and\s+){RULE_ID})*"
)


def strip_rule_refs(text: str) -> str:
    """``text`` without its rule references: " (IMP-V7)", " (rule IMP-9.14)",
    " (IMP-A36, IMP-V8)", " rule IMP-9.14" are removed, plain words kept ("Open hands
    (IMP-V7)" → "Open hands"). Source: the rule IDs of ``shared/rules/*.md``."""
    return _REFS.sub("", text)


def plain(text: str, settings: Settings) -> str:
    """``text`` as a player sees it: rule references only when ``settings.show_rule_refs``
    is on (see :func:`strip_rule_refs`)."""
    return text if settings.show_rule_refs else strip_rule_refs(text)


def rule_ref(text: str, ref: str, settings: Settings) -> str:
    """``text`` followed by `` (ref)`` when ``settings.show_rule_refs`` is on, else ``text``
    alone: how a screen adds a rule reference such as "IMP-9.14" only on request."""
    return f"{text} ({ref})" if settings.show_rule_refs and ref else text


__all__ = [
    "BOT_DELAYS",
    "COLOUR_SAFE_THEME",
    "CONFIG_FILE",
    "DEFAULTS",
    "MAX_BOT_DELAY",
    "THEMES",
    "Settings",
    "config_dir",
    "from_dict",
    "load",
    "plain",
    "rule_ref",
    "strip_rule_refs",
    "save",
    "settings_of",
]
