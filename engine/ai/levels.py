"""Bot levels, the same for every game with a heuristic bot (issue 18).

=========  ==========================================================  ====================
kind       what plays                                                  shown as
=========  ==========================================================  ====================
bot:easy   the game's heuristic, a uniform random choice 25% of the    "Easy bot"
           time (:func:`engine.ai.ismcts.with_mistakes`)
bot:normal the game's heuristic (``bot`` is the same)                  "Bot"
bot:hard   ISMCTS, 1 CPU s a decision (:class:`~.ismcts.ISMCTSBot`;     "Hard bot"
           iMperium: the flat search, :class:`~.flat.FlatBot`)
bot:expert ISMCTS, 5 CPU s a decision                                  "Expert bot"
=========  ==========================================================  ====================

How a game is searched (:func:`search_spec`, per game in :data:`TUNING`): rollouts of at most
``rollout_cap`` decisions, random or epsilon-greedy over the heuristic (``epsilon``), cut off
by the game's evaluation (:mod:`engine.ai.evaluations`), and a progressive bias
(``prior_weight``) toward the heuristic's own root choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ai import playouts
from engine.ai.evaluations import LEAVES, evaluation
from engine.ai.flat import FlatBot
from engine.ai.ismcts import ISMCTSBot, SearchSpec, with_mistakes
from engine.rng import Rng
from engine.rules import Prompt, Rules, State

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
"""The levels, weakest first; seat kind ``bot:<level>``."""

SECONDS = {"hard": 1.0, "expert": 5.0}
"""Time box per decision of the search levels, in seconds of CPU time (the searching
thread's ``time.thread_time``; :func:`engine.ai.ismcts.search`)."""

MISTAKE_RATE = 0.25
"""Share of the ``easy`` level's decisions (with a choice) taken uniformly at random."""

NAMES = {"easy": "Easy bot", "normal": "Bot", "hard": "Hard bot", "expert": "Expert bot"}
"""The default seat name of each level."""

TUNING: dict[str, dict[str, Any]] = {
    "imperium": {  # the flat search where the heuristic is unsure (see below)
        "flat": 1,
        "turns": 2,
        "rank": 1,
        "gap": 3.0,
        "top": 3,
        "rollout_cap": 12,
        "boundary": 1,
        "own_policy": 1,
        "leaf": 1,
        "prior_weight": 1.0,
        "prior_margin": 0.1,
        "prior_votes": 1,
    },
    "mausoleum": {  # ``paired`` measured no better at 1 CPU s (below): off
        "rollout_cap": 40,
        "boundary": 1,
        "prior_weight": 1.0,
        "prior_margin": 0.1,
        "prior_votes": 1,
    },
    "res_publica": {  # the paired search on whole decisions only (res_publica/bot_search.py)
        "rollout_cap": 60,
        "boundary": 1,
        "prior_weight": 1.0,
        "prior_margin": 0.1,
        "prior_votes": 1,
        "paired": 1,
        "turns": 1,
        "unsure": 0.0,
    },
    "imperial_struggle": {
        "rollout_cap": 60,
        "prior_weight": 1.0,
        "prior_margin": 0.1,
        "prior_votes": 1,
    },
    "brazil_imperial": {  # until its cut-off evaluation lands: rollouts to the end, prior kept
        "rollout_cap": 60,
        "prior_weight": 1.0,
        "prior_margin": 0.1,
        "prior_votes": 1,
    },
}
"""Per game: ``rollout_cap`` (decisions before the evaluation scores a rollout; None = to the
end), ``epsilon`` (share of random rollout choices; 1.0 = random rollouts, the heuristic being
too slow for rollouts in every game: 1-4 ms a decision against ~0.02 ms for a random one),
``prior_weight`` (progressive bias toward the heuristic's root choice; 0 = none),
``boundary`` (1: a rollout also stops at the end of the turn, :mod:`engine.ai.playouts`),
``leaf`` (1: score the turn-ending choices in place, :func:`engine.ai.evaluations.imperium_leaf`),
``own_policy`` (1: roll out with the game's own policy there), ``reply`` (1: the
horizon takes in the opponents' next turn, played by the heuristic; needs ``boundary``), ``fast`` (1, the default:
use the game's fast playout step when it has one, :data:`engine.ai.playouts.FAST`),
``prior_margin`` (the heuristic's root choice stands unless the search finds one better by
this mean reward; None = the most visited choice is played), ``prior_votes`` (worlds the
heuristic decides in for the prior; the most frequent choice is taken).

``flat`` (1: the flat search with heuristic rollouts, :mod:`engine.ai.flat`, replaces the tree)
with ``turns`` (turn boundaries a rollout crosses before the evaluation), ``cap`` (decisions
per rollout), ``margin`` and ``z`` (how clearly, in mean paired reward and in standard errors,
a choice must beat the heuristic's), ``cheap`` (1: roll out with the game's cheaper reply
heuristic, :data:`engine.ai.playouts.REPLY`) and ``rank`` (1: search only where the heuristic's
own values of its best two choices are within ``gap`` evaluation units, among its ``top``
best; the heuristic needs a ``rank`` method, iMperium's ``ImperiumBot.rank``).

iMperium's hard level is the ranked flat search (``turns=2``: the rest of its own turn and the
opponent's reply, both played by the full heuristic, then the evaluation; ``gap`` 3.0 is 0.1
logit of :data:`engine.ai.evaluations.SCALE`). History: the tree search with the turn-end leaf
measured 19/40 = 47.5% against normal at 0.2 CPU s; the flat search lost its small samples
(1 of 6, then 0 of 4) until a bug was found: a candidate that ends the turn itself was scored
a whole turn later than the others (its rollout counted boundaries from the opponent's turn),
so the search kept choosing "end"; now every rollout counts from the root's turn. Measured
(``scripts/tournament.py imperium --seats hard,normal --games 20 --seconds 1.0``, seeds 1-10,
the same with ``--seed 101`` and ``--seed 401``, ``--games 10`` with ``--seed 201`` and
``--seed 301``): 44 of 80 = 55.0% (95% Wilson interval 44.1-65.4%: not shown to be above
50%; the target is 60%), decision median 7-15 ms (most decisions are not searched), p99
about 1.05 s of CPU. Imperial Struggle keeps the tree search with the prior kept without evidence:
its heuristic takes ~30 ms a decision and ~440 decisions a side a match, so heuristic rollouts
through an Action Round cost about a second each (too slow for a 1 s box).

``paired`` (1: the paired flat search of :mod:`engine.ai.paired` for games of several seats:
the heuristic plays every seat in the rollouts, through the fast playout step, for ``turns``
turn boundaries, then :data:`engine.ai.paired.EVALUATE` scores the position; ``own`` 1 scores
it by each seat's own heuristic score instead) with ``unsure`` (search only where the
heuristic's best option leads the next by at most this, in its own score units, among its
``top`` best; Res Publica: whole decisions only, :mod:`engine.games.res_publica.bot_search`),
``margin`` and ``z`` (how clearly a choice must beat the heuristic's, 0.01 and 1.5 by
default). Mausoleum, measured (scripts/tournament.py, 4 seats, hard among three normal; small
samples on a machine shared by many processes, so wide intervals):

* ISMCTS with the turn boundary and the heuristic prior (the settings before ``paired``):
  7/24 at 1 CPU s (29%);
* ``paired`` everywhere (no ``unsure``), ``turns`` 4, at 1 CPU s: 1/12 (8%; the normal bot in
  the same seats 3/12): overruling the heuristic on small noisy margins loses;
* ``paired``, ``turns`` 5 (to the end of the seat's next turn), ``own`` 1, ``unsure`` 1.0,
  ``top`` 3, at 0.3 CPU s: 3/12 (25%);
* ``paired``, ``turns`` 4, ``unsure`` 1.0, ``top`` 3: 6/12 at 0.3 CPU s (50%, 25-75%; seeds
  1-3), but 5/24 at 1 CPU s (21%, 9-41%; seeds 101-106): the longer box overrules the
  heuristic more often, on an evaluation (:func:`~engine.games.mausoleum.bot_value.win_chances`)
  that is not the heuristic's own, so it stays off (``tournament.py --tune paired=1 --tune
  turns=4 --tune unsure=1.0 --tune top=3`` plays it).

Res Publica: ISMCTS with the heuristic prior searched every composing token: 0/10 before
``paired``; ``paired`` with the display step searched too held sets back (0/4 at 0.3 CPU s:
a rollout cut at the turn's end values a set in hand above the set displayed), so display
is left to the heuristic."""


HINT = "hint"
"""A level never offered for a seat (kind ``bot:hint``): the hard level's tree search, with
the hard level's time box, even in a game whose hard level is the flat search. Hints
(:mod:`engine.hints`) show an estimate for each choice, which only the tree gives them."""


def level_of(kind: str) -> str | None:
    """The level of a seat kind: ``"bot"`` -> ``"normal"``, ``"bot:hard"`` -> ``"hard"``,
    ``"bot:hint"`` -> :data:`HINT`; None for any other kind (``"human"``, ``"random"``)."""
    if kind == "bot":
        return "normal"
    if kind.startswith("bot:") and (kind[4:] in LEVELS or kind[4:] == HINT):
        return kind[4:]
    return None


def _policy(bot: Any) -> Callable[[Rules, State, int, Prompt, Rng], str]:
    def choose(rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        return bot.choose(rules, state, seat, prompt, rng)

    return choose


def search_spec(
    game_id: str, heuristic: Callable[[], Any] | None, tree: bool = False
) -> SearchSpec:
    """The search settings of ``game_id`` (:data:`TUNING`), with ``heuristic`` (a bot
    factory, or None) as the rollout policy and the root prior. The tree settings are always
    filled (the analysis searches with them); the flat search's too unless ``tree``."""
    tune = TUNING.get(game_id, {})
    spec = SearchSpec(
        rollout_cap=tune.get("rollout_cap"),
        evaluate=evaluation(game_id),
        epsilon=tune.get("epsilon", 1.0),
    )
    if spec.evaluate is None:  # no evaluation: rollouts go to the end
        spec.rollout_cap = None
    elif tune.get("boundary"):
        spec.boundary = playouts.BOUNDARY.get(game_id)
    if spec.evaluate is not None and tune.get("leaf") and game_id in LEAVES:
        spec.leaf = LEAVES[game_id]()
    if game_id in playouts.FAST and tune.get("fast", 1):
        spec.stepper = playouts.Stepper(None, game_id)
    if game_id in playouts.POLICY and tune.get("own_policy"):
        spec.policy, spec.epsilon = playouts.POLICY[game_id], 0.0
        spec.id_policy = playouts.ID_POLICY.get(game_id)
    elif heuristic is not None:
        spec.policy = _policy(heuristic())
    if heuristic is not None and spec.boundary is not None and tune.get("reply"):
        spec.reply = _policy(playouts.REPLY.get(game_id, heuristic)())
    if (
        heuristic is not None and tune.get("paired") and not tree
    ):  # engine.ai.paired (several seats)
        from engine.ai.paired import EVALUATE, OWN

        spec.flat = lambda: heuristic().choose
        spec.evaluate = (OWN if tune.get("own") else EVALUATE).get(game_id, spec.evaluate)
        spec.boundary = playouts.BOUNDARY.get(game_id)
        spec.turns = int(tune.get("turns", 4))
        spec.cap = int(tune.get("cap", 400))
        spec.margin = float(tune.get("margin", 0.01))
        spec.z = float(tune.get("z", 1.5))
        return spec
    if heuristic is not None and tune.get("flat") and not tree:
        if spec.boundary is None:
            spec.boundary = playouts.BOUNDARY.get(game_id)
        maker = playouts.REPLY.get(game_id, heuristic) if tune.get("cheap") else heuristic
        spec.flat = lambda: _policy(maker())
        spec.turns = int(tune.get("turns", 2))
        spec.cap = int(tune.get("cap", 200))
        spec.margin = float(tune.get("margin", 0.03))
        spec.z = float(tune.get("z", 1.0))
        spec.prior = _policy(heuristic())
        ranker = heuristic() if tune.get("rank") else None
        if ranker is not None and hasattr(ranker, "rank"):
            spec.rank = ranker.rank
            spec.gap = float(tune.get("gap", 3.0))
            spec.top = int(tune.get("top", 3))
    if heuristic is not None and tune.get("prior_weight", 0.0) > 0:
        spec.prior = _policy(heuristic())
        spec.prior_weight = tune["prior_weight"]
        spec.prior_margin = tune.get("prior_margin")
        spec.prior_votes = tune.get("prior_votes", 1)
    return spec


def make_level(
    game_id: str,
    level: str,
    heuristic: Callable[[], Any] | None,
    seconds: float | None = None,
    iterations: int | None = None,
) -> Any:
    """A bot of ``level`` for ``game_id``; ``heuristic`` is the game's ``"bot"`` factory (None:
    the random bot stands in for it). ``seconds`` / ``iterations`` override the level's time
    box (tournaments and tests). Raises KeyError for an unknown level."""
    from engine.ai.random_bot import RandomBot

    if level not in LEVELS and level != HINT:
        raise KeyError(f"no bot level {level!r} (known: {', '.join(LEVELS)})")
    base = heuristic if heuristic is not None else RandomBot
    if level == "normal":
        return base()
    if level == "easy":
        return with_mistakes(base(), MISTAKE_RATE, NAMES["easy"])
    hint = level == HINT
    box = SECONDS["hard" if hint else level] if seconds is None and iterations is None else seconds
    spec = search_spec(game_id, heuristic, tree=hint)
    kind = ISMCTSBot if spec.flat is None else FlatBot
    tune = TUNING.get(game_id, {})
    if spec.flat is not None and tune.get("paired"):
        from engine.ai.paired import WHERE, PairedBot

        kind = PairedBot
    bot = kind(box, iterations, spec, NAMES["hard" if hint else level])
    if kind.__name__ == "PairedBot" and tune.get("unsure") is not None and game_id in WHERE:
        bot.where = WHERE[game_id](float(tune["unsure"]), int(tune.get("top", 4)))
    bot.game, bot.kind = game_id, f"bot:{level}"
    return bot
