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
   size), and each place given a spare value (or, for count vectors, every one-card exchange
   between two of them or with a deck place, above what the seat knows they hold). The real
   state with all the moves of a matching done is a world; where the actor could tell it
   apart (its view changed), the moves are split in halves until each world is one the actor
   cannot tell apart.
3. The choice is applied in every world; a different view for the actor or a spectator, or a
   choice that is not legal there, is a reveal.

It is exact for results that depend on the value of individual hidden places (draws, flips,
secret picks); ``scripts/reveal_check.py`` measures it against a 32-world oracle in every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
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
    slots = [p for kind in places.values() for p in kind.paths]
    for kind in places.values():
        for h in kind.holders:
            slots += [(*h, i) for i in range(len(get_at(state, h)))]
    return list(dict.fromkeys(slots))


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


def _free(state: State, kind: HiddenPlaces) -> list[tuple[Path, list[int], list[int]]]:
    """Each holder of ``kind`` with its counts and the counts above its floor (the cards of
    each type the seat does not know it holds)."""
    out = []
    for i, h in enumerate(kind.holders):
        counts = list(get_at(state, h))
        floor = kind.floors[i] if i < len(kind.floors) else [0] * len(counts)
        out.append((h, counts, [c - f for c, f in zip(counts, floor, strict=True)]))
    return out


def _exchanges(state: State, kind: HiddenPlaces) -> list[Move]:
    """Every one-card exchange the holders of ``kind`` allow (both sizes kept, floors kept):
    for each two holders ``a``, ``b``, each type ``t`` free in ``a`` and each other type ``u``
    free in ``b``, ``a`` gives a ``t`` for a ``u``; with ``accepts``, for each holder, each type
    ``t`` free in it and accepted, and each other value ``u`` of the kind's places (its first
    place), the holder gives a ``t`` for that place's ``u``."""
    moves: list[Move] = []
    holders = _free(state, kind)
    for i, (a, ca, fa) in enumerate(holders):
        for b, cb, fb in holders[i + 1 :]:
            if len(ca) != len(cb):
                continue
            for t, u in product(range(len(ca)), repeat=2):
                if t != u and fa[t] > 0 and fb[u] > 0:
                    moves.append(
                        (
                            ((*a, t), ca[t] - 1),
                            ((*a, u), ca[u] + 1),
                            ((*b, u), cb[u] - 1),
                            ((*b, t), cb[t] + 1),
                        )
                    )
    if not kind.accepts:
        return moves
    first: dict[Any, Path] = {}
    for p in kind.paths:
        first.setdefault(get_at(state, p), p)
    for a, ca, fa in holders:
        for u, p in first.items():
            for t in kind.accepts:
                if t != u and fa[t] > 0:
                    moves.append((((*a, t), ca[t] - 1), ((*a, u), ca[u] + 1), (p, t)))
    return moves


def _extremes(state: State, places: dict[str, HiddenPlaces]) -> list[Move]:
    """For each holder ``a`` and card type ``u``: the world where ``a`` holds as many ``u`` as
    it can (every free ``u`` of the other holders and the decks traded in, one for one, for its
    free other cards; a deck's ``u`` also through another holder, for a card the deck does not
    take) and the one where it holds as few (every free ``u`` traded out), so a
    result that depends on whether a hand holds at least ``k`` of a type is seen whatever
    ``k`` (one-card exchanges reach only one more or one fewer)."""
    holders: dict[Path, list[int]] = {}
    for kind in places.values():
        for h, _counts, free in _free(state, kind):
            holders.setdefault(h, free)
    if not holders:
        return []
    decks: list[tuple[Path, Any, tuple[int, ...]]] = []  # (place, value, types it may hold)
    for kind in places.values():
        if kind.accepts:
            decks += [(p, get_at(state, p), tuple(kind.accepts)) for p in kind.paths]
    moves: list[Move] = []
    size = len(next(iter(holders.values())))
    for a in holders:
        for u in range(size):
            for gain in (True, False):
                move = _extreme(state, holders, decks, a, u, gain)
                if move:
                    moves.append(move)
    return moves


