"""Information-set Monte Carlo tree search for every game (DESIGN.md "Bots"; issue 18).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012): one tree for the searching seat, whose nodes stand for that seat's
information sets. Each iteration

1. **determinizes** a world from the searching seat's knowledge (``rules.determinize``), so the
   search never reads a hidden card or a future die — the tree is built only from such worlds;
2. **selects** down the tree with UCB1 over the choices legal *in this world*, each child's
   exploration term using its *availability* count (how often it was legal when its parent was
   visited), as the paper prescribes for subset-armed bandits;
3. **expands** one untried legal choice;
4. **simulates** with a cheap policy (uniform random, epsilon-greedy over a game policy, or the
   game's own rollout rule) to the end of the match, to a cut-off of ``rollout_cap`` decisions,
   or to the end of the turn (``boundary``), where the position is scored by ``evaluate`` (a
   game-supplied function, :mod:`engine.ai.evaluations`, or an even split); a ``leaf`` hook
   scores a turn-ending choice in place, as the game's heuristic does;
5. **backs up** one reward per seat: each node adds the reward of the seat that moved into it.

The game's heuristic guides the root (progressive bias toward its choice, voted over a few
worlds; with ``prior_margin`` its choice stands unless the search finds a clearly better one),
so the search improves on the heuristic rather than replacing it. Every seat that decides is a
node owner, so several seats answering one trade, or simultaneous
secret decisions (applied one seat after another in the engine, with the earlier choice hidden
from the later seat's prompt) are searched like any other turn. Rewards: the winners share 1, a
draw splits 1 among every seat, so a value is a win probability in [0, 1].

The search works through the rules contract alone (``waiting``, ``prompt``, ``apply``,
``outcome``, ``determinize``). It is time-boxed (``seconds``) or iteration-boxed
(``iterations``: deterministic for a fixed RNG, for tests and analysis).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.ai.playouts import Stepper
from engine.rng import Rng
from engine.rules import Prompt, Rules, State

Evaluate = Callable[[Rules, State], list[float]]
"""A position's value per seat in [0, 1] (summing to about 1), for rollouts cut off early."""

Leaf = Callable[[Rules, State, int, str], "list[float] | None"]
"""``(rules, world, seat, choice) -> value per seat`` when ``choice`` is scored without being
applied (it ends the search's horizon), else None."""

MIN_EVIDENCE = 20
"""Visits a choice needs before its mean may overrule the heuristic's choice (``prior_margin``):
with fewer, a mean of rewards in [0, 1] is too noisy (a standard error of 0.05-0.1)."""

IdPolicy = Callable[[list[str], Rng], str]
"""A rollout rule over the choice ids alone ``(ids, rng) -> choice id`` (no prompt built)."""

Policy = Callable[[Rules, State, int, Prompt, Rng], str]
"""A cheap choice rule ``(rules, world, seat, prompt, rng) -> choice id`` for rollouts, or the
heuristic whose root choice biases the search (``prior``)."""


def rewards(rules: Rules, state: State, seats: int, evaluate: Evaluate | None) -> list[float]:
    """The reward of each seat at ``state``: from the outcome once over (winners share 1, a
    draw splits it), else from ``evaluate``, else an even split."""
    out = rules.outcome(state)
    if out is not None:
        if not out.winners:
            return [1.0 / seats] * seats
        share = 1.0 / len(out.winners)
        return [share if s in out.winners else 0.0 for s in range(seats)]
    if evaluate is not None:
        return list(evaluate(rules, state))
    return [1.0 / seats] * seats


@dataclass(slots=True)
class Node:
    """One node: the seat that moved into it, its visits, its summed reward for that seat, how
    often it was available, and its children by choice id."""

    seat: int = -1
    visits: int = 0
    reward: float = 0.0
    avail: int = 0
    children: dict[str, Node] = field(default_factory=dict)


