"""A write that fails leaves the file exactly as before (issue 14, point 1).

The disk-full case is reproduced with a file-size limit (RLIMIT_FSIZE) in a subprocess, as the
issue's ghost.imperia was made: iMperium, seed 7, two human seats, casual; the 5th record hits a
limit 2 bytes above the 4-record file, then space comes back and a different choice is made.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import journal as jr
from engine.session import load_match, new_match, parse_seats

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
from pathlib import Path
from engine import journal as jr
from engine.session import new_match, parse_seats
path = Path(sys.argv[1])
m = new_match("imperium", parse_seats("human,human", "imperium"), seed=7, policy="casual",
              save_path=path)
for choice in ["pick:farm", "pick:walls", "unpick", "pick:walls"]:
    m.act(0, choice)
size = path.stat().st_size
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (size + 2, hard))
out = {"size": size}
try:
    m.act(0, "unpick")
except jr.JournalWriteError as err:
    out["error"], out["reason"], out["intact"] = str(err), err.reason, err.intact
out["after_fail"] = path.stat().st_size
out["entries_after_fail"] = m.entries
resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))
out["new"] = [c.id for c in m.prompt(0).choices if c.id != "unpick"][0]
m.act(0, out["new"])
out["hash"] = m.hash()
m.close_journal()
print(json.dumps(out))
"""


@pytest.mark.skipif(not hasattr(os, "setrlimit") and sys.platform == "win32", reason="POSIX")
def test_disk_full_mid_record_leaves_no_ghost(tmp_path):
    path = tmp_path / "ghost.imperia"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["error"].startswith("could not save to ghost.imperia: ")
    assert out["reason"] == os.strerror(27) and out["intact"] is True  # EFBIG
    assert out["after_fail"] == out["size"]  # cut back to the last good offset
    assert out["entries_after_fail"] == 4  # the choice was not made
    loaded = jr.read(path)
    assert loaded.warnings == []
    acts = [r[2] for r in loaded.records if r[0] == jr.ACT]
    assert acts == ["pick:farm", "pick:walls", "unpick", "pick:walls", out["new"]]
    assert loaded.records[-1][0] == jr.CHECK  # written on close
    assert load_match(loaded).hash() == out["hash"]


def _fresh(tmp_path):
    match = new_match(
        "highcard", parse_seats("human,human", "highcard"), seed=3, save_path=tmp_path / "m.imperia"
    )
    match.act(0, match.prompt(0).choices[0].id)
    return match


def test_a_partial_write_is_cut_back(tmp_path, monkeypatch):
    match = _fresh(tmp_path)
    path = match.save_path
    before = path.read_bytes()
    real_write = os.write
    calls = []

    def half_then_full(fd, data):
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, data[:3])  # a short write
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(jr.JournalWriteError, match="No space left") as err:
        match.act(1, match.prompt(1).choices[0].id)
    monkeypatch.undo()
    assert err.value.intact and path.read_bytes() == before and match.entries == 1
    match.act(1, match.prompt(1).choices[-1].id)  # space came back: a different choice
    match.close_journal()
    assert load_match(jr.read(path)).hash() == match.hash()


def test_when_even_the_cut_fails_the_writer_stops_and_says_so(tmp_path, monkeypatch):
    match = _fresh(tmp_path)
    real_write = os.write
    calls = []

    def half_then_fail(fd, data):
        calls.append(1)
        if len(calls) == 1:
            return real_write(fd, data[:2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_fail)
    monkeypatch.setattr(os, "ftruncate", lambda fd, n: (_ for _ in ()).throw(OSError(5, "EIO")))
    with pytest.raises(jr.JournalWriteError, match="stopped writing") as err:
        match.act(1, match.prompt(1).choices[0].id)
    assert not err.value.intact
    monkeypatch.undo()
    with pytest.raises(jr.JournalWriteError, match="stopped writing"):
        match.act(1, match.prompt(1).choices[0].id)
    assert match.entries == 1
    match.sink.close()
    loaded = jr.read(match.save_path)  # the partial record is a torn tail, dropped on load
    assert loaded.warnings and len(loaded.records) == 1


@pytest.mark.parametrize("policy", ["never", "group", "always"])
def test_every_sync_policy_writes_the_same_file(tmp_path, policy):
    match = new_match(
        "highcard",
        parse_seats("human,human", "highcard"),
        seed=3,
        save_path=tmp_path / f"{policy}.imperia",
        sync=policy,
    )
    while not match.over:
        seat = match.waiting()[0]
        match.act(seat, match.prompt(seat).choices[0].id)
    match.close_journal()
    loaded = jr.read(match.save_path)
    assert loaded.warnings == [] and load_match(loaded).hash() == match.hash()
    with pytest.raises(ValueError, match="sync policy"):
        jr.JournalWriter.reopen(match.save_path, loaded, sync="sometimes")
