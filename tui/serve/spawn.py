"""Starting the per-connection app processes, forked from a warm "zygote" process.

Starting Python and importing Textual, the engine and the boards costs about a second of CPU
and ~45 MB per process. The server therefore starts one zygote (``python -m tui
_table-zygote SOCK``) that imports all of that once (and freezes it for the garbage
collector), then forks one child per connection: the child starts at once and shares the
zygote's memory pages until it writes to them.

Protocol (a unix socket in a private folder): the server connects, sends one JSON request
(``hub``, ``player``, ``env``, ``cwd``) with the connection's PTY slave attached as
SCM_RIGHTS; the zygote forks and answers the child's pid as a line, then, when the child has
ended, its exit status as a second line. The child makes itself a session leader with the PTY
as its controlling terminal and stdin/stdout/stderr, takes the given environment and runs
:func:`tui.serve.app.run_client`.

The zygote is single-threaded and runs no asyncio loop, so forking it is safe; it ends when
the server closes its stdin. If it cannot start or dies, the server starts each app with a
plain exec instead (slower, same behaviour).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import gc
import json
import os
import selectors
import signal
import socket
import sys
import termios
import traceback
from pathlib import Path
from typing import Any

READY = b"ready\n"
SESSIONS_ENV = "IMPERIA_SESSIONS_PER_PROCESS"
"""The zygote's environment variable: sessions per app process (1: one process each)."""
MIN_HOSTS_ENV = "IMPERIA_MIN_HOSTS"
"""The zygote's environment variable: hosts to spread sessions over before any host takes a
second one (default: the machine's cores; the tests set 1 to put sessions in one host)."""


# ---------------------------------------------------------------- the zygote process
def _preload() -> None:
    """Import what every app process needs (the app, screens, every game and its board)."""
    import tui.serve.app  # noqa: F401  (textual, the match screen, dialogs, widgets)
    from engine import registry
    from tui.boards import board_for

    for game in registry.games():
        with contextlib.suppress(Exception):
            board_for(game.id)
            registry.make_bot(game.id, "random")


def _warm_up(size: tuple[int, int] = (120, 40)) -> None:
    """Run one app headless to its first screen (the lobby; no hub answers, so it ends there),
    so that what Textual and Rich import, parse and cache on first use (the driver and layout
    modules, Rich's Unicode width and emoji tables, style caches) is made here once and shared
    by every child instead of by each child in pages of its own (measured: 2.5 MB less PSS
    per app). A match screen warmed the same way saved nothing more, so there is none. Output
    goes to /dev/null; a failure only means the children do that work themselves."""
    import tempfile

    from tui.serve.app import RemoteApp

    async def show(app: Any) -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()

    saved = [os.dup(1), os.dup(2)]
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 1)
        os.dup2(null, 2)
        with tempfile.TemporaryDirectory() as tmp:
            asyncio.run(show(RemoteApp(Path(tmp) / "no-hub.sock", "warm-up")))
    except Exception:  # noqa: S110 - a failed warm-up only costs the children memory
        pass
    finally:
        for target, fd in zip((1, 2), saved, strict=True):
            os.dup2(fd, target)
            os.close(fd)
        os.close(null)


