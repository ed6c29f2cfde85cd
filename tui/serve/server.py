"""``imperia serve``: an SSH server whose connections can only run the Imperia table client.

Each connection (public-key auth; the key's SHA256 fingerprint is the player) gets its own app
process on a new PTY with the client's TERM and window size and an allow-listed environment
(:data:`ENV_ALLOWED`). Bytes are pumped both ways; a window change is set on the PTY with
TIOCSWINSZ (the child holds the PTY as its controlling terminal, so it gets SIGWINCH); when the
client goes away the child gets SIGHUP and shuts down cleanly (the hub holds every match, and
each journal entry is flushed as it is made, so nothing is lost).

Refused: password and keyboard-interactive auth, exec requests and subsystems (sftp, scp),
sessions without a PTY, TCP/unix forwarding, agent and X11 forwarding. Limits
(:class:`Limits`): connections, input bytes per second, idle time, hub message size; each ends
the connection with one plain line saying which limit was hit.

The data dir holds ``host_key`` (made on first start), optionally ``allowed_keys`` (OpenSSH
authorized_keys format: when present only those keys may connect), ``players.json`` (display
names), ``tables/`` (one ``.json`` + one ``.imperia`` journal per table) and ``hub.sock``.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import fcntl
import logging
import os
import signal
import struct
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from tui.serve.hub import Hub
from tui.serve.spawn import Zygote
from tui.serve.store import Store, StoreError

log = logging.getLogger("imperia.serve")

ENV_ALLOWED = ("COLORTERM", "LANG", "NO_COLOR", "TEXTUAL_FPS", "ESCDELAY")
"""Client environment variables that reach the app (plus every ``LC_*``); TERM comes from the
PTY request."""


@dataclass
class Limits:
    """Server limits.

    Attributes:
        max_connections: sessions at once; the next one is told the server is full.
        input_rate: bytes per second a connection may send on average (bursts of 4 s worth;
            keys and mouse reports: fast mouse movement is ~1-2 KB/s); past that, input is
            dropped, and a connection that keeps flooding is closed.
        idle_timeout: seconds without input (keys or mouse; window changes do not count)
            before a connection is closed.
        login_timeout: seconds to finish authentication.
        session_grace: seconds an authenticated connection may stay open without a session
            (``ssh -N``) before it is closed. Every authenticated connection counts towards
            ``max_connections``, with or without a session.
        per_key: connections (and so sessions) one key may hold at once.
        max_queued: bytes of screen output that may wait for a client that reads slowly; while
            more than :data:`HIGH_WATER` wait, the app's output is not read (the app waits);
            past ``max_queued`` the session is closed.
        stall_timeout: seconds a client may leave its output unread before it is closed.
        max_width, max_height: the largest terminal the app is given; bigger windows are
            clamped (the app is told the clamped size).
    """

    max_connections: int = 64
    input_rate: int = 8192
    idle_timeout: float = 30 * 60
    login_timeout: float = 30
    session_grace: float = 10
    per_key: int = 4
    max_queued: int = 1024 * 1024
    stall_timeout: float = 60
    max_width: int = 400
    max_height: int = 150


def load_host_key(data: Path) -> asyncssh.SSHKey:
    """The server's host key from ``data/host_key``, made (ed25519, mode 0600) if missing."""
    path = data / "host_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(key.export_private_key())
    return key


def load_allowed(path: Path) -> set[str] | None:
    """Fingerprints of the keys in an authorized_keys-style file, or None when there is no
    file (everyone may connect). Raises ValueError naming a bad line."""
    if not path.exists():
        return None
    allowed: set[str] = set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            allowed.add(asyncssh.import_public_key(line).get_fingerprint("sha256"))
        except (asyncssh.KeyImportError, ValueError) as err:
            raise ValueError(f"{path.name} line {n}: not a public key ({err})") from None
    return allowed


