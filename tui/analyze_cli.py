"""``imperia analyze FILE [--budget N] [--jobs K] [--json]``: evaluate every decision of a save.

The decisions (:func:`engine.analysis.decisions`) are searched on ``--jobs`` worker processes
(default: every core), with a Rich progress bar on stderr. Each finished evaluation is written
at once to ``FILE.analysis.json`` (:mod:`tui.analysis_file`), never into the save, so Ctrl-C
keeps what is done and running the command again goes on from there (the same budget gives the
same evaluations: each search is seeded). Then it prints, per seat, the accuracy, the blunders
and the turning point (:func:`engine.analysis.report`), or with ``--json`` one JSON object.

A match still being played is refused (its analysis would advise a player during the match),
except a teaching match. Bad input gets the one-line errors of ``imperia replay``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import analysis as an
from engine import journal as jr
from engine.match import Match
from engine.session import load_match
from tui.analysis_file import AnalysisFile, analysis_path, open_analysis, write_analysis
from tui.session import seat_mark


def load_for_analysis(path: Path) -> Match:
    """The match of the save at ``path``, checked. Raises JournalError / ReplayMismatch (a
    file that is not a save, is damaged, or does not replay) and ValueError (a match still
    being played, not a teaching one)."""
    match = load_match(jr.read(path), verify=True)
    if not match.over and match.policy != "teaching":
        raise ValueError(
            f"{path.name} is a match still being played: analysis is for finished matches "
            "(and teaching ones), so it never advises a player mid-match"
        )
    return match


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # SIGTERM (the app stopping its background analysis) as Ctrl-C


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's terminate() ends it quietly


def _context() -> Any:
    # fork keeps the registry as the parent has it (test games too); elsewhere the default
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def run(
    match: Match,
    save: Path,
    budget: int,
    jobs: int,
    progress: Callable[[int, int], None] | None = None,
    warn: Callable[[str], None] | None = None,
) -> tuple[AnalysisFile, int]:
    """Evaluate every decision of ``match`` (the save at ``save``) not yet in its analysis
    file, writing the file after each one. ``progress(done, total)`` is called at the start
    and after each evaluation; ``warn`` gets a stored file's problem. Returns the analysis and
    the number of decisions. Raises KeyboardInterrupt (the file keeps what was done) and
    OSError (the file cannot be written)."""
    analysis = open_analysis(save, match.rules.id, match.seed, budget)
    if analysis.warning and warn is not None:
        warn(analysis.warning)
    decisions = an.decisions(match)
    stored = len(analysis.evaluations)
    analysis.keep_only(decisions)  # a save that went on or took back keeps what still holds
    todo = an.tasks(match, budget, skip=analysis.matches)
    total = len(decisions)
    if progress:
        progress(total - len(todo), total)
    if not todo:
        if len(analysis.evaluations) != stored or not analysis_path(save).exists():
            write_analysis(save, analysis)
        return analysis, total

    def done(e: an.Evaluation) -> None:
        analysis.evaluations[e.ply] = e
        write_analysis(save, analysis)
        if progress:
            progress(len(analysis.evaluations), total)

    if jobs <= 1 or len(todo) == 1:
        for task in todo:
            done(an.evaluate(task))
        return analysis, total
    pool = _context().Pool(min(jobs, len(todo)), initializer=_quiet_worker)
    try:
        for e in pool.imap_unordered(an.evaluate, todo):
            done(e)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return analysis, total


def _pct(p: float) -> str:
    return f"{round(p * 100)}%"


def seat_lines(match: Match, analysis: AnalysisFile) -> list[str]:
    """The per-seat summary printed by the command: accuracy, each blunder, turning point."""
    lines = []
    evals = list(analysis.evaluations.values())
    for r in an.report(evals, len(match.seats)):
        name = f"{seat_mark(r.seat)} {match.seats[r.seat].name}"
        if not r.decisions:
            lines.append(f"{name}: no decision with a choice")
            continue
        n = len(r.blunders)
        lines.append(
            f"{name}: accuracy {_pct(r.accuracy)} ({r.accurate} of {r.decisions} decisions "
            f"within {round(an.ACCURATE_LOSS * 100)} points of the best), "
            f"{n} blunder{'s' if n != 1 else ''}"
        )
        for b in r.blunders:
            lines.append(
                f"  blunder at entry {b.entry}: {b.made_label} ({_pct(b.made)}); "
                f"better {b.best_label} ({_pct(b.top)}), -{round(b.loss * 100)} points"
            )
        if r.turning is not None:
            t = r.turning
            lines.append(
                f"  turning point at entry {t.entry}: win chance {_pct(r.previous)} -> "
                f"{_pct(t.made)} ({t.made_label})"
            )
    return lines


def summary(match: Match, analysis: AnalysisFile, total: int, save: Path) -> dict[str, Any]:
    """The ``--json`` object: the file, game, budget, counts, per-seat reports (blunders and
    turning point as evaluations with their ``loss``) and every evaluation in ply order."""

    def ev(e: an.Evaluation | None) -> dict[str, Any] | None:
        return None if e is None else e.to_dict() | {"loss": round(e.loss, 4)}

    evals = [analysis.evaluations[p] for p in sorted(analysis.evaluations)]
    seats = []
    for r in an.report(evals, len(match.seats)):
        seats.append(
            {
                "seat": r.seat,
                "name": match.seats[r.seat].name,
                "decisions": r.decisions,
                "accurate": r.accurate,
                "accuracy": round(r.accuracy, 4),
                "blunders": [ev(b) for b in r.blunders],
                "turning_point": ev(r.turning),
                "swing": r.swing,
            }
        )
    return {
        "file": str(save),
        "analysis_file": str(analysis_path(save)),
        "game": match.rules.id,
        "budget": analysis.budget,
        "decisions": total,
        "evaluated": len(evals),
        "accurate_loss": an.ACCURATE_LOSS,
        "blunder_loss": an.BLUNDER_LOSS,
        "seats": seats,
        "evaluations": [ev(e) for e in evals],
    }


def cmd_analyze(args: argparse.Namespace) -> int:
    """``imperia analyze``: see the module doc. Returns 0, or 130 after Ctrl-C (what was done
    is kept). Raises JournalError / ReplayMismatch / ValueError for the CLI's one-line errors."""

    save = Path(args.file)
    if args.budget < 1:
        raise ValueError("--budget must be at least 1 iteration per decision")
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    match = load_for_analysis(save)
    main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGTERM, _interrupt) if main else None  # as Ctrl-C
    try:
        return _analyze(args, match, save, jobs)
    finally:
        if main:
            signal.signal(signal.SIGTERM, old)


