"""Tables of the SSH server: seats, lobby rows and their files under ``DATA/tables/``.

A table is created open (every seat free), players take seats, bots are added to seats, and it
starts by itself once every seat is filled: then its match journal ``<id>.imperia`` is created
and only the hub writes it. ``<id>.json`` keeps what the journal does not: who (which SSH key
fingerprint) sits in which seat, the creator and the rule options chosen. Both survive a
restart; :func:`load_tables` reads them back.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import tempfile
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine import registry
from engine.match import Match
from engine.rules import resolve_options
from engine.seat_names import clean_name

OPEN = "open"
"""The kind of a free seat."""


@dataclass
class Seat:
    """One seat: ``kind`` is "open" (free), "human" or a bot kind; ``player`` the fingerprint
    of the human sitting there (None for free and bot seats)."""

    kind: str = OPEN
    name: str = ""
    player: str | None = None


@dataclass
class TableInfo:
    """What ``<id>.json`` holds (see the module docstring)."""

    id: str
    game: str
    policy: str
    options: dict[str, Any]
    seats: list[Seat]
    creator: str
    seed: int
    created: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    started: bool = False

    @classmethod
    def from_map(cls, m: dict[str, Any]) -> TableInfo:
        """Rebuild from the JSON map. Raises KeyError/TypeError on a damaged file."""
        seats = [Seat(**s) for s in m["seats"]]
        return cls(**{**m, "seats": seats})

    @property
    def free(self) -> list[int]:
        """Indices of the free seats."""
        return [i for i, s in enumerate(self.seats) if s.kind == OPEN]

    def seat_of(self, player: str) -> int | None:
        """The seat ``player`` holds here, or None."""
        return next((i for i, s in enumerate(self.seats) if s.player == player), None)


def new_table_id() -> str:
    """A short random table id (8 hex digits)."""
    return secrets.token_hex(4)


def make_table(
    game: str, seats: int, policy: str, options: dict[str, Any], creator: str, seed: int
) -> TableInfo:
    """A new open table. Raises KeyError (unknown game) and ValueError (seat count, policy or
    option out of range; the message names it)."""
    rules = registry.get(game)
    if not rules.min_seats <= seats <= rules.max_seats:
        raise ValueError(f"{rules.title} is for {rules.min_seats} to {rules.max_seats} players")
    if policy not in ("teaching", "casual", "strict"):
        raise ValueError(f"unknown undo policy {policy!r}")
    resolved = resolve_options(rules, options)
    return TableInfo(
        new_table_id(), game, policy, resolved, [Seat() for _ in range(seats)], creator, seed
    )


def save_info(folder: Path, info: TableInfo) -> None:
    """Write ``<id>.json`` atomically (temp file + rename). Raises OSError."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{info.id}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(asdict(info), fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, folder / f"{info.id}.json")
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def load_tables(folder: Path) -> tuple[list[TableInfo], list[str]]:
    """Every readable ``*.json`` table of ``folder``, oldest first, and one warning line per
    file that could not be read."""
    infos: list[TableInfo] = []
    warnings: list[str] = []
    if not folder.is_dir():
        return infos, warnings
    for path in sorted(folder.glob("*.json")):
        try:
            infos.append(TableInfo.from_map(json.loads(path.read_text(encoding="utf-8"))))
        except (OSError, ValueError, KeyError, TypeError) as err:
            warnings.append(f"{path.name}: cannot read this table ({err})")
    infos.sort(key=lambda t: t.created)
    return infos, warnings


def journal_path(folder: Path, info: TableInfo) -> Path:
    """Where the table's match journal lives."""
    return folder / f"{info.id}.imperia"


def option_text(info: TableInfo) -> str:
    """The rule options that differ from the defaults, as "Label: value" pairs ("" if none)."""
    rules = registry.get(info.game)
    parts = [
        f"{o.label}: {info.options.get(o.key)}"
        for o in rules.options
        if info.options.get(o.key, o.default) != o.default
    ]
    return ", ".join(parts)


def lobby_row(info: TableInfo, match: Match | None, player: str, error: str = "") -> dict:
    """One lobby line for ``player``: id, game title, seats (name, kind, whether it is the
    player's), free seat count, state ("open", "playing", "over", "damaged"), options, policy."""
    try:
        title = registry.get(info.game).title
    except KeyError:
        title = info.game
    if error:
        state = "damaged"
    elif match is None:
        state = "open"
    else:
        state = "over" if match.over else "playing"
    return {
        "id": info.id,
        "game": info.game,
        "title": title,
        "seats": [{"name": s.name, "kind": s.kind, "mine": s.player == player} for s in info.seats],
        "free": len(info.free),
        "state": state,
        "policy": info.policy,
        "options": error or option_text(info),
        "mine": info.seat_of(player) is not None,
        "creator": info.creator == player,
        "entries": match.entries if match is not None else 0,
    }


def display_name(raw: str) -> str:
    """A player's chosen display name, cleaned for one header line, without square brackets
    and backslashes (other players' screens show it: it must never read as markup); empty
    when nothing printable was given."""
    return clean_name("".join(" " if ch in "[]\\" else ch for ch in str(raw)))
