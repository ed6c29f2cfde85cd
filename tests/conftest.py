"""Test setup: the tiny test-only game joins the registry so every suite can use it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from tinygame import RULES as HIGHCARD  # noqa: E402

from engine import registry  # noqa: E402

registry.register(HIGHCARD)


def pytest_collection_modifyitems(config, items) -> None:
    """Run the SSH server tests last: they start servers, threads and subprocesses in this
    process, and nothing else should run after them in a state they might have left behind."""
    items.sort(key=lambda item: "tests/serve/" in item.nodeid.replace("\\", "/"))