class _Auth(asyncssh.SSHServer):
    """One connection's authentication: public keys only, optionally an allow-list."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.server.connection_gone(self.conn)

    def auth_completed(self) -> None:
        if self.conn is not None:
            self.server.connection_authenticated(self.conn)

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fpr = key.get_fingerprint("sha256")
        allowed = self.server.allowed
        if allowed is not None and fpr not in allowed:
            return False
        if self.conn is not None:
            self.conn.set_extra_info(imperia_player=fpr)
        return True

    def connection_requested(self, *args: Any) -> bool:
        return False

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


def _duration(seconds: float) -> str:
    """``"30 minutes"``, ``"90 seconds"``."""
    if seconds < 120:
        return f"{seconds:g} seconds"
    return f"{seconds / 60:g} minutes"


HIGH_WATER = 256 * 1024
"""Queued output (bytes) above which the server stops reading the app's PTY until the client
has read it."""

RESET_TERMINAL = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # mouse reporting off
    b"\x1b[?2004l\x1b[?1004l"  # bracketed paste, focus events off
    b"\x1b[0m\x1b[?25h\x1b[?1049l"  # plain colours, cursor shown, main screen
)
"""Written to the client after its app has ended, whichever way: the client's terminal leaves
the alternate screen and mouse mode even if the app could not restore it."""

RESTART_MESSAGE = "Imperia: the server is restarting; your match is saved."


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def clamp_size(limits: Limits, width: int, height: int) -> tuple[int, int]:
    """The terminal size the app is given for a client window of ``width`` x ``height``
    (0 = unknown: 80 x 24), clamped to ``limits.max_width`` x ``limits.max_height``."""
    width = width or 80
    height = height or 24
    return max(1, min(width, limits.max_width)), max(1, min(height, limits.max_height))


class TableServer:
    """The SSH server and its table hub, in one asyncio loop.

    Args:
        data: the data dir (created, mode 0700).
        host, port: where to listen (port 0 picks a free one; see :attr:`port`).
        limits: the connection limits.
        bot_delay: the hub's bot pace in seconds.
        allow_file: the allow-list file (default ``data/allowed_keys``).
        prefork: fork the apps from a warm zygote process (:mod:`tui.serve.spawn`).
        sessions_per_process: with ``prefork``, above 1: run up to that many sessions in
            each app process (:mod:`tui.serve.host`), instead of one process each.
        store: where players, tables and journals live (default: the data dir; a
            :class:`tui.serve.store_pg.PgStore` shares them with other nodes).
    """

    def __init__(
        self,
        data: Path,
        host: str = "127.0.0.1",
        port: int = 2222,
        limits: Limits | None = None,
        bot_delay: float = 0.5,
        allow_file: Path | None = None,
        prefork: bool = True,
        store: Store | None = None,
        sessions_per_process: int = 1,
    ) -> None:
        self.data = data
        self.prefork = prefork
        self.sessions_per_process = max(1, sessions_per_process)
        self.zygote: Zygote | None = None
        self.host = host
        self.port = port
        self.limits = limits or Limits()
        self.allow_file = allow_file or data / "allowed_keys"
        self.allowed: set[str] | None = None
        self.hub = Hub(data, bot_delay, store)
        self.sessions: set[Any] = set()
        self.connections: dict[Any, str] = {}
        self._session_keys: list[str] = []  # the key of each running session
        self._ptys: dict[int, tuple[Any, int]] = {}  # app key -> (SSH channel, PTY master)
        """Authenticated connections (with or without a session) -> key fingerprint."""
        self._with_session: set[Any] = set()
        self._runs: set[asyncio.Task[Any]] = set()
        self.closing = False
        self._hung_up: set[int] = set()
        self.exit_codes: collections.deque[int | None] = collections.deque(maxlen=256)
        """The app processes' exit statuses, latest last (129: ended cleanly on SIGHUP)."""
        self._ssh: asyncssh.SSHAcceptor | None = None
        self._sockdir: str | None = None
        self.socket = data / "hub.sock"

    async def start(self) -> None:
        """Make the data dir, the host key and the hub; listen. Raises OSError, ValueError."""
        self.data.mkdir(parents=True, exist_ok=True)
        os.chmod(self.data, 0o700)
        key = load_host_key(self.data)
        self.allowed = load_allowed(self.allow_file)
        if len(os.fsencode(self.socket)) > 100:  # unix socket paths are short
            self._sockdir = tempfile.mkdtemp(prefix="imperia-")
            self.socket = Path(self._sockdir) / "hub.sock"
        await self.hub.start(self.socket)
        if self.prefork:
            self.zygote = Zygote(self.socket.with_name("apps.sock"), self.sessions_per_process)
            try:
                await self.zygote.start()
            except (OSError, TimeoutError) as err:
                log.warning("app zygote did not start (%s); apps start by exec", err)
                self.zygote = None
        self._ssh = await asyncssh.create_server(
            lambda: _Auth(self),
            self.host,
            self.port,
            server_host_keys=[key],
            process_factory=self._session,
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=self.limits.login_timeout,
            keepalive_interval=60,
            server_version="Imperia",
        )
        sock = self._ssh.sockets[0].getsockname()
        self.port = sock[1]
        self.fingerprint = key.get_fingerprint("sha256")

    # ------------------------------------------------------------ monitoring
    def queued(self) -> dict[int, int]:
        """Per running app (by pid; by -session id for a session of a host process, see
        :mod:`tui.serve.host`): bytes of its output waiting for the client."""
        return {pid: ch.get_write_buffer_size() for pid, (ch, _) in self._ptys.items()}

    def window(self, pid: int) -> tuple[int, int]:
        """The terminal size (columns, rows) app ``pid`` (a key of :meth:`queued`) was given.
        Raises KeyError."""
        _, master = self._ptys[pid]
        rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(master, termios.TIOCGWINSZ, b"\0" * 8))
        return cols, rows

    # ------------------------------------------------------------ connections
    def connection_authenticated(self, conn: Any) -> None:
        """Count an authenticated connection (with or without a session). One over the limits
        is not counted: it has a moment to open its session and read why, then is closed."""
        fpr = conn.get_extra_info("imperia_player") or ""
        limits = self.limits
        loop = asyncio.get_running_loop()
        same_key = sum(1 for f in self.connections.values() if f == fpr)
        if len(self.connections) >= limits.max_connections or same_key >= limits.per_key:
            loop.call_later(min(3.0, limits.session_grace), self._close_unless_session, conn)
            return
        self.connections[conn] = fpr
        loop.call_later(limits.session_grace, self._close_unless_session, conn)

    def _close_unless_session(self, conn: Any) -> None:
        if conn not in self._with_session:
            self.connection_gone(conn)
            with contextlib.suppress(Exception):
                conn.close()

    def connection_gone(self, conn: Any) -> None:
        """Forget a closed connection."""
        self.connections.pop(conn, None)
        self._with_session.discard(conn)

    async def close(self) -> None:
        """Stop listening, tell every session the server is restarting (its match is saved),
        hang up every app process, close the hub and its journals."""
        self.closing = True
        if self._ssh is not None:
            self._ssh.close()
            await self._ssh.wait_closed()
        for proc in list(self.sessions):
            self._hang_up(proc)
        for proc in list(self.sessions):
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except TimeoutError:
                # An app that did not end on SIGHUP is killed: no app process outlives the
                # server (in the tests, this server runs inside the pytest process).
                _kill(proc)
        if self._runs:  # each session writes its last words and ends
            await asyncio.wait(set(self._runs), timeout=5)
        for conn in list(self.connections):
            with contextlib.suppress(Exception):
                conn.close()
        if self.zygote is not None:
            await self.zygote.close()
        await self.hub.close()
        with contextlib.suppress(OSError):
            self.socket.unlink()
        if self._sockdir:
            with contextlib.suppress(OSError):
                os.rmdir(self._sockdir)

    # ------------------------------------------------------------ one session
    def _env(self, process: asyncssh.SSHServerProcess) -> dict[str, str]:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.data / "home"),
            "LANG": "C.UTF-8",
            "TERM": process.get_terminal_type() or "xterm-256color",
        }
        # The size travels on the PTY (TIOCSWINSZ), not as COLUMNS/LINES: Textual reads the
        # size with shutil.get_terminal_size, which would prefer those and never see a resize.
        for k, v in process.env.items():
            if not isinstance(k, str) or not isinstance(v, str):
                continue
            if k in ENV_ALLOWED or (k.startswith("LC_") and k[3:].isalpha()):
                env[k] = v[:200]
        return env

    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        """Run the table client for one SSH session (see the module docstring)."""
        task = asyncio.current_task()
        if task is not None:
            self._runs.add(task)
        try:
            await self._run(process)
        except Exception as err:  # one broken session never takes the server down
            log.exception("session failed")
            with contextlib.suppress(Exception):
                process.stdout.write(f"\r\nImperia: internal error ({err}).\r\n".encode())
        finally:
            if task is not None:
                self._runs.discard(task)
            with contextlib.suppress(Exception):
                process.exit(0)

    def _refuse(self, process: asyncssh.SSHServerProcess, text: str) -> None:
        process.stdout.write(f"{text}\r\n".encode())
        process.exit(1)

    async def _run(self, process: asyncssh.SSHServerProcess) -> None:
        if process.command is not None or process.subsystem is not None:
            self._refuse(process, "This server only runs Imperia: connect with plain ssh.")
            return
        if process.get_terminal_type() is None:
            self._refuse(process, "Imperia needs a terminal: connect with ssh -t.")
            return
        if self.closing:
            self._refuse(process, RESTART_MESSAGE)
            return
        limits = self.limits
        player = process.get_extra_info("imperia_player")
        if not player:
            self._refuse(process, "Unknown key.")
            return
        conn = process.channel.get_connection()
        mine = sum(1 for p in self._session_keys if p == player)
        if conn not in self.connections or len(self.sessions) >= limits.max_connections:
            if sum(1 for f in self.connections.values() if f == player) >= limits.per_key:
                self._refuse(process, f"Your key already has {limits.per_key} connections open.")
            else:
                self._refuse(
                    process,
                    f"The server is full ({limits.max_connections} players); try again later.",
                )
            return
        if mine >= limits.per_key:
            self._refuse(process, f"Your key already has {limits.per_key} sessions open.")
            return
        self._with_session.add(conn)
        width, height, _, _ = process.get_terminal_size()
        width, height = clamp_size(limits, width, height)
        master, slave = os.openpty()
        _set_size(slave, width, height)
        (self.data / "home").mkdir(exist_ok=True)
        try:
            proc = await self._spawn(slave, player, self._env(process))
        except OSError:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.sessions.add(proc)
        self._session_keys.append(player)
        self._ptys[_key(proc)] = (process.channel, master)
        try:
            why = await self._pump(process, master, proc)
        finally:
            self._ptys.pop(_key(proc), None)
            self.sessions.discard(proc)
            self._session_keys.remove(player)
            self._hung_up.discard(_key(proc))
        self.exit_codes.append(proc.returncode)
        if self.closing and not why:
            why = RESTART_MESSAGE
        with contextlib.suppress(Exception):
            process.stdout.write(RESET_TERMINAL + (f"\r\n{why}\r\n".encode() if why else b""))

    async def _spawn(self, slave: int, player: str, env: dict[str, str]) -> Any:
        """Start the app on the PTY ``slave``: forked by the zygote when it runs, else by a
        plain exec. Returns an object with ``pid``, ``returncode`` and ``wait()``."""
        cwd = str(self.data / "home")
        if self.zygote is not None and self.zygote.alive:
            request = {"hub": str(self.socket), "player": player, "env": env, "cwd": cwd}
            try:
                return await self.zygote.spawn(slave, request)
            except (OSError, TimeoutError) as err:
                log.warning("app zygote: %s; starting the app by exec", err)
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tui",
            "_table-client",
            "--hub",
            str(self.socket),
            "--player",
            player,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=cwd,
            start_new_session=True,
        )

    def _hang_up(self, proc: Any) -> None:
        """Send the app SIGHUP once (a second one, while it is still closing, would kill it
        before it has restored the terminal)."""
        if _key(proc) in self._hung_up:
            return
        self._hung_up.add(_key(proc))
        if hasattr(proc, "hang_up"):
            proc.hang_up()
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGHUP)

    async def _pump(self, process: asyncssh.SSHServerProcess, master: int, proc: Any) -> str:
        """Pump bytes until the app ends or the client goes; returns the limit message, if a
        limit ended it.

        Output has backpressure: while more than :data:`HIGH_WATER` bytes wait for the client,
        the PTY is not read (so the app, not the server, waits); a client that leaves its output
        unread for ``stall_timeout`` seconds, or lets more than ``max_queued`` bytes pile up, is
        closed with a message.
        """
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        ended: asyncio.Future[str] = loop.create_future()
        limits = self.limits
        channel = process.channel
        state: dict[str, Any] = {"reading": True, "since": None, "timer": None}

        def stop(why: str) -> None:
            if not ended.done():
                ended.set_result(why)

        def pause() -> None:
            if state["reading"]:
                state["reading"] = False
                loop.remove_reader(master)

        def watch() -> None:
            """Every 0.1 s: resume reading once the client has caught up; close a client that
            has left output unread for ``stall_timeout`` or let too much pile up."""
            state["timer"] = None
            if done.done() or ended.done():
                return
            try:
                queued = channel.get_write_buffer_size()
            except Exception:
                return
            now = time.monotonic()
            if queued == 0:
                state["since"] = None
            elif state["since"] is None:
                state["since"] = now
            elif now - state["since"] > limits.stall_timeout:
                pause()
                stop(
                    "Imperia: closed: your connection read none of the screen for "
                    f"{_duration(limits.stall_timeout)}."
                )
                return
            if not state["reading"] and queued < HIGH_WATER // 4:
                state["reading"] = True
                loop.add_reader(master, readable)
            if queued or not state["reading"]:
                state["timer"] = loop.call_later(0.1, watch)

        def readable() -> None:
            try:  # read no more than fits under HIGH_WATER (one PTY read at least)
                room = max(65536, HIGH_WATER - channel.get_write_buffer_size())
            except Exception:
                room = 65536
            data = read_ready(master, room)
            if data == b"":
                return  # nothing ready after all
            if data is None:
                pause()
                if not done.done():
                    done.set_result(None)
                return
            try:
                process.stdout.write(data)
                queued = channel.get_write_buffer_size()
            except Exception:
                return
            if queued > limits.max_queued:
                pause()
                stop("Imperia: closed: your connection fell too far behind the screen.")
                return
            if queued > HIGH_WATER:
                pause()
            if queued and state["timer"] is None:
                state["timer"] = loop.call_later(0.1, watch)

        os.set_blocking(master, False)
        loop.add_reader(master, readable)
        typing = loop.create_task(self._input(process, master, getattr(proc, "resized", None)))
        waiting = loop.create_task(proc.wait())
        finished, _ = await asyncio.wait(
            {typing, waiting, ended}, return_when=asyncio.FIRST_COMPLETED
        )
        if typing in finished:
            why = typing.result()
        elif ended in finished:
            why = ended.result()
        else:
            why = ""
        if typing not in finished:
            typing.cancel()
        if state["timer"] is not None:
            state["timer"].cancel()
        if proc.returncode is None:
            self._hang_up(proc)
            if ended in finished and not state["reading"]:
                # The client does not read: drain the app's last output into nothing, so the
                # app is not blocked writing to a full PTY while it shuts down.
                loop.add_reader(master, lambda: _discard(master))
            try:
                await asyncio.wait_for(asyncio.shield(waiting), 5)
            except TimeoutError:
                _kill(proc)
                # Bounded too: a zygote that never reports the status (stopped, or gone
                # without closing the socket) must not hold this session and close() forever.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(waiting), 5)
        if ended not in finished:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(done, 1)  # the app's last output (terminal restored)
        loop.remove_reader(master)
        os.close(master)
        return why

    async def _input(
        self, process: asyncssh.SSHServerProcess, master: int, resized: Any = None
    ) -> str:
        """Client keys -> PTY, window changes -> TIOCSWINSZ (and ``resized()``, for an app
        that gets no SIGWINCH). Returns why it stopped ("" when the client went away)."""
        limits = self.limits
        burst = 4.0 * limits.input_rate
        tokens, stamp, dropped = burst, time.monotonic(), 0
        last_input = time.monotonic()  # only keys and mouse count: window changes do not
        while True:
            left = limits.idle_timeout - (time.monotonic() - last_input)
            try:
                if left <= 0:
                    raise TimeoutError
                data = await asyncio.wait_for(process.stdin.read(4096), left)
            except TimeoutError:
                return (
                    f"Imperia: closed after {_duration(limits.idle_timeout)} without a key pressed."
                )
            except asyncssh.TerminalSizeChanged as change:
                _set_size(master, *clamp_size(limits, change.width, change.height))
                if resized is not None:
                    resized()
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, ConnectionError, BrokenPipeError):
                return ""
            if not data:
                return ""
            now = last_input = time.monotonic()
            tokens = min(burst, tokens + (now - stamp) * limits.input_rate)
            stamp = now
            if len(data) > tokens:
                dropped += len(data)
                if dropped > burst:
                    return (
                        f"Imperia: closed: more than {limits.input_rate} bytes of input per second."
                    )
                continue
            tokens -= len(data)
            dropped = max(0, dropped - len(data))
            write_input(master, data)


