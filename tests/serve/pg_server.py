"""A throwaway PostgreSQL server for the tests (and ``scripts/serve_bench.py --db auto``).

Uses the PostgreSQL binaries of this machine (Debian's ``/usr/lib/postgresql/<N>/bin``, or
``$IMPERIA_PG_BIN``, or ``initdb`` on the PATH). ``initdb`` refuses to run as root, so as root
the server is initialised and run as the ``postgres`` system user (``runuser``), in a temp dir
it owns. It listens only on a unix socket in that dir (no TCP), with ``fsync=off`` (a test
database needs no durability), and :meth:`PgServer.stop` ends it and removes the dir.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def find_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or None."""
    env = os.environ.get("IMPERIA_PG_BIN")
    candidates = [env] if env else []
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    which = shutil.which("initdb")
    if which:
        candidates.append(str(Path(which).parent))
    for c in candidates:
        if c and (Path(c) / "initdb").exists() and (Path(c) / "pg_ctl").exists():
            return Path(c)
    return None


def why_not() -> str:
    """Why no server can be started here ("" when one can)."""
    if find_bin() is None:
        return "no PostgreSQL binaries (initdb, pg_ctl): install postgresql or set IMPERIA_PG_BIN"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run initdb as"
        if shutil.which("runuser") is None:
            return "running as root without runuser to start PostgreSQL as 'postgres'"
    return ""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """One PostgreSQL cluster in a temp dir (see the module docstring).

    Attributes:
        dir: the temp dir (``data/`` the cluster, the socket, ``log``).
        port: the port number (names the unix socket).
    """

    def __init__(self) -> None:
        self.bin = find_bin()
        if self.bin is None:
            raise RuntimeError(why_not())
        self.dir = Path(tempfile.mkdtemp(prefix="imperia-pg-"))
        self.port = free_port()
        self.user = "postgres"
        self._as: list[str] = []
        if os.geteuid() == 0:
            pw = pwd.getpwnam("postgres")
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        os.chmod(self.dir, 0o700)
        self.data = self.dir / "data"

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            [*self._as, *args],
            check=check,
            capture_output=True,
            text=True,
            cwd=self.dir,
            timeout=60,
        )

    def url(self, dbname: str = "postgres") -> str:
        """A connection string for database ``dbname`` (as the ``postgres`` superuser)."""
        return f"host={self.dir} port={self.port} user={self.user} dbname={dbname}"

    def init(self) -> PgServer:
        """``initdb`` the cluster and start it."""
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            self.user,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        self.start()
        return self

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        opts = f"-k {self.dir} -p {self.port} -c listen_addresses='' -c fsync=off"
        opts += " -c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
        got = self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            opts,
            "-l",
            str(self.dir / "log"),
            "-w",
            "-t",
            "30",
            "start",
            check=False,
        )
        if got.returncode:
            log = (self.dir / "log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"pg_ctl start failed: {got.stderr}\n{log}")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``mode``: smart, fast or immediate)."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        """Stop (fast: every client connection is cut) and start again."""
        self.stop()
        self.start()

    def pid(self) -> int | None:
        """The postmaster's pid while it runs."""
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int((self.data / "postmaster.pid").read_text().split()[0])
        return None

    def destroy(self) -> None:
        """Stop the server if it runs and remove its dir."""
        if self.pid() is not None:
            with contextlib.suppress(Exception):
                self.stop("immediate")
        shutil.rmtree(self.dir, ignore_errors=True)