def _extreme(
    state: State,
    holders: dict[Path, list[int]],
    decks: list[tuple[Path, Any, tuple[int, ...]]],
    a: Path,
    u: int,
    gain: bool,
) -> Move:
    """One world of :func:`_extremes`: ``a`` trades its free cards of other types for ``u``
    (``gain``) or its free ``u`` for other types, with the other holders and the deck places."""
    free = {h: list(f) for h, f in holders.items()}
    counts = {h: list(get_at(state, h)) for h in holders}
    placed: dict[Path, Any] = {}
    fa = free[a]
    mine = [t for t in range(len(fa)) if t != u for _ in range(fa[t])] if gain else [u] * fa[u]

    def trade(give: int, take: int, partner: Path | None, place: Path | None) -> None:
        counts[a][give] -= 1
        counts[a][take] += 1
        if partner is not None:
            counts[partner][take] -= 1
            counts[partner][give] += 1
            free[partner][take] -= 1
        else:
            placed[place] = give

    for give in mine:
        done = False
        for h, fh in free.items():
            if h == a or len(fh) != len(fa):
                continue
            want = [u] if gain else [t for t in range(len(fh)) if t != u]
            take = next((t for t in want if fh[t] > 0), None)
            if take is not None:
                trade(give, take, h, None)
                done = True
                break
        if done:
            continue
        for p, v, accepts in decks:
            if p in placed or give not in accepts or (v != u if gain else v == u):
                continue
            trade(give, v, None, p)
            done = True
            break
        if done or not gain:
            continue
        # Two hops: ``a`` gives ``give`` to another holder, which trades one of its free cards
        # into a deck place holding ``u`` and passes that ``u`` on (the deck takes only some
        # types: a people card reaches a civilization deck's card through a hand).
        for p, v, accepts in decks:
            if p in placed or v != u:
                continue
            via = next(
                (
                    (h, x)
                    for h, fh in free.items()
                    if h != a and len(fh) == len(fa)
                    for x in accepts
                    if x != u and fh[x] > 0
                ),
                None,
            )
            if via is None:
                continue
            h, x = via
            counts[a][give] -= 1
            counts[a][u] += 1
            counts[h][give] += 1
            counts[h][x] -= 1
            free[h][x] -= 1
            placed[p] = x
            break
    changed: list[tuple[Path, Any]] = []
    for h, c in counts.items():
        before = get_at(state, h)
        changed += [((*h, t), c[t]) for t in range(len(c)) if c[t] != before[t]]
    changed += list(placed.items())
    return tuple(changed)


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
        spares += _exchanges(state, kind)
    spares = list(dict.fromkeys(spares))  # kinds sharing holders propose the same exchanges
    extremes = list(dict.fromkeys(_extremes(state, places)))
    return [m for m in (spares, same, across, extremes) if m]


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


def _probe_worlds(
    rules: Rules, state: State, seat: int, salt: int, probe: Callable[[State], bool | None]
) -> bool:
    """Call ``probe`` on worlds ``seat`` cannot tell from ``state`` that together move every
    hidden place (module docstring, step 2): each matching's moves at once, split in halves
    where the actor could tell the world apart or where ``probe`` answers None (the rules
    rejected the world: a group of moves that is fine one by one may not be fine together,
    such as two pending discards given the same spare card). True as soon as ``probe`` answers
    True; False when every world answered False or None. ``salt`` seeds only the survey of a
    game without the ``hidden_places`` hook (whose samples are probed first)."""
    places = declared_places(rules, state, seat)
    if places is None:
        survey = Survey(rules, state, seat, salt)
        for world in survey.samples:
            if probe(world):
                return True
        places = _surveyed(rules, state, seat, salt)
    groups = [g for m in _matchings(state, places) for g in _disjoint(m)]
    if not groups:
        return False
    seen = rules.view(state, seat)
    while groups:
        group = groups.pop()
        world = _world(rules, state, group)
        try:
            same = rules.view(world, seat) == seen
        except Exception:  # a change the game's bookkeeping does not allow: not a world
            same = False
        answer = probe(world) if same else None
        if answer:
            return True
        if answer is None and len(group) > 1:
            half = len(group) // 2
            groups += [group[half:], group[:half]]
    return False


def worlds(rules: Rules, state: State, seat: int, salt: int) -> list[State]:
    """The worlds :func:`_probe_worlds` builds for ``seat`` in ``state``, each a fresh copy
    (the groups the actor could tell apart split; none rejected by a probe)."""
    out: list[State] = []

    def keep(world: State) -> bool:
        out.append(world)
        return False

    _probe_worlds(rules, state, seat, salt, keep)
    return out


def reveals(
    rules: Rules,
    before: State,
    after: State,
    seat: int,
    choice: str,
    salt: int,
    viewers: tuple[int | None, ...] | None = None,
) -> bool:
    """True when ``seat``'s ``choice`` (taking ``before`` to ``after``) showed the actor or a
    spectator something the actor did not know (module docstring). ``viewers``: whose views
    count (default the actor's and a spectator's; ``(None,)`` asks only whether the table
    learnt something, as a forced step does). Leaves both states as they are."""
    if viewers is None:
        viewers = (seat, None)
    real: dict[int | None, Any] = {}

    def probe(world: State) -> bool | None:
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
            return None
        return False

    return _probe_worlds(rules, before, seat, salt, probe)
