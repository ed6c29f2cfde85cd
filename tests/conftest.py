"""Test setup: the tiny test-only game joins the registry so every suite can use it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from tinygame import RULES as HIGHCARD  # noqa: E402

from engine import registry  # noqa: E402

registry.register(HIGHCARD)
