"""The decision stack: every Imperial Struggle procedure is a frame on ``st["stack"]``.

A frame is a plain dict with ``"k"`` (its kind). Each kind registers handler functions:

* ``side(st, fr) -> int | None`` — the deciding side, or None for an automatic frame;
* ``choices(st, fr) -> list[Choice]`` — the legal choices of a decision frame (IS-17: only legal
  choices are ever offered, each list short);
* ``text(st, fr) -> tuple[str, str]`` — prompt text and running summary;
* ``apply(st, fr, choice, out)`` — perform a choice (already checked against ``choices``);
* ``run(st, fr, out)`` — do an automatic frame's work: pop itself and/or push sub-frames.

A multi-step procedure keeps a program counter in its frame (``fr["pc"]``) and pushes
sub-frames; when they pop, its ``run`` is called again. Simultaneous secret decisions
(IS-4.1.6b, IS-4.1.7, IS-16.4) use one ``par`` frame: ``{"k": "par", "frames": [fr_or_None,
fr_or_None]}`` indexed by side. A sub-frame commits by setting ``fr["done"] = True`` in its
``apply``; :func:`act` then replaces it with None, and the ``par`` frame pops once both are None
(its parent continues). Sub-frames of ``par`` must not push frames. A decision frame must never
be left on top with no legal choice (skip it instead): that would be a dead end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.rules import Choice, Event

State = dict[str, Any]
Frame = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Handler:
    """The functions of one frame kind (see the module docstring)."""

    side: Callable[[State, Frame], int | None]
    choices: Callable[[State, Frame], list[Choice]] | None = None
    text: Callable[[State, Frame], tuple[str, str]] | None = None
    apply: Callable[[State, Frame, str, list[Event]], None] | None = None
    run: Callable[[State, Frame, list[Event]], None] | None = None


HANDLERS: dict[str, Handler] = {}
"""Frame kind -> handler. Modules register at import (``rules.py`` imports them all)."""

MAX_AUTO_STEPS = 100_000
"""Guard against an automatic frame that never pops (a bug): advance raises RuntimeError."""


def _auto(_st: State, _fr: Frame) -> None:
    return None


def register(
    kind: str,
    *,
    side: Callable[[State, Frame], int | None] | None = None,
    choices: Callable[[State, Frame], list[Choice]] | None = None,
    text: Callable[[State, Frame], tuple[str, str]] | None = None,
    apply: Callable[[State, Frame, str, list[Event]], None] | None = None,
    run: Callable[[State, Frame, list[Event]], None] | None = None,
) -> None:
    """Register the handler of frame ``kind``. A decision kind gives ``side``, ``choices``,
    ``text`` and ``apply``; an automatic kind gives ``run`` only. Raises ValueError when the
    kind is registered twice or the function set is incomplete."""
    if kind in HANDLERS:
        raise ValueError(f"frame kind {kind!r} registered twice")
    if run is None and (side is None or choices is None or apply is None):
        raise ValueError(f"decision frame {kind!r} needs side, choices and apply")
    HANDLERS[kind] = Handler(side or _auto, choices, text, apply, run)


def push(st: State, kind: str, **fields: Any) -> Frame:
    """Push a new frame of ``kind`` with ``fields``; returns it."""
    fr: Frame = {"k": kind, **fields}
    st["stack"].append(fr)
    return fr


def pop(st: State, fr: Frame) -> None:
    """Remove ``fr`` (which must be on top) from the stack. Raises RuntimeError otherwise."""
    if not st["stack"] or st["stack"][-1] is not fr:
        raise RuntimeError(f"pop of {fr.get('k')!r}, which is not the top frame")
    st["stack"].pop()


def top(st: State) -> Frame | None:
    """The top frame, or None."""
    return st["stack"][-1] if st["stack"] else None


def deciders(st: State) -> list[tuple[int, Frame]]:
    """The (side, frame) pairs that must decide now: one, two for a ``par`` frame, or none."""
    fr = top(st)
    if fr is None or st["over"]:
        return []
    if fr["k"] == "par":
        return [(s, sub) for s, sub in enumerate(fr["frames"]) if sub is not None]
    side = HANDLERS[fr["k"]].side(st, fr)
    return [] if side is None else [(side, fr)]


def frame_of(st: State, side: int) -> Frame | None:
    """The frame ``side`` must decide in now, or None."""
    for s, fr in deciders(st):
        if s == side:
            return fr
    return None


def choices_of(st: State, side: int) -> list[Choice]:
    """The legal choices of ``side`` now ([] when it is not deciding): the prompt's list and the
    one legality path (``rules.apply`` validates against it; :class:`engine.match.Match` keeps
    the prompt it handed out, so nothing here is memoised)."""
    fr = frame_of(st, side)
    if fr is None:
        return []
    return HANDLERS[fr["k"]].choices(st, fr)  # type: ignore[misc]


def is_legal(st: State, side: int, choice: str) -> bool:
    """True when ``choice`` is one of ``side``'s choice ids now (what ``rules.apply``
    validates)."""
    return any(c.id == choice for c in choices_of(st, side))


def text_of(st: State, side: int) -> tuple[str, str]:
    """(prompt text, summary) of ``side``'s current decision."""
    fr = frame_of(st, side)
    if fr is None:
        return "", ""
    h = HANDLERS[fr["k"]]
    return h.text(st, fr) if h.text else ("Choose", "")


def act(st: State, side: int, choice: str, out: list[Event]) -> None:
    """Apply ``side``'s ``choice`` (checked legal by the caller), then :func:`advance`."""
    fr = frame_of(st, side)
    if fr is None:
        raise RuntimeError("no decision for this side")
    HANDLERS[fr["k"]].apply(st, fr, choice, out)  # type: ignore[misc]
    par = top(st)
    if par is not None and par["k"] == "par" and par["frames"][side] is fr and fr.get("done"):
        par["frames"][side] = None
    advance(st, out)


def advance(st: State, out: list[Event]) -> None:
    """Run automatic frames until a decision frame is on top, the stack is empty or the game is
    over. Raises RuntimeError after :data:`MAX_AUTO_STEPS` automatic steps (a frame that never
    pops)."""
    for _ in range(MAX_AUTO_STEPS):
        if st["over"]:
            return
        fr = top(st)
        if fr is None:
            return
        if fr["k"] == "par":
            if any(f is not None for f in fr["frames"]):
                return
            st["stack"].pop()
            continue
        h = HANDLERS[fr["k"]]
        if h.run is None:
            return
        h.run(st, fr, out)
    raise RuntimeError("automatic frames did not settle")
