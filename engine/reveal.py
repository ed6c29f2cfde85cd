"""Does a choice reveal something its actor did not know? (the third kind of undo barrier)

The question: is there a world the actor could not tell from the real one (same view for the
actor) in which the same choice leads the actor or a spectator to see something else? If so, the
result depended on hidden information and showed it (a draw from a face-down deck, the other
seats' secret choices), and a take-back would give the actor a free peek.

Sampling such worlds at random (``determinize``) misses reveals when the sampled worlds happen
to agree with the real one where it matters (late in a match a two-card deck has a one-in-two
chance of the same top card). So the worlds are built, not sampled:

1. *Hidden places*, declared by the game: its ``hidden_places(state, seat)`` hook (see
   :class:`engine.rules.HiddenPlaces`) names every scalar place of the state whose value is
   hidden from the seat, grouped by *kind* (places of one kind may trade values: the deck and
   the other seats' unknown hand cards; one place may be in several kinds), with the *spare*
   values a place of the kind may hold that no place holds now (a face-down card drawn from a
   box). A game without the hook falls back on the sampled survey of
   :mod:`engine.reveal_survey` (which the tests use to cross-check every game's declaration).
2. *Moves*: three matchings of each kind's places, so that every place that can hold another
   value is moved: pairs with different values in different lists first (the deck top with a
   card in an opponent's hand), pairs in the same list (two counts of one hand, which keeps its
   size), and each place given a spare value (or, for count vectors, one card exchanged
   between two of them). The real state with all the moves of a matching
   done is a world; where the actor could tell it apart (its view changed), the moves are split
   in halves until each world is one the actor cannot tell apart.
3. The choice is applied in every world; a different view for the actor or a spectator, or a
   choice that is not legal there, is a reveal.

It is exact for results that depend on the value of individual hidden places (draws, flips,
secret picks); ``scripts/reveal_check.py`` measures it against a 32-world oracle in every game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from engine.reveal_survey import Path, Survey, get_at, set_at, shape
from engine.rng import Rng
from engine.rules import HiddenPlaces, IllegalAction, Rules, State

Move = tuple[tuple[Path, Any], ...]
"""One change of a world: the ``(place, new value)`` assignments done together (a swap is two)."""


def declared_places(rules: Rules, state: State, seat: int | None) -> dict[str, HiddenPlaces] | None:
    """The game's ``hidden_places`` hook for ``seat``, or None when the game has none."""
    hook = getattr(rules, "hidden_places", None)
    return None if hook is None else hook(state, seat)


def _surveyed(rules: Rules, state: State, seat: int | None, salt: int) -> dict[str, HiddenPlaces]:
    """The fallback for a game without the hook: the survey's slots grouped by their shape."""
    survey = Survey(rules, state, seat, salt)
    kinds: dict[str, list[Path]] = {}
    for q in survey.hidden:
        kinds.setdefault(repr(shape(q, True)), []).append(q)
    return {k: HiddenPlaces(v) for k, v in kinds.items()}


def hidden_slots(rules: Rules, state: State, seat: int | None, salt: int = 0) -> list[Path]:
    """The places of ``state`` whose values ``seat`` cannot see (module docstring, step 1), in
    the order declared, each once. ``salt`` seeds the survey of a game without the hook."""
    places = declared_places(rules, state, seat)
    if places is None:
        places = _surveyed(rules, state, seat, salt)
    return list(dict.fromkeys(p for kind in places.values() for p in kind.paths))


def _matching(
    paths: Sequence[Path], values: Sequence[Any], across: bool, faces: Sequence[Any]
) -> list[Move]:
    """Swaps pairing ``paths`` with different ``faces`` (partners in another list first when
    ``across``, searched from half-way round, so a deck's top trades with its bottom; else in
    the same list, the next place first), so that every place that has a partner is in one."""
    n = len(paths)
    used = [False] * n
    moves: list[Move] = []
    for i in range(n):
        if used[i]:
            continue
        best, best_key = -1, None
        start = n // 2 if across else 1  # across: far partners (the deck top with its bottom)
        for step in range(n - 1):
            j = (i + start + step) % n
            if j == i:
                continue
            if faces[j] == faces[i]:
                continue
            key = (used[j], (paths[j][:-1] == paths[i][:-1]) == across)
            if best_key is None or key < best_key:
                best, best_key = j, key
                if key == (False, False):
                    break
        if best < 0:
            continue
        used[i] = used[best] = True
        p, q = paths[i], paths[best]
        moves.append(((p, values[best]), (q, values[i])))
    return moves


