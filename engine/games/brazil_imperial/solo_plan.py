"""What the heuristic bot pursues in a solo game (BI-18.6): its three goals, not VP.

:func:`solo_value` replaces the VP-like ``bot.value`` in the bot's look-ahead when ``n == 1``:
revealed missions and their conditions (goal 1), units on the map and deployed (goal 2), the
capture of the Dutch capital and the army and battle cards for it (goal 3), with the items
that pay the deployments. :func:`dest_score` scores a move: march the army towards the Dutch
capital (4,-1) once deployed, attack it when the expected total beats the Dutch defence
(BI-18.4: 3 + garrison + one flipped card), and explore on the way.
"""

from __future__ import annotations

from engine.rules import State

from . import board as B
from . import catalog as C
from . import missions as M
from .combat import card_value
from .moves import fixed_bonus

ARMY = frozenset({"heavy_cavalry", "cannon"})
"""The unit types of the attack the solo bot builds (cavalry carrying the cannon, BI-10.4)."""

MEAN_DUTCH_CARD = 1
"""About the mean value of the flipped Dutch card (BI-18.4: most cards +1, B19/B20 +3)."""


def attack_power(st: State, slots: list[int], s: int = 0) -> int:
    """The attack total the units of ``slots`` can reach with the three best battle cards in
    hand, paintings and the action token's bonus (BI-12.4-12.6)."""
    units = [B.unit(st, s, sl) for sl in slots]
    types = {u["type"] for u in units}
    cards = sorted((card_value(c, True, types) for c in st["battle"][s]), reverse=True)[:3]
    return sum(u["str"] for u in units) + fixed_bonus(st, s, True, "attack", types) + sum(cards)


def dutch_defence(st: State) -> int:
    """The expected Dutch defence now (BI-18.4)."""
    d = st["dutch"]
    held = M.occupant(st, d["hex"]) != 0
    return (3 if held else 0) + sum(d["garrison"]) + MEAN_DUTCH_CARD


def solo_value(st: State) -> float:
    """Worth of a solo position for the goals of BI-18.6 (module doc), in goal-like units."""
    goals = st["solo_goals"]
    v = 30.0 * sum(1 for g in goals if g)
    era = st["era"]
    for e in ("1", "2"):
        m = st["missions"][0].get(e)
        if m is None:
            continue
        if m in st["revealed"][0]:
            v += 12.0
        else:
            v += (2.5 if int(e) <= era else 1.2) * M.conditions_met(st, 0, m)
    units = st["units"][0]
    on_map = [u for u in units if "," in u["loc"]]
    late = st["turns"][0]
    v += (3.5 + 0.25 * late) * len(on_map) + 1.0 * sum(1 for u in units if u["once"])
    v += 0.5 * sum(u["str"] for u in on_map)
    if not goals[1] and len(on_map) == len(units):
        v += 20.0  # goal 2 is met at the end of this turn
    d = st["dutch"]
    if d is not None:
        v -= 2.0 * sum(d["garrison"])
        for u in on_map:  # the army marching on the Dutch capital
            v += 0.12 * u["str"] * max(0, 9 - C.distance(u["loc"], d["hex"]))
    eco = 0.3 if goals[0] else 1.0  # production matters less once the missions are done
    for h, t in st["tiles"].items():  # production: tiles and their goods pay later costs
        if M.controller(st, h) == 0:
            v += eco * (0.4 * sum(t["goods"].values()) + (0.6 if t["owner"] == 0 else 0.0))
    v += sum(0.2 + 0.45 * card_value(c, True, ARMY) for c in st["battle"][0])
    v += 0.5 * len(st["gold"][0])
    for k, n in st["supply"][0].items():
        v += n * (0.7 if k == "gold" else 0.6 if k == "science" else 0.45)
    v += 0.8 * sum(1 for w in st["products"][0].values() if w.startswith("a:"))
    return v


def dest_score(st: State, slots: list[int], d: str) -> float:
    """Score of moving the units of ``slots`` to ``d`` in a solo game (module doc)."""
    units = [B.unit(st, 0, sl) for sl in slots]
    src = units[0]["loc"]
    dutch = st["dutch"]["hex"]
    if d == dutch:
        return 20.0 if attack_power(st, slots) > dutch_defence(st) else -5.0
    if d in st["bandeira"]:
        f = C.EXPLORATION[st["bandeira"][d]]["flag_strength"]
        return 2.0 if attack_power(st, slots) > f + 1 else -2.0
    fog = 1.5 if d in st["fog"] else 0.0
    closer = C.distance(src, dutch) - C.distance(d, dutch)
    weight = 1.0
    if units[0]["type"] == "monarch" and not st["solo_goals"][0]:
        weight = 0.0  # the Monarch stays home to found cities for the missions (BI-6.15)
    strength = sum(u["str"] for u in units)
    return fog + weight * closer * (0.5 + strength / 3)


def mission_difficulty(mid: str) -> float:
    """A rough count of actions mission ``mid`` needs in a solo game (BI-14.2 conditions):
    units and hands come almost free, products, paintings and cities cost the most."""
    out = 0.0
    for c in C.MISSIONS[mid]["conditions"]:
        n = c.get("min", 1)
        kind = c["type"]
        if kind == "units_on_map":
            out += 0.2 * n
        elif kind == "own_building":
            era2 = c.get("building") in ("gold_mine", "cotton_plantation")
            out += (1.5 if era2 else 1.0) * n
        elif kind in ("own_buildings_total", "distinct_building_types"):
            out += 0.6 * n
        elif kind == "paintings":
            out += 1.5 * n + (1.0 if c.get("distinct_colours") else 0.0)
        elif kind == "products":
            out += {"pentagon": 2.3, "square": 1.8}.get(c.get("shape") or "", 1.5) * n
        elif kind == "own_cities":
            out += 2.0 * n
        else:  # gold cards in hand, items held
            out += 0.4 * n
    return out
