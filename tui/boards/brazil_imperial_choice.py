"""What the highlighted choice of a Brazil: Imperial prompt does, in one sentence, shown on the
board before it is confirmed: an arch's action now (upgraded or not, its extra move, its combat
bonus), a building's cost, output, VP and terrain, a city's, a painting's or a gold or battle
card's effect, a unit's strength, a product's VP, a palace's reward, a monarch's power.

:func:`explain` reads the choice's target (``a:<arch>``, ``b:<building>``, ``city:<n>``,
``c:<card>``, ``g:<card>``, ``b:<battle card>``, ``p:<product or palace>``, ``u:<seat>.<slot>``,
``m:<mission>``) and the view (the seat's products for arch upgrades, the city stacks' tops, the
combat for a battle card's value); the texts come from the component data (``catalog.py``:
BI-7 arches, BI-6.3 buildings, BI-20 paintings, BI-21 gold cards, BI-22 battle cards, BI-15
palaces, BI-19 monarchs).
"""

from __future__ import annotations

from typing import Any

from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial import labels as L
from engine.games.brazil_imperial.combat import card_value
from tui.boards import brazil_imperial_text as T

ARCH_TEXT = {a["id"]: a for a in C._D["arch_actions"]["arch_actions"]}
"""Arch id -> its data record (``base``, ``upgrade``, ``extra_move``, ``combat_bonus``)."""


ARCH_SHORT = {
    "deploy": (
        "a unit onto your capital or a city you own (first time: pay its cost), then draw"
        " 1 battle card",
        "one more unit and battle card",
    ),
    "frame": (
        "buy 1 painting from the display",
        "a 1-gold painting for 1 basic, a 1-basic one free",
    ),
    "build": (
        "pay for a building beside your units or tiles, or a city at your Monarch's hex",
        "any basics pay the basic part of the cost",
    ),
    "renovate": ("pay 1 basic: an empty tile of yours produces again, or flip it", "free"),
    "manufacture": (
        "pay a product's cost; its token upgrades one of your arches",
        "products cost 1 basic less",
    ),
    "harbor": ("gain 1 basic resource", "also draw 1 gold card"),
    "trade": ("exchange resources for gold, science and gold cards", ""),
}
"""Arch id -> (what it does, what its upgrade adds), in short (the data's ``base`` and
``upgrade``, BI-7.1-7.9, in full in the inspector)."""


def arch_text(view: dict[str, Any], arch: str, full: bool = False) -> str:
    """``"Deploy: <what it does> · extra move: <...>"``, with the upgrade when the viewer has a
    product on the arch (BI-7.5) and the Harbor/Trade combat bonus (BI-12.6); ``full``: the
    data's whole texts (:data:`ARCH_TEXT`) instead of :data:`ARCH_SHORT`."""
    rec = ARCH_TEXT.get(arch)
    if rec is None:
        return C.ARCH_NAMES.get(arch, arch)
    seat = view.get("seat")
    products = (view.get("products") or [{}] * 4)[seat] if isinstance(seat, int) else {}
    up = [p for p, where in (products or {}).items() if where == f"a:{arch}"]
    base, upgrade = ARCH_SHORT.get(arch, ("", ""))
    if full or not base:
        base, upgrade = rec["base"], L.upgrade_text(arch)
    out = f"{C.ARCH_NAMES[arch]}: {base}"
    if up and upgrade:
        out += f" · upgraded ({', '.join(C.PRODUCTS[p]['name'] for p in up)}): {upgrade}"
    move = (rec.get("extra_move") or {}).get("text")
    if move:
        out += f" · extra move: {move[0].lower()}{move[1:]}"
    bonus = rec.get("combat_bonus")
    if bonus:
        out += f" · in combat while your token is here: +{bonus['attack']} attacking, "
        out += f"+{bonus['defence']} defending"
    return out


def building_text(bid: str) -> str:
    """``"Sugar Cane Field: costs 1 brazilwood · produces 2 sugar cane · 1 VP · on plains"``."""
    b = C.BUILDINGS[bid]
    terrain = b.get("terrain")
    where = " or ".join(terrain) if isinstance(terrain, list) else str(terrain)
    return (
        f"{b['name']}: costs {T.cost_text(b.get('cost') or {})} · produces "
        f"{T.items_text(b.get('produces') or {})} · {b.get('vp', 0)} VP · on {where}"
    )


def city_text(view: dict[str, Any], n: int) -> str | None:
    """The top city tile of stack ``n`` (1 or 2): cost, VP and strength, what building it gives."""
    stacks = view.get("city_stacks") or []
    if not 1 <= n <= len(stacks) or not stacks[n - 1]:
        return None
    c = C.CITIES.get(stacks[n - 1][0], {})
    gain = c.get("on_build")
    out = (
        f"City of {c.get('name', '?')}: costs {T.cost_text(c.get('cost') or {})} · "
        f"{c.get('vp', 0)} VP, strength {c.get('strength', 0)} · built at your Monarch's hex"
    )
    return out + (f" · gives {T.cost_text(gain)}" if gain else "")


