"""Plain words for choices: what a monarch, palace, era token, arch upgrade, mission, battle card
or move destination does, for the labels and ``Choice.detail`` lines of the prompts (BI-29).

Every function reads the component data (``catalog``) or the state as the deciding seat may see
it: a face-down exploration tile is named only when that seat peeked at it (BI-28.3, BI-28.5).
Nothing here changes the state.
"""

from __future__ import annotations

import re

from engine.rules import State

from . import board as B
from . import catalog as C
from .combat import arch_bonus, card_value, painting_bonus
from .components import SOLO
from .data.tables import DATA as _D

_ARCHES = {a["id"]: a for a in _D["arch_actions"]["arch_actions"]}
_NOTE = re.compile(r"\s*\((?:[^()]*\bseed\b[^()]*)\)")


def _plain(text: str) -> str:
    """Data text as a player reads it: remarks about the sources dropped, "FAQ:" unsaid."""
    return (
        _NOTE.sub("", text)
        .replace("(FAQ: n", "(N")
        .replace("(FAQ: ", "(")
        .replace(" (FAQ)", "")
        .strip()
    )


def items_text(d: dict) -> str:
    """``{"brazilwood": 1, "gold_card": 1}`` -> "1 brazilwood + 1 gold card" ("nothing" if
    empty). Knows items (BI-1.5), ``any_basic``, ``gold_card`` / ``battle_card`` and a palace's
    ``free_manufacture`` shape."""
    parts = []
    for k, v in (d or {}).items():
        if k == "free_manufacture":
            parts.append(f"a free {v} product (Dye or Sugar)")
        elif k in ("gold_card", "battle_card"):
            parts.append(f"{v} {k.replace('_', ' ')}{'s' if v != 1 else ''}")
        elif k == "any_basic":
            parts.append(f"{v} basic resource{'s' if v != 1 else ''} of your choice")
        else:
            parts.append(f"{v} {C.ITEM_NAMES.get(k, k.replace('_', ' '))}")
    return " + ".join(parts) or "nothing"


def monarch_power(monarch: str) -> str:
    """What monarch ``monarch`` does, from its data text (BI-19); a first-deployment bonus
    (Pedro I, BI-19.3) is worded from its ability data, so every unit type it covers is named
    ("archer, cannon or grenadier gives 1 basic resource of your choice; ...")."""
    rec = C.MONARCHS[monarch]
    ab = rec.get("ability") or {}
    if ab.get("type") == "first_deploy_bonus":
        by_gain: dict[str, list[str]] = {}
        for u, gain in ab["by_unit"].items():
            by_gain.setdefault(items_text(gain), []).append(C.UNIT_NAMES[u].lower())
        parts = [
            (", ".join(us[:-1]) + " or " + us[-1] if len(us) > 1 else us[0]) + f" gives {g}"
            for g, us in by_gain.items()
        ]
        return "The first time each unit type is deployed: " + "; ".join(parts) + "."
    return _plain(rec["text"])


_PER = {
    "gold_mine_built_and_controlled": "Gold Mine you own",
    "cotton_plantation_built_and_controlled": "Cotton Plantation you own",
    "product_manufactured": "product you made",
    "unit_deployed_at_least_once": "unit you have deployed",
}


def palace_reward(palace: str) -> str:
    """What placing palace ``palace`` gives now (BI-15.3): "1 gold card", "nothing now"."""
    reward = C.PALACES[palace].get("reward")
    return items_text(reward) if reward else "nothing now"


def palace_detail(palace: str) -> str:
    """Where palace ``palace`` stands and what it scores at the end (BI-15.3, BI-17.3 #7)."""
    rec = C.PALACES[palace]
    end = rec.get("end_scoring")
    bonus = f" + {end['vp']} per {_PER.get(end['per'], end['per'])}" if end else ""
    return f"Stands {rec['placement']}; at the end {rec['vp']} VP{bonus} while you control it"


