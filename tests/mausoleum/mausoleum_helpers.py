"""Helpers for the Mausoleum rulings tests (shared/rules/mausoleum.md, IDs ``MAU-...``).

Everything goes through the package contract (engine/games/mausoleum/README.md): positions come
from ``position.build`` in the scenario notation of MAU-15.1 (``"Uncle#5"``,
``"Uncle#5+Doozy#47"``), decisions are choice ids passed to ``RULES.apply`` (``draw:deck``,
``play:<card>``, ``kill:<heir>``, ``buy:<grave>``, ``pay:<heir>``, ``bury`` ...), and results are
read back with ``position.summarize`` (same short names) and ``RULES.view``.

Seats are ints 0, 1, 2 ... (the scenarios' P0, P1, P2). Card arguments may be ints or
``"Name#id"`` strings; only the id counts.

The module is not called ``helpers.py`` on purpose: the test directories have no
``__init__.py``, so two games' ``helpers`` modules would shadow each other in ``sys.modules``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import msgpack
import pytest

from engine.games.mausoleum import RULES
from engine.games.mausoleum.position import build, summarize
from engine.rng import Rng
from engine.rules import IllegalAction

__all__ = [
    "RULES",
    "act",
    "assert_illegal",
    "build",
    "buy",
    "can_pay",
    "choice_ids",
    "cid",
    "draw",
    "heirs",
    "invite_seats",
    "pass_turn",
    "play",
    "side",
    "summarize",
    "targets",
    "view",
]

State = dict[str, Any]


def cid(card: int | str) -> int:
    """The card id of ``5``, ``"5"``, ``"#5"`` or ``"Uncle#5"`` (MAU-15.1 notation)."""
    if isinstance(card, int):
        return card
    return int(str(card).rsplit("#", 1)[-1])


def choice_ids(state: State, seat: int) -> list[str]:
    """The ids of the choices ``seat`` is prompted with now ([] when not prompted)."""
    prompt = RULES.prompt(state, seat)
    return [c.id for c in prompt.choices] if prompt else []


def act(state: State, seat: int, choice: str, seed: int = 0) -> list:
    """``seat`` takes ``choice`` (which must be offered); returns the events.

    ``seed`` seeds the generator used for any shuffle this causes (the reshuffle, MAU-10.1).
    """
    offered = choice_ids(state, seat)
    assert choice in offered, f"{choice!r} is not offered to P{seat}; offered: {offered}"
    return RULES.apply(state, seat, choice, Rng.seeded(seed))


def assert_illegal(state: State, seat: int, choice: str) -> None:
    """``choice`` is not offered, ``apply`` raises IllegalAction and the state is unchanged
    (MAU-15.1 "Illegal")."""
    assert choice not in choice_ids(state, seat), f"{choice!r} is offered but must be illegal"
    before = copy.deepcopy(state)
    packed = msgpack.packb(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, seat, choice, Rng.seeded(0))
    assert state == before, "an illegal choice changed the state"
    assert msgpack.packb(state) == packed, "an illegal choice changed the state"


def draw(state: State, seat: int, source: str = "deck") -> list:
    """The draw step of Draw & Play (MAU-3.2): ``source`` is ``deck``, ``discard`` or ``none``."""
    return act(state, seat, f"draw:{source}")


def play(state: State, seat: int, card: int | str, target: str | None = None) -> list:
    """The play step (MAU-3.3): play ``card`` and, unless it is the H-Bomb, take ``target``
    (a full target-step choice id such as ``"kill:5"`` or ``"invite:2"``).

    Pass ``target="discard"`` to discard ``card`` instead of playing it.
    """
    c = cid(card)
    if target == "discard":
        return act(state, seat, f"discard:{c}")
    events = act(state, seat, f"play:{c}")
    if target is not None:
        events += act(state, seat, target)
    return events


def pass_turn(state: State, seat: int) -> list:
    """A do-nothing Draw & Play turn: draw from the deck and discard the card drawn."""
    events = draw(state, seat, "deck")
    drawn = RULES.view(state, seat)["seats"][seat]["drawn"]
    return events + act(state, seat, f"discard:{drawn}")


def targets(state: State, seat: int, card: int | str) -> set[str]:
    """The target-step choice ids (``back`` left out) offered for playing ``card`` now, on a
    copy of the state; the empty set when ``play:<card>`` is not offered (MAU-3.4, MAU-A21)."""
    c = cid(card)
    if f"play:{c}" not in choice_ids(state, seat):
        return set()
    probe = RULES.clone(state)
    RULES.apply(probe, seat, f"play:{c}", Rng.seeded(0))
    return {x for x in choice_ids(probe, seat) if x != "back"}


def heirs(ids: set[str], verb: str) -> set[int]:
    """The heir ids in target choices ``<verb>:<heir>`` of ``ids``."""
    return {int(x.split(":")[1]) for x in ids if x.startswith(verb + ":")}


def invite_seats(state: State, seat: int, heir: int | str) -> set[int]:
    """The seats whose party ``heir`` may be invited to now (MAU-4.1, MAU-4.2, MAU-4.3)."""
    return {int(x.split(":")[1]) for x in targets(state, seat, heir) if x.startswith("invite:")}


def can_pay(state: State, seat: int, grave: int | str, payment: Iterable[int | str]) -> bool:
    """Whether ``seat`` may Buy & Bury ``grave`` with exactly ``payment`` (MAU-8.1, MAU-8.2,
    MAU-8.3, MAU-8.4, MAU-8.5, MAU-8.6), checked on a copy through the ``buy:`` / ``pay:`` /
    ``bury`` choices."""
    probe = RULES.clone(state)
    if f"buy:{cid(grave)}" not in choice_ids(probe, seat):
        return False
    RULES.apply(probe, seat, f"buy:{cid(grave)}", Rng.seeded(0))
    for h in payment:
        if f"pay:{cid(h)}" not in choice_ids(probe, seat):
            return False
        RULES.apply(probe, seat, f"pay:{cid(h)}", Rng.seeded(0))
    return "bury" in choice_ids(probe, seat)


def buy(state: State, seat: int, grave: int | str, payment: Iterable[int | str]) -> list:
    """Buy & Bury ``grave`` paying ``payment`` in discard order (MAU-3.5, MAU-8.7)."""
    events = act(state, seat, f"buy:{cid(grave)}")
    for h in payment:
        events += act(state, seat, f"pay:{cid(h)}")
    events += act(state, seat, "bury")
    return events


def side(state: State, seat: int) -> dict[str, Any]:
    """``summarize(state)["P<seat>"]``: hand, party, morgue, mausoleum, printed, counted."""
    return summarize(state)[f"P{seat}"]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """``RULES.view(state, seat)``."""
    return RULES.view(state, seat)