def _analyze(args: argparse.Namespace, match: Match, save: Path, jobs: int) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    err = Console(stderr=True)

    def warn(text: str) -> None:
        err.print(f"warning: {text}", markup=False, highlight=False, soft_wrap=True)

    if an.rollouts_to_end(match.rules.id) and not args.progress_lines:
        warn(
            f"{match.rules.title} has no position evaluation for the search yet: every "
            "iteration plays to the end of the match, which is slow (try a small --budget)"
        )
    bar = Progress(
        "Analysing", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=err
    )
    task = bar.add_task("decisions", total=None)

    def progress(done: int, total: int) -> None:
        if args.progress_lines:
            print(f"progress {done} {total}", flush=True)
        else:
            bar.update(task, completed=done, total=total)

    try:
        if args.progress_lines:
            analysis, total = run(match, save, args.budget, jobs, progress, warn)
        else:
            with bar:
                analysis, total = run(match, save, args.budget, jobs, progress, warn)
    except KeyboardInterrupt:
        stored = open_analysis(save, match.rules.id, match.seed, args.budget)
        print(
            f"imperia: stopped; {len(stored.evaluations)} evaluations are kept in "
            f"{analysis_path(save).name}: run the same command to go on",
            file=sys.stderr,
        )
        return 130
    if args.json:
        print(json.dumps(summary(match, analysis, total, save)))
        return 0
    if args.progress_lines:
        return 0
    print(
        f"{save.name}: {match.rules.title}, {total} decisions with a choice, "
        f"{analysis.budget} search iterations each"
    )
    print(f"evaluations: {analysis_path(save)}")
    for line in seat_lines(match, analysis):
        print(line)
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``analyze`` command to the CLI's subparsers."""
    p = sub.add_parser("analyze", help="evaluate every decision of a saved match (ISMCTS)")
    p.add_argument("file")
    p.add_argument(
        "--budget",
        type=int,
        default=an.DEFAULT_BUDGET,
        help=f"search iterations per decision (default {an.DEFAULT_BUDGET})",
    )
    p.add_argument("--jobs", type=int, help="worker processes (default: every core)")
    p.add_argument("--json", action="store_true", help="print one JSON object for tools")
    p.add_argument("--progress-lines", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_analyze)


__all__ = ["add_parser", "cmd_analyze", "load_for_analysis", "run", "seat_lines", "summary"]