def palace_label(palace: str) -> str:
    """The palace choice: "Palace III: 1 gold card" (BI-15.2, BI-15.3)."""
    return f"Palace {palace}: {palace_reward(palace)}"


def era_token_effect(era: int) -> str:
    """What an era token under an arch does each later time you take that arch (BI-16.5)."""
    if era == 1:
        return "look at a fog tile first"
    return "draw a battle card first"


def upgrade_text(arch: str) -> str:
    """What a product in ``arch``'s upgrade slot does (BI-7.1-7.6), from the arch data."""
    return _plain(_ARCHES[arch].get("upgrade") or "")


def mission_score(mission: str) -> str:
    """What mission ``mission`` scores (BI-14.5, BI-17.3 #6): "3 VP" for era I, "5 VP" for era
    II, "2 VP per condition met at the end" for era III (scored revealed or not, BI-A23)."""
    rec = C.MISSIONS[mission]
    if rec.get("vp_on_completion"):
        return f"{rec['vp_on_completion']} VP"
    return f"{rec.get('vp_per_objective', 2)} VP per condition met at the end"


def card_name(card: str) -> str:
    """A gold or battle card or a painting by its name ("Siege of Salvador"); the id if none."""
    rec = C.BATTLE_CARDS.get(card) or C.GOLD_CARDS.get(card) or C.PAINTINGS.get(card)
    return rec["name"] if rec else card


def battle_card_label(card: str, attacking: bool, unit_types: set[str]) -> str:
    """The card choice in a combat: "Play Lancers' Charge +3" (its value for this side, BI-22)."""
    return f"Play {card_name(card)} +{card_value(card, attacking, unit_types)}"


def _seat_name(st: State, s: int) -> str:
    return C.SEAT_COLOURS.get(st["board"][s] or "", f"P{s + 1}")


def _unit_words(st: State, units: list[tuple[int, int]]) -> str:
    return " + ".join(C.UNIT_NAMES[B.unit(st, s, sl)["type"]] for s, sl in units)


def attack_strength(st: State, s: int, slots: list[int], kind: str = "attack") -> int:
    """Seat ``s``'s total before battle cards when ``slots`` attack (``kind`` "attack", "flag"
    or "bombard"): unit strengths + paintings + the Harbor/Trade +1 (BI-12.3-12.6, BI-11.4)."""
    types = {B.unit(st, s, sl)["type"] for sl in slots}
    base = sum(B.unit(st, s, sl)["str"] for sl in slots)
    return base + painting_bonus(st["paintings"][s], kind, types) + arch_bonus(st["token"][s], kind)


def defence_strength(st: State, d: int, h: str) -> int:
    """Seat ``d``'s total on ``h`` before battle cards: its units there, its tile's strength when
    it owns the tile and nobody occupies it, paintings and the Harbor/Trade +2 (BI-12.3-12.6)."""
    units = [(s2, sl) for s2, sl in B.units_at(st, h) if s2 == d]
    types = {B.unit(st, d, sl)["type"] for _, sl in units}
    total = sum(B.unit(st, d, sl)["str"] for _, sl in units)
    t = st["tiles"].get(h)
    if t is not None and t["owner"] == d and B.controller(st, h) == d:
        total += B.tile_value(st, h)
    return (
        total
        + painting_bonus(st["paintings"][d], "defend", types)
        + arch_bonus(st["token"][d], "defend")
    )


def dutch_strength(st: State) -> int:
    """The solo Dutch total before their flipped card (BI-18.4): 3 for the capital while they
    control it, plus the garrison."""
    dz = st["dutch"]
    held = B.occupant(st, dz["hex"]) is None
    return (SOLO.dutch_tile_strength if held else 0) + sum(dz["garrison"])


def _tile_words(st: State, h: str) -> str:
    t = st["tiles"][h]
    if t["kind"] == "city":
        return f"city {C.CITIES[t['id']]['name']}"
    return C.BUILDINGS[t["id"]]["name"]