def _child(fd: int, request: dict[str, Any]) -> None:
    """In the forked child: take the PTY, the environment, and run the app. Never returns."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.setsid()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        os.closerange(3, 65536)
        with contextlib.suppress(OSError):
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        os.environ.clear()
        os.environ.update(request["env"])
        os.chdir(request["cwd"])
        sys.stdin = sys.__stdin__ = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stdout = sys.__stdout__ = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = sys.__stderr__ = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        from tui.serve.app import run_client

        code = run_client(Path(request["hub"]), request["player"])
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    except BaseException:
        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


class _Hosts:
    """The zygote's host processes (``--sessions-per-process`` K > 1, :mod:`tui.serve.host`):
    each takes up to ``per_process`` sessions. A new session goes to the host with the fewest
    sessions; the zygote forks a new host when every host is full or there are fewer hosts
    than cores (one host's loop uses one core, and two seats of a table in one loop would
    redraw one after the other), and closes a host's socket pair once it has no session left
    (the host then ends)."""

    def __init__(self, per_process: int, min_hosts: int | None = None) -> None:
        self.per_process = per_process
        self.min_hosts = min_hosts if min_hosts is not None else (os.cpu_count() or 2)
        self.load: dict[socket.socket, int] = {}  # our end of each host's pair -> sessions
        self.sids = 0
        self.count = 0  # host processes not yet reaped

    def place(self, request: dict[str, Any], tty: int, conn: socket.socket, sel: Any) -> None:
        """Hand the session (its PTY and the server's connection) to a host with room."""
        self.sids += 1
        request["sid"] = self.sids
        try:
            room = [c for c, n in self.load.items() if n < self.per_process]
            if not room or len(self.load) < self.min_hosts:
                channel = self._fork(sel)
            else:  # the emptiest host: a table's two seats rarely share one loop
                channel = min(room, key=self.load.__getitem__)
            socket.send_fds(channel, [json.dumps(request).encode()], [tty, conn.fileno()])
            self.load[channel] += 1
        except OSError as err:
            with contextlib.suppress(OSError):
                conn.sendall(f"error {err}\n".encode())
        finally:
            os.close(tty)
            conn.close()

    def _fork(self, sel: Any) -> socket.socket:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                ours.close()
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                os.setsid()
                null = os.open(os.devnull, os.O_RDWR)
                os.dup2(null, 0)
                os.dup2(null, 1)
                os.closerange(3, theirs.fileno())
                os.closerange(theirs.fileno() + 1, 65536)
                from tui.serve.host import host_main

                code = host_main(theirs)
            except BaseException:
                with contextlib.suppress(Exception):
                    traceback.print_exc()
            finally:
                os._exit(code)
        theirs.close()
        self.count += 1
        self.load[ours] = 0
        sel.register(ours, selectors.EVENT_READ, ours)
        return ours

    def heard(self, channel: socket.socket, sel: Any) -> None:
        """A host's ``done`` lines (one per ended session), or its end."""
        try:
            data = channel.recv(4096)
        except OSError:
            data = b""
        left = self.load.get(channel, 0) - data.count(b"done")
        if data and left > 0:
            self.load[channel] = left
            return
        sel.unregister(channel)
        self.load.pop(channel, None)
        channel.close()

    def reaped(self) -> None:
        """One host process was reaped."""
        self.count = max(0, self.count - 1)


def zygote_main(path: str) -> int:
    """Run the zygote on the unix socket ``path`` until stdin closes. Returns 0.

    ``IMPERIA_SESSIONS_PER_PROCESS`` (set by the server from ``--sessions-per-process``)
    above 1 makes it fork hosts of several sessions each (:mod:`tui.serve.host`; see
    :class:`_Hosts`, and ``IMPERIA_MIN_HOSTS``)."""
    per_process = max(1, int(os.environ.get(SESSIONS_ENV, "1") or 1))
    min_hosts = os.environ.get(MIN_HOSTS_ENV)
    hosts = _Hosts(per_process, int(min_hosts) if min_hosts else None)
    _preload()
    _warm_up()
    gc.collect()
    gc.freeze()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    listener.bind(path)
    os.chmod(path, 0o600)
    listener.listen(64)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server decides when we end
    children: dict[int, socket.socket] = {}
    sel = selectors.DefaultSelector()
    sel.register(listener, selectors.EVENT_READ, "accept")
    sel.register(wake_r, selectors.EVENT_READ, "child")
    sel.register(0, selectors.EVENT_READ, "stdin")
    os.write(1, READY)
    while True:
        for key, _ in sel.select():
            if key.data == "stdin":
                if not os.read(0, 4096):
                    return 0
            elif key.data == "accept":
                conn, _ = listener.accept()
                try:
                    conn.settimeout(5)
                    data, fds, _, _ = socket.recv_fds(conn, 65536, 1)
                    request = json.loads(data)
                    if len(fds) != 1:
                        raise ValueError("no terminal attached")
                except (OSError, ValueError) as err:
                    with contextlib.suppress(OSError):
                        conn.sendall(f"error {err}\n".encode())
                    conn.close()
                    continue
                if per_process > 1:
                    hosts.place(request, fds[0], conn, sel)
                    continue
                pid = os.fork()
                if pid == 0:
                    _child(fds[0], request)
                os.close(fds[0])
                conn.sendall(f"{pid}\n".encode())
                children[pid] = conn
            elif isinstance(key.data, socket.socket):
                hosts.heard(key.data, sel)
            else:
                with contextlib.suppress(BlockingIOError):
                    while os.read(wake_r, 512):
                        pass
                while children or hosts.count:
                    try:
                        pid, status = os.waitpid(-1, os.WNOHANG)
                    except ChildProcessError:
                        break
                    if pid == 0:
                        break
                    conn = children.pop(pid, None)
                    if conn is None:
                        hosts.reaped()
                    else:
                        with contextlib.suppress(OSError):
                            conn.sendall(f"{os.waitstatus_to_exitcode(status)}\n".encode())
                        conn.close()


# ---------------------------------------------------------------- the server side
class ForkedApp:
    """An app process forked by the zygote: ``pid``, ``returncode`` and ``wait()`` like an
    asyncio subprocess. ``sid`` is set when the app is one session of a host process
    (:mod:`tui.serve.host`; ``pid`` is then the host's): it is then signalled by lines on its
    connection (:meth:`hang_up`, :meth:`kill`, :meth:`resized`), never by a process signal.
    ``key`` tells the sessions apart: the pid, or ``-sid`` for a hosted one."""

    def __init__(
        self,
        pid: int,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        sid: int | None = None,
    ):
        self.pid = pid
        self.sid = sid
        self.key = pid if sid is None else -sid
        self.returncode: int | None = None
        self._reader = reader
        self._writer = writer
        self._done: asyncio.Task[int] | None = None

    def _tell(self, line: bytes) -> None:
        if not self._writer.is_closing():
            with contextlib.suppress(Exception):
                self._writer.write(line)

    def hang_up(self) -> None:
        """End the app as SIGHUP does (status 129): the client went away."""
        if self.sid is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGHUP)
        else:
            self._tell(b"hup\n")

    def kill(self) -> None:
        """End an app that did not end on :meth:`hang_up`."""
        if self.sid is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGKILL)
        else:
            self._tell(b"kill\n")

    def resized(self) -> None:
        """The PTY's size changed (a forked app learns it by SIGWINCH; a hosted one here)."""
        if self.sid is not None:
            self._tell(b"winch\n")

    async def _status(self) -> int:
        line = await self._reader.readline()
        self._writer.close()
        try:
            self.returncode = int(line)
        except ValueError:  # the zygote went away: the child is gone or orphaned
            self.returncode = -1
        return self.returncode

    async def wait(self) -> int:
        """Wait for the child to end; its exit status (negative: killed by that signal)."""
        if self._done is None:
            self._done = asyncio.get_running_loop().create_task(self._status())
        return await asyncio.shield(self._done)


