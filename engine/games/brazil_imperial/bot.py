"""The Brazil: Imperial heuristic bot ("bot" in ``BOTS``).

It decides from the determinized state ``engine.ai.decide`` hands it (BI-28.6). Most prompts
are answered by a short greedy look-ahead: each choice is applied to a copy, the bot's own
follow-up prompts of the same action are answered greedily one step deep (at most
``FOLLOW`` steps), and the resulting position is valued by :func:`value` (the final score now,
plus items, cards, mission progress and upgrades). Movement, combat cards and a few set-up
prompts use rules of thumb (module functions below). The work per decision is bounded by the
prompt sizes, with no clock, so a seed gives the same match.
"""

from __future__ import annotations

from engine.choices import split_choice
from engine.rng import Rng
from engine.rules import Prompt, Rules, State

from . import board as B
from . import catalog as C
from . import missions as M
from . import moves as MV
from . import scoring as S
from . import solo_plan as SP
from .combat import card_value
from .state import BASICS, copy_state, unit_slot

FOLLOW = 6
"""Own follow-up prompts answered greedily inside one look-ahead."""
STOP = {
    "action",
    "after",
    "move",
    "endstep",
    "combat.card",
    "combat.loss",
    "move.unit",
    "move.dest",
    "move.carry",
}
ITEM_VALUE = {"gold": 0.8, "science": 1.0}


def value(st: State, s: int) -> float:
    """Heuristic worth of ``st`` for seat ``s`` in VP-like units (solo: the goals of BI-18.6,
    ``solo_plan.solo_value``)."""
    if st["n"] == 1:
        return SP.solo_value(st)
    v = float(S.score(st, s)["total"])
    for k, n in st["supply"][s].items():
        v += n * ITEM_VALUE.get(k, 0.45)
    for h, t in st["tiles"].items():
        if B.controller(st, h) == s:
            v += 0.4 * sum(t["goods"].values())
    v += 0.7 * len(st["gold"][s]) + 0.4 * len(st["battle"][s])
    v += 1.2 * sum(1 for w in st["products"][s].values() if w.startswith("a:"))
    v += 0.25 * sum(1 for u in st["units"][s] if "," in u["loc"])
    era = st["era"]
    for e, m in st["missions"][s].items():
        if m in st["revealed"][s] or int(e) > era + 1 or e == "3":
            continue
        met = M.conditions_met(st, s, m)
        v += (1.0 if e == "1" else 1.6) * met * (1.0 if int(e) <= era else 0.5)
    return v


def _apply(rules: Rules, st: State, seat: int, cid: str) -> State:
    sim = copy_state(st)
    rules.apply(sim, seat, cid, Rng(sim["rng"]))
    return sim


def _top(st: State) -> dict | None:
    return st["stack"][-1] if st["stack"] else None


def _follow(rules: Rules, sim: State, seat: int) -> State:
    """Answer ``seat``'s own follow-up prompts greedily (one step deep)."""
    for _ in range(FOLLOW):
        fr = _top(sim)
        if sim["phase"] != "play" or fr is None or fr["seat"] != seat or fr["k"] in STOP:
            return sim
        p = rules.prompt(sim, seat)
        if p is None:
            return sim
        best = None
        for c in p.choices:
            if c.id == "back":
                continue
            try:
                nxt = _apply(rules, sim, seat, c.id)
            except Exception:  # pragma: no cover - defensive: never crash a bot
                continue
            sc = value(nxt, seat)
            if best is None or sc > best[0]:
                best = (sc, nxt)
        if best is None:
            return sim
        sim = best[1]
    return sim


