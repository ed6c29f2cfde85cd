"""Benchmark of ``imperia serve`` (issue 7): simulated players over real SSH connections.

Starts the server as its own process on a loopback port with a fresh data dir, connects
``--tables`` x 2 players (asyncssh clients with PTYs, screens rendered by pyte), sets up the
tables through the lobby by keys (one player creates an iMperium table, the other sits), then
lets every player play by keys for ``--seconds``: when its status line shows it deciding, it
waits a think time (``--think``, default 1-3 s) and presses the key of a quick choice read off
its prompt panel (end the turn, confirm, take the extra draw, else the first other choice).

Measured:
* latency: from a player's key press to the first screen update received by the *other* seat
  (only when the other seat is not deciding too); p50/p95/p99/max in ms;
* memory: the server process's RSS before and after the connections (growth per connection),
  the per-connection app processes' RSS and PSS (shared pages counted once, split between the
  sharers: the apps are forked from a warm zygote), and the total per connection (server
  growth + app PSS + the zygote's PSS, divided by the players).

Prints a JSON summary. Bounded in count and time; all traffic stays on 127.0.0.1.

    .venv/bin/python scripts/serve_bench.py --tables 25 --seconds 60 [--think 1 3] [--size 120x40]

Several nodes sharing a PostgreSQL database (issue 23; :func:`start_nodes`): ``--nodes 2 --db
URL`` (``--db temp``: a throwaway server, tests/serve/pg_server.py) runs one ``imperia serve
--db`` process per node; each table's first player connects to node 0 and the second to node
1, so every latency sample is a move crossing nodes (key press on A to the screen on B). The
memory and server CPU figures are then node 0's (memory per connection of node 0's players).
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte

SIZE = {"width": 120, "height": 40}
MARKS = "◆●"
IDLE_S = 5.0
"""Seconds of no input, after the set-up, over which the idle CPU of server and apps is taken."""
CHOICE_LINE = re.compile(r"^ ([0-9a-z]) (\S.*?)\s*$")


def rss_kb(pid: int) -> int:
    """Resident set size of ``pid`` in KiB (0 when gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def pss_kb(pid: int) -> int:
    """Proportional set size of ``pid`` in KiB: its private pages plus its share of the
    pages it shares (0 when gone)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def cpu_s(pid: int) -> float:
    """User + system CPU seconds used by ``pid`` so far (0 when gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            ppid = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


class Sim:
    """One simulated player."""

    def __init__(self, name: str, key: asyncssh.SSHKey) -> None:
        self.name = name
        self.key = key
        self.screen = pyte.Screen(SIZE["width"], SIZE["height"])
        self.stream = pyte.ByteStream(self.screen)
        self.version = 0
        self.last_output = time.monotonic()
        self.partner: Sim | None = None
        self.pending: float | None = None  # a partner's key press awaiting our update
        self.samples: list[float] = []
        self.own: float | None = None  # our own key press awaiting our own update
        self.own_samples: list[float] = []
        self.presses = 0
        self.received = 0  # bytes of screen output
        self.conn = None
        self.proc = None
        self.mark = ""

    async def connect(self, port: int) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username="bench",
            client_keys=[self.key],
            known_hosts=None,
            agent_path=None,
        )
        self.proc = await self.conn.create_process(
            term_type="xterm-256color", term_size=(SIZE["width"], SIZE["height"]), encoding=None
        )
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                data = await self.proc.stdout.read(65536)
                if not data:
                    return
                now = time.monotonic()
                self.received += len(data)
                if self.pending is not None:
                    self.samples.append(now - self.pending)
                    self.pending = None
                if self.own is not None:
                    self.own_samples.append(now - self.own)
                    self.own = None
                self.stream.feed(data)
                self.version += 1
                self.last_output = now
        except Exception:
            return

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def press(self, keys: str) -> None:
        self.proc.stdin.write(keys.encode())

    async def wait_for(self, needle: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while needle not in self.text():
            if time.monotonic() > end:
                raise TimeoutError(f"{self.name}: no {needle!r} on screen:\n{self.text()}")
            await asyncio.sleep(0.05)

    async def settled(self, quiet: float = 0.05) -> None:
        """Wait until no output came for ``quiet`` seconds."""
        while time.monotonic() - self.last_output < quiet:
            await asyncio.sleep(quiet / 2)

    def deciding(self) -> tuple[bool, bool]:
        """(I decide now, the other seat decides too), from the status line."""
        status = self.screen.display[0]
        mine = f"▶{self.mark} {self.name} (you)" in status
        return mine, status.count("▶") > 1

    def choice_key(self) -> str:
        """The key of a quick player's choice, read off the prompt panel: the pinned end key
        (e) when offered, else a Confirm, else an Extra draw, else the first choice that is
        not a take-back of a pick."""
        lines = self.screen.display
        start = max((i for i, line in enumerate(lines) if line.startswith("────")), default=0)
        rows = []
        for line in lines[start + 1 : -1]:  # the prompt panel, not the key bar below it
            found = CHOICE_LINE.match(line[:60])
            if found:
                rows.append((found.group(1), found.group(2)))
        if any(key == "e" for key, _ in rows):
            return "e"
        for prefix in ("Confirm", "Extra draw"):
            for key, label in rows:
                if label.startswith(prefix):
                    return key
        return next((k for k, label in rows if not label.startswith("Take back")), "1")

    async def play(self, until: float, think: tuple[float, float]) -> None:
        seen = -1
        while time.monotonic() < until:
            await asyncio.sleep(0.02)
            if self.version == seen:
                continue
            await self.settled()
            mine, both = self.deciding()
            if not mine or "Match over" in self.text():
                continue
            await asyncio.sleep(random.uniform(*think))
            seen = self.version
            if not both and self.partner is not None:
                self.partner.pending = time.monotonic()
            self.own = time.monotonic()
            self.press(self.choice_key())
            self.presses += 1

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.conn.wait_closed(), 5)


def start_nodes(
    nodes: int, db: str | None, data: Path, max_connections: int = 64, per_process: int = 1
) -> tuple[list[subprocess.Popen], list[int], object]:
    """Start ``nodes`` servers (``--db``: sharing that database; "temp" starts a throwaway
    PostgreSQL first), each taking up to ``max_connections`` connections. Returns the processes, their ports and the throwaway server (or
    None; its ``destroy()`` ends it)."""
    pg = None
    if db == "temp":
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "serve"))
        from pg_server import PgServer

        pg = PgServer()
        atexit.register(pg.destroy)  # whatever happens, the throwaway server ends with us
        pg.init()
        db = pg.url()
    if db:
        subprocess.run(
            [sys.executable, "-m", "tui", "serve", "--db", db, "--migrate"],
            check=True,
            capture_output=True,
        )
    procs, ports = [], []
    for n in range(nodes):
        port = free_port()
        cmd = [sys.executable, "-m", "tui", "serve", "--port", str(port)]
        cmd += ["--max-connections", str(max_connections)]
        cmd += ["--sessions-per-process", str(per_process)]
        cmd += ["--data", str(data / f"node{n}")] + (["--db", db] if db else [])
        procs.append(
            subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        )
        ports.append(port)
    return procs, ports, pg


