"""The Brazil: Imperial card list for the Rules screen (**c**): every component with what it
costs, gives and scores, built from the engine's data (``engine/games/brazil_imperial``
``catalog`` records, i.e. ``data/*.json``), so it always matches what the game plays.

- :func:`card_list_markdown` ``() -> str``: the whole list as markdown (rulings BI-2, BI-7,
  BI-15, BI-19-BI-27 are the source of every entry).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial import labels as L
from engine.games.brazil_imperial.components import SOLO
from engine.games.brazil_imperial.text import condition_text

ERAS = ("I", "II", "III")


def cost_text(cost: dict[str, int] | None) -> str:
    """A printed cost in words: ``{"brazilwood": 1, "sugar_cane|coffee": 1}`` -> "1 brazilwood
    + 1 sugar cane or coffee"; ``{"any_basic": 2}`` -> "2 any basic"; empty -> "free"."""
    if not cost:
        return "free"
    parts = []
    for k, v in cost.items():
        if k == "any_basic":
            name = "any basic"
        else:
            name = " or ".join(C.ITEM_NAMES.get(x, x) for x in k.split("|"))
        parts.append(f"{v} {name}")
    return " + ".join(parts)


def _costs(cost: dict[str, int] | None) -> str:
    return f"costs {cost_text(cost)}" if cost else "free"


def _ids(ids: Iterable[str]) -> str:
    return ", ".join(ids)


def _grouped(records: Iterable[dict], key: str) -> list[list[dict]]:
    """Records with the same ``key`` value together, in first-seen order."""
    groups: dict[str, list[dict]] = {}
    for r in records:
        groups.setdefault(str(r[key]), []).append(r)
    return list(groups.values())


def _buildings() -> list[str]:
    out = [
        "## Buildings",
        "",
        "Built with **Build** next to your capital or a tile you own (not next to another "
        "player's tile or capital). A building produces its goods onto itself when built, and "
        "again only through **Renovate** once it is empty. Its VP is also its strength when "
        "attacked. Each tile has two sides (the other side in brackets).",
        "",
    ]
    for b in C.BUILDINGS.values():
        sides = next(t["sides"] for t in C.TILES.values() if b["id"] in t["sides"])
        other = C.BUILDINGS[next(x for x in sides if x != b["id"])]["name"]
        land = "any land" if b["terrain"] == "any_land" else b["terrain"]
        out.append(
            f"- **{b['name']}** (era {b['era']}, on {land}; other side {other}): costs "
            f"{cost_text(b['cost'])}; produces {L.items_text(b['produces'])}; {b['vp']} VP"
        )
    return out


def _cities() -> list[str]:
    out = [
        "## Cities",
        "",
        "A city is founded with **Build** on the hex where your **Monarch** unit stands (land, "
        "or one of your own era I/II buildings, which it replaces; never next to another "
        "player's tile or capital). You buy the top tile of either of the two face-up city "
        "stacks. A city produces nothing; its VP is its strength, and you may Deploy onto it.",
        "",
    ]
    for c in C.CITIES.values():
        bonus = L.items_text(c["on_build"]) if c.get("on_build") else "nothing"
        out.append(
            f"- **{c['name']}**: costs {cost_text(c['cost'])}; when founded gives {bonus}; "
            f"{c['vp']} VP and strength {c['strength']}"
        )
    return out


def _units() -> list[str]:
    out = [
        "## Units",
        "",
        "A unit's strength is also its VP (scored once it has been deployed, even if it is "
        "later beaten). The first deployment of each unit costs what is listed (mostly gold); a "
        "beaten unit returns to your supply and redeploys free. The Monarch founds cities, the "
        "Heavy Cavalry carries one unit along, the Cannon and Grenadier can bombard a "
        "neighbouring hex instead of the free move.",
        "",
    ]
    for b in C.BOARDS.values():
        units = "; ".join(
            f"{C.UNIT_NAMES[u['type']]} {u['strength']} ({cost_text(u['first_deploy_cost'])})"
            for u in b["units"]
        )
        out.append(f"- **{b['name']}**: {units}")
    return out


