"""The sampled survey of hidden places: a cross-check for the declared ones (engine/reveal.py).

A game that declares no ``hidden_places`` hook falls back on it, and the tests compare it with
every game's declared places. It finds the hidden slots of a state for a seat from a few
``determinize`` worlds (the places they change, widened to every element of each list they
change in), then probes every other list once: if swapping one of its elements with a hidden
slot's different value leaves the seat's view byte-identical, that list is hidden too. The
values a slot may hold are those seen (really or in a sample) in hidden places of the same
kind (the path with its numbers left out). Being sampled, it can miss a place no sample moved.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.rng import Rng
from engine.rules import Rules, State

SAMPLES = 4
"""Determinized worlds used to find the hidden slots (and also replayed as worlds)."""

Path = tuple[Any, ...]


def get_at(state: Any, path: Path) -> Any:
    """The value at ``path`` (keys and indexes from the root). Raises KeyError/IndexError."""
    for k in path:
        state = state[k]
    return state


_MISSING = object()


def _peek(state: Any, path: Path) -> Any:
    """``get_at``, or a marker when ``path`` is not in ``state`` (a sample of another shape)."""
    try:
        v = get_at(state, path)
    except (IndexError, KeyError, TypeError):
        return _MISSING
    return v if not isinstance(v, dict | list) else _MISSING


def set_at(state: Any, path: Path, value: Any) -> None:
    """Put ``value`` at ``path`` (its parent must exist)."""
    for k in path[:-1]:
        state = state[k]
    state[path[-1]] = value


def _diff(a: Any, b: Any, path: Path, out: set[Path]) -> None:
    """Add to ``out`` the containers (paths) where ``a`` and ``b`` differ in a scalar."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k, v in a.items():
            if k in b:
                _diff(v, b[k], (*path, k), out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, v in enumerate(a):
            if isinstance(v, dict | list):
                _diff(v, b[i], (*path, i), out)
            elif v != b[i]:
                out.add(path)
    elif a != b and path:
        out.add(path[:-1])


def _lists(state: Any, path: Path = ()) -> Iterator[Path]:
    """Paths of every list of the state (outside the RNG cell)."""
    if isinstance(state, dict):
        for k, v in state.items():
            if not path and k == "rng":
                continue
            yield from _lists(v, (*path, k))
    elif isinstance(state, list):
        yield path
        for i, v in enumerate(state):
            if isinstance(v, dict | list):
                yield from _lists(v, (*path, i))


def shape(path: Path, mixed: bool) -> Path:
    """``path`` with its numbers left out (``("hand", 0, 3)`` -> ``("hand", "#", "#")``):
    places of the same kind in every seat's zone. The last number stays unless the list is
    ``mixed`` (its places hold the same kind of thing), so a card's id and its flags in a
    ``[id, flags]`` pair stay apart."""
    head = tuple("#" if isinstance(k, int) else k for k in path[:-1])
    return (*head, "#" if mixed and isinstance(path[-1], int) else path[-1])


def _slots(state: State, container: Path) -> list[Path]:
    """The scalar places directly inside ``container`` (a list's elements or a map's values)."""
    c = get_at(state, container)
    keys = range(len(c)) if isinstance(c, list) else list(c) if isinstance(c, dict) else []
    return [(*container, k) for k in keys if not isinstance(c[k], dict | list)]


class Survey:
    """What a few determinized worlds say about ``state`` for ``seat``: the hidden slots and
    the values each slot may hold (module docstring)."""

    def __init__(self, rules: Rules, state: State, seat: int | None, salt: int):
        self.samples = [
            rules.determinize(state, seat, Rng.seeded(salt * 7919 + k)) for k in range(SAMPLES)
        ]
        containers: set[Path] = set()
        for world in self.samples:
            _diff(state, world, (), containers)
        containers = {c for c in containers if c and c[:1] != ("rng",)}
        self.containers = containers
        self.hidden = [p for c in sorted(containers, key=repr) for p in _slots(state, c)]
        # The values a slot may hold: those seen (really or in a sample) in a hidden slot of the
        # same shape (its path with the numbers left out: every seat's hand, every face-down
        # card), and in every place of its list when the samples mix that list (a deck).
        worlds = (state, *self.samples)
        mixed = {c for c in containers if self._mixed(state, c)}
        shapes = {q: shape(q, q[:-1] in mixed) for q in self.hidden}
        by_shape: dict[Path, set[Any]] = {}
        for q in self.hidden:
            by_shape.setdefault(shapes[q], set()).update(_peek(w, q) for w in worlds)
        self.allowed: dict[Path, set[Any]] = {}
        for c in containers:
            slots = _slots(state, c)
            pooled = {_peek(w, q) for w in worlds for q in slots} if c in mixed else set()
            for q in slots:
                self.allowed[q] = by_shape[shapes[q]] | pooled
        self._probe(rules, state, seat)

    def _mixed(self, state: State, c: Path) -> bool:
        """True when the samples moved values between the places of list ``c`` (its order is
        hidden as a whole, like a shuffled deck)."""
        real = get_at(state, c)
        if not isinstance(real, list):
            return False
        for w in self.samples:
            other = _peek(w, c)
            if not isinstance(other, list) or len(other) != len(real):
                continue
            for i, v in enumerate(other):
                if v != real[i] and v in real:
                    return True
        return False

    def _probe(self, rules: Rules, state: State, seat: int | None) -> None:
        """Find the hidden lists no sample changed: swap the list's first element with a hidden
        slot's different value; an unchanged view for ``seat`` means the list is hidden."""
        if not self.hidden:
            return
        seen = rules.view(state, seat)
        for path in _lists(state):
            lst = get_at(state, path)
            if path in self.containers or not lst or isinstance(lst[0], dict | list):
                continue
            probe = next(
                (
                    h
                    for h in self.hidden
                    if type(get_at(state, h)) is type(lst[0])
                    and get_at(state, h) != lst[0]
                    and lst[0] in self.allowed[h]
                ),
                None,
            )
            if probe is None:
                continue
            world = rules.clone(state)
            first = (*path, 0)
            set_at(world, first, get_at(state, probe))
            set_at(world, probe, lst[0])
            try:
                same = rules.view(world, seat) == seen
            except Exception:
                same = False
            if same:
                self.containers.add(path)
                for q in _slots(state, path):
                    self.hidden.append(q)
                    self.allowed[q] = set(self.allowed[probe]) | {get_at(state, q)}

    def may_swap(self, state: State, p: Path, q: Path) -> bool:
        """True when slots ``p`` and ``q`` may trade values (each value seen where it goes)."""
        return get_at(state, q) in self.allowed[p] and get_at(state, p) in self.allowed[q]


def changed_slots(a: Any, b: Any, path: Path = ()) -> Iterator[Path]:
    """Paths of the scalars that differ between ``a`` and ``b`` where both have the same shape
    (maps: common keys; lists: same length), outside the root's RNG cell."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k, v in a.items():
            if k in b and not (not path and k == "rng"):
                yield from changed_slots(v, b[k], (*path, k))
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) == len(b):
            for i, v in enumerate(a):
                yield from changed_slots(v, b[i], (*path, i))
    elif a != b and path and not isinstance(a, dict | list) and not isinstance(b, dict | list):
        yield path


def sampled_slots(rules: Rules, state: State, seat: int | None, salt: int, n: int) -> set[Path]:
    """The scalar places that ``n`` determinized worlds (seeded from ``salt``) change."""
    out: set[Path] = set()
    for k in range(n):
        out.update(changed_slots(state, rules.determinize(state, seat, Rng.seeded(salt * 31 + k))))
    return out