def db_entries(db: str) -> int:
    """Journal entries (records but checks) in the database ``db``."""
    import psycopg

    from engine import journal as jr
    from tui.serve.journal_rows import decode_record

    entries = 0
    with psycopg.connect(db) as conn:
        heads = dict(conn.execute("SELECT table_id, header FROM journals").fetchall())
        for tid, entry, data in conn.execute("SELECT table_id, entry, data FROM records"):
            crc = int.from_bytes(bytes(heads[tid])[-4:], "little")
            entries += decode_record(bytes(data), crc, entry)[0] != jr.CHECK
    return entries


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def bench(
    tables: int,
    seconds: float,
    think: tuple[float, float],
    nodes: int = 1,
    db: str | None = None,
    per_process: int = 1,
) -> dict:
    data = Path(tempfile.mkdtemp(prefix="imperia-bench-"))
    servers, ports, pg = start_nodes(nodes, db, data, 2 * tables + 8, per_process)
    db = pg.url() if pg is not None else db
    server = servers[0]
    players: list[Sim] = []
    try:
        for proc in servers:
            line = proc.stdout.readline()
            if "port" not in line:
                raise RuntimeError(f"server did not start: {line}{proc.stdout.read()}")
        await asyncio.sleep(0.5)
        rss_idle = rss_kb(server.pid)
        for t in range(tables):
            a = Sim(f"T{t:02d}a", asyncssh.generate_private_key("ssh-ed25519"))
            b = Sim(f"T{t:02d}b", asyncssh.generate_private_key("ssh-ed25519"))
            a.partner, b.partner = b, a
            a.mark, b.mark = MARKS
            players += [a, b]
        started = time.monotonic()
        for i in range(0, len(players), 6):  # connect in small batches (app start-up is CPU)
            batch = players[i : i + 6]
            await asyncio.gather(
                *(p.connect(ports[(i + k) % 2 % nodes]) for k, p in enumerate(batch))
            )
            for p in batch:
                await p.wait_for("Your name")
                p.press(p.name)
            await asyncio.sleep(0.3)
            for p in batch:
                p.press("\r")
            for p in batch:
                await p.wait_for(f"Welcome, {p.name}.")
        connect_s = time.monotonic() - started
        for t in range(tables):
            a, b = players[2 * t], players[2 * t + 1]
            a.press("n")
            await a.wait_for("Cancel (Esc)")
            await asyncio.sleep(0.2)
            a.press("\r")  # iMperium is the first game: create with the defaults
            await b.wait_for(f"{MARKS[0]} {a.name}  {MARKS[1]} free")
            b.press("f")  # the oldest table with a free seat: a's
            await a.wait_for(f"{a.name} (you)")
            await b.wait_for(f"{b.name} (you)")
        setup_s = time.monotonic() - started
        rss_loaded = rss_kb(server.pid)
        below = descendants(server.pid)
        zygotes = [p for p in below if "_table-zygote" in cmdline(p)]
        zygote = min(zygotes, default=None)  # the zygote itself (its children fork from it)
        apps = [p for p in below if p != zygote]
        app_rss = [rss_kb(p) for p in apps]
        app_pss = [pss_kb(p) for p in apps]
        zygote_pss = pss_kb(zygote) if zygote else 0
        # Idle cost first: every screen settled, nobody presses a key for a while.
        await asyncio.gather(*(p.settled(0.5) for p in players))
        idle0 = (cpu_s(server.pid), sum(cpu_s(p) for p in apps), time.monotonic())
        await asyncio.sleep(IDLE_S)
        idle1 = (cpu_s(server.pid), sum(cpu_s(p) for p in apps), time.monotonic())
        idle_cores = [
            (b - a) / (idle1[2] - idle0[2]) for a, b in zip(idle0[:2], idle1[:2], strict=True)
        ]
        for p in players:
            p.samples.clear()
            p.own_samples.clear()
            p.presses = 0
            p.received = 0
        cpu0 = (cpu_s(server.pid), sum(cpu_s(p) for p in apps), time.process_time())
        until = time.monotonic() + seconds
        await asyncio.gather(*(p.play(until, think) for p in players))
        await asyncio.sleep(1.0)
        span = seconds + 1.0
        cpu1 = (cpu_s(server.pid), sum(cpu_s(p) for p in apps), time.process_time())
        cpu_busy = [(b - a) / span for a, b in zip(cpu0, cpu1, strict=True)]
        cpu_share = [round(c, 2) for c in cpu_busy]
        samples = sorted(s for p in players for s in p.samples)
        own = sorted(s for p in players for s in p.own_samples)
        rss_end = rss_kb(server.pid)
    finally:
        await asyncio.gather(*(p.close() for p in players), return_exceptions=True)
        for proc in servers:
            proc.send_signal(signal.SIGTERM)
        for proc in servers:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
    from engine import journal as jr

    entries = 0
    try:
        if db:
            entries = db_entries(db)
        for path in data.glob("node*/tables/*.imperia"):
            entries += sum(1 for r in jr.read(path).records if r[0] != jr.CHECK)
    finally:
        if pg is not None:
            pg.destroy()
        shutil.rmtree(data, ignore_errors=True)

    presses = sum(p.presses for p in players)

    def per_choice(busy: float, idle: float) -> float | None:
        return round(1000 * (busy - idle) * span / presses, 1) if presses else None

    def pct(q: float, values: list[float] = samples) -> float | None:
        if not values:
            return None
        return round(1000 * values[min(len(values) - 1, int(q * len(values)))], 1)

    # Memory is node 0's (its server, zygote and apps): per connection of node 0's players.
    on_node0 = sum(1 for i in range(len(players)) if i % 2 % nodes == 0)
    return {
        "nodes": nodes,
        "sessions_per_process": per_process,
        "store": "postgresql" if db else "files",
        "players": len(players),
        "tables": tables,
        "seconds": seconds,
        "think_s": list(think),
        "terminal": f"{SIZE['width']}x{SIZE['height']}",
        "cores": os.cpu_count(),
        "connect_s": round(connect_s, 1),
        "setup_s": round(setup_s, 1),
        "key_presses": presses,
        # screen output per choice, both seats' screens together (what the PTY, the server's
        # encryption and the client's terminal handle)
        "output_kb_per_choice": round(sum(p.received for p in players) / 1024 / presses, 1)
        if presses
        else None,
        "journal_entries": entries,
        "latency_samples": len(samples),
        "latency_ms": {
            "p50": pct(0.50),
            "p95": pct(0.95),
            "p99": pct(0.99),
            "max": round(1000 * samples[-1], 1) if samples else None,
            "mean": round(1000 * statistics.fmean(samples), 1) if samples else None,
        },
        "own_screen_ms": {"p50": pct(0.5, own), "p99": pct(0.99, own)},
        "load_average": os.getloadavg()[0],
        "cpu_cores_busy": {
            "server": cpu_share[0],
            "apps": cpu_share[1],
            "bench_clients": cpu_share[2],
            "idle_server": round(idle_cores[0], 3),
            "idle_apps": round(idle_cores[1], 3),
        },
        # CPU per key press (each choice updates both seats' screens), the idle rate taken off.
        "cpu_ms_per_choice": {
            "server": per_choice(cpu_busy[0], idle_cores[0]),
            "apps_both_seats": per_choice(cpu_busy[1], idle_cores[1]),
        },
        "server_rss_mb": {
            "idle": round(rss_idle / 1024, 1),
            "loaded": round(rss_loaded / 1024, 1),
            "end": round(rss_end / 1024, 1),
            "per_connection": round((rss_loaded - rss_idle) / 1024 / on_node0, 2),
        },
        "app_process_mb": {
            "count": len(app_rss),
            "rss_mean": round(statistics.fmean(app_rss) / 1024, 1) if app_rss else None,
            "pss_mean": round(statistics.fmean(app_pss) / 1024, 1) if app_pss else None,
            "zygote_pss": round(zygote_pss / 1024, 1),
        },
        "memory_per_connection_mb": round(
            ((rss_loaded - rss_idle) + sum(app_pss) + zygote_pss) / 1024 / on_node0, 1
        ),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=25)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"))
    p.add_argument("--size", default="120x40", help="each player's terminal, WIDTHxHEIGHT")
    p.add_argument("--nodes", type=int, default=1, help="server processes (more need --db)")
    p.add_argument("--db", help="PostgreSQL URL shared by the nodes, or 'temp' (throwaway)")
    p.add_argument(
        "--sessions-per-process",
        type=int,
        default=1,
        metavar="K",
        help="the server's --sessions-per-process (players' screens per app process)",
    )
    args = p.parse_args()
    # A SIGTERM (a timeout) still runs the atexit clean-up: the throwaway PostgreSQL ends.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.nodes > 1 and not args.db:
        p.error("--nodes 2 or more needs --db (the nodes share tables through PostgreSQL)")
    SIZE["width"], SIZE["height"] = (int(x) for x in args.size.split("x"))
    result = asyncio.run(
        bench(
            args.tables,
            args.seconds,
            tuple(args.think),
            args.nodes,
            args.db,
            args.sessions_per_process,
        )
    )
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
