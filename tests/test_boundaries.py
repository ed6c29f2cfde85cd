"""Architecture boundaries (DESIGN.md): the engine is pure and importable without the UI."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"
FILE_CALLS = {
    *("open", "read_bytes", "write_bytes", "read_text", "write_text", "mkdir", "unlink"),
    *("mkstemp", "replace", "truncate", "iterdir"),
}


def test_engine_imports_without_textual_rich_or_sockets():
    code = (
        "import sys, engine.match, engine.session, engine.journal, engine.registry as r\n"
        "r.games()\n"
        "bad = [m for m in ('textual', 'rich', 'socket', 'asyncio') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_file_io_only_in_the_journal_module():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        if path.name == "journal.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
            if name == "replace":  # str.replace is fine; os.replace is a file operation
                is_os = isinstance(f, ast.Attribute) and getattr(f.value, "id", "") == "os"
                if not is_os:
                    continue
            if name in FILE_CALLS:
                offenders.append(f"{path.relative_to(ENGINE)}:{node.lineno} {name}")
    assert offenders == []