def _key(proc: Any) -> int:
    """The session's key in :meth:`TableServer.queued`: a hosted session's ``key``, else the
    pid."""
    return getattr(proc, "key", proc.pid)


def _kill(proc: Any) -> None:
    """End an app that did not end on SIGHUP (or ``hup``)."""
    if hasattr(proc, "kill") and hasattr(proc, "sid"):
        proc.kill()
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


READ_BATCH = 256 * 1024
"""Most bytes of screen output taken from an app's PTY at once (one write to the channel)."""


def read_ready(fd: int, limit: int = READ_BATCH) -> bytes | None:
    """Everything the non-blocking PTY master ``fd`` has ready, up to ``limit`` bytes: a screen
    update comes out of a PTY in pieces of a few KB, and sent as one write it is one SSH
    packet (one encryption, one socket send) instead of one per piece. Returns b"" when nothing
    is ready, None at the end (the app closed its side, or the read failed) when nothing was
    read (what was read before the end is returned first; the next call gives None)."""
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        try:
            data = os.read(fd, min(65536, limit - size))
        except BlockingIOError:
            break
        except OSError:  # EIO: the app's side is closed
            data = b""
        if not data:
            return b"".join(chunks) if chunks else None
        chunks.append(data)
        size += len(data)
    return b"".join(chunks)