@dataclass
class SearchResult:
    """What one search found: ``(choice id, visits, mean reward)`` per root choice, best first,
    the iterations run, and the heuristic's root choice (``prior``) when one guided it."""

    ranked: list[tuple[str, int, float]]
    iterations: int
    prior: str | None = None

    @property
    def best(self) -> str:
        return self.ranked[0][0]


def _waiter(rules: Rules, state: State) -> int | None:
    waiting = rules.waiting(state)
    return min(waiting) if waiting else None


def search(
    rules: Rules,
    state: State,
    seat: int,
    rng: Rng,
    *,
    seconds: float | None = 1.0,
    iterations: int | None = None,
    c: float = 0.7,
    rollout_cap: int | None = None,
    evaluate: Evaluate | None = None,
    progress: Callable[[int], None] | None = None,
    policy: Policy | None = None,
    epsilon: float = 1.0,
    prior: Policy | None = None,
    prior_weight: float = 0.0,
    prior_margin: float | None = None,
    boundary: Callable[[State], Any] | None = None,
    leaf: Leaf | None = None,
    prior_votes: int = 1,
    stepper: Stepper | None = None,
    id_policy: IdPolicy | None = None,
    reply: Policy | None = None,
    clock: Callable[[], float] = time.thread_time,
    wall_cap: float | None = None,
) -> SearchResult:
    """Search ``seat``'s decision in ``state`` (not modified).

    Args:
        rules, state, seat: the game, the position (anything ``seat`` cannot see is
            resampled each iteration, so a determinized copy is as good as the real state).
        rng: the search's randomness (worlds and rollouts).
        seconds: the time box, in seconds of ``clock``; None for no time limit.
        iterations: the iteration box; None for no limit. At least one of the two must be set.
        c: the UCB1 exploration constant (rewards lie in [0, 1]).
        rollout_cap: decisions a rollout may take before ``evaluate`` scores it (None: to the
            end of the match).
        evaluate: the cut-off evaluation; an even split when None.
        progress: called with the iterations done, about every 50 iterations.
        policy, epsilon: rollouts take ``policy``'s choice with probability ``1 - epsilon``
            and a uniform random one otherwise (epsilon-greedy; ``epsilon=1`` or no policy:
            random rollouts).
        prior, prior_weight: progressive bias (Chaslot et al. 2008) toward the choice
            ``prior`` (the game's heuristic) makes at the root in one determinized world: that
            child's UCB score gets ``prior_weight / (visits + 1)`` more, so the search follows
            the heuristic until its rollouts show a better choice. With ``prior_votes`` > 1
            the heuristic decides in that many worlds and the most frequent choice is the prior
            (a heuristic's choice can hang on one world's hidden cards).
        boundary: a key of the position (the turn and the active seat); a rollout stops as
            soon as the key differs from the one before the last tree move, so the evaluation
            scores positions at the end of a turn, where the game's heuristic scores them.
        leaf: scores a choice *in place* (without applying it) when it returns a value per
            seat: iMperium's "end the turn" is scored before it is made, as its heuristic does
            (:mod:`engine.ai.playouts`); such a choice is a leaf of the tree.
        prior_margin: with a prior, the heuristic's root choice is kept (ranked first) unless
            another choice, searched at least a tenth as often as the most searched one (and
            both at least :data:`MIN_EVIDENCE` times), has a mean reward higher by more than
            this margin (None: the most visited choice wins).
        stepper: how the search lists choice ids and applies them in a world
            (:class:`engine.ai.playouts.Stepper`; default: through ``prompt`` and ``apply``; a
            game's fast playout step skips labels and legality checks).
        id_policy: a rollout policy over choice ids alone ``(ids, rng) -> id``, used for
            every rollout choice instead of ``policy`` (no prompt is built).
        reply: with ``boundary``, the horizon takes in the other seats' next turn: the tree
            covers ``seat``'s own turn, the rollout ends it, the other seats then play by
            ``reply`` (the game's heuristic), and the position is scored at the end of that
            turn (``leaf`` on their turn-ending choice, else ``evaluate``): a plan is judged
            by what the opponent can do to it.

        clock: what ``seconds`` counts: the searching thread's CPU time (``time.thread_time``,
            the default, so a loaded machine does not shorten a search; the search is
            single-threaded, and ``time.process_time`` costs a system call here, about 0.05 ms
            of wall time a read) or ``time.monotonic`` (wall clock).
        wall_cap: wall-clock seconds after which the search stops whatever ``clock`` says
            (None: no cap; the app's worker sets one so a starved process still answers).

    Returns the ranked root choices. Raises ValueError when ``seat`` has nothing to decide or
    neither box is set.
    """
    if seconds is None and iterations is None:
        raise ValueError("set seconds or iterations")
    root_prompt = rules.prompt(state, seat)
    if root_prompt is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    root_ids = [ch.id for ch in root_prompt.choices]
    seats = seat_count(rules, state)
    root = Node(seat)
    deadline = None if seconds is None else clock() + seconds
    wall_end = None if wall_cap is None else time.monotonic() + wall_cap
    done = 0
    roll = stepper or Stepper(rules)
    tree = Stepper(rules) if roll.rollout_only else roll
    opts = _Opts(
        c,
        rollout_cap,
        evaluate,
        policy,
        epsilon,
        None,
        0.0,
        boundary,
        leaf,
        tree,
        id_policy,
        reply,
        roll,
    )
    if len(root_ids) > 1:
        if prior is not None and prior_weight > 0:
            votes: dict[str, int] = {}
            for k in range(max(1, prior_votes)):
                if k and deadline is not None and clock() > deadline - seconds / 2:
                    break  # the votes take at most half the time box
                world = rules.determinize(state, seat, rng)
                pick = prior(rules, world, seat, root_prompt, rng)
                if pick in root_ids:
                    votes[pick] = votes.get(pick, 0) + 1
            if votes:  # the most frequent; a tie goes to the earliest world's choice
                opts.bias, opts.bias_weight = max(votes, key=votes.__getitem__), prior_weight
        last_report = time.monotonic() - 1.0  # the first report comes after 10 iterations
        step = _iterate_reply if opts.reply is not None and boundary is not None else _iterate
        while (iterations is None or done < iterations) and (
            done == 0
            or (
                (deadline is None or clock() < deadline)
                and (wall_end is None or time.monotonic() < wall_end)
            )
        ):
            world = rules.determinize(state, seat, rng)
            step(rules, world, root, rng, seats, opts)
            done += 1
            if progress is not None and done % 10 == 0 and time.monotonic() - last_report > 0.1:
                last_report = time.monotonic() - 1.0  # the first report comes after 10 iterations
                progress(done)
    ranked = []
    for cid in root_ids:
        node = root.children.get(cid)
        visits = node.visits if node else 0
        mean = node.reward / node.visits if node and node.visits else 0.0
        ranked.append((cid, visits, mean))
    ranked.sort(key=lambda r: (-r[1], -r[2]))
    if opts.bias is not None and prior_margin is not None and ranked:
        ranked = _keep_prior(ranked, opts.bias, prior_margin)
    return SearchResult(ranked, done, opts.bias)