class Zygote:
    """The server's handle on the zygote process (see the module docstring)."""

    def __init__(self, path: Path, sessions_per_process: int = 1) -> None:
        self.path = path
        self.sessions_per_process = sessions_per_process
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self, timeout: float = 60) -> None:
        """Start the zygote and wait until it is ready. Raises OSError (also when it is not
        ready within ``timeout`` seconds; it is then ended)."""
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tui",
            "_table-zygote",
            str(self.path),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            start_new_session=True,
            env={**os.environ, SESSIONS_ENV: str(self.sessions_per_process)},
        )
        assert self.proc.stdout is not None
        try:
            line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        except TimeoutError:
            line = b""
        if line != READY:
            # Never leave a half-started zygote behind (the server falls back to exec).
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
            await self.proc.wait()
            raise OSError("the app zygote did not start")

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def spawn(self, tty: int, request: dict[str, Any]) -> ForkedApp:
        """Fork an app on the PTY slave ``tty``. Raises OSError when the zygote cannot."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.setblocking(False)
            await asyncio.get_running_loop().sock_connect(sock, str(self.path))
            socket.send_fds(sock, [json.dumps(request).encode()], [tty])
            reader, writer = await asyncio.open_unix_connection(sock=sock)
        except OSError:
            sock.close()
            raise
        line = await asyncio.wait_for(reader.readline(), 10)
        try:
            pid, *sid = (int(part) for part in line.split())
        except ValueError:
            writer.close()
            raise OSError(
                f"the app zygote refused: {line.decode(errors='replace').strip()}"
            ) from None
        return ForkedApp(pid, reader, writer, sid[0] if sid else None)

    async def close(self) -> None:
        """End the zygote (its children are ended by the server)."""
        if self.proc is None or self.proc.returncode is not None:
            return
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), 5)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        with contextlib.suppress(OSError):
            self.path.unlink()