TERRAIN_WORDS = {"fog": "plains", "capital_site": "plains", "gold": "gold hills"}
"""Printed terrain (BI-1.3) as a move target names it when nothing stands there: an explored
fog hex or an empty capital site is plains (BI-1.4)."""

_FLAGS = sorted(x["flag_strength"] for x in C.EXPLORATION.values() if x.get("flag_strength"))


def _odds(att: int, dfn: str, tie: str = "a tie goes to the defender") -> str:
    return f"Before battle cards: you {att} against {dfn}; {tie}"


def destination(st: State, s: int, h: str, slots: list[int]) -> tuple[str, str]:
    """A move destination in words, ``(label, detail)``: the hex, its terrain and what entering
    it does (BI-10.5), e.g. ``("(2,2) fog: explore", ...)``, ``("(4,-1) attack the Dutch
    capital, garrison 6", "Before battle cards: you 2 against 9 (capital 3 + garrison 6) + one
    flipped Dutch card; a tie goes to the Dutch")``.
    ``slots`` are the moving units of seat ``s`` (the unit and what it carries); the detail
    gives both totals before battle cards ("" when nothing is fought)."""
    where = f"({h})"
    dz = st["dutch"]
    here = B.units_at(st, h)
    mine = any(o[0] == s for o in here)
    others = [o for o in here if o[0] != s]
    t = st["tiles"].get(h)
    if dz and h == dz["hex"] and not mine:
        g = sum(dz["garrison"])
        held = dutch_strength(st) - g
        parts = " + ".join(p for p in (f"capital {held}" if held else "", f"garrison {g}") if p)
        return f"{where} attack the Dutch capital, garrison {g}", _odds(
            attack_strength(st, s, slots),
            f"{dutch_strength(st)} ({parts}) + one flipped Dutch card",
            "a tie goes to the Dutch",
        )
    if others:
        d = others[0][0]
        what = _unit_words(st, others)
        if t is not None and t["owner"] == d and B.controller(st, h) == d:
            what += f" + {_tile_words(st, h)}"
        return f"{where} attack {_seat_name(st, d)}: {what}", _odds(
            attack_strength(st, s, slots), str(defence_strength(st, d, h))
        )
    if t is not None and t["owner"] != s and not mine:
        d = t["owner"]
        return f"{where} attack {_seat_name(st, d)}'s {_tile_words(st, h)}", _odds(
            attack_strength(st, s, slots), str(defence_strength(st, d, h))
        )
    flag = attack_strength(st, s, slots, "flag")
    if h in st["fog"]:
        seen = st["peeks"][s].get(h)
        x = C.EXPLORATION[seen] if seen else None
        if x is not None and x.get("flag_strength"):
            f = x["flag_strength"]
            return f"{where} fog: {x['name']} (you looked), flag fight {f}", _odds(
                flag, str(f), f"you need more than {f}"
            )
        if x is not None:
            return (
                f"{where} fog: {x['name']} (you looked)",
                f"Explore it: {items_text(x['reward'])}",
            )
        return f"{where} fog: explore", (
            "The face-down tile gives a reward, or starts a flag fight of strength "
            f"{_FLAGS[0]}-{_FLAGS[-1]} against your {flag} + battle cards"
        )
    if h in st["bandeira"]:
        x = C.EXPLORATION[st["bandeira"][h]]
        f = x["flag_strength"]
        return f"{where} Bandeira {x['name']}: flag fight {f}", _odds(
            flag, str(f), f"you need more than {f}"
        )
    if t is not None:
        if t["owner"] == s:
            return f"{where} your {_tile_words(st, h)}", ""
        return f"{where} {_seat_name(st, t['owner'])}'s {_tile_words(st, h)} (you hold it)", ""
    if h == st["capital"][s]:
        return f"{where} your capital", ""
    if dz and h == dz["hex"]:
        return f"{where} the Dutch capital (you hold it)", ""
    terrain = B.printed(st, h)
    return f"{where} {TERRAIN_WORDS.get(terrain, terrain)}", ""


