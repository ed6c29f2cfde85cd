"""The decision machinery: a stack of frames in ``state["stack"]`` (BI-29).

A frame is a dict with ``"k"`` (its kind) and ``"seat"``. A *decision* frame has a handler
``(choices(st, fr) -> (text, [Choice]), apply(st, fr, choice_id, rng, ev))`` and waits for its
seat; an *automatic* frame (kind registered with :func:`auto`) runs as soon as it reaches the
top. Handlers pop their own frame (``pop``) and push continuations (``push``, last pushed runs
first). :func:`settle` runs automatic frames until a decision waits or the stack is empty,
then calls the registered turn hook to start the next part of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules import Choice, Event, IllegalAction, State

ChoicesFn = Callable[[State, dict], tuple[str, list[Choice]]]
ApplyFn = Callable[[State, dict, str, Any, list[Event]], None]
AutoFn = Callable[[State, dict, Any, list[Event]], None]

DECISIONS: dict[str, tuple[ChoicesFn, ApplyFn]] = {}
AUTOS: dict[str, AutoFn] = {}
HOOKS: dict[str, Callable[..., Any]] = {}


def decision(kind: str, choices: ChoicesFn) -> Callable[[ApplyFn], ApplyFn]:
    """Register a decision frame kind with its choices function (decorates the apply fn)."""

    def wrap(fn: ApplyFn) -> ApplyFn:
        DECISIONS[kind] = (choices, fn)
        return fn

    return wrap


def auto(kind: str) -> Callable[[AutoFn], AutoFn]:
    """Register an automatic frame kind (decorator)."""

    def wrap(fn: AutoFn) -> AutoFn:
        AUTOS[kind] = fn
        return fn

    return wrap


def push(st: State, kind: str, seat: int | None, **data: Any) -> dict:
    """Push a frame; returns it."""
    fr = {"k": kind, "seat": seat, **data}
    st["stack"].append(fr)
    return fr


def push_all(st: State, frames: list[tuple[str, int | None, dict]]) -> None:
    """Push frames so that they run in list order (the first runs first)."""
    for kind, seat, data in reversed(frames):
        push(st, kind, seat, **data)


def pop(st: State, fr: dict) -> None:
    """Remove ``fr`` (must be on the stack)."""
    for i in range(len(st["stack"]) - 1, -1, -1):
        if st["stack"][i] is fr:
            del st["stack"][i]
            return
    raise AssertionError(f"frame {fr['k']} not on the stack")  # pragma: no cover


def top(st: State) -> dict | None:
    """The current frame, or None."""
    return st["stack"][-1] if st["stack"] else None


def current(st: State) -> tuple[int, str, list[Choice]] | None:
    """``(seat, text, choices)`` of the waiting decision, or None."""
    fr = top(st)
    if fr is None or fr["k"] not in DECISIONS or st["phase"] == "over":
        return None
    text, choices = DECISIONS[fr["k"]][0](st, fr)
    return fr["seat"], text, choices


def settle(st: State, rng: Any, ev: list[Event]) -> None:
    """Run automatic frames (and the turn hook when the stack empties) until a decision with
    at least one choice waits or the game is over."""
    for _ in range(100_000):
        if st["phase"] == "over":
            st["stack"] = []
            return
        fr = top(st)
        if fr is None:
            HOOKS["next"](st, rng, ev)
            continue
        if fr["k"] in AUTOS:
            AUTOS[fr["k"]](st, fr, rng, ev)
            continue
        text, choices = DECISIONS[fr["k"]][0](st, fr)
        if not choices:  # pragma: no cover - every decision lists a way on
            raise AssertionError(f"dead end in {fr['k']}")
        return
    raise AssertionError("settle did not converge")  # pragma: no cover


def apply_choice(st: State, seat: int, choice: str, rng: Any) -> list[Event]:
    """Apply ``choice`` of ``seat`` to the waiting decision; IllegalAction if not offered."""
    cur = current(st)
    if cur is None or cur[0] != seat or not any(c.id == choice for c in cur[2]):
        raise IllegalAction(f"{choice!r} is not a choice of seat {seat} now")
    return apply_unchecked(st, seat, choice, rng)


def apply_unchecked(st: State, seat: int, choice: str, rng: Any) -> list[Event]:
    """:func:`apply_choice` for a choice taken from ``seat``'s current decision (not checked
    again; ``engine.match.Match`` validated it against the prompt)."""
    fr = top(st)
    assert fr is not None
    ev: list[Event] = []
    DECISIONS[fr["k"]][1](st, fr, choice, rng, ev)
    settle(st, rng, ev)
    return ev