def battle_text(view: dict[str, Any], cid: str) -> str:
    """A battle card's value in the combat being fought (its conditional value when the side's
    units match, BI-22), else its printed attack / defence."""
    r = C.BATTLE_CARDS[cid]
    cb = view.get("combat")
    seat = view.get("seat")
    if cb and isinstance(seat, int) and seat in (cb.get("att"), cb.get("def")):
        attacking = seat == cb.get("att")
        if attacking:
            slots = set(cb.get("units") or [])
            types = {u["type"] for u in view["units"][seat] if u["slot"] in slots}
        else:
            types = {u["type"] for u in view["units"][seat] if u.get("loc") == cb.get("hex")}
        role = "attacking" if attacking else "defending"
        return (
            f"{r['name']}: {r.get('text', '')} Here ({role}): +{card_value(cid, attacking, types)}"
        )
    return f"{r['name']}: {r.get('text', '')}"


def unit_text(view: dict[str, Any], target: str) -> str | None:
    """A unit: type, strength (= VP), where it is."""
    s, _, slot = target[2:].partition(".")
    if not s.isdigit() or not slot.isdigit():
        return None
    units = (view.get("units") or [])[int(s)] if int(s) < len(view.get("units") or []) else []
    for u in units:
        if u.get("slot") == int(slot):
            loc = str(u.get("loc"))
            where = f"at ({loc})" if "," in loc else ("on its board" if loc == "slot" else loc)
            return f"{T.unit_name(u)}: strength {u.get('str')} (= {u.get('str')} VP), {where}"
    return None


def explain(view: dict[str, Any], target: str | None) -> str | None:
    """One sentence for the choice whose target is ``target`` (see the module docstring), or
    None when there is nothing to add to its label (a hex: the hex panel tells it)."""
    if not target or target.startswith("h:"):
        return None
    kind, _, arg = target.partition(":")
    if kind == "a" and arg in C.ARCH_NAMES:
        return arch_text(view, arg)
    if kind == "b" and arg in C.BUILDINGS:
        return building_text(arg)
    if kind == "city" and arg.isdigit():
        return city_text(view, int(arg))
    if kind == "u":
        return unit_text(view, target)
    if kind in ("b", "c", "g") and arg in C.BATTLE_CARDS:
        return battle_text(view, arg)
    if kind in ("c", "g", "p") and arg in C.PAINTINGS:
        r = C.PAINTINGS[arg]
        return f"{r['name']} ({r['colour']}, {r.get('vp', 0)} VP): {r.get('text', '')}"
    if kind in ("c", "g") and arg in C.GOLD_CARDS:
        r = C.GOLD_CARDS[arg]
        return f"{r['name']}: {r.get('text', '')}"
    if kind == "p" and arg in C.PRODUCTS:
        r = C.PRODUCTS[arg]
        return f"{r['name']}: costs {T.cost_text(r['cost'])} · {r['shape']} · {r['vp']} VP"
    if kind == "p" and arg in C.PALACES:
        return palace_text(arg)
    if kind == "m" and arg in C.MISSIONS:
        return T.mission_text(arg)
    if arg in C.MONARCHS or target in C.MONARCHS:
        r = C.MONARCHS.get(arg) or C.MONARCHS[target]
        return f"{r['name']}: {r.get('text', '')}"
    return None


def palace_text(pid: str) -> str:
    """A palace: its name, where it goes, its reward, its VP and end scoring (BI-15)."""
    r = C.PALACES[pid]
    out = f"Palace {pid}, {r.get('name', pid)}: {r.get('placement', '')}"
    reward = dict(r.get("reward") or {})
    free = reward.pop("free_manufacture", None)
    bits = []
    if reward:
        bits.append("gain " + T.cost_text(reward))
    if free:
        bits.append(f"a free {free} product")
    if bits:
        out += " · " + " and ".join(bits)
    out += f" · {r.get('vp', 0)} VP"
    end = r.get("end_scoring")
    if end:
        per = str(end.get("per", "")).replace("_", " ")
        out += f", +{end.get('vp')} VP per {per} at the end"
    return out


ERA_BONUS = {
    "I": "look at one face-down exploration tile (only you learn it)",
    "II": "draw 1 battle card",
}
"""The era-token bonuses (BI-16.5)."""


def prompt_notes(view: dict[str, Any]) -> list[str]:
    """What each choice of the whole prompt gives, where the choices' labels do not say it: the
    monarchs' powers (BI-19), the palaces (BI-15), the arch upgrades a product would make
    (BI-7.5) and the era-token bonus (BI-16.5); [] for any other prompt."""
    prompt = view.get("prompt") or {}
    text = str(prompt.get("text") or "")
    choices = prompt.get("choices") or []
    ids = [str(c.get("id")) for c in choices]
    if any(i in C.MONARCHS for i in ids):
        return [f"{C.MONARCHS[i]['name']}: {L.monarch_power(i)}" for i in ids if i in C.MONARCHS]
    palaces = [i[2:] for i in ids if i.startswith("p:") and i[2:] in C.PALACES]
    if palaces:
        return [palace_text(p) for p in palaces]
    arches = [i[2:] for i in ids if i.startswith("a:") and i[2:] in ARCH_TEXT]
    if arches and "token under" in text:
        era = "II" if "era II" in text else "I"
        return [
            f"Era {era} token: each time you later take the action of the arch it lies under, "
            f"you first {ERA_BONUS[era]}."
        ]
    if arches and text.startswith("Place ") and text.endswith("where?"):
        return [f"{C.ARCH_NAMES[a]} upgraded: {L.upgrade_text(a) or 'no upgrade'}" for a in arches]
    return []
