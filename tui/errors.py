"""Where Imperia writes what went wrong: the user's state folder and ``imperia.log``.

Shared by the command line (``tui.cli``, which re-exports both names) and the app's fatal-error
handler (``tui.app``), so the app does not import the command line that starts it.
"""

from __future__ import annotations

import os
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path


def state_dir() -> Path:
    """The user's state folder for Imperia: ``$IMPERIA_STATE_DIR`` or platformdirs'
    ``user_state_dir("imperia")`` (``~/.local/state/imperia`` on Linux)."""
    env = os.environ.get("IMPERIA_STATE_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_state_dir("imperia", appauthor=False))


def log_unexpected(err: BaseException, argv: list[str] | None) -> Path | None:
    """Append the command line and the traceback of ``err`` to ``imperia.log`` in
    :func:`state_dir`. Returns the log's path, or None when it cannot be written."""
    path = state_dir() / "imperia.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as fh:
            when = datetime.now(UTC).isoformat(timespec="seconds")
            fh.write(f"--- {when} imperia {' '.join(sys.argv[1:] if argv is None else argv)}\n")
            fh.write("".join(traceback.format_exception(err)))
    except OSError:
        return None
    return path