def _next_to(st: State, s: int, h: str) -> str:
    """ "next to your capital" / "next to your Sawmill at (-3,0)" (BI-6.5), "" if neither."""
    near = C.neighbours(h, st["map"])
    if st["capital"][s] in near:
        return "next to your capital"
    for n in sorted(near, key=C.rq):
        t = st["tiles"].get(n)
        if t is not None and t["owner"] == s:
            return f"next to your {_tile_words(st, n)} at ({n})"
    return ""


def build_hex(st: State, s: int, h: str) -> tuple[str, str]:
    """A "Build where?" target in words, ``(label, detail)``: the hex, its terrain or the tile
    built over, what of seat ``s`` stands there and what it is next to (BI-6.4, BI-6.5), e.g.
    ``("(-3,1) plains, next to your capital", "")``; the detail says what building there
    costs beyond the price: a face-down fog tile put away unseen (BI-6.10), the goods of a
    tile built over (BI-6.9)."""
    t = st["tiles"].get(h)
    detail = ""
    if t is not None:
        where = f"over your {_tile_words(st, h)}"
        lost = items_text(t["goods"]) if t["goods"] else ""
        detail = f"Your {_tile_words(st, h)} goes back to the pool" + (
            f"; its goods ({lost}) are lost" if lost else ""
        )
    elif h in st["fog"]:
        seen = st["peeks"][s].get(h)
        name = f" ({C.EXPLORATION[seen]['name']}, you looked)" if seen else ""
        where = f"fog{name}"
        detail = "Building here puts its face-down tile away unseen: nobody gets its reward"
    else:
        terrain = B.printed(st, h)
        where = TERRAIN_WORDS.get(terrain, terrain)
    mine = [sl for s2, sl in B.units_at(st, h) if s2 == s]
    bits = [where]
    if mine:
        bits.append("your " + _unit_words(st, [(s, sl) for sl in mine]) + " here")
    near = _next_to(st, s, h)
    if near:
        bits.append(near)
    return f"({h}) " + ", ".join(bits), detail


def bombard_target(st: State, s: int, h: str, slot: int) -> tuple[str, str]:
    """A bombard target in words, ``(label, detail)`` (BI-12.13): ``("(3,-1) bombard Red:
    Archer", "Before battle cards: you 3 against 1; a tie goes to the defender")``."""
    att = attack_strength(st, s, [slot], "bombard")
    dz = st["dutch"]
    if dz and h == dz["hex"]:
        return f"({h}) bombard the Dutch capital", _odds(
            att, f"{dutch_strength(st)} + one flipped Dutch card", "a tie goes to the Dutch"
        )
    d = B.occupant(st, h)
    assert d is not None, f"no unit to bombard at {h}"
    others = [o for o in B.units_at(st, h) if o[0] == d]
    return f"({h}) bombard {_seat_name(st, d)}: {_unit_words(st, others)}", _odds(
        att, str(defence_strength(st, d, h))
    )


def _combat_totals(st: State) -> tuple[int, int, str]:
    """``(attacker, defender, defender's name)`` of the combat in ``st["combat"]`` before battle
    cards, counted as ``moves._resolve`` counts them (BI-12.3-12.6, BI-11.4, BI-18.4)."""
    cb = st["combat"]
    a, d, h, kind = cb["att"], cb["def"], cb["hex"], cb["kind"]
    att = attack_strength(st, a, cb["units"], kind)
    if kind == "flag":
        x = C.EXPLORATION[st["bandeira"][h]]
        return att, x["flag_strength"], x["name"]
    entering = set(cb["units"]) if kind == "attack" else set()
    if d == -1:
        mine = any(s2 == a and sl not in entering for s2, sl in B.units_at(st, h))
        held = 0 if mine else SOLO.dutch_tile_strength
        return att, held + sum(st["dutch"]["garrison"]), "the Dutch"
    units = [sl for s2, sl in B.units_at(st, h) if s2 == d]
    types = {B.unit(st, d, sl)["type"] for sl in units}
    dfn = sum(B.unit(st, d, sl)["str"] for sl in units)
    t = st["tiles"].get(h)
    stranger = any(s2 != d and not (s2 == a and sl in entering) for s2, sl in B.units_at(st, h))
    if t is not None and t["owner"] == d and not stranger:
        dfn += B.tile_value(st, h)
    dfn += painting_bonus(st["paintings"][d], "defend", types)
    return att, dfn + arch_bonus(st["token"][d], "defend"), _seat_name(st, d)


