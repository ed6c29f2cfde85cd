"""The analysis file beside a save: ``<save>.analysis.json`` (issue 19).

The evaluations of :mod:`engine.analysis` are written here, never into the save: the journal's
bytes do not change. The file is JSON (tools read it too)::

    {"format": "imperia-analysis", "version": 1, "game": "imperium", "seed": 21,
     "budget": 300, "evaluations": [{"ply": 3, "entry": 4, "seat": 1, ...}, ...]}

It is rewritten whole (a temporary file renamed over it) after every evaluation, so an
interrupted analysis keeps what it finished and a torn file never results. Stored evaluations
are matched to the save's decisions by ply, seat, choice and position hash, so a save that
went on (or took choices back) keeps the evaluations still valid.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.analysis import Decision, Evaluation

FORMAT = "imperia-analysis"
VERSION = 1
SUFFIX = ".analysis.json"


def analysis_path(save: Path) -> Path:
    """Where the analysis of ``save`` lives: ``x.imperia`` -> ``x.imperia.analysis.json``."""
    save = Path(save)
    return save.with_name(save.name + SUFFIX)


@dataclass
class AnalysisFile:
    """The evaluations of one save at one budget (iterations per decision).

    Attributes:
        game, seed: the save's game id and seed (a file for another save is not used).
        budget: search iterations per decision.
        evaluations: by ply.
        warning: why a stored file was not used ("" when it was, or there was none).
    """

    game: str
    seed: int
    budget: int
    evaluations: dict[int, Evaluation] = field(default_factory=dict)
    warning: str = ""

    def matches(self, d: Decision) -> bool:
        """True when a stored evaluation was made for decision ``d`` (same position and choice)."""
        e = self.evaluations.get(d.ply)
        return e is not None and (e.key, e.seat, e.choice) == (d.key, d.seat, d.choice)

    def keep_only(self, decisions: list[Decision]) -> None:
        """Drop every evaluation that is not of one of ``decisions``."""
        valid = {d.ply for d in decisions if self.matches(d)}
        self.evaluations = {p: e for p, e in self.evaluations.items() if p in valid}

    def to_json(self) -> dict[str, Any]:
        """The file's JSON object."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seed": self.seed,
            "budget": self.budget,
            "evaluations": [self.evaluations[p].to_dict() for p in sorted(self.evaluations)],
        }


def read_analysis(save: Path) -> AnalysisFile | None:
    """The analysis stored beside ``save``, or None when there is none. Raises ValueError with
    one line when it exists but is not an analysis file this Imperia can read."""
    path = analysis_path(save)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise ValueError(f"cannot read {path.name}: {err.strerror or err}") from None
    try:
        data = json.loads(raw)
    except ValueError:  # not JSON (a decoding error too)
        raise ValueError(f"{path.name} is not an Imperia analysis file") from None
    try:
        if data.get("format") != FORMAT:
            raise ValueError
        if data.get("version") != VERSION:
            raise ValueError(f"{path.name} has analysis format {data.get('version')}")
        evals = [Evaluation.from_dict(d) for d in data["evaluations"]]
        return AnalysisFile(
            str(data["game"]), int(data["seed"]), int(data["budget"]), {e.ply: e for e in evals}
        )
    except ValueError as err:
        raise ValueError(str(err) or f"{path.name} is not an Imperia analysis file") from None
    except (KeyError, TypeError, AttributeError):
        raise ValueError(f"{path.name} is damaged (not an Imperia analysis file)") from None


def open_analysis(save: Path, game: str, seed: int, budget: int) -> AnalysisFile:
    """The stored analysis of ``save`` to go on with at ``budget``, or a new empty one. A file
    that cannot be read, is for another match or another budget, is replaced (its
    ``warning`` says why); nothing is written here."""
    try:
        stored = read_analysis(save)
    except ValueError as err:
        return AnalysisFile(game, seed, budget, warning=f"{err}: starting afresh")
    if stored is None:
        return AnalysisFile(game, seed, budget)
    if (stored.game, stored.seed) != (game, seed):
        return AnalysisFile(game, seed, budget, warning="the stored analysis is of another match")
    if stored.budget != budget:
        return AnalysisFile(
            game,
            seed,
            budget,
            warning=f"the stored analysis used {stored.budget} iterations per decision: "
            f"starting afresh at {budget}",
        )
    return stored


def write_analysis(save: Path, analysis: AnalysisFile) -> Path:
    """Write ``analysis`` beside ``save`` atomically (a temporary file in the same folder,
    renamed over the old one). Returns its path. Raises OSError (nothing is left behind)."""
    path = analysis_path(save)
    text = json.dumps(analysis.to_json(), indent=1)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


__all__ = [
    "SUFFIX",
    "AnalysisFile",
    "analysis_path",
    "open_analysis",
    "read_analysis",
    "write_analysis",
]
