"""The import structure: the import-linter contracts of pyproject.toml (engine never imports the
app, Textual, Rich or asyncssh; the game packages never import each other; the app's boards
never import its screens; Imperial Struggle's layers, see its README) and no import cycle
anywhere in engine/ or tui/ (DESIGN.md "Shape": the engine is pure, the app renders views).

Imports under ``if TYPE_CHECKING:`` are left out of both checks (they never run), as the
``[tool.importlinter]`` settings say.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent

LINT = (
    "import sys\n"
    "from importlinter.cli import lint_imports_command\n"
    "sys.argv = ['lint-imports', '--no-cache', '--no-logo']\n"
    "lint_imports_command()\n"
)


def test_import_contracts_are_kept():
    """``lint-imports`` (run from the repository root, so it reads this checkout's code and
    pyproject.toml) keeps every contract; on failure its report is the assertion message."""
    done = subprocess.run(
        [sys.executable, "-c", LINT], cwd=ROOT, capture_output=True, text=True, timeout=240
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    assert "0 broken" in report, report


def import_cycles(graph: grimp.ImportGraph, prefix: str = "") -> list[list[str]]:
    """The strongly connected components of more than one module (each an import cycle) among
    the graph's modules starting with ``prefix``, sorted (Tarjan's algorithm, iterative)."""
    mods = sorted(m for m in graph.modules if m.startswith(prefix))
    edges = {
        m: sorted(d for d in graph.find_modules_directly_imported_by(m) if d in mods) for m in mods
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in mods:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(edges[w])))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on_stack.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return sorted(found)


def _graph() -> grimp.ImportGraph:
    sys.path.insert(0, str(ROOT))  # this checkout's engine/ and tui/, as pytest imports them
    try:
        return grimp.build_graph(
            "engine", "tui", include_external_packages=False, exclude_type_checking_imports=True
        )
    finally:
        sys.path.remove(str(ROOT))


def test_no_import_cycle_in_engine_or_tui():
    """No set of modules of engine/ or tui/ imports itself round (function-level imports count:
    they are cycles waiting to happen)."""
    graph = _graph()
    assert graph.find_modules_directly_imported_by("engine.games.imperial_struggle.rules")
    assert import_cycles(graph) == []


def test_import_cycles_finds_a_ring():
    """The cycle finder reports a three-module ring and nothing for a chain."""
    graph = grimp.ImportGraph()
    for m in ("p.a", "p.b", "p.c", "p.d"):
        graph.add_module(m)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    graph.add_import(importer="p.c", imported="p.a")
    graph.add_import(importer="p.c", imported="p.d")
    assert import_cycles(graph) == [["p.a", "p.b", "p.c"]]
    graph.remove_import(importer="p.c", imported="p.a")
    assert import_cycles(graph) == []