def write_input(fd: int, data: bytes) -> int:
    """Write a client's keys to the non-blocking PTY master ``fd``; returns the bytes that did
    not fit (an app that reads none of its input loses them instead of stalling the server)."""
    try:
        return len(data) - os.write(fd, data)
    except BlockingIOError:
        return len(data)
    except OSError:  # the app is gone; its end is seen by the output side
        return len(data)


def _discard(fd: int) -> None:
    with contextlib.suppress(OSError):
        os.read(fd, 65536)


async def serve_forever(server: TableServer) -> None:
    """Start ``server`` and run until SIGINT or SIGTERM, then close it cleanly."""
    await server.start()
    for w in server.hub.warnings:
        print(f"warning: {w}", file=sys.stderr)
    print(
        f"Imperia table server on {server.host} port {server.port}\n"
        f"host key {server.fingerprint}\n{server.hub.store.where or f'data in {server.data}'}",
        flush=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.close()


def run_server(
    data: Path,
    host: str,
    port: int,
    limits: Limits,
    allow_file: Path | None = None,
    db: str | None = None,
    sessions_per_process: int = 1,
) -> int:
    """What ``imperia serve`` calls (``db``: a PostgreSQL URL, tables shared with the other
    nodes using it). Returns the exit status (2 with one line when the database cannot be
    used)."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    store = None
    if db:
        from tui.serve.store_pg import PgStore

        store = PgStore(db)
    server = TableServer(
        data,
        host,
        port,
        limits,
        allow_file=allow_file,
        store=store,
        sessions_per_process=sessions_per_process,
    )
    try:
        asyncio.run(serve_forever(server))
    except Exception as err:
        if not isinstance(err, StoreError):
            raise
        print(f"imperia: {err}", file=sys.stderr)
        return 2
    return 0
