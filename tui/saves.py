"""What the menu and the load screen know about the save files in a folder.

Reading a save means replaying it (to learn whether it is finished), so results are cached by
path, size and modification time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from engine import journal as jr
from engine import registry
from engine.match import ReplayMismatch
from engine.session import load_match


@dataclass(frozen=True)
class SaveInfo:
    """One save file as listed to the player.

    Attributes:
        path: the file.
        game: the game's title (or its id when unknown).
        seats: "Ann vs Bot".
        modified: modification time (seconds since the epoch).
        entries: journal entries in the file.
        finished: True/False, or None when the file cannot be replayed.
        error: the one-line reason a file cannot be used ("" when fine).
        policy: the undo policy ("casual"), "" when unknown.
        result: who won ("Ann won", "Draw", "Bot won (Ann resigned)"), "" when unfinished.
    """

    path: Path
    game: str
    seats: str
    modified: float
    entries: int
    finished: bool | None
    error: str = ""
    policy: str = ""
    result: str = ""

    @property
    def date(self) -> str:
        """The modification time as ``YYYY-MM-DD HH:MM`` (local time)."""
        return datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")

    @property
    def short_date(self) -> str:
        """``HH:MM`` today, ``MM-DD HH:MM`` this year, else ``YYYY-MM-DD``."""
        when = datetime.fromtimestamp(self.modified)
        now = datetime.now()
        if when.date() == now.date():
            return when.strftime("%H:%M")
        if when.year == now.year:
            return when.strftime("%m-%d %H:%M")
        return when.strftime("%Y-%m-%d")

    @property
    def problem(self) -> str:
        """A short word for an unusable file: "needs a newer Imperia" (a newer journal format),
        "open in another window" (locked), else "damaged"; "" when the file is fine."""
        if not self.error:
            return ""
        if "journal format" in self.error or "update Imperia" in self.error:
            return "needs a newer Imperia"
        if "another Imperia window" in self.error or "another window" in self.error:
            return "open in another window"
        return "damaged"

    @property
    def status(self) -> str:
        """ "finished", "unfinished", "damaged", "needs a newer Imperia",
        "open in another window" or "?"."""
        if self.error:
            return self.problem
        return {True: "finished", False: "unfinished", None: "?"}[self.finished]

    @property
    def outcome(self) -> str:
        """The result column: "Ann won", "Draw", "unfinished, 27 entries", "damaged"."""
        if self.error:
            return self.problem
        if self.finished:
            return self.result or "finished"
        if self.finished is False:
            return f"unfinished, {self.entries} entr{'y' if self.entries == 1 else 'ies'}"
        return "?"

    @property
    def summary(self) -> str:
        """One line for the menu: "iMperium · Ann vs Bot · saved 04:07 · unfinished"."""
        return f"{self.game} · {self.seats} · saved {self.short_date} · {self.status}"

    @property
    def details(self) -> str:
        """Everything about the file on one line (the load screen's detail line)."""
        if self.error:
            named = self.error.startswith(self.path.name)  # most reasons name the file already
            return self.error if named else f"{self.path.name}: {self.error}"
        parts = [self.path.name, self.game, self.seats, self.outcome]
        if self.policy:
            parts.append(f"undo {self.policy}")
        parts.append(f"saved {self.date}")
        return " · ".join(parts)


_cache: dict[tuple[Path, int, int], SaveInfo] = {}


def locked_elsewhere(path: Path) -> bool:
    """True when another Imperia window has ``path`` open (holds its autosave lock)."""
    try:
        import fcntl
    except ImportError:  # no locks on this platform
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def save_info(path: Path) -> SaveInfo:
    """Read (and replay) one save file. Never raises for a bad file: see ``error``."""
    try:
        st = path.stat()
    except OSError as err:
        return SaveInfo(path, "?", "?", 0.0, 0, None, err.strerror or str(err))
    key = (path, st.st_mtime_ns, st.st_size)
    info = _cache.get(key) or _read_info(path, st)
    _cache[key] = info
    if not info.error and locked_elsewhere(path):  # not cached: the lock comes and goes
        return replace(info, error=f"{path.name} is open in another Imperia window")
    return info


def _read_info(path: Path, st: os.stat_result) -> SaveInfo:
    try:
        loaded = jr.read(path)
    except jr.JournalError as err:
        info = SaveInfo(path, "?", "?", st.st_mtime, 0, None, str(err))
    else:
        h = loaded.header
        try:
            title = registry.get(h.game).title
        except KeyError:
            title = h.game
        seats = " vs ".join(s["name"] for s in h.seats)
        entries = sum(1 for r in loaded.records if r[0] != jr.CHECK)
        result = ""
        try:
            match = load_match(loaded, verify=False)
        except (jr.JournalError, ReplayMismatch) as err:
            finished: bool | None = None
            error = str(err)
        else:
            out = match.outcome()
            finished, error = out is not None, ""
            if out is not None:
                names = [match.seats[w].name for w in out.winners]
                result = f"{' and '.join(names)} won" if names else "Draw"
                if not names and len(match.seats) == 1:  # solo: no winner = lost (Outcome)
                    result = f"{match.seats[0].name} lost"
                if match.resigned is not None:
                    result += f" ({match.seats[match.resigned].name} resigned)"
        info = SaveInfo(
            path, title, seats, st.st_mtime, entries, finished, error, h.undo_policy, result
        )
    return info


def scan(folder: Path) -> list[SaveInfo]:
    """Every save in ``folder``, newest first."""
    return [save_info(p) for p in jr.list_saves(folder)]


def latest_unfinished(folder: Path, limit: int = 20) -> SaveInfo | None:
    """The newest unfinished, usable save of a game the app can show among the ``limit`` newest
    files, or None."""
    shown = {g.title for g in registry.games(playable_only=True)}
    for path in jr.list_saves(folder)[:limit]:
        info = save_info(path)
        if info.finished is False and not info.error and info.game in shown:
            return info
    return None
