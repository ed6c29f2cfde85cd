"""Small helpers every game's rules object shares (DESIGN.md "The rules contract").

What each game used to write out for itself: resolving rule options (:func:`resolve_options`),
deep-copying a plain-data state (:func:`copy_plain`, :func:`msgpack_clone`) and building a
seat's view from its prompt, the waiting seats and the outcome (:func:`seat_view`).

A game adopts them like this (see ``engine/games/mausoleum/rules.py``)::

    def setup(self, config, rng):
        opts = resolve_options(OPTIONS, config.options, self.id)

    def view(self, state, seat):
        return seat_view(self, state, seat, view_module.view)

    def clone(self, state):
        return copy_plain(state)

Pure: no I/O; imports only :mod:`msgpack` and (for types) :mod:`engine.rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import msgpack

if TYPE_CHECKING:
    from engine.rules import Outcome, Prompt, RuleOption, Rules, State, View

__all__ = ["ViewBuilder", "copy_plain", "msgpack_clone", "resolve_options", "seat_view"]


def resolve_options(
    spec: Iterable[RuleOption], raw: Mapping[str, Any] | None = None, game: str = ""
) -> dict[str, Any]:
    """Every option of ``spec`` (a game's ``OPTIONS``) at its default, overridden by ``raw``.

    Each value of ``raw`` is validated with :meth:`engine.rules.RuleOption.parse` (so the
    string form of a value is accepted: ``"12"`` for 12). The result has exactly the keys of
    ``spec``, in ``spec`` order. ``game`` (the rules id) only names the game in errors.

    Raises ValueError for a bad value (``"option turn_cap: 0 is outside 1..10000"``) or an
    unknown key (``"unknown option(s) colour for mausoleum (known: win_threshold, ...)"``).
    """
    spec = tuple(spec)
    left = dict(raw or {})
    out: dict[str, Any] = {}
    for opt in spec:
        out[opt.key] = opt.parse(left.pop(opt.key)) if opt.key in left else opt.default
    if left:
        known = ", ".join(o.key for o in spec) or "none"
        where = f" for {game}" if game else ""
        raise ValueError(f"unknown option(s) {', '.join(left)}{where} (known: {known})")
    return out


def copy_plain(x: Any) -> Any:
    """A deep copy of plain data: every list and dict copied recursively, anything else
    (ints, strings, bools, None, tuples, Fractions) shared as it is. Keys keep their type
    (int keys stay ints), unlike a msgpack round trip."""
    if isinstance(x, list):
        return [copy_plain(v) for v in x]
    if isinstance(x, dict):
        return {k: copy_plain(v) for k, v in x.items()}
    return x


def msgpack_clone(state: State) -> State:
    """A deep copy of a msgpack-able state by a msgpack round trip (fast in C for big
    states). Tuples come back as lists and int map keys stay ints (``strict_map_key=False``);
    bytes stay bytes. Raises TypeError for a value msgpack cannot pack."""
    return msgpack.unpackb(msgpack.packb(state), strict_map_key=False)


ViewBuilder = Callable[
    ["State", "int | None", "Prompt | None", "tuple[int, ...]", "Outcome | None"], "View"
]
"""A game's view function: ``(state, seat, prompt, waiting, outcome) -> view``."""


def seat_view(rules: Rules, state: State, seat: int | None, build: ViewBuilder) -> View:
    """``build(state, seat, prompt, waiting, outcome)`` with what the contract requires a view
    to carry (engine/rules.py ``Rules.view``): ``seat``'s prompt (None for a spectator,
    ``seat is None``), the waiting seats and the outcome (None while running), all read from
    ``rules``."""
    prompt = rules.prompt(state, seat) if seat is not None else None
    return build(state, seat, prompt, rules.waiting(state), rules.outcome(state))
