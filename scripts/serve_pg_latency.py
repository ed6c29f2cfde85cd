"""How fast a move crosses nodes through PostgreSQL (issue 23), without the apps' rendering.

Starts ``--nodes`` ``imperia serve --db`` processes (``--db temp``: a throwaway PostgreSQL,
tests/serve/pg_server.py) and, per table, two raw hub clients (what an app process speaks over
the node's unix socket): seat 0's on node 0 creates an iMperium table, seat 1's on node 1 sits.
Then every table plays ``--moves`` moves, each seat choosing its first choice as soon as its
view asks; each tables' moves are paced by ``--think`` seconds. Measured: from the ``act``
frame sent to node A to the ``view`` frame carrying that entry at the other seat's client on
node B (commit, NOTIFY, read, replay, view, frame); p50/p95/p99/max in ms.

Prints a JSON summary. ``serve_bench.py --nodes 2 --db`` measures the same path from key
press to screen, with the apps' redraw on a loaded machine included.

    .venv/bin/python scripts/serve_pg_latency.py --db temp --tables 25 --moves 20
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_bench import cpu_s, descendants, start_nodes  # noqa: E402

from tui.serve import protocol  # noqa: E402


class Seat:
    """A raw hub client for one seat."""

    def __init__(self, socket: Path, player: str) -> None:
        self.socket, self.player = socket, player
        self.view: dict | None = None
        self.changed = asyncio.Event()
        self.arrived: dict[int, float] = {}  # entries -> when a view with them came

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_unix_connection(str(self.socket))
        self.send({"t": "hello", "player": self.player})
        self.task = asyncio.get_running_loop().create_task(self._read())

    def send(self, msg: dict) -> None:
        protocol.write_frame(self.writer, msg)

    async def _read(self) -> None:
        self.inbox: list[dict] = []
        try:
            while True:
                msg = await protocol.read_frame(self.reader)
                if msg["t"] == "view":
                    self.view = msg
                    self.arrived.setdefault(msg["entries"], time.monotonic())
                self.inbox.append(msg)
                self.changed.set()
        except Exception:
            return

    async def expect(self, kind: str, timeout: float = 60) -> dict:
        end = time.monotonic() + timeout
        while True:
            for i, m in enumerate(self.inbox):
                if m["t"] == kind:
                    del self.inbox[: i + 1]
                    return m
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.01, end - time.monotonic()))


async def play_table(a: Seat, b: Seat, moves: int, think: float, samples: list[float]) -> int:
    """Play ``moves`` moves at one table; each move's crossing time goes into ``samples``."""
    made = 0
    seats = {0: (a, b), 1: (b, a)}
    while made < moves:
        view = a.view
        if view is None or view["outcome"] is not None:
            return made
        waiting = view["waiting"]
        if not waiting:
            return made
        me, other = seats[waiting[0]]
        await asyncio.sleep(think)
        mine = me.view
        if mine is None or mine["prompt"] is None:
            await asyncio.sleep(0.01)
            continue
        entries = mine["entries"]
        choice = next(c[0] for c in mine["prompt"]["choices"] if c[3] != "unpick")
        sent = time.monotonic()
        me.send({"t": "act", "table": mine["table"], "entries": entries, "choice": choice})
        end = sent + 10
        while entries + 1 not in other.arrived or entries + 1 not in a.arrived:
            if time.monotonic() > end:
                raise TimeoutError(f"entry {entries + 1} never reached the other node")
            other.changed.clear()
            a.changed.clear()
            await asyncio.sleep(0.002)
        samples.append(other.arrived[entries + 1] - sent)
        made += 1
    return made


async def bench(tables: int, moves: int, think: float, db: str) -> dict:
    data = Path(tempfile.mkdtemp(prefix="imperia-pglat-"))
    servers, _ports, pg = start_nodes(2, db, data)
    if pg is not None:
        atexit.register(pg.destroy)
    try:
        for proc in servers:
            line = proc.stdout.readline()
            if "port" not in line:
                raise RuntimeError(f"server did not start: {line}{proc.stdout.read()}")
        socks = [data / f"node{n}" / "hub.sock" for n in range(2)]
        pairs = []
        for t in range(tables):
            a, b = Seat(socks[0], f"SHA256:a{t}"), Seat(socks[1], f"SHA256:b{t}")
            await a.open()
            await b.open()
            a.send({"t": "lobby"})
            b.send({"t": "lobby"})
            a.send({"t": "create", "game": "imperium", "seats": 2, "options": {}})
            tid = (await a.expect("created"))["table"]
            for _ in range(200):  # node B hears of the table
                b.send({"t": "sit", "table": tid})
                try:
                    await asyncio.wait_for(b.expect("started"), 0.5)
                    break
                except TimeoutError:
                    continue
            await a.expect("started")  # node A heard that B started it
            for s in (a, b):
                s.send({"t": "watch", "table": tid})
            pairs.append((a, b))
        for a, b in pairs:
            while a.view is None or b.view is None:
                await asyncio.sleep(0.01)
        samples: list[float] = []
        pg_pid = pg.pid() if pg is not None else None
        pg_pids = [pg_pid, *descendants(pg_pid)] if pg_pid else []

        def cpu() -> tuple[float, float]:
            return sum(cpu_s(p.pid) for p in servers), sum(cpu_s(p) for p in pg_pids)

        cpu0 = cpu()
        started = time.monotonic()
        made = await asyncio.gather(*(play_table(a, b, moves, think, samples) for a, b in pairs))
        span = time.monotonic() - started
        cpu1 = cpu()
    finally:
        for proc in servers:
            proc.send_signal(signal.SIGTERM)
        for proc in servers:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
        if pg is not None:
            pg.destroy()
        shutil.rmtree(data, ignore_errors=True)
    samples.sort()

    def pct(q: float) -> float | None:
        if not samples:
            return None
        return round(1000 * samples[min(len(samples) - 1, int(q * len(samples)))], 1)

    return {
        "nodes": 2,
        "tables": tables,
        "moves": sum(made),
        "moves_per_second": round(sum(made) / span, 1),
        "think_s": think,
        "cores": os.cpu_count(),
        "load_average": os.getloadavg()[0],
        # CPU per move: both nodes' server processes, and the PostgreSQL processes that
        # were running when the moves began (0 with --db URL)
        "cpu_ms_per_move": {
            "nodes": round(1000 * (cpu1[0] - cpu0[0]) / max(1, sum(made)), 2),
            "postgresql": round(1000 * (cpu1[1] - cpu0[1]) / max(1, sum(made)), 2),
        },
        "crossing_ms": {
            "p50": pct(0.5),
            "p95": pct(0.95),
            "p99": pct(0.99),
            "max": round(1000 * samples[-1], 1) if samples else None,
        },
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", default="temp", help="PostgreSQL URL, or 'temp' (throwaway)")
    p.add_argument("--tables", type=int, default=25)
    p.add_argument("--moves", type=int, default=20, help="moves per table")
    p.add_argument("--think", type=float, default=0.2, help="seconds before each move")
    args = p.parse_args()
    # A SIGTERM (a timeout) still runs the atexit clean-up: the throwaway PostgreSQL ends.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    result = asyncio.run(bench(args.tables, args.moves, args.think, args.db))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
