"""The ``imperia`` command: the app by default, plus headless play, replay, analyze (the
command lives in :mod:`tui.analyze_cli`), inspect and bench.

Every failure a player can cause (bad file, bad option, unknown game) ends with one clear line on
stderr and exit status 2, never a traceback. Anything unexpected is caught at the top as well:
one line naming the log file, exit status 2, and the details (command line and traceback)
appended to ``imperia.log`` in the user's state folder (``$IMPERIA_STATE_DIR``, else
platformdirs' ``user_state_dir("imperia")``).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from pathlib import Path

from engine import journal as jr
from engine import registry
from engine.match import ReplayMismatch
from engine.session import load_match, new_match, parse_seats, play_out
from tui.analyze_cli import add_parser as add_analyze_parser
from tui.errors import log_unexpected, state_dir  # noqa: F401  (state_dir: part of this module's API)
from tui.serve.errors import StoreError

POLICIES = ("teaching", "casual", "strict")


def _options(pairs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option needs KEY=VALUE, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _seat_label(match, seat: int) -> str:
    s = match.seats[seat]
    return f"{s.name} (seat {seat + 1}, {s.kind})"


def cmd_play(args: argparse.Namespace) -> int:
    rules = registry.get(args.game)
    best = "bot" if "bot" in registry.bot_kinds(rules.id) else "random"
    default = ",".join([best] * rules.min_seats) if args.headless else f"human,{best}"
    seats = parse_seats(args.seats or default, rules.id)
    options = _options(args.option)
    if not args.headless and not rules.playable:
        raise ValueError(
            f"{rules.title} has no board in the app yet; bots can play it headless: "
            f"imperia play {rules.id} --seats random,random --headless"
        )
    if not args.headless:
        from tui.app import run_app

        return run_app(
            "play",
            game=rules.id,
            seats=seats,
            options=options,
            seed=args.seed,
            policy=args.undo,
            save=Path(args.save) if args.save else None,
        )
    if any(s.is_human for s in seats):
        example = ",".join([best] * rules.min_seats)
        raise ValueError(f"--headless needs bots in every seat (e.g. --seats {example})")
    save = Path(args.save) if args.save else None
    if save is not None and save.exists():
        raise ValueError(f"{save} already exists; choose another --save file")
    if save is not None and not save.parent.is_dir():
        raise ValueError(f"no folder {save.parent}; create it first or choose another --save file")
    match = new_match(rules.id, seats, options, args.seed, args.undo, save_path=save)
    play_out(match)
    match.close_journal()
    out = match.outcome()
    assert out is not None
    if out.winners:
        who = " and ".join(_seat_label(match, w) for w in out.winners)
        print(f"winner: {who}")
    else:
        print("result: draw")
    print(f"reason: {out.reason}")
    if out.scores and not out.shared:  # a shared track is told by the reason, once
        print(
            "scores: " + ", ".join(f"{match.seats[i].name}: {v}" for i, v in enumerate(out.scores))
        )
    print(f"seed: {match.seed}")
    print(f"entries: {match.entries}")
    print(f"state hash: {match.hash()}")
    if save is not None:
        print(f"saved: {save}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if not args.verify:
        jr.read(path)  # fail fast with a clear message before the app starts
        from tui.app import run_app

        return run_app("replay", path=path)
    loaded = jr.read(path)
    for w in loaded.warnings:
        print(f"warning: {w}", file=sys.stderr)
    match = load_match(loaded, verify=True)
    checks = sum(1 for r in loaded.records if r[0] == jr.CHECK)
    print(f"verified: {checks} check records match")
    print(f"entries: {match.entries}")
    out = match.outcome()
    print(f"outcome: {out.reason if out else 'unfinished'}")
    print(f"state hash: {match.hash()}")
    return 0


def cmd_load(args: argparse.Namespace) -> int:
    path = Path(args.file)
    jr.read(path)
    from tui.app import run_app

    return run_app("load", path=path)


def cmd_inspect(args: argparse.Namespace) -> int:
    loaded = jr.read(Path(args.file))
    h = loaded.header
    print(f"file: {args.file}")
    note = " (no checksums: an edited header or last entries go unnoticed)" if h.version < 2 else ""
    print(f"format: {h.format} v{h.version}{note}")
    print(f"game: {h.game} (rules v{h.rules_version})")
    print(f"created: {h.created}")
    print(f"seed: {h.seed}")
    print(f"undo policy: {h.undo_policy}")
    print("seats: " + ", ".join(f"{s['name']} ({s['kind']})" for s in h.seats))
    if h.options:
        print("options: " + ", ".join(f"{k}={v}" for k, v in h.options.items()))
    counts: dict[str, int] = {}
    for r in loaded.records:
        counts[jr.RECORD_NAMES.get(r[0], "?")] = counts.get(jr.RECORD_NAMES.get(r[0], "?"), 0) + 1
    checks = counts.pop("check", 0)
    entries = sum(counts.values())
    kinds = ", ".join(f"{v} {k}" for k, v in counts.items())
    print(f"entries: {entries} ({kinds}) + {checks} check records")
    for w in loaded.warnings:
        print(f"warning: {w}")
    try:
        out = load_match(loaded, verify=False).outcome()
        print(f"outcome: {out.reason if out else 'unfinished'}")
    except (jr.JournalError, ReplayMismatch) as err:
        print(f"outcome: cannot replay ({err})")
    if args.entries:
        n = 0
        for r in loaded.records:
            if r[0] == jr.CHECK:
                print(f"      check after {r[1]}: {r[2].hex()}")
                continue
            n += 1
            seat = h.seats[r[1]]["name"] if 0 <= r[1] < len(h.seats) else r[1]
            arg = {jr.ACT: r[2] if len(r) > 2 else "", jr.UNDO: f"back to ply {r[2]}"}.get(r[0], "")
            if r[0] in (jr.CHAT, jr.NOTE):
                arg = repr(r[2])
            print(f"{n:5d} {jr.RECORD_NAMES[r[0]]:<6} {seat}: {arg}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """``imperia bench``: :func:`engine.bench.measure` in a temporary folder, printed as one
    JSON object (with ``journal_bytes``, the long journal's size on disk)."""
    import json
    import tempfile

    from engine.bench import measure

    if args.steps < 1:
        raise ValueError("--steps must be at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        result, path = measure(args.game, args.steps, Path(tmp))
        size = path.stat().st_size
    keys = list(result)
    at = keys.index("journal_entries") + 1
    out = {k: result[k] for k in keys[:at]} | {"journal_bytes": size}
    out |= {k: result[k] for k in keys[at:]}
    print(json.dumps(out))
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    for g in registry.games(playable_only=True):
        seats = g.min_seats if g.min_seats == g.max_seats else f"{g.min_seats}-{g.max_seats}"
        print(f"{g.id:<20} {g.title} ({seats} seats)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="imperia",
        description="Empire-themed board and card games in your terminal. "
        "Run with no command to open the menu.",
    )
    sub = p.add_subparsers(dest="command")

    play = sub.add_parser("play", help="start a match (opens the app unless --headless)")
    play.add_argument("game", help="game id, e.g. imperium (see `imperia games`)")
    play.add_argument("--seats", help="e.g. human,bot or Ann=human,random (default human,bot)")
    play.add_argument("--seed", type=int, help="random seed (default: a fresh one, shown)")
    play.add_argument("--headless", action="store_true", help="bots only, print the result")
    play.add_argument("--save", help="journal file to write")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--undo", choices=POLICIES, default="casual", help="undo policy")
    play.set_defaults(func=cmd_play)

    rep = sub.add_parser("replay", help="replay a saved match (in the app, or --verify)")
    rep.add_argument("file")
    rep.add_argument("--verify", action="store_true", help="check every hash, print a summary")
    rep.set_defaults(func=cmd_replay)

    add_analyze_parser(sub)

    load = sub.add_parser("load", help="resume a saved match in the app")
    load.add_argument("file")
    load.set_defaults(func=cmd_load)

    ins = sub.add_parser("inspect", help="print a save file's header and entries")
    ins.add_argument("file")
    ins.add_argument("--entries", action="store_true", help="list every entry")
    ins.set_defaults(func=cmd_inspect)

    bench = sub.add_parser("bench", help="measure engine speed (JSON)")
    bench.add_argument("game", nargs="?", default="imperium")
    bench.add_argument("--steps", type=int, default=30_000, help="random-play steps to time")
    bench.set_defaults(func=cmd_bench)

    games = sub.add_parser("games", help="list the playable games")
    games.set_defaults(func=cmd_games)

    serve = sub.add_parser("serve", help="run a table server people reach over SSH")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=2222, help="SSH port (default 2222)")
    serve.add_argument("--data", help="data dir: host key, tables, names (default: per user)")
    serve.add_argument("--allow", help="allow-list file of public keys (authorized_keys format)")
    serve.add_argument(
        "--max-connections", type=int, default=64, help="players at once (default 64)"
    )
    serve.add_argument(
        "--idle-minutes", type=float, default=30.0, help="close a connection idle this long"
    )
    serve.add_argument(
        "--per-key", type=int, default=4, help="connections one SSH key may hold (default 4)"
    )
    serve.add_argument(
        "--db",
        metavar="URL",
        help="keep players, tables and journals in PostgreSQL (postgresql://...), shared "
        "with every node using it",
    )
    serve.add_argument(
        "--migrate", action="store_true", help="with --db: bring its schema up to date and exit"
    )
    serve.add_argument(
        "--sessions-per-process",
        type=int,
        default=1,
        metavar="K",
        help="run up to K players' screens in each app process (less memory per player; "
        "default 1: one process each)",
    )
    serve.set_defaults(func=cmd_serve)

    exp = sub.add_parser("export", help="write a server table's journal to a save file")
    exp.add_argument("table", help="the table id (the lobby and the operators' queries show it)")
    exp.add_argument("file", help="the save file to write (must not exist)")
    exp.add_argument("--db", metavar="URL", help="the server's PostgreSQL database")
    exp.add_argument("--data", help="the server's data dir (without --db)")
    exp.set_defaults(func=cmd_export)

    imp = sub.add_parser("import", help="make a save file a table of a server")
    imp.add_argument("file", help="the save file")
    imp.add_argument("--db", metavar="URL", help="the server's PostgreSQL database")
    imp.add_argument("--data", help="the server's data dir (without --db)")
    imp.add_argument(
        "--key",
        action="append",
        default=[],
        metavar="SEAT=FINGERPRINT",
        help="give a human seat (numbered from 1) to an SSH key",
    )
    imp.set_defaults(func=cmd_import)
    return p


def _server_data(args: argparse.Namespace) -> Path:
    if args.data:
        return Path(args.data)
    import platformdirs

    return Path(platformdirs.user_data_dir("imperia")) / "server"


def cmd_export(args: argparse.Namespace) -> int:
    """``imperia export TABLE FILE``: a server table's journal as a save file, byte for byte
    (tui/serve/transfer.py)."""
    from tui.serve import transfer

    path = Path(args.file)
    if args.db:
        size = transfer.run(transfer.export_db(args.db, args.table, path))
    else:
        size = transfer.export_file(_server_data(args), args.table, path)
    print(f"wrote table {args.table} to {path} ({size} bytes)")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """``imperia import FILE``: a save file becomes a started table of a server."""
    from tui.serve import transfer

    keys = transfer.parse_keys(args.key)
    path = Path(args.file)
    if args.db:
        table = transfer.run(transfer.import_db(args.db, path, keys))
    else:
        table = transfer.import_file(_server_data(args), path, keys)
    print(f"imported {path} as table {table}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """``imperia serve``: the SSH table server (tui/serve/README.md); runs until SIGINT or
    SIGTERM. The data dir defaults to the user data folder's ``server``."""
    from tui.serve.server import Limits, run_server

    if args.migrate:
        if not args.db:
            raise ValueError("--migrate needs --db URL")
        from tui.serve import transfer

        print(transfer.run(transfer.migrate_db(args.db)))
        return 0
    data = _server_data(args)
    limits = Limits(
        max_connections=args.max_connections,
        idle_timeout=args.idle_minutes * 60,
        per_key=args.per_key,
    )
    allow = Path(args.allow) if args.allow else None
    if args.sessions_per_process < 1:
        raise ValueError("--sessions-per-process must be 1 or more")
    return run_server(
        data,
        args.host,
        args.port,
        limits,
        allow,
        db=args.db,
        sessions_per_process=args.sessions_per_process,
    )


def cmd_table_client(argv: list[str]) -> int:
    """The hidden entry the SSH server starts on each connection's PTY."""
    p = argparse.ArgumentParser(prog="imperia _table-client")
    p.add_argument("--hub", required=True)
    p.add_argument("--player", required=True)
    args = p.parse_args(argv)
    from tui.serve.app import run_client

    return run_client(Path(args.hub), args.player)


def _silence_stdout() -> None:
    """Point stdout at the null device so the interpreter's final flush of text the closed pipe
    never took raises no second BrokenPipeError ("Exception ignored ...") at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass  # stdout has no file descriptor (a test's capture): nothing is flushed at exit


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``imperia`` console script. Returns the exit status: 0, 2 for bad
    input or anything unexpected (one line on stderr, details in the log), 130 on Ctrl+C, 141
    (no message) when the reader of stdout closed it, as `imperia inspect F | head` does."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit flush
        return code
    except BrokenPipeError:  # e.g. `imperia inspect F --entries | head`: end quietly
        _silence_stdout()
        return 141  # 128 + SIGPIPE, as a shell reports a tool the pipe's reader closed on
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # never a traceback: one line, the details in the log
        where = log_unexpected(err, argv)
        detail = f"details in {where}" if where else "no log could be written"
        text = " ".join(str(err).split())[:200]
        print(
            f"imperia: unexpected error: {type(err).__name__}: {text} ({detail})", file=sys.stderr
        )
        return 2


def _main(argv: list[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["_table-client"]:
        return cmd_table_client(argv[1:])
    if argv[:1] == ["_table-zygote"] and len(argv) == 2:
        from tui.serve.spawn import zygote_main

        return zygote_main(argv[1])
    args = build_parser().parse_args(argv)
    try:
        if args.command is None:
            from tui.app import run_app

            return run_app("menu")
        return args.func(args)
    except (jr.JournalError, ReplayMismatch, ValueError, KeyError, StoreError) as err:
        msg = err.args[0] if isinstance(err, KeyError) and err.args else str(err)
        if isinstance(err, jr.JournalDamaged | ReplayMismatch):
            msg += " (the app's Load screen can open the intact part as a new copy)"
        print(f"imperia: {msg}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise  # the reader of stdout went away: main() ends quietly
    except OSError as err:  # a --save path that cannot be written, a full disk
        where = f"{err.filename}: " if getattr(err, "filename", None) else ""
        print(f"imperia: {where}{err.strerror or err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