def _keep_prior(
    ranked: list[tuple[str, int, float]], pick: str, margin: float
) -> list[tuple[str, int, float]]:
    """``ranked`` with ``pick`` first unless a well-searched choice beats its mean by ``margin``
    (both searched at least :data:`MIN_EVIDENCE` times, the rival a tenth as often as the most
    searched choice)."""
    mine = next(r for r in ranked if r[0] == pick)
    floor = max(MIN_EVIDENCE, ranked[0][1] // 10)
    rivals = [r for r in ranked if r[0] != pick and r[1] >= floor]
    best = max(rivals, key=lambda r: r[2], default=None)
    if best is not None and mine[1] >= MIN_EVIDENCE and best[2] > mine[2] + margin:
        return [best, *[r for r in ranked if r is not best]]
    return [mine, *[r for r in ranked if r is not mine]]


def seat_count(rules: Rules, state: State) -> int:
    """The number of seats of a match: the length of its public view's ``names`` or ``seats``
    list (every game's view has one of them), else the game's largest seat count."""
    view = rules.view(state, None)
    for key in ("names", "seats"):
        items = view.get(key)
        if isinstance(items, list | tuple) and items:
            return len(items)
    return rules.min_seats if rules.min_seats == rules.max_seats else rules.max_seats


@dataclass(slots=True)
class _Opts:
    c: float
    rollout_cap: int | None
    evaluate: Evaluate | None
    policy: Policy | None
    epsilon: float
    bias: str | None
    bias_weight: float
    boundary: Callable[[State], Any] | None
    leaf: Leaf | None
    stepper: Stepper
    id_policy: IdPolicy | None
    reply: Policy | None
    roll: Stepper


def _iterate(rules: Rules, world: State, root: Node, rng: Rng, seats: int, o: _Opts) -> None:
    c, rollout_cap, leaf = o.c, o.rollout_cap, o.leaf
    ids, step = o.stepper.ids, o.stepper.apply
    rids, rstep = o.roll.ids, o.roll.apply  # the rollouts' step (macro choices allowed)
    path = [root]
    node = root
    step_rng = Rng(world["rng"])
    key = None
    value: list[float] | None = None
    # selection and expansion
    while True:
        mover = _waiter(rules, world)
        if mover is None:
            break
        legal = ids(world, mover)
        if not legal:
            break
        untried = _untried(node, legal)
        if o.boundary is not None:
            key = o.boundary(world)
        if untried:
            cid = _expand(node, node is root, untried, mover, path, rng, o)
            value = leaf(rules, world, mover, cid) if leaf is not None else None
            if value is None:
                step(world, mover, cid, step_rng)
            break
        best = _select(node, node is root, legal, c, o)
        node = node.children[best]
        path.append(node)
        value = leaf(rules, world, mover, best) if leaf is not None else None
        if value is not None:
            break
        step(world, mover, best, step_rng)
    # simulation
    steps = 0
    while value is None and (rollout_cap is None or steps < rollout_cap):
        if key is not None and o.boundary(world) != key:
            break
        mover = _waiter(rules, world)
        if mover is None:
            break
        choices = rids(world, mover)
        if not choices:
            break
        if len(choices) == 1:
            choice = choices[0]
        elif o.id_policy is not None:
            choice = o.id_policy(choices, rng)
        elif o.policy is not None and rng.randbelow(1000) >= int(o.epsilon * 1000):
            prompt = rules.prompt(world, mover)
            assert prompt is not None
            choice = o.policy(rules, world, mover, prompt, rng)
        else:
            choice = choices[rng.randbelow(len(choices))]
        if leaf is not None:
            value = leaf(rules, world, mover, choice)
            if value is not None:
                break
        rstep(world, mover, choice, step_rng)
        steps += 1
    if value is None:
        value = rewards(rules, world, seats, o.evaluate)
    # backpropagation
    _backpropagate(path, value)


def _iterate_reply(rules: Rules, world: State, root: Node, rng: Rng, seats: int, o: _Opts) -> None:
    """One iteration with the opponent's reply in the horizon (``reply``): the tree covers the
    searching seat's turn, the rollout ends that turn (``id_policy`` / random), then lets the
    other seats play the next turn by ``reply`` (the game's heuristic), and the position is
    scored when that turn ends (by ``leaf`` on its turn-ending choice, else ``evaluate``)."""
    c, rollout_cap, leaf, boundary = o.c, o.rollout_cap, o.leaf, o.boundary
    assert boundary is not None and o.reply is not None
    ids, step = o.stepper.ids, o.stepper.apply
    rids, rstep = o.roll.ids, o.roll.apply  # the rollouts' step (macro choices allowed)
    path = [root]
    node = root
    step_rng = Rng(world["rng"])
    mine = boundary(world)
    value: list[float] | None = None
    while boundary(world) == mine:  # selection and expansion within the seat's own turn
        mover = _waiter(rules, world)
        if mover is None:
            break
        legal = ids(world, mover)
        if not legal:
            break
        untried = _untried(node, legal)
        if untried:
            cid = _expand(node, node is root, untried, mover, path, rng, o)
            step(world, mover, cid, step_rng)
            break
        best = _select(node, node is root, legal, c, o)
        node = node.children[best]
        path.append(node)
        step(world, mover, best, step_rng)
    steps = 0
    theirs = None  # the key of the next turn, once it began
    while value is None and (rollout_cap is None or steps < rollout_cap):
        key = boundary(world)
        if key != mine:
            if theirs is None:
                theirs = key
            elif key != theirs:
                break
        mover = _waiter(rules, world)
        if mover is None:
            break
        choices = rids(world, mover)
        if not choices:
            break
        if len(choices) == 1:
            choice = choices[0]
        elif theirs is not None and mover != root.seat:
            prompt = rules.prompt(world, mover)
            assert prompt is not None
            choice = o.reply(rules, world, mover, prompt, rng)
        elif o.id_policy is not None:
            choice = o.id_policy(choices, rng)
        else:
            choice = choices[rng.randbelow(len(choices))]
        if theirs is not None and leaf is not None and mover != root.seat:
            value = leaf(rules, world, mover, choice)
            if value is not None:
                break
        rstep(world, mover, choice, step_rng)
        steps += 1
    if value is None:
        value = rewards(rules, world, seats, o.evaluate)
    _backpropagate(path, value)


def _untried(node: Node, legal: list[str]) -> list[str]:
    """The ``legal`` choice ids without a child of ``node`` yet; every existing child among
    ``legal`` counts one more time it was available (ISMCTS's availability count)."""
    for cid in legal:
        child = node.children.get(cid)
        if child is not None:
            child.avail += 1
    return [cid for cid in legal if cid not in node.children]


def _expand(
    node: Node, at_root: bool, untried: list[str], mover: int, path: list[Node], rng: Rng, o: _Opts
) -> str:
    """Add a child for one ``untried`` choice to ``node`` and to ``path``; returns its id. At the
    root the heuristic's choice (``o.bias``) is tried first, else the choice is drawn by ``rng``."""
    cid = o.bias if at_root and o.bias in untried else untried[rng.randbelow(len(untried))]
    child = Node(mover, avail=1)
    node.children[cid] = child
    path.append(child)
    return cid


def _select(node: Node, at_root: bool, legal: list[str], c: float, o: _Opts) -> str:
    """The ``legal`` choice id of ``node``'s best child by UCB1 with availability counts
    (exploration ``c``); at the root the heuristic's choice gets ``o.bias_weight / (visits+1)``."""
    best, best_score = None, -1.0
    for cid in legal:
        child = node.children[cid]
        score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if at_root and cid == o.bias:
            score += o.bias_weight / (child.visits + 1)
        if score > best_score:
            best, best_score = cid, score
    assert best is not None
    return best


def _backpropagate(path: list[Node], value: list[float]) -> None:
    """Add one visit and its seat's reward from ``value`` (one per seat) to every node of ``path``."""
    for n in path:
        n.visits += 1
        if 0 <= n.seat < len(value):
            n.reward += value[n.seat]


@dataclass
class SearchSpec:
    """How one game is searched (see :func:`search` for each field); built per game by
    :func:`engine.ai.levels.search_spec`."""

    c: float = 0.7
    rollout_cap: int | None = None
    evaluate: Evaluate | None = None
    policy: Policy | None = None
    epsilon: float = 1.0
    prior: Policy | None = None
    prior_weight: float = 0.0
    prior_margin: float | None = None
    boundary: Callable[[State], Any] | None = None
    leaf: Leaf | None = None
    prior_votes: int = 1
    stepper: Stepper | None = None
    id_policy: IdPolicy | None = None
    reply: Policy | None = None
    flat: Callable[[], Policy] | None = None
    """With a rollout-policy factory: the flat search with heuristic rollouts
    (:func:`engine.ai.flat.flat_search`, run by :class:`engine.ai.flat.FlatBot`) replaces
    the tree search; then ``turns``, ``cap``, ``margin`` and ``z`` are its settings
    (``boundary``, ``evaluate`` and ``prior`` too)."""
    turns: int = 2
    cap: int = 200
    margin: float = 0.03
    z: float = 1.0
    rank: Callable[[Rules, State, int, Prompt], list[tuple[float, str]] | None] | None = None
    """The flat search's heuristic ranking, with ``gap`` and ``top``
    (:func:`engine.ai.flat.flat_search`)."""
    gap: float = 0.0
    top: int = 0


class ISMCTSBot:
    """A bot that decides by :func:`search` (the levels ``hard`` and ``expert``).

    Args:
        seconds: time box per decision (None: only ``iterations``).
        iterations: iteration box per decision (None: only ``seconds``).
        spec: the game's search settings (cut-off, evaluation, rollout policy, prior).
        name: shown in the UI.

    ``seconds`` counts this process's CPU time (:func:`search`'s ``clock``); ``wall_cap``
    (None, or wall-clock seconds) stops a search on a starved machine all the same.
    ``kind`` and ``game`` (set by :func:`engine.registry.make_bot`) let a worker process build
    the same bot again; ``progress`` (a callable taking the iterations done) is called while a
    search runs; ``last`` keeps the last :class:`SearchResult`.
    """

    needs_state = True

    def __init__(
        self,
        seconds: float | None = 1.0,
        iterations: int | None = None,
        spec: SearchSpec | None = None,
        name: str = "Search bot",
    ) -> None:
        self.seconds = seconds
        self.iterations = iterations
        self.spec = spec or SearchSpec()
        self.name = name
        self.game = ""
        self.kind = ""
        self.progress: Callable[[int], None] | None = None
        self.wall_cap: float | None = None
        self.last: SearchResult | None = None

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        """The most visited root choice after the search (a single choice is taken at once)."""
        if len(prompt.choices) == 1:
            return prompt.choices[0].id
        sp = self.spec
        self.last = search(
            rules,
            state,
            seat,
            rng.fork(),
            seconds=self.seconds,
            iterations=self.iterations,
            c=sp.c,
            rollout_cap=sp.rollout_cap,
            evaluate=sp.evaluate,
            progress=self.progress,
            policy=sp.policy,
            epsilon=sp.epsilon,
            prior=sp.prior,
            prior_weight=sp.prior_weight,
            prior_margin=sp.prior_margin,
            boundary=sp.boundary,
            leaf=sp.leaf,
            prior_votes=sp.prior_votes,
            stepper=sp.stepper,
            id_policy=sp.id_policy,
            reply=sp.reply,
            wall_cap=self.wall_cap,
        )
        return self.last.best


def with_mistakes(bot: Any, rate: float = 0.25, name: str = "Easy bot") -> Any:
    """``bot`` that, with probability ``rate`` per decision with a choice, picks uniformly at
    random instead (the ``easy`` level: a heuristic with deliberate mistakes)."""
    return _Sloppy(bot, rate, name)


class _Sloppy:
    def __init__(self, bot: Any, rate: float, name: str) -> None:
        self.bot = bot
        self.rate = rate
        self.name = name
        self.needs_state = getattr(bot, "needs_state", True)

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        if len(prompt.choices) > 1 and rng.randbelow(1000) < int(self.rate * 1000):
            return prompt.choices[rng.randbelow(len(prompt.choices))].id
        return self.bot.choose(rules, state, seat, prompt, rng)
