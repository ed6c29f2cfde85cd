"""Teaching hints: the hard bot's three best choices for a seat, each with its win estimate and a
one-line reason in the game's words (issue 19; DESIGN.md "Bots": the same search gives
teaching hints).

A hint never sees what the seat cannot: the search runs on a world determinized for the seat
(:meth:`Rules.determinize`), and every world it resamples again is consistent with the seat's
view. The reason of a choice is what applying it does, told as the game's own log lines for the
seat (:meth:`Rules.describe`), keeping only the lines that are the same in every one of
:data:`REASON_WORLDS` worlds (so nothing invented for a hidden card or a die shows), plus the
change in the game's evaluation (:func:`engine.ai.evaluations.evaluation`).

:func:`rank` searches in this process (scripts, tests, the headless CLI); the app runs the same
search in its worker process and then calls :func:`explain` on the ranking.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import registry
from engine.ai.evaluations import evaluation
from engine.ai.ismcts import rewards, seat_count
from engine.ai.levels import SECONDS
from engine.rng import Rng
from engine.rules import Prompt, Rules, State

TOP = 3
"""How many choices a hint names."""
HINT_LEVEL = "bot:hint"
"""The bot whose estimate ranks the choices (ISMCTS, :mod:`engine.ai.levels`)."""
HINT_SECONDS = SECONDS["hard"]
"""The search's time box, in seconds (the hard level's)."""
REASON_WORLDS = 3
"""Worlds a choice is applied in to tell its reason; only lines common to all are kept."""
REASON_LINES = 2
"""At most this many log lines make a reason."""
MAX_NOTE_CHARS = 500
"""A hint's journal note is cut to this length (the journal's record limit for text)."""

Ranked = Sequence[tuple[str, int, float]]
"""``(choice id, visits, mean reward of the seat)`` per root choice, best first
(:class:`engine.ai.ismcts.SearchResult`)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """One suggested choice.

    Attributes:
        choice: the choice id (as in the prompt).
        label: its label in the prompt.
        win: the search's estimate of the seat's win probability after it, 0..1 (None for the
            only choice of a prompt, which is not searched).
        visits: how many search iterations went through it.
        reason: one line in the game's words ("Rome plays Legion · evaluation +6 points").
    """

    choice: str
    label: str
    win: float | None
    visits: int
    reason: str

    def line(self) -> str:
        """``"Play Legion (5) — 62% — Rome plays Legion"`` (the win estimate when known)."""
        win = "" if self.win is None else f" — {round(self.win * 100)}%"
        return f"{self.label}{win} — {self.reason}"


def rank(
    rules: Rules,
    state: State,
    seat: int,
    rng: Rng,
    seconds: float | None = HINT_SECONDS,
    iterations: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[tuple[str, int, float]]:
    """The hard bot's ranking of ``seat``'s choices in ``state`` (not modified), searched here
    on a world determinized for ``seat``. One choice is returned unsearched as ``(id, 0, -1)``.
    Raises ValueError when ``seat`` has nothing to decide."""
    prompt = rules.prompt(state, seat)
    if prompt is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    if len(prompt.choices) == 1:
        return [(prompt.choices[0].id, 0, -1.0)]
    world = rules.determinize(state, seat, rng)
    bot = registry.make_bot(rules.id, HINT_LEVEL, seconds, iterations)
    bot.progress = progress
    bot.choose(rules, world, seat, rules.prompt(world, seat), rng)
    return list(bot.last.ranked)


def explain(
    rules: Rules, state: State, seat: int, ranked: Ranked, rng: Rng, top: int = TOP
) -> list[Hint]:
    """The first ``top`` choices of ``ranked`` (still legal in ``state``) as hints, each with
    its reason (see the module docstring). ``state`` is not modified."""
    prompt = rules.prompt(state, seat)
    if prompt is None:
        return []
    judge = evaluation(rules.id)
    worlds = [rules.determinize(state, seat, rng) for _ in range(REASON_WORLDS)]
    out: list[Hint] = []
    for cid, visits, mean in ranked:
        choice = prompt.get(cid)
        if choice is None:
            continue
        win = None if mean < 0 else max(0.0, min(1.0, mean))
        out.append(Hint(cid, choice.label, win, visits, _reason(rules, worlds, seat, cid, judge)))
        if len(out) == top:
            break
    return out


def hints(
    rules: Rules,
    state: State,
    seat: int,
    rng: Rng,
    seconds: float | None = HINT_SECONDS,
    iterations: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Hint]:
    """:func:`rank` then :func:`explain`: the top :data:`TOP` hints for ``seat`` now."""
    ranked = rank(rules, state, seat, rng, seconds, iterations, progress)
    return explain(rules, state, seat, ranked, rng)


def _reason(
    rules: Rules,
    worlds: list[State],
    seat: int,
    cid: str,
    judge: Callable[[Rules, State], list[float]] | None,
) -> str:
    """The log lines common to every world after ``cid``, and the evaluation's change."""
    common: list[str] | None = None
    delta = 0.0
    seats = seat_count(rules, worlds[0])
    for k, world in enumerate(worlds):
        after = rules.clone(world)
        events = rules.apply(after, seat, cid, Rng.seeded(7919 + k))
        lines = [line for line in (rules.describe(e, seat) for e in events) if line]
        common = lines if common is None else [x for x in common if x in lines]
        if judge is not None:
            delta += rewards(rules, after, seats, judge)[seat] - judge(rules, world)[seat]
    said = " · ".join((common or [])[:REASON_LINES])
    if judge is not None:
        points = round(100 * delta / len(worlds))
        said = (
            f"{said} · evaluation {points:+d} points" if said else f"evaluation {points:+d} points"
        )
    return said or "no visible effect yet (a step of a longer choice)"


def note_text(prompt: Prompt | None, shown: list[Hint]) -> str:
    """The journal note of a hint used: ``"Hint at “Choose an action”: 1. Play Legion (5) 62%;
    2. …"``, at most :data:`MAX_NOTE_CHARS` characters."""
    where = f" at “{prompt.text}”" if prompt is not None else ""
    parts = []
    for n, h in enumerate(shown, 1):
        win = "" if h.win is None else f" {round(h.win * 100)}%"
        parts.append(f"{n}. {h.label}{win}")
    text = f"Hint{where}: " + "; ".join(parts)
    return text if len(text) <= MAX_NOTE_CHARS else text[: MAX_NOTE_CHARS - 1] + "…"