def _products() -> list[str]:
    out = [
        "## Products",
        "",
        "Made with **Manufacture** and put in an empty upgrade slot of the same shape, which "
        f"upgrades that arch for good: {_slots()}. One of each per player.",
        "",
    ]
    for p in C.PRODUCTS.values():
        out.append(f"- **{p['name']}** ({p['shape']}): costs {cost_text(p['cost'])}; {p['vp']} VP")
    out += ["", "What each upgrade does:", ""]
    for arch in ("deploy", "frame", "build", "renovate", "manufacture", "harbor"):
        shape = C.SLOT_SHAPE[arch]
        out.append(f"- **{C.ARCH_NAMES[arch]}** ({shape} slot): {L.upgrade_text(arch)}")
    return out


def _slots() -> str:
    """ "squares fit Manufacture and Harbor, ..." from the arches' slot shapes (BI-7.8)."""
    by: dict[str, list[str]] = {}
    for arch, shape in C.SLOT_SHAPE.items():
        if shape:
            by.setdefault(shape, []).append(C.ARCH_NAMES[arch])
    return ", ".join(f"{shape}s fit {' and '.join(a)}" for shape, a in sorted(by.items()))


def _monarchs() -> list[str]:
    out = ["## Monarchs", "", "Each player picks one monarch of their board at set-up.", ""]
    for m in C.MONARCHS.values():
        board = C.BOARDS[m["board"]]["name"]
        out.append(f"- **{m['name']}** ({board}): {L.monarch_power(m['id'])}")
    return out


def _palaces() -> list[str]:
    out = [
        "## Palaces",
        "",
        "Palace I is your capital. After each mission you reveal you place one of Palaces "
        "II-VI on a tile of yours of the right kind and get its reward.",
        "",
    ]
    for p in C.PALACES.values():
        if p["id"] == "I":
            out.append(f"- **{p['name']}**: your capital; never attacked, scores nothing")
            continue
        out.append(
            f"- **{p['name']}** (Palace {p['id']}): gives {L.palace_reward(p['id'])}. "
            f"{L.palace_detail(p['id'])}"
        )
    return out


def _paintings() -> list[str]:
    out = [
        "## Paintings",
        "",
        "Bought with **Frame** from the six face-up paintings (two of each medal colour). "
        "Production bonuses work for all your buildings of that kind, each time they produce.",
        "",
    ]
    for colour in ("red", "pink", "blue"):
        out += [f"**{colour.capitalize()}**", ""]
        for p in C.PAINTINGS.values():
            if p["colour"] == colour:
                out.append(
                    f"- {p['id']} **{p['name']}**: {_costs(p['cost'])}; {p['vp']} VP; {p['text']}"
                )
        out.append("")
    return out[:-1]


def _gold_cards() -> list[str]:
    out = [
        "## Gold cards",
        "",
        "Any gold card may be spent as 1 gold in a payment. Played for its effect on your "
        "turn, before or after your action: at most one extra-action card per turn. You may "
        "hold 3.",
        "",
    ]
    for group in _grouped(C.GOLD_CARDS.values(), "name"):
        g = group[0]
        count = f" ×{len(group)}" if len(group) > 1 else ""
        out.append(f"- **{g['name']}**{count} ({_ids(x['id'] for x in group)}): {g['text']}")
    return out


def _battle_cards() -> list[str]:
    out = [
        "## Battle cards",
        "",
        "Each side of a fight places 0-3 battle cards face down; they are revealed together "
        "and add to that side's strength. You may hold 3. In solo the Dutch flip the top card "
        "of the deck: Jungle Ambush and Coroados' Battle Signal count +3 for them, the four "
        "+3-or-+1 cards +1.",
        "",
    ]
    for group in _grouped(C.BATTLE_CARDS.values(), "text"):
        names = ", ".join(f"{b['name']} ({b['id']})" for b in group)
        out.append(f"- {names}: {group[0]['text']}")
    return out


