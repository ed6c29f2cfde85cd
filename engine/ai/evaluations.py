"""Cut-off evaluations for the search (:mod:`engine.ai.ismcts`): a position's value per seat.

Each game's heuristic bot already scores positions (``bot.py`` / ``bot_value.py`` of the game);
here those scores become win chances per seat in [0, 1] summing to 1, which is what an ISMCTS
reward is:

* two seats (iMperium, Imperial Struggle): a logistic curve of the score difference;
* several seats (Mausoleum, Res Publica): a softmax over every seat's score (position plus
  the hand's keep value, as each heuristic scores a turn).

An evaluation is never as sure as a finished match: every chance is shrunk toward the even
split by :data:`DOUBT` (``(1 - DOUBT) * p + DOUBT / seats``), so a line that really wins (reward
1) always beats one the evaluation only likes. The scales (``SCALE``) were read off the scores of heuristic-bot matches: the score lead at
which a position is about a 73/27 game. Every evaluation reads only the world it is given (a
determinized one during a search), never the real state.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from engine.rules import Rules, State

Evaluate = Callable[[Rules, State], list[float]]

SCALE = {"imperium": 30.0, "mausoleum": 1.5, "res_publica": 2.0, "imperial_struggle": 4.0}
"""Score lead worth one logit, per game (iMperium bot score units, Mausoleum bot score units,
Res Publica points, Imperial Struggle VP)."""


DOUBT = 0.2
"""Share of every cut-off evaluation spread evenly over the seats (see the module doc)."""


def shrink(chances: list[float]) -> list[float]:
    """``chances`` mixed with the even split by :data:`DOUBT`."""
    n = len(chances)
    return [(1 - DOUBT) * p + DOUBT / n for p in chances]


def _logistic(x: float) -> float:
    if x > 40:
        return 1.0
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def softmax(scores: Sequence[float], scale: float) -> list[float]:
    """Win chances from per-seat scores: ``exp(s / scale)`` normalised (largest first-safe)."""
    top = max(scores)
    ex = [math.exp(max(-40.0, (s - top) / scale)) for s in scores]
    total = sum(ex)
    return [e / total for e in ex]


def _imperium() -> Evaluate:
    from engine.games.imperium.bot import ImperiumBot

    bot = ImperiumBot()

    def evaluate(rules: Rules, st: State) -> list[float]:
        # The bot's score is "seen at the end of its turn" (it weighs the opponent's chance to
        # win on its next turn): score the seat whose turn has just ended, or is ending.
        seat = st["active"] if st["phase"] in ("action", "end") else 1 - st["active"]
        if st["phase"] == "opening":
            seat = 0
        bot._begin(rules, st, seat)
        p = _logistic(bot.evaluate(st) / SCALE["imperium"])
        return shrink([p, 1 - p] if seat == 0 else [1 - p, p])

    return evaluate


def imperium_leaf() -> Callable[[Rules, State, int, str], list[float] | None]:
    """iMperium's turn-ending choices scored in place, as its heuristic scores them
    (``ImperiumBot._value_of_choice``): ``end`` (IMP-3.7) is the position now, ``extra``
    (IMP-3.4) adds the bot's worth of the extra draw less 0.25. Other choices: None."""
    from engine.games.imperium.bot import ImperiumBot

    bot = ImperiumBot()

    def leaf(rules: Rules, st: State, seat: int, choice: str) -> list[float] | None:
        if choice not in ("end", "extra") or seat != st["active"] or st["pending"]:
            return None
        bot._begin(rules, st, seat)
        v = bot.evaluate(st)
        if choice == "extra":
            if not st["deck"][seat] and st["opts"]["empty_deck"] == "lose":
                return [1.0, 0.0] if seat == 1 else [0.0, 1.0]  # IMP-V5: drawing loses
            v += bot._extra_draw_gain(st) - 0.25
        p = _logistic(v / SCALE["imperium"])
        return shrink([p, 1 - p] if seat == 0 else [1 - p, p])

    return leaf


def _mausoleum() -> Evaluate:
    from engine.games.mausoleum import bot_value

    def evaluate(rules: Rules, st: State) -> list[float]:
        # the heuristic's turn score: the position plus what the hand is worth keeping
        # (MausoleumBot._turn_options adds the same ``keep``); without it every purchase
        # looks better than a draw
        hands = st["hands"]
        scores = [
            bot_value.evaluate(st, s) + sum(bot_value.hand_value(c, st, s) for c in hands[s])
            for s in range(st["n"])
        ]
        return shrink(softmax(scores, SCALE["mausoleum"]))

    return evaluate


def _res_publica() -> Evaluate:
    from engine.games.res_publica.bot_value import valuer
    from engine.games.res_publica.state import score_cards

    def evaluate(rules: Rules, st: State) -> list[float]:
        scores = [
            score_cards(st, s) + valuer(st, s).hand_value(st["hands"][s]) for s in range(st["n"])
        ]
        return shrink(softmax(scores, SCALE["res_publica"]))

    return evaluate


def _imperial_struggle() -> Evaluate | None:
    try:  # the heuristic bot's evaluation (branch is-bot); absent: no cut-off evaluation
        from engine.games.imperial_struggle import bot_value
    except ImportError:
        return None

    def evaluate(rules: Rules, st: State) -> list[float]:
        p = _logistic(bot_value.evaluate(st, 0) / SCALE["imperial_struggle"])  # France (side 0)
        out = [0.0, 0.0]
        side_seat = st.get("side_seat") or [0, 1]
        out[side_seat[0]], out[side_seat[1]] = p, 1 - p
        return shrink(out)

    return evaluate


def _brazil_imperial() -> Evaluate:
    from engine.games.brazil_imperial.evaluate import evaluate as bi_evaluate

    def evaluate(rules: Rules, st: State) -> list[float]:
        return shrink(bi_evaluate(st))

    return evaluate


_MAKERS: dict[str, Callable[[], Any]] = {
    "imperium": _imperium,
    "mausoleum": _mausoleum,
    "res_publica": _res_publica,
    "imperial_struggle": _imperial_struggle,
    "brazil_imperial": _brazil_imperial,
}


LEAVES: dict[str, Callable[[], Any]] = {"imperium": imperium_leaf}
"""Games whose turn-ending choices are scored in place (see :func:`imperium_leaf`)."""


def evaluation(game_id: str) -> Evaluate | None:
    """The cut-off evaluation of ``game_id`` (a new one: some keep per-call caches), or None
    when the game has none (the search then scores a cut-off as an even split)."""
    maker = _MAKERS.get(game_id)
    return None if maker is None else maker()