class BrazilBot:
    """Greedy look-ahead with rules of thumb (module doc)."""

    name = "Bot"

    def choose(self, rules: Rules, state: State, seat: int, prompt: Prompt, rng: Rng) -> str:
        """A choice id of ``prompt`` (always one of its choices)."""
        ids = [c.id for c in prompt.choices if c.id != "back"] or [prompt.choices[0].id]
        if len(ids) == 1:
            return ids[0]
        fr = _top(state)
        kind = fr["k"] if fr else ""
        pick = self._rule_of_thumb(state, seat, kind, fr, ids)
        if pick in ids:
            return pick
        best: tuple[float, str] | None = None
        for cid in ids:
            try:
                sim = _follow(rules, _apply(rules, state, seat, cid), seat)
            except Exception:  # pragma: no cover
                continue
            sc = value(sim, seat)
            if best is None or sc > best[0] + 1e-9:
                best = (sc, cid)
        return best[1] if best else ids[0]

    # ------------------------------------------------------------ rules of thumb
    def _rule_of_thumb(
        self, st: State, s: int, kind: str, fr: dict | None, ids: list[str]
    ) -> str | None:
        if kind == "setup.capital":
            rich = {"D": 4, "C": 3, "B": 3, "A": 2}
            return max(ids, key=lambda i: (rich[st["capital_tiles"][split_choice(i, "h")]], i))
        if kind == "setup.mission" and st["n"] == 1:
            return min(ids, key=lambda m: (SP.mission_difficulty(m), m))
        if kind in ("setup.mission", "setup.monarch", "setup.board", "setup.solo_capital"):
            return ids[0]
        if kind == "peek":
            return "skip"
        if kind == "mission.reveal":
            return next((i for i in ids if i != "keep"), None)
        if kind == "era.under":
            for a in ("build", "deploy", "manufacture", "frame", "renovate", "trade", "harbor"):
                if f"a:{a}" in ids:
                    return f"a:{a}"
        if kind == "gain.basic":
            have = st["supply"][s]
            return min(BASICS, key=lambda b: (have.get(b, 0), BASICS.index(b)))
        if kind == "combat.card":
            return self._cards(st, s, fr, ids)
        if kind == "combat.loss":
            return min(ids, key=lambda i: B.unit(st, s, unit_slot(i))["str"])
        if kind == "move":
            return self._move_menu(st, s, ids)
        if kind == "move.unit":
            plan = self._best_move(st, s, fr["mode"])
            return f"u:{s}.{plan[1]}" if plan else None
        if kind == "move.dest":
            return max(
                ids,
                key=lambda i: self._dest_score(
                    st, s, [fr["slot"], *fr["carry"]], split_choice(i, "h")
                ),
            )
        if kind == "move.carry":
            opts = [i for i in ids if i != "none"]
            return max(opts, key=lambda i: B.unit(st, s, unit_slot(i))["str"]) if opts else "none"
        if kind == "bombard.unit":
            return ids[0]
        if kind == "bombard.target":
            return ids[0]
        return None

    def _cards(self, st: State, s: int, fr: dict, ids: list[str]) -> str:
        cb = st["combat"]
        attacking = fr["side"] == "a"
        mine = cb["acards" if attacking else "dcards"]
        types = {B.unit(st, cb["att"], sl)["type"] for sl in cb["units"]} if attacking else set()
        cards = [i for i in ids if i.startswith("c:")]
        if not cards:
            return "done"
        best = max(cards, key=lambda i: card_value(split_choice(i, "c"), attacking, types))
        if not attacking:
            return best if len(mine) < 3 else "done"
        base = sum(B.unit(st, s, sl)["str"] for sl in cb["units"]) + MV.fixed_bonus(
            st, s, True, cb["kind"], types
        )
        base += sum(card_value(c, True, types) for c in mine)
        need = self._defence_estimate(st, cb)
        if base > need + 1:
            return "done"
        return best

    def _defence_estimate(self, st: State, cb: dict) -> int:
        h, d = cb["hex"], cb["def"]
        if cb["kind"] == "flag":
            return C.EXPLORATION[st["bandeira"][h]]["flag_strength"]
        if d == -1:
            return 3 + sum(st["dutch"]["garrison"]) + 2
        units = [sl for s2, sl in B.units_at(st, h) if s2 == d]
        n = sum(B.unit(st, d, sl)["str"] for sl in units) + MV.fixed_bonus(
            st, d, False, cb["kind"], set()
        )
        t = st["tiles"].get(h)
        if t is not None and t["owner"] == d:
            n += B.tile_value(st, h)
        return n + min(2, len(st["battle"][d]))

    # ------------------------------------------------------------ movement
    def _move_menu(self, st: State, s: int, ids: list[str]) -> str:
        best = ("end", 0.0)
        for cid, mode in (("free", "free"), ("extra", MV.EXTRA.get(st["turn"]["arch"] or "", ""))):
            if cid in ids and mode:
                plan = self._best_move(st, s, mode)
                if plan and plan[0] > best[1]:
                    best = (cid, plan[0])
        if "bombard" in ids and best[0] == "end" and self._bombard_worth(st, s):
            return "bombard"
        return best[0]

    def _bombard_worth(self, st: State, s: int) -> bool:
        """Solo: bombard the Dutch only when the cannon is expected to win (BI-18.4)."""
        if st["n"] != 1:
            return True
        return any(
            SP.attack_power(st, [u["slot"]]) > SP.dutch_defence(st)
            for u in st["units"][s]
            if MV.bombard_targets(st, s, u["slot"])
        )

    def _best_move(self, st: State, s: int, mode: str) -> tuple[float, int, str] | None:
        best = None
        for slot in MV.movers(st, s, mode):
            for d in MV.destinations(st, s, slot, mode):
                sc = self._dest_score(st, s, [slot], d)
                if best is None or sc > best[0]:
                    best = (sc, slot, d)
        return best

    def _dest_score(self, st: State, s: int, slots: list[int], d: str) -> float:
        if st["n"] == 1:
            return SP.dest_score(st, slots, d)
        units = [B.unit(st, s, sl) for sl in slots]
        src = units[0]["loc"]
        types = {u["type"] for u in units}
        strength = sum(u["str"] for u in units) + MV.fixed_bonus(st, s, True, "attack", types)
        cards = sorted((card_value(c, True, types) for c in st["battle"][s]), reverse=True)[:3]
        power = strength + sum(cards)
        if (
            "monarch" in types
            and len(units) == 1
            and B.city_hex(st, s) == src
            and st["city_stacks"][0] + st["city_stacks"][1]
        ):
            return -1.0  # keep the Monarch on a good city site
        if d in st["fog"]:
            return 3.0
        if d in st["bandeira"]:
            f = C.EXPLORATION[st["bandeira"][d]]["flag_strength"]
            return f + 1.0 if power > f + 1 else -2.0
        if st["dutch"] and d == st["dutch"]["hex"]:
            need = 3 + sum(st["dutch"]["garrison"]) + 2
            return 12.0 if power > need + 1 else -3.0
        occ = B.occupant(st, d)
        t = st["tiles"].get(d)
        if (occ is not None and occ != s) or (t is not None and B.controller(st, d) != s):
            fake = {
                "kind": "attack",
                "hex": d,
                "def": occ if occ is not None else B.controller(st, d),
            }
            need = self._defence_estimate(st, fake)
            gain = (B.tile_value(st, d) if t is not None else 0) + 1.5
            return gain if power > need + 1 else -3.0
        # approach: towards fog, Bandeiras, the Dutch capital
        goals = list(st["fog"]) + ([st["dutch"]["hex"]] if st["dutch"] else [])
        if not goals:
            return 0.1 if "," in src and src in st["capital"] else -0.1
        before = min(C.distance(src, g) for g in goals)
        after = min(C.distance(d, g) for g in goals)
        return 0.6 * (before - after) + (0.2 if src == st["capital"][s] else 0.0)
