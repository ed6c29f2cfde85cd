"""Several SSH sessions in one app process ("host"), each its own Textual app on its own PTY.

``imperia serve --sessions-per-process K`` (K > 1) makes the zygote (:mod:`tui.serve.spawn`)
fork *hosts* instead of one process per connection: each host runs up to K
:class:`HostedApp` instances in one asyncio loop, every one on its connection's PTY through a
:class:`SessionDriver`. Per connection this costs only the app's own objects (measured ~4.6 MB
for a match screen) instead of a whole process's copy-on-write pages (~21 MB private per
forked app: CPython 3.11 writes the reference counts of every object it uses).

Why several Textual apps can share one loop: Textual keeps the running app and message pump
in context variables (``textual._context.active_app``), and each app here runs in its own
task, which has its own copy of the context; the only process-wide things the stock Linux
driver touches are the terminal signals (SIGWINCH, SIGTSTP, SIGCONT) and stdin/stdout, and
:class:`SessionDriver` uses none of them. A hosted PTY is not the host's controlling
terminal, so a window change reaches the app as a ``winch`` line from the server instead of
SIGWINCH; SIGHUP/SIGTERM of the old per-process apps become a ``hup`` line.

Output never blocks the loop (a stalled client must not freeze the other sessions of its
host): the driver writes to a non-blocking file of its own on the PTY and keeps what the PTY
does not take in a buffer, drained when the PTY is writable again; a session whose buffer
passes :data:`MAX_BUFFERED` bytes is ended (the server has closed such a client already).

Protocol: the zygote sends the host, over their socket pair, one JSON request (the fork
request plus ``sid``) with two descriptors (the PTY slave and the server's connection); the
host answers on that connection ``"<host pid> <sid>"``, takes ``hup``, ``winch`` and ``kill``
lines, and writes the app's exit status as the last line (129 after ``hup``, as SIGHUP gave).
It writes ``done`` to the zygote when a session ends; the zygote closes the pair when the
host has none left, and the host then exits.

Limits of this mode: one crash (a segfault, the OOM killer) ends every session of its host
(the players reconnect; the hub holds every match, so nothing is lost); one session's redraw
delays the others of its host by its CPU time (the machine's cores are shared anyway).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import signal
import socket
import struct
import termios
import tty
from pathlib import Path
from threading import Event
from typing import Any

from rich.console import Console
from textual import constants, events
from textual.driver import Driver
from textual.drivers import linux_driver
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size

from tui.serve.app import RemoteApp, tune_collector

MAX_BUFFERED = 4 * 1024 * 1024
"""Bytes of screen output a session may have waiting for its PTY before it is ended."""
HUP_STATUS = 129
"""The exit status of an app ended by ``hup`` (as SIGHUP gave a forked app: 128 + 1)."""


class SessionDriver(LinuxDriver):
    """Textual's Linux driver on the app's own PTY (``app.tty_fd``), with no signal handler
    and no writer thread: output goes to a non-blocking descriptor of its own, what does not
    fit waits in a buffer that the loop drains (see the module docstring). Input is the stock
    driver's input thread, reading the PTY; the end of the PTY ends the app (status 129)."""

    def __init__(
        self,
        app: Any,
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        Driver.__init__(self, app, debug=debug, mouse=mouse, size=size)
        self.fileno = app.tty_fd
        self.input_tty = True
        self.attrs_before: list[Any] | None = None
        self.exit_event = Event()
        self._key_thread = None
        self._writer_thread = None
        self._must_signal_resume = False
        self._in_band_window_resize = False
        self._mouse_pixels = False
        # A file description of our own, so O_NONBLOCK does not reach the input thread's.
        self._out = os.open(os.ttyname(self.fileno), os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK)
        self._pending = bytearray()
        self._waiting = False  # add_writer is set

    @property
    def can_suspend(self) -> bool:
        """No: there is no shell to go back to, and SIGTSTP would stop the whole host."""
        return False

    def _get_terminal_size(self) -> tuple[int, int]:
        """(columns, rows) of the PTY (80x25 when it cannot be read)."""
        try:
            rows, cols, _, _ = struct.unpack(
                "HHHH", fcntl.ioctl(self.fileno, termios.TIOCGWINSZ, b"\0" * 8)
            )
        except OSError:
            return 80, 25
        return cols or 80, rows or 25

    def resized(self) -> None:
        """The server changed the PTY's size: tell the app (in the loop's thread)."""
        if self._in_band_window_resize:
            return  # the terminal reports its size in the input itself
        size = Size(*self._get_terminal_size())
        self._app.post_message(events.Resize(size, size))

    # ------------------------------------------------------------ output
    def write(self, data: str) -> None:
        """Queue ``data`` for the PTY and write what it takes now (never blocks)."""
        self._pending += data.encode("utf-8", "replace")
        if len(self._pending) > MAX_BUFFERED:
            self._pending.clear()
            self._app.exit(return_code=HUP_STATUS)
            return
        if not self._waiting:
            self._drain()

    def _drain(self) -> None:
        while self._pending:
            try:
                n = os.write(self._out, self._pending)
            except BlockingIOError:
                break
            except OSError:  # the PTY is gone: nothing more can be shown
                self._pending.clear()
                break
            del self._pending[:n]
        want = bool(self._pending)
        if want and not self._waiting:
            self._loop.add_writer(self._out, self._drain)
        elif not want and self._waiting:
            self._loop.remove_writer(self._out)
        self._waiting = want

    def flush(self) -> None:
        """Write what the PTY takes now (the rest follows when it is writable)."""
        if not self._waiting:
            self._drain()

    async def drained(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the buffered output to reach the PTY."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self._pending and loop.time() < end:
            await asyncio.sleep(0.02)

    def close(self) -> None:
        """Nothing yet: the app has ended, but its last output (terminal restored, exit
        message) may still be waiting; the host calls :meth:`shut` once it has drained."""

    def shut(self) -> None:
        """Stop draining and close our output descriptor (what is still buffered is dropped)."""
        if self._waiting:
            self._loop.remove_writer(self._out)
            self._waiting = False
        with contextlib.suppress(OSError):
            os.close(self._out)

    # ------------------------------------------------------------ application mode
    def start_application_mode(self) -> None:
        """Alternate screen, mouse, raw mode and the input thread, as the stock driver does,
        without its signal handlers (they are process-wide)."""
        size = Size(*self._get_terminal_size())
        self._app.post_message(events.Resize(size, size))
        self.write("\x1b[?1049h")
        self._enable_mouse_support()
        try:
            self.attrs_before = termios.tcgetattr(self.fileno)
            attrs = termios.tcgetattr(self.fileno)
        except termios.error:
            self.attrs_before = None
        else:
            attrs[tty.LFLAG] = self._patch_lflag(attrs[tty.LFLAG])
            attrs[tty.IFLAG] = self._patch_iflag(attrs[tty.IFLAG])
            attrs[tty.CC][termios.VMIN] = 1
            with contextlib.suppress(termios.error):
                termios.tcsetattr(self.fileno, termios.TCSANOW, attrs)
        self.write("\x1b[?25l")  # hide the cursor
        self.write("\x1b[?1004h")  # focus in/out
        if not constants.DISABLE_KITTY_KEY:
            flags = (
                linux_driver.KITTY_DISAMBIGUATE_ESCAPE_CODES
                | linux_driver.KITTY_REPORT_ALL_KEYS
                | linux_driver.KITTY_REPORT_ASSOCIATED_TEXT
            )
            self.write(f"\x1b[>{flags}u")  # the stock driver's keyboard protocol flags
        self.flush()
        from threading import Thread

        self._key_thread = Thread(target=self._run_input_thread, name="textual-input")
        self._key_thread.start()
        self._request_terminal_sync_mode_support()
        self._query_in_band_window_resize()
        self._enable_bracketed_paste()
        self._disable_line_wrap()
        self._enable_mouse_support()

    def disable_input(self) -> None:
        """Stop the input thread (no signal handler to restore)."""
        if self.exit_event.is_set():
            return
        with contextlib.suppress(Exception):
            self._disable_mouse_support()
        self.exit_event.set()
        if self._key_thread is not None:
            self._key_thread.join()
        self.exit_event.clear()
        with contextlib.suppress(termios.error, OSError):
            termios.tcflush(self.fileno, termios.TCIFLUSH)

    def _run_input_thread(self) -> None:
        """The stock input loop; the PTY's end (the client went away) ends the app."""
        try:
            self.run_input_thread()
        except OSError:
            if not self._loop.is_closed():
                with contextlib.suppress(RuntimeError):
                    self._loop.call_soon_threadsafe(self._app.exit, None, HUP_STATUS)


class _ToDriver:
    """The file of a hosted app's exit console: text goes out through its driver's buffer
    (a blocking write to a full PTY would stop the whole host)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def write(self, text: str) -> int:
        driver = self.app._driver
        if isinstance(driver, SessionDriver):
            driver.write(text.replace("\n", "\r\n"))
        return len(text)

    def flush(self) -> None:
        driver = self.app._driver
        if isinstance(driver, SessionDriver):
            driver.flush()

    def isatty(self) -> bool:
        return False


class HostedApp(RemoteApp):
    """:class:`~tui.serve.app.RemoteApp` on the PTY ``tty_fd`` of a host (see the module
    docstring): its driver is a :class:`SessionDriver`, it installs no signal handler (the
    host has one loop for all), and its exit message goes to its own terminal."""

    def __init__(self, hub: Path, player: str, tty_fd: int, **kwargs: Any) -> None:
        super().__init__(hub, player, **kwargs)
        self.tty_fd = tty_fd
        self.driver_class = SessionDriver
        self.error_console = Console(file=_ToDriver(self), markup=False, highlight=False)

    def _install_signal_handlers(self) -> None:
        """None: the host ends its apps itself (``hup``)."""


class Host:
    """The sessions of one host process (see the module docstring).

    Args:
        channel: the socket pair end shared with the zygote.
    """

    def __init__(self, channel: socket.socket) -> None:
        self.channel = channel
        self.apps: dict[int, HostedApp] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.closed = asyncio.Event()  # the zygote is done with us

    def _request(self) -> None:
        try:
            data, fds, _, _ = socket.recv_fds(self.channel, 65536, 2)
        except BlockingIOError:
            return
        except OSError:
            data, fds = b"", []
        if not data:
            asyncio.get_running_loop().remove_reader(self.channel.fileno())
            self.closed.set()
            return
        if len(fds) != 2:
            for fd in fds:
                os.close(fd)
            return
        task = asyncio.get_running_loop().create_task(
            self.session(json.loads(data), fds[0], fds[1])
        )
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def session(self, request: dict[str, Any], tty_fd: int, conn_fd: int) -> None:
        """Run one app until it ends; report its status to the server and ``done`` to the
        zygote."""
        sid = int(request["sid"])
        conn = socket.socket(fileno=conn_fd)
        conn.setblocking(False)
        code = 1
        try:
            reader, writer = await asyncio.open_unix_connection(sock=conn)
            writer.write(f"{os.getpid()} {sid}\n".encode())
            os.environ.clear()  # the app reads TERM, COLORTERM, NO_COLOR... when made
            os.environ.update(request["env"])
            with contextlib.suppress(OSError, KeyError):
                os.chdir(request["cwd"])  # the same folder for every session of a server
            app = HostedApp(Path(request["hub"]), request["player"], tty_fd)
            self.apps[sid] = app
            control = asyncio.get_running_loop().create_task(self._control(app, reader))
            try:
                await app.run_async()
                code = app.return_code or 0
            finally:
                control.cancel()
                driver = app._driver
                if isinstance(driver, SessionDriver):
                    await driver.drained(1.0)
                    driver.shut()
            with contextlib.suppress(Exception):
                writer.write(f"{code}\n".encode())
                await writer.drain()
                writer.close()
        except Exception as err:  # one session's failure must not end the host
            with contextlib.suppress(Exception):
                os.write(2, f"imperia host: session {sid} failed: {err}\n".encode())
        finally:
            self.apps.pop(sid, None)
            with contextlib.suppress(OSError):
                os.close(tty_fd)
            with contextlib.suppress(OSError):
                self.channel.send(b"done\n")

    async def _control(self, app: HostedApp, reader: asyncio.StreamReader) -> None:
        """The server's lines for one session: ``hup``/``kill`` end it, ``winch`` resizes."""
        while True:
            line = (await reader.readline()).strip()
            if line == b"winch":
                driver = app._driver
                if isinstance(driver, SessionDriver):
                    driver.resized()
                continue
            if line in (b"hup", b"kill", b""):
                app.exit(return_code=HUP_STATUS)
                return

    def stop_all(self, code: int = HUP_STATUS) -> None:
        """End every app (SIGTERM/SIGHUP of the host)."""
        for app in list(self.apps.values()):
            app.exit(return_code=code)

    async def run(self) -> None:
        """Take sessions until the zygote closes the pair, then wait for the last one."""
        loop = asyncio.get_running_loop()
        self.channel.setblocking(False)
        loop.add_reader(self.channel.fileno(), self._request)
        for signum in (signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(signum, self.stop_all, 128 + signum)
        await self.closed.wait()
        while self.tasks:
            await asyncio.wait(set(self.tasks))


def host_main(channel: socket.socket) -> int:
    """Run a host on ``channel`` (in a process forked by the zygote). Returns 0."""
    tune_collector()
    asyncio.run(Host(channel).run())
    return 0


__all__ = ["HUP_STATUS", "MAX_BUFFERED", "Host", "HostedApp", "SessionDriver", "host_main"]
