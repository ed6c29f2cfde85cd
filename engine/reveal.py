"""Does a choice reveal something its actor did not know? (the third kind of undo barrier)

The question: is there a world the actor could not tell from the real one (same view for the
actor) in which the same choice leads the actor or a spectator to see something else? If so, the
result depended on hidden information and showed it (a draw from a face-down deck, the other
seats' secret choices), and a take-back would give the actor a free peek.

Sampling such worlds at random (``determinize``) misses reveals when the sampled worlds happen
to agree with the real one where it matters (late in a match a two-card deck has a one-in-two
chance of the same top card). So the worlds are built, not sampled:

1. *Hidden slots*: the places of the state (list elements and map values, outside the RNG cell)
   that a few ``determinize`` worlds change, widened to every element of each list they change
   in (a shuffled deck's order is hidden as a whole); then every other list of the state is
   probed once: if swapping one of its elements with a hidden slot's different value leaves the
   actor's view byte-identical, that list is hidden too. So a list found by no sample (every
   sample happened to keep it) is still found.
2. *Swap worlds*: the hidden slots are paired, each with a slot holding a different value that
   may go there (a value seen, really or in a sample, in a hidden place of the same kind, such
   as any seat's face-down card, or anywhere in a list the samples shuffle; another list first,
   e.g. the deck top with a card in an opponent's hand; a second pairing prefers the same list,
   e.g. two counts of one hand), and the real state with all pairs swapped is a world;
   where the actor could tell it apart (its view changed), the pairs are split in halves until
   each world is one the actor cannot tell apart. Every hidden slot that can hold another value
   is thereby moved, whatever its odds in a sample.
3. The choice is applied in every world (the samples too); a different view for the actor or a
   spectator, or a choice that is not legal there, is a reveal.

Games need no code for this: it uses only ``determinize``, ``view``, ``apply`` and ``clone``. It
is exact for results that depend on the value of individual hidden slots (draws, flips, secret
picks); ``scripts/reveal_check.py`` measures it against a 32-world oracle in every game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from engine.rng import Rng
from engine.rules import IllegalAction, Rules, State

SAMPLES = 4
"""Determinized worlds used to find the hidden slots (and also replayed as worlds)."""

Path = tuple[Any, ...]


def _get(state: Any, path: Path) -> Any:
    for k in path:
        state = state[k]
    return state


_MISSING = object()


def _peek(state: Any, path: Path) -> Any:
    """``_get``, or a marker when ``path`` is not in ``state`` (a sample of another shape)."""
    try:
        v = _get(state, path)
    except (IndexError, KeyError, TypeError):
        return _MISSING
    return v if not isinstance(v, dict | list) else _MISSING


def _set(state: Any, path: Path, value: Any) -> None:
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


def _shape(path: Path, mixed: bool) -> Path:
    """``path`` with its numbers left out (``("hand", 0, 3)`` -> ``("hand", "#", "#")``):
    places of the same kind in every seat's zone. The last number stays unless the list is
    ``mixed`` (its places hold the same kind of thing), so a card's id and its flags in a
    ``[id, flags]`` pair stay apart."""
    head = tuple("#" if isinstance(k, int) else k for k in path[:-1])
    return (*head, "#" if mixed and isinstance(path[-1], int) else path[-1])


def _slots(state: State, container: Path) -> list[Path]:
    """The scalar places directly inside ``container`` (a list's elements or a map's values)."""
    c = _get(state, container)
    keys = range(len(c)) if isinstance(c, list) else list(c) if isinstance(c, dict) else []
    return [(*container, k) for k in keys if not isinstance(c[k], dict | list)]


class _Survey:
    """What a few determinized worlds say about ``state`` for ``seat``: the hidden slots and
    the values each slot may hold (module docstring, step 1)."""

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
        shapes = {q: _shape(q, q[:-1] in mixed) for q in self.hidden}
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
        real = _get(state, c)
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
            lst = _get(state, path)
            if path in self.containers or not lst or isinstance(lst[0], dict | list):
                continue
            probe = next(
                (
                    h
                    for h in self.hidden
                    if type(_get(state, h)) is type(lst[0])
                    and _get(state, h) != lst[0]
                    and lst[0] in self.allowed[h]
                ),
                None,
            )
            if probe is None:
                continue
            world = rules.clone(state)
            first = (*path, 0)
            _set(world, first, _get(state, probe))
            _set(world, probe, lst[0])
            try:
                same = rules.view(world, seat) == seen
            except Exception:
                same = False
            if same:
                self.containers.add(path)
                for q in _slots(state, path):
                    self.hidden.append(q)
                    self.allowed[q] = set(self.allowed[probe]) | {_get(state, q)}

    def may_swap(self, state: State, p: Path, q: Path) -> bool:
        """True when slots ``p`` and ``q`` may trade values (each value seen where it goes)."""
        return _get(state, q) in self.allowed[p] and _get(state, p) in self.allowed[q]


def hidden_slots(rules: Rules, state: State, seat: int | None, salt: int) -> list[Path]:
    """The places of ``state`` whose values ``seat`` cannot see (module docstring, step 1).

    ``salt`` seeds the determinized samples (any int; the same salt gives the same answer)."""
    return _Survey(rules, state, seat, salt).hidden


def _pairs(state: State, survey: _Survey, across: bool = True) -> list[tuple[Path, Path]]:
    """A matching of the hidden slots into pairs with different values that may trade them
    (partners in another list first when ``across``, else in the same list), so that every hidden slot that can move is in one pair; a slot left
    without a free partner is paired with a used one."""
    hidden = survey.hidden
    values = [_get(state, p) for p in hidden]
    used: set[int] = set()
    pairs: list[tuple[Path, Path]] = []
    n = len(hidden)
    for i, p in enumerate(hidden):
        if i in used:
            continue
        partners = [
            j
            for j in range(n)
            if j != i and values[j] != values[i] and survey.may_swap(state, p, hidden[j])
        ]
        if not partners:
            continue
        partners.sort(key=lambda j: (j in used, (hidden[j][:-1] == p[:-1]) == across, (j - i) % n))
        j = partners[0]
        used.update((i, j))
        pairs.append((p, hidden[j]))
    return pairs


def _swapped(rules: Rules, state: State, pairs: Sequence[tuple[Path, Path]]) -> State:
    world = rules.clone(state)
    for p, q in pairs:
        a, b = _get(world, p), _get(world, q)
        _set(world, p, b)
        _set(world, q, a)
    return world


def worlds(rules: Rules, state: State, seat: int, salt: int) -> Iterator[State]:
    """Worlds ``seat`` cannot tell from ``state``: the determinized samples, then swap worlds
    that together move every hidden slot (module docstring, step 2): all the pairs of
    :func:`_pairs` at once, split in halves where the actor could tell the world apart. Each
    world is a fresh copy."""
    survey = _Survey(rules, state, seat, salt)
    yield from survey.samples
    if len(survey.hidden) < 2:
        return
    seen = rules.view(state, seat)
    # two matchings: partners in other lists first (a deck card with a hand card), then in
    # the same list (two counts of one hand, which keeps its size)
    groups = [_pairs(state, survey, across=False), _pairs(state, survey, across=True)]
    while groups:
        group = groups.pop()
        if not group:
            continue
        world = _swapped(rules, state, group)
        try:
            same = rules.view(world, seat) == seen
        except Exception:
            same = False
        if same:
            yield world
        elif len(group) > 1:
            half = len(group) // 2
            groups += [group[half:], group[:half]]


def reveals(rules: Rules, before: State, after: State, seat: int, choice: str, salt: int) -> bool:
    """True when ``seat``'s ``choice`` (taking ``before`` to ``after``) showed the actor or a
    spectator something the actor did not know (module docstring). Leaves both states as
    they are."""
    viewers: list[int | None] = [seat, None]
    real = [rules.view(after, v) for v in viewers]
    for world in worlds(rules, before, seat, salt):
        try:
            rules.apply(world, seat, choice, Rng(world["rng"]))
            seen = [rules.view(world, v) for v in viewers]
        except IllegalAction:
            return True  # not even legal in a world the actor cannot tell apart
        except Exception:  # a swap the game's bookkeeping does not allow: not a world
            continue
        if seen != real:
            return True
    return False