def combat_standing(st: State, seat: int) -> str:
    """Both totals of the current combat before battle cards, for ``seat`` placing its cards:
    "you 3 against Quilombo 4 (you need more than 4)", "you 2 against the Dutch 9 + one flipped
    Dutch card (a tie goes to the Dutch)", "you 4 against Red 5 (a tie goes to you)"."""
    cb = st["combat"]
    att, dfn, name = _combat_totals(st)
    if cb["kind"] == "flag":
        return f"you {att} against {name} {dfn} (you need more than {dfn})"
    if cb["def"] == -1:
        return (
            f"you {att} against the Dutch {dfn} + one flipped Dutch card (a tie goes to the Dutch)"
        )
    if seat == cb["att"]:
        return f"you {att} against {name} {dfn} (a tie goes to {name})"
    return f"you {dfn} against {_seat_name(st, cb['att'])} {att} (a tie goes to you)"


def combat_card_label(st: State, seat: int, card: str) -> str:
    """A battle card choice in the current combat with its value for ``seat``'s side (BI-22):
    "Play Lancers' Charge +3" when a Heavy Cavalry of that side is in the combat, else "+1"."""
    cb = st["combat"]
    attacking = seat == cb["att"]
    if attacking:
        types = {B.unit(st, seat, sl)["type"] for sl in cb["units"]}
    else:
        types = {B.unit(st, seat, sl)["type"] for s2, sl in B.units_at(st, cb["hex"]) if s2 == seat}
    return battle_card_label(card, attacking, types)


def peeked(st: State, seat: int, h: str) -> str:
    """ " (seen: Gold Nuggets)" when ``seat`` already looked at the tile on ``h``, else ""."""
    seen = st["peeks"][seat].get(h)
    return f" (seen: {C.EXPLORATION[seen]['name']})" if seen else ""


def reveal_effect(st: State, mission: str) -> str:
    """What revealing ``mission`` does now (BI-14.5, BI-14.6, BI-17.1): "+3 VP, era II begins",
    "+5 VP", "this round becomes the last; scores 2 VP per condition met at the end"."""
    era = {"I": 1, "II": 2, "III": 3}[C.MISSIONS[mission]["era"]]
    if era == 3:
        last = "" if st["end"] is not None or st["n"] == 1 else "this round becomes the last; "
        return f"{last}scores {mission_score(mission)}"
    nxt = " and a palace" + (
        f", era {'II' if era == 1 else 'III'} begins" if era == st["era"] else ""
    )
    return f"+{mission_score(mission)}{nxt}"


def era_token_detail(era: int, arch: str) -> str:
    """The era-token choice's detail: "Each later Deploy: first look at one face-down fog tile"."""
    return f"Each later {C.ARCH_NAMES[arch]} action: {era_token_effect(era)}"


def palace_tile_label(st: State, h: str) -> str:
    """A palace target: "(-3,1) your Sugar Cane Field" (BI-15.2)."""
    return f"({h}) your {_tile_words(st, h)}"


def gold_gain(card: str) -> str:
    """What an immediate-gain gold card gives (BI-8.5, BI-21.17-21.20): "gain 1 science"."""
    return f"gain {items_text(C.GOLD_CARDS[card]['effect']['gain'])}"
