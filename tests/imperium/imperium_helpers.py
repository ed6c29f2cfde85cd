"""Helpers for the iMperium rules tests.

Everything goes through the package contract (engine/games/imperium/README.md): positions come
from ``position.build``, decisions are choice ids passed to ``RULES.apply``, dice are injected
with :class:`engine.rng.ScriptedRng`, and results are read with ``position.summarize`` and
``RULES.view``.

Seats are named "R" (the Roman deck) and "G" (the Greek deck), as in the scenarios of
section 15 of the rulings; an int seat works too.

The module is not called ``helpers.py`` on purpose: the test directories have no
``__init__.py``, so two games' ``helpers`` modules would shadow each other in ``sys.modules``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import msgpack
import pytest

from engine.games.imperium import RULES
from engine.games.imperium.position import build, summarize
from engine.rng import ScriptedRng
from engine.rules import IllegalAction

__all__ = [
    "RULES",
    "act",
    "advance",
    "assert_illegal",
    "build",
    "choice_ids",
    "energy",
    "other",
    "points",
    "pool",
    "seat_of",
    "side",
    "summarize",
    "view",
    "waiting",
    "winner",
]


def seat_of(state: dict[str, Any], who: str | int) -> int:
    """The seat index of "R" (Roman deck), "G" (Greek deck) or an int seat."""
    if isinstance(who, int):
        return who
    deck = {"R": "roman", "G": "greek"}[who]
    decks = list(state["decks"])
    assert decks.count(deck) == 1, f"{who!r} is ambiguous with decks {decks}"
    return decks.index(deck)


def other(who: str) -> str:
    return {"R": "G", "G": "R"}[who]


def choice_ids(state: dict[str, Any], who: str | int) -> list[str]:
    """The ids of the choices ``who`` is prompted with now ([] when not prompted)."""
    prompt = RULES.prompt(state, seat_of(state, who))
    return [c.id for c in prompt.choices] if prompt else []


def waiting(state: dict[str, Any]) -> set[int]:
    return set(RULES.waiting(state))


def _check_script(rng: ScriptedRng) -> None:
    assert not rng.dice, (
        f"scripted dice left unrolled: {rng.dice} (rolled {rng.rolled}); the pool was smaller "
        "than the rulings say"
    )


def act(state: dict[str, Any], who: str | int, choice: str, dice: Sequence[int] = ()) -> list:
    """``who`` takes ``choice``; ``dice`` are the die results of every roll this causes.

    Checks that the choice is offered and that every scripted die was rolled (a die rolled
    beyond the script makes ScriptedRng raise AssertionError). Returns the events.
    """
    seat = seat_of(state, who)
    offered = choice_ids(state, seat)
    assert choice in offered, f"{choice!r} is not offered to {who!r}; offered: {offered}"
    rng = ScriptedRng(dice)
    events = RULES.apply(state, seat, choice, rng)
    _check_script(rng)
    return events


def act_all(state: dict[str, Any], who: str | int, choices: Iterable[str]) -> None:
    for c in choices:
        act(state, who, c)


def advance(state: dict[str, Any], dice: Sequence[int] = ()) -> list:
    """Run the automatic steps of a built "start"/"energy" position with scripted dice."""
    rng = ScriptedRng(dice)
    events = RULES.advance(state, rng)
    _check_script(rng)
    return events


def assert_illegal(state: dict[str, Any], who: str | int, choice: str) -> None:
    """``choice`` is not offered, ``apply`` raises IllegalAction and the state is unchanged."""
    seat = seat_of(state, who)
    assert choice not in choice_ids(state, seat), f"{choice!r} is offered but must be illegal"
    before = copy.deepcopy(state)
    packed = msgpack.packb(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, seat, choice, ScriptedRng([]))
    assert state == before, "an illegal choice changed the state"
    assert msgpack.packb(state) == packed, "an illegal choice changed the state"


def side(state: dict[str, Any], who: str) -> dict[str, Any]:
    """summarize(state)[who]: hand, deck (top first), discard (oldest first), play, army, navy."""
    return summarize(state)[who]


def view(state: dict[str, Any], who: str | int | None) -> dict[str, Any]:
    return RULES.view(state, None if who is None else seat_of(state, who))


def points(state: dict[str, Any], who: str) -> Fraction:
    """``who``'s point total from the public view (a fraction string, IMP-7.13)."""
    return Fraction(view(state, who)["seats"][seat_of(state, who)]["points"])


def energy(state: dict[str, Any]) -> int:
    return summarize(state)["energy"]


def pool(state: dict[str, Any]) -> int:
    return view(state, None)["pool"]


def winner(state: dict[str, Any]) -> str | None:
    return summarize(state)["winner"]