def _missions() -> list[str]:
    out = [
        "## Missions",
        "",
        "You keep one mission of each era (solo: eras I and II). Reveal a completed one at the "
        "end of your turn: era I scores 3 VP, era II 5 VP, and a mission of the current era "
        "starts the next era. An era III mission scores 2 VP per condition met at the end "
        "of the game, revealed or not; the first one revealed makes that round the last.",
        "",
    ]
    for era in ERAS:
        out += [f"**Era {era}**", ""]
        for m in C.MISSIONS.values():
            if m["era"] == era:
                conds = "; ".join(condition_text(c) for c in m["conditions"])
                out.append(f"- {m['id']}: {conds} ({L.mission_score(m['id'])})")
        out.append("")
    return out[:-1]


def _exploration() -> list[str]:
    out = [
        "## Exploration tiles",
        "",
        "One face-down tile lies on each fog hex (the rest stay unseen in the box). The first "
        "unit to enter reveals it: a tile without a flag is yours at once with its reward; a "
        "flag tile must be beaten with a total strictly greater than its strength (your units, "
        "bonuses and 0-3 battle cards) or your units go back to your supply and it stays as a "
        "Bandeira for anyone to fight. Tiles you take score their VP.",
        "",
    ]
    for group in _grouped(C.EXPLORATION.values(), "name"):
        x = group[0]
        count = f" ×{len(group)}" if len(group) > 1 else ""
        fight = f"flag fight, strength {x['flag_strength']}; " if x.get("flag_strength") else ""
        reward = L.items_text(x["reward"]) if x.get("reward") else "nothing"
        out.append(
            f"- **{x['name']}**{count} ({_ids(t['id'] for t in group)}): {fight}"
            f"gives {reward}; {x['vp']} VP"
        )
    return out


def _capitals() -> list[str]:
    out = [
        "## Capital tiles",
        "",
        "Drafted at set-up: each gives its items to your supply; tile A's taker goes first.",
        "",
    ]
    for t in C.CAPITAL_TILES.values():
        first = " (first player)" if t.get("first_player") else ""
        out.append(f"- **Tile {t['id']}**{first}: {L.items_text(t['gives'])}")
    return out


def _solo() -> list[str]:
    return [
        "## The Dutch (solo)",
        "",
        f"The Dutch capital has strength {SOLO.dutch_tile_strength} and a garrison of "
        f"{len(SOLO.garrison)} units of strength {' and '.join(str(g) for g in SOLO.garrison)}; "
        f"a unit of strength {SOLO.reinforcement_strength} joins it at the end of your turns "
        f"{', '.join(str(t) for t in SOLO.reinforcement_turns)}. When attacked they add the top "
        f"battle card of the deck. You have {SOLO.turn_limit} turns to reach the three goals.",
    ]


def card_list_markdown() -> str:
    """Every Brazil: Imperial component as markdown: buildings, cities, units, products and
    arch upgrades, monarchs, palaces, paintings, gold cards, battle cards, missions,
    exploration tiles, capital tiles and the solo Dutch, from the engine's data."""
    sections = [
        [
            "# Brazil: Imperial components",
            "",
            "**Most component contents are a reconstruction, not the printed game**: the "
            "buildings, monarch powers, arches and palaces follow public sources; the paintings, "
            "cards, missions, exploration, capital and city tiles, unit costs and the Dutch are "
            "Imperia's own design made to fit the rules.",
        ],
        _buildings(),
        _cities(),
        _units(),
        _products(),
        _monarchs(),
        _palaces(),
        _paintings(),
        _gold_cards(),
        _battle_cards(),
        _missions(),
        _exploration(),
        _capitals(),
        _solo(),
    ]
    return "\n\n".join("\n".join(s) for s in sections) + "\n"
