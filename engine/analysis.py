"""Analysis of a match: every decision of a journal evaluated by ISMCTS (issue 19).

For each *decision* of the match's line (a ply where the deciding seat had more than one
choice; a forced step is skipped) the search of :mod:`engine.ai.ismcts`, with the game's settings
of the ``hard`` level (:func:`engine.ai.levels.search_spec`), runs a fixed number of
iterations from the deciding seat's knowledge only: the position is determinized from that seat
(``rules.determinize``) before the search, and the search determinizes again from that seat on
every iteration, so no evaluation reads a card the seat could not see. The search's RNG is seeded
from the match's seed and the ply, so one budget gives the same evaluation on every run and on
every machine (the evaluations are *reproducible*, and so resumable).

Terms (the numbers are win probabilities of the deciding seat, in [0, 1]; a "point" is 0.01):

* **made**: the mean reward of the choice made (its root child's mean).
* **best**: the choice with the highest mean among those the search trusted, i.e. searched at
  least :data:`TRUSTED_SHARE` as often as the most searched choice (a choice tried once or twice
  has a mean too noisy to be "the best"); **top** is its mean. When the choice made is better
  than that, it is the best.
* **loss** = ``max(0, top - made)``.
* **accurate**: a decision whose loss is at most :data:`ACCURATE_LOSS` (5 points). A seat's
  *accuracy* is the share of its decisions that are accurate.
* **blunder**: a decision whose loss is at least :data:`BLUNDER_LOSS` (15 points, issue 19).
* **turning point** of a seat: its decision after which its win probability (``made``) moved
  most from its previous decision's (the largest swing, either way); a seat with one decision
  has none.

Pure: no file I/O (the evaluations are written beside the save by the CLI layer,
``tui/analysis_file.py``), no terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from engine import journal as jr
from engine import registry
from engine.ai.ismcts import SearchSpec, search
from engine.ai.levels import search_spec
from engine.match import Match, pack_state, state_hash, unpack_state
from engine.rng import Rng
from engine.rules import Rules, State

DEFAULT_BUDGET = 300
"""Search iterations per decision of ``imperia analyze`` (about 0.1-1 s a decision)."""

ACCURATE_LOSS = 0.05
"""A decision losing at most this much win probability (5 points) counts as accurate."""

BLUNDER_LOSS = 0.15
"""A decision losing at least this much win probability (15 points) is a blunder (issue 19)."""

TRUSTED_SHARE = 0.1
"""A choice is a candidate for "best" when searched at least this share as often as the most
searched choice (the same tenth as :func:`engine.ai.ismcts.search`'s ``prior_margin`` rule)."""


@dataclass(frozen=True)
class Decision:
    """One decision of a match's line, to evaluate.

    Attributes:
        ply: index of the choice in the line (0-based): the position is the state after the
            first ``ply`` choices.
        entry: the journal entry (1-based, as the replay numbers them) that made the choice.
        seat: the deciding seat (0-based).
        choice: the choice id made.
        choices: how many choices the seat had (at least 2).
        key: hex state hash of the position (:func:`engine.match.state_hash`), so stored
            evaluations are matched to the position they were made for.
    """

    ply: int
    entry: int
    seat: int
    choice: str
    choices: int
    key: str


@dataclass(frozen=True)
class Evaluation:
    """The search's verdict on one :class:`Decision`.

    Attributes:
        ply, entry, seat, choice, key: as the decision's.
        best: the best choice's id (see the module doc); ``choice`` when it was the best.
        made: win probability of the choice made, in [0, 1].
        top: win probability of the best choice, in [0, 1] (``>= made``).
        visits: iterations spent on the choice made; ``budget``: iterations of the search.
        made_label, best_label: the choices' labels as the deciding seat's prompt gave them.
    """

    ply: int
    entry: int
    seat: int
    choice: str
    key: str
    best: str
    made: float
    top: float
    visits: int
    budget: int
    made_label: str = ""
    best_label: str = ""

    @property
    def loss(self) -> float:
        """Win probability given away by the choice made (``top - made``, never negative)."""
        return max(0.0, self.top - self.made)

    @property
    def blunder(self) -> bool:
        """True when :attr:`loss` is at least :data:`BLUNDER_LOSS`."""
        return self.loss >= BLUNDER_LOSS - 1e-9

    @property
    def accurate(self) -> bool:
        """True when :attr:`loss` is at most :data:`ACCURATE_LOSS`."""
        return self.loss <= ACCURATE_LOSS + 1e-9

    def to_dict(self) -> dict[str, Any]:
        """A plain dict (JSON / msgpack), the inverse of :meth:`from_dict`."""
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Evaluation:
        """Rebuild from :meth:`to_dict`'s dict. Raises KeyError / TypeError / ValueError for a
        dict that is not one."""
        return cls(
            ply=int(d["ply"]),
            entry=int(d["entry"]),
            seat=int(d["seat"]),
            choice=str(d["choice"]),
            key=str(d["key"]),
            best=str(d["best"]),
            made=float(d["made"]),
            top=float(d["top"]),
            visits=int(d["visits"]),
            budget=int(d["budget"]),
            made_label=str(d.get("made_label", "")),
            best_label=str(d.get("best_label", "")),
        )


def ply_entries(records: Sequence[jr.Record]) -> list[int]:
    """The journal entry (1-based, checks not counted) of each choice of the line the records
    leave, undone choices dropped: ``result[ply]`` made ply ``ply``. Follows
    :class:`engine.session.Timeline`'s numbering, so an entry is a replay frame."""
    entries: list[int] = []
    n = 0
    for rec in records:
        if rec[0] == jr.CHECK:
            continue
        n += 1
        if rec[0] == jr.ACT:
            entries.append(n)
        elif rec[0] == jr.UNDO:
            del entries[rec[2] :]
    return entries


def decisions(match: Match) -> list[Decision]:
    """Every decision of ``match``'s line with more than one choice, in order.

    ``match`` is a loaded match (:func:`engine.session.load_match`): its records give the
    entries. Raises ValueError when its records and line disagree (never for a loaded match).
    """
    entries = ply_entries(match.records)
    if len(entries) != len(match.line):
        raise ValueError(f"{len(entries)} acts in the journal for a line of {len(match.line)}")
    rules = match.rules
    state = match.state_at(0)
    out: list[Decision] = []
    for ply, (seat, choice) in enumerate(match.line):
        prompt = rules.prompt(state, seat)
        n = len(prompt.choices) if prompt is not None else 0
        if n > 1:
            out.append(Decision(ply, entries[ply], seat, choice, n, state_hash(state).hex()))
        rules.apply(state, seat, choice, Rng(state["rng"]))
    return out


@dataclass(frozen=True)
class Task:
    """One evaluation to run, in plain values so it can go to a worker process.

    Attributes:
        game: the game's id; ``packed``: the position (:func:`engine.match.pack_state`);
        decision: what was decided there; ``budget``: search iterations; ``seed``: the seed of
            the search's RNG (:func:`task_seed`).
    """

    game: str
    packed: bytes
    decision: Decision
    budget: int
    seed: int


def task_seed(match_seed: int, ply: int) -> int:
    """The search seed of the decision at ``ply`` of a match seeded ``match_seed``."""
    return (match_seed * 1_000_003 + ply * 7919 + 17) % (2**63)


def tasks(match: Match, budget: int, skip: Callable[[Decision], bool] | None = None) -> list[Task]:
    """The :class:`Task` of every decision of ``match`` (those ``skip`` accepts left out, e.g.
    the ones already evaluated). Raises ValueError for a budget below 1."""
    if budget < 1:
        raise ValueError("the budget must be at least 1 iteration")
    out = []
    for d in decisions(match):
        if skip is not None and skip(d):
            continue
        packed = pack_state(match.state_at(d.ply))
        out.append(Task(match.rules.id, packed, d, budget, task_seed(match.seed, d.ply)))
    return out


def _spec(game: str) -> SearchSpec:
    """The ``hard`` level's search settings of ``game`` (with its heuristic as prior and rollout
    policy); plain settings for a game without a heuristic bot."""
    if "bot:hard" in registry.bot_kinds(game):
        return registry.make_bot(game, "bot:hard", None, 1).spec
    return search_spec(game, None)


def rollouts_to_end(game: str) -> bool:
    """True when ``game``'s search has no cut-off evaluation (:mod:`engine.ai.evaluations`), so
    each iteration plays to the end of the match: an analysis is then slow (Brazil: Imperial,
    about 7 s a decision at 20 iterations on this project's build machine)."""
    return _spec(game).evaluate is None


def evaluate(task: Task) -> Evaluation:
    """Run the search of ``task`` and return its :class:`Evaluation` (deterministic for a task).

    The search sees the position determinized from the deciding seat, with the ``hard``
    level's settings of the game and ``task.budget`` iterations (at least two per choice, so
    every choice is tried). Raises KeyError for an unknown game, ValueError when the seat has
    nothing to decide.
    """
    rules: Rules = registry.get(task.game)
    d = task.decision
    state: State = unpack_state(task.packed)
    prompt = rules.prompt(state, d.seat)
    if prompt is None:
        raise ValueError(f"seat {d.seat} has nothing to decide at ply {d.ply}")
    labels = {ch.id: ch.label for ch in prompt.choices}
    rng = Rng.seeded(task.seed)
    world = rules.determinize(state, d.seat, rng)
    sp = _spec(task.game)
    iterations = max(task.budget, 2 * len(prompt.choices))
    result = search(
        rules,
        world,
        d.seat,
        rng.fork(),
        seconds=None,
        iterations=iterations,
        c=sp.c,
        rollout_cap=sp.rollout_cap,
        evaluate=sp.evaluate,
        policy=sp.policy,
        epsilon=sp.epsilon,
        prior=sp.prior,
        prior_weight=sp.prior_weight,
        prior_margin=None,
        boundary=sp.boundary,
        leaf=sp.leaf,
        prior_votes=sp.prior_votes,
        stepper=sp.stepper,
        id_policy=sp.id_policy,
        reply=sp.reply,
    )
    return verdict(d, result.ranked, iterations, labels)


def verdict(
    d: Decision, ranked: Sequence[tuple[str, int, float]], budget: int, labels: dict[str, str]
) -> Evaluation:
    """The :class:`Evaluation` of ``d`` from a search's ``(choice, visits, mean)`` per root
    choice (the module doc defines best, made and top). A choice made that the search never
    tried counts as made = 0 with no visits."""
    most = max((v for _, v, _ in ranked), default=0)
    trusted = [(c, m) for c, v, m in ranked if v > 0 and v >= TRUSTED_SHARE * most]
    best, top = max(trusted, key=lambda cm: cm[1]) if trusted else (d.choice, 0.0)
    made, visits = next(((m, v) for c, v, m in ranked if c == d.choice), (0.0, 0))
    if made >= top - 0.0005:  # as good, within rounding: the choice made was the best
        best, top = d.choice, made
    return Evaluation(
        d.ply,
        d.entry,
        d.seat,
        d.choice,
        d.key,
        best,
        round(made, 4),
        round(top, 4),
        visits,
        budget,
        labels.get(d.choice, d.choice),
        labels.get(best, best),
    )


@dataclass(frozen=True)
class SeatReport:
    """What the analysis says of one seat.

    Attributes:
        seat: the seat (0-based); ``decisions``: its evaluated decisions.
        accurate: how many were accurate; ``accuracy``: their share (0 with no decision).
        blunders: its blunders, in match order.
        turning: the turning point (the evaluation after the largest swing) and ``swing``, the
            change of win probability it brought (signed); None / 0.0 with fewer than two.
        previous: the win probability before the turning point (the seat's decision before).
    """

    seat: int
    decisions: int
    accurate: int
    blunders: tuple[Evaluation, ...]
    turning: Evaluation | None
    swing: float
    previous: float

    @property
    def accuracy(self) -> float:
        """Share of accurate decisions in [0, 1]."""
        return self.accurate / self.decisions if self.decisions else 0.0


def report(evaluations: Sequence[Evaluation], seats: int) -> list[SeatReport]:
    """One :class:`SeatReport` per seat (``seats`` of them) from ``evaluations`` (any order)."""
    out = []
    for s in range(seats):
        mine = sorted((e for e in evaluations if e.seat == s), key=lambda e: e.ply)
        turning, swing, previous = None, 0.0, 0.0
        for a, b in zip(mine, mine[1:], strict=False):
            if abs(b.made - a.made) > abs(swing):
                turning, swing, previous = b, b.made - a.made, a.made
        out.append(
            SeatReport(
                s,
                len(mine),
                sum(e.accurate for e in mine),
                tuple(e for e in mine if e.blunder),
                turning,
                round(swing, 4),
                previous,
            )
        )
    return out


__all__ = [
    "ACCURATE_LOSS",
    "BLUNDER_LOSS",
    "DEFAULT_BUDGET",
    "TRUSTED_SHARE",
    "Decision",
    "Evaluation",
    "SeatReport",
    "Task",
    "decisions",
    "evaluate",
    "ply_entries",
    "report",
    "rollouts_to_end",
    "task_seed",
    "tasks",
    "verdict",
]
