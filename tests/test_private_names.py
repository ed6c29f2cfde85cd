"""No private name (``_x``) crosses a module boundary inside the iMperium, Mausoleum and Res
Publica packages (issue 13 item 4): neither ``from .m import _x`` nor ``m._x`` on a module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "engine" / "games"
PACKAGES = ("imperium", "mausoleum", "res_publica")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_uses(source: str) -> list[str]:
    """``from M import _x`` imports and ``alias._x`` reads where ``alias`` names an imported
    module, as "line: text" strings."""
    tree = ast.parse(source)
    modules: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                if _private(a.name):
                    found.append(
                        f"{node.lineno}: from {'.' * node.level}{node.module} import {a.name}"
                    )
                elif node.level and a.name.islower():  # from . import view as _view: a module
                    modules.add(a.asname or a.name)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_the_scan_finds_both_forms() -> None:
    src = "from .state import _helper\nfrom . import view as _view\nx = _view._build(1)\n"
    assert private_uses(src) == ["1: from .state import _helper", "3: _view._build"]
    assert private_uses("from .state import helper\nclass A:\n    def f(self): self._x()\n") == []


@pytest.mark.parametrize("game", PACKAGES)
def test_no_private_name_crosses_modules(game: str) -> None:
    found = {
        p.name: uses
        for p in sorted((GAMES / game).glob("*.py"))
        if (uses := private_uses(p.read_text()))
    }
    assert found == {}
