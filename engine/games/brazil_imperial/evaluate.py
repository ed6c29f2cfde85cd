"""Cut-off evaluation of a Brazil: Imperial position for the search (``engine.ai.evaluations``).

:func:`evaluate` gives one win chance per seat in [0, 1], summing to 1 (solo: the chance of
beating the Dutch). It reads only the world it is given (a determinized one during a search)
and weighs, per seat, in VP-like units (:func:`worth`):

* the VP margin: the final score now (BI-17.3, ``scoring.score``);
* production: building tiles the seat owns and controls (each renovation or build over makes
  goods again, BI-6.11, BI-7.4), goods on its tiles, its supply, its cards, upgraded arches;
* position: units on the map (their strength), kept missions' conditions met (BI-14).

Several seats: a softmax of the worths with :data:`SCALE` VP per logit (two seats: a logistic
curve of the margin). Once over: 1 shared by the winners (BI-17.4). Solo (BI-18.6): goals
achieved plus progress towards the others, with the turns left.
"""

from __future__ import annotations

import math

from engine.rules import State

from . import board as B
from . import catalog as C
from . import missions as M
from . import scoring as S
from .components import SOLO

SCALE = 8.0
"""VP lead worth one logit (about a 73/27 game): a fifth of a typical winning score margin."""

ITEM = {"gold": 0.8, "science": 1.0}
"""Worth of a supply item (basic resources 0.45)."""


def worth(st: State, s: int) -> float:
    """Seat ``s``'s position in VP-like units (module doc)."""
    v = float(S.score(st, s)["total"])
    v += sum(n * ITEM.get(k, 0.45) for k, n in st["supply"][s].items())
    for h, t in st["tiles"].items():
        if B.controller(st, h) == s:
            v += 0.4 * sum(t["goods"].values())
            if t["kind"] == "building" and t["owner"] == s:
                v += 0.5
    v += 0.7 * len(st["gold"][s]) + 0.4 * len(st["battle"][s])
    v += 1.2 * sum(1 for w in st["products"][s].values() if w.startswith("a:"))
    v += 0.1 * sum(u["str"] for u in st["units"][s] if "," in u["loc"])
    for e, m in st["missions"][s].items():
        if m not in st["revealed"][s] and int(e) <= st["era"]:
            v += 0.8 * M.conditions_met(st, s, m)
    return v


def solo_chance(st: State) -> float:
    """The chance of winning a solo game (BI-18.6): 1 once won, 0 once lost; else the share of
    the three goals achieved or nearly achieved, less with fewer turns left."""
    res = st.get("result")
    if st["phase"] == "over" and res is not None:
        return 1.0 if res["why"] == "solo_win" else 0.0
    goals = st["solo_goals"]
    done = float(sum(1 for g in goals if g))
    if not goals[0]:
        kept = [st["missions"][0].get(e) for e in ("1", "2")]
        done += sum(
            0.1 * M.conditions_met(st, 0, m) for m in kept if m and m not in st["revealed"][0]
        )
        done += 0.2 * sum(1 for m in kept if m in st["revealed"][0])
    if not goals[1]:
        done += 0.15 * M.units_on_map(st, 0)
    if not goals[2]:
        h = st["dutch"]["hex"]
        near = [u for u in st["units"][0] if "," in u["loc"] and C.distance(u["loc"], h) <= 2]
        done += min(0.6, 0.1 * sum(u["str"] for u in near))
    left = max(0, SOLO.turn_limit - st["turns"][0])
    pace = min(1.0, (left + 1) / SOLO.turn_limit + done / 3)
    return max(0.0, min(1.0, done / 3 * pace))


def evaluate(st: State) -> list[float]:
    """One win chance per seat in [0, 1] (sum 1; solo: ``[solo_chance]``), module doc."""
    n = st["n"]
    if n == 1:
        return [solo_chance(st)]
    res = st.get("result")
    if st["phase"] == "over" and res is not None:
        w = res["winners"]
        return [1.0 / len(w) if s in w else 0.0 for s in range(n)]
    scores = [worth(st, s) for s in range(n)]
    top = max(scores)
    ex = [math.exp(max(-40.0, (x - top) / SCALE)) for x in scores]
    total = sum(ex)
    return [e / total for e in ex]