def _spares(paths: Sequence[Path], values: Sequence[Any], spare: Sequence[Any]) -> list[Move]:
    """Each place given a spare value other than its own (spares dealt round, so the places of
    a kind take different ones)."""
    moves: list[Move] = []
    if not spare:
        return moves
    k = 0
    for p, v in zip(paths, values, strict=True):
        for _ in range(len(spare)):
            s = spare[k % len(spare)]
            k += 1
            if s != v:
                moves.append(((p, s),))
                break
    return moves


def _exchanges(state: State, holders: Sequence[Path]) -> list[Move]:
    """For each two count vectors ``a``, ``b`` and each type ``t`` that ``a`` holds (unless an
    earlier exchange of the two already changed both counts of ``t``): one ``t`` of ``a``
    exchanged for the next type ``u`` that ``b`` holds (both sizes kept)."""
    moves: list[Move] = []
    for i, a in enumerate(holders):
        for b in holders[i + 1 :]:
            ca, cb = get_at(state, a), get_at(state, b)
            if len(ca) != len(cb):
                continue
            n = len(ca)
            done: set[int] = set()
            for t in range(n):
                if not ca[t] or t in done:
                    continue
                u = next((x % n for x in range(t + 1, t + n) if cb[x % n]), None)
                if u is None:
                    continue
                done.update((t, u))
                moves.append(
                    (
                        ((*a, t), ca[t] - 1),
                        ((*a, u), ca[u] + 1),
                        ((*b, u), cb[u] - 1),
                        ((*b, t), cb[t] + 1),
                    )
                )
    return moves


def _matchings(state: State, places: dict[str, HiddenPlaces]) -> list[list[Move]]:
    """The three matchings of the module docstring (step 2), each over every kind."""
    same: list[Move] = []
    across: list[Move] = []
    spares: list[Move] = []
    for kind in places.values():
        paths = list(dict.fromkeys(kind.paths))
        values = [get_at(state, p) for p in paths]
        faces = values if kind.faces is None else [kind.faces.get(v, v) for v in values]
        if len(paths) >= 2:
            same += _matching(paths, values, False, faces)
            across += _matching(paths, values, True, faces)
        spares += _spares(paths, values, list(kind.spare))
        spares += _exchanges(state, kind.holders)
    return [m for m in (spares, same, across) if m]


def _disjoint(moves: list[Move]) -> list[list[Move]]:
    """``moves`` split into groups in which no place is changed twice (a place of two kinds)."""
    groups: list[list[Move]] = []
    taken: list[set[Path]] = []
    for move in moves:
        paths = {p for p, _v in move}
        for group, seen in zip(groups, taken, strict=True):
            if not paths & seen:
                group.append(move)
                seen |= paths
                break
        else:
            groups.append([move])
            taken.append(set(paths))
    return groups


def _world(rules: Rules, state: State, moves: Sequence[Move]) -> State:
    world = rules.clone(state)
    for move in moves:
        for p, v in move:
            set_at(world, p, v)
    return world


def worlds(rules: Rules, state: State, seat: int, salt: int) -> Iterator[State]:
    """Worlds ``seat`` cannot tell from ``state`` that together move every hidden place (module
    docstring, step 2): each matching's moves at once, split in halves where the actor could
    tell the world apart. Each world is a fresh copy. ``salt`` seeds only the survey of a game
    without the ``hidden_places`` hook (whose samples are then yielded first)."""
    places = declared_places(rules, state, seat)
    if places is None:
        survey = Survey(rules, state, seat, salt)
        yield from survey.samples
        places = _surveyed(rules, state, seat, salt)
    groups = [g for m in _matchings(state, places) for g in _disjoint(m)]
    if not groups:
        return
    seen = rules.view(state, seat)
    while groups:
        group = groups.pop()
        world = _world(rules, state, group)
        try:
            same = rules.view(world, seat) == seen
        except Exception:  # a change the game's bookkeeping does not allow: not a world
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
    viewers: tuple[int | None, ...] = (seat, None)
    real: dict[int | None, Any] = {}
    for world in worlds(rules, before, seat, salt):
        try:
            rules.apply(world, seat, choice, Rng(world["rng"]))
            for v in viewers:  # the actor's view first: most reveals show there
                if v not in real:
                    real[v] = rules.view(after, v)
                if rules.view(world, v) != real[v]:
                    return True
        except IllegalAction:
            return True  # not even legal in a world the actor cannot tell apart
        except Exception:  # a change the game's bookkeeping does not allow: not a world
            continue
    return False
