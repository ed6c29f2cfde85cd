"""The seven arch actions with their upgrades (BI-7), gold-card extra actions (BI-8.4) and the
building/city placement (BI-6). Prompts follow BI-29.5."""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event, State

from . import board as B
from . import catalog as C
from . import labels as L
from . import payment as P
from .frames import auto, decision, pop, push
from .gains import gain
from .paysteps import choose_plan
from .state import BASICS, add_items, hex_qr, unit_slot

UPGRADED_BY = {"deploy", "frame", "build", "renovate", "manufacture", "harbor"}


def upgraded(st: State, s: int, arch: str, fr: dict) -> bool:
    """The arch is upgraded and the action came from the token, not a gold card (BI-7.8)."""
    return not fr.get("card") and any(v == f"a:{arch}" for v in st["products"][s].values())


def start_action(st: State, s: int, arch: str, via_card: bool) -> None:
    """Push the first frame of ``arch``'s base effect."""
    kind = {
        "deploy": "deploy.unit",
        "frame": "frame.card",
        "build": "build.what",
        "renovate": "renovate.tile",
        "manufacture": "manufacture.product",
        "harbor": "harbor",
        "trade": "trade.start",
    }[arch]
    if arch == "deploy":
        st["turn"]["in_deploy"] = True
        st["turn"]["deploy_new"] = []
    push(st, kind, s, card=via_card, n=1)


def priced(cid: str, name: str, cost: dict[str, int], group: str, detail: str = "") -> Choice:
    """A choice that points at what it buys (target = its id) and names its cost
    ("Farm (1 brazilwood + 1 sugar cane or coffee)"), BI-29.1."""
    return Choice(cid, f"{name} ({P.cost_label(cost)})", cid, group, detail)


def _u(s: int, slot: int) -> str:
    return f"u:{s}.{slot}"


# ------------------------------------------------------------------ Deploy (BI-7.1)
def _first_cost(st: State, s: int, slot: int) -> dict[str, int]:
    return dict(C.BOARDS[st["board"][s]]["units"][slot - 1]["first_deploy_cost"])


def _deploy_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    out = []
    for u in st["units"][s]:
        name = C.UNIT_NAMES[u["type"]]
        if u["loc"] == "supply":
            out.append(
                Choice(
                    _u(s, u["slot"]), f"{name} from your supply (free)", _u(s, u["slot"]), "deploy"
                )
            )
        elif u["loc"] == "slot":
            cost = _first_cost(st, s, u["slot"])
            if P.can_pay(st, s, cost):
                out.append(priced(_u(s, u["slot"]), name, cost, "deploy"))
    out.append(Choice("none", "Deploy nothing (draw only)", None, "deploy"))
    return "Deploy: choose a unit", out


@decision("deploy.unit", _deploy_choices)
def _deploy_unit(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    if choice == "none":
        push(st, "deploy.draw", fr["seat"], card=fr["card"], n=fr["n"])
        return
    slot = unit_slot(choice)
    push(st, "deploy.dest", fr["seat"], card=fr["card"], n=fr["n"], slot=slot)


def _dest_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    return "Deploy where?", [
        Choice(
            f"h:{h}",
            f"({h})" + (" capital" if h == st["capital"][s] else " city"),
            f"h:{h}",
            "deploy",
        )
        for h in B.deploy_places(st, s)
    ]


@decision("deploy.dest", _dest_choices)
def _deploy_dest(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, slot, h = fr["seat"], fr["slot"], split_choice(choice, "h")
    u = B.unit(st, s, slot)
    first = u["loc"] == "slot"
    if first:
        p = choose_plan(st, fr, choice, _first_cost(st, s, slot))
        if p is None:
            return
        spent = P.pay(st, s, p)
        ev.append(
            Event(
                "pay",
                s,
                {"what": C.UNIT_NAMES[u["type"]], "plan": P.describe_plan(p), "gold": spent},
            )
        )
    u["loc"] = h
    u["once"] = True
    ev.append(Event("deploy", s, {"unit": u["type"], "hex": h}))
    push(st, "deploy.draw", s, card=fr["card"], n=fr["n"])
    # Pedro I (BI-19.3): first unit of a type leaving the slots
    if first and st["monarch"][s] == "pedro_i" and u["type"] not in st["flags"][s]["pedro_i"]:
        st["flags"][s]["pedro_i"].append(u["type"])
        if u["type"] in ("monarch", "heavy_cavalry"):
            gain(st, s, {}, rng, ev, gold_cards=1, why="Pedro I")
        else:
            gain(st, s, {"any_basic": 1}, rng, ev, why="Pedro I")


@auto("deploy.draw")
def _deploy_draw(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s = fr["seat"]
    if fr["n"] == 1 and upgraded(st, s, "deploy", fr):
        push(st, "deploy.unit", s, card=fr["card"], n=2)
    else:
        push(st, "deploy.end", s, card=fr["card"])
    gain(st, s, {}, rng, ev, battle_cards=1, why="Deploy")


@auto("deploy.end")
def _deploy_end(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s = fr["seat"]
    st["turn"]["in_deploy"] = False
    if st["monarch"][s] == "napoleon" and not st["flags"][s]["napoleon"]:
        st["flags"][s]["napoleon"] = True
        gain(st, s, {}, rng, ev, battle_cards=1, why="Napoleon")
    st["turn"]["deploy_new"] = []


# ------------------------------------------------------------------ Frame (BI-7.2)
def painting_cost(st: State, s: int, pid: str, fr: dict) -> dict[str, int]:
    """The cost seat ``s`` pays for painting ``pid`` in this Frame (upgrade BI-7.2/BI-A03)."""
    cost = dict(C.PAINTINGS[pid]["cost"])
    disc = fr.get("extra") or (
        st["opts"]["frame_upgrade"] == "discount" and upgraded(st, s, "frame", fr)
    )
    if disc:
        if cost == {"gold": 1}:
            return {"any_basic": 1}
        if cost == {"any_basic": 1}:
            return {}
    return cost


def _frame_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    out = []
    for pid in st["display"]:
        if pid is None:
            continue
        if fr.get("extra") and C.PAINTINGS[pid]["cost"] not in ({"gold": 1}, {"any_basic": 1}):
            continue
        cost = painting_cost(st, s, pid, fr)
        if P.can_pay(st, s, cost):
            rec = C.PAINTINGS[pid]
            detail = f"{rec['colour']}, {rec['vp']} VP"
            out.append(priced(f"c:{pid}", rec["name"], cost, "buy", detail))
    out.append(Choice("none", "Buy nothing", None, "buy"))
    return "Frame: buy a painting", out


@decision("frame.card", _frame_choices)
def _frame_card(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    if choice == "none":
        return
    s, pid = fr["seat"], split_choice(choice, "c")
    p = choose_plan(st, fr, choice, painting_cost(st, s, pid, fr))
    if p is None:
        return
    spent = P.pay(st, s, p)
    pos = st["display"].index(pid)
    st["display"][pos] = None
    st["paintings"][s].append(pid)
    ev.append(Event("paint", s, {"card": pid, "plan": P.describe_plan(p), "gold": spent}))
    if (
        st["opts"]["frame_upgrade"] == "extra_card"
        and upgraded(st, s, "frame", fr)
        and not fr.get("extra")
    ):
        push(st, "frame.card", s, card=False, extra=True)
    push(st, "frame.gain", s, card=pid)
    colour = ("red", "red", "pink", "pink", "blue", "blue")[pos]
    decks = st["paint_decks"]
    if decks[colour]:
        st["display"][pos] = decks[colour].pop()
    else:
        others = [c for c in ("red", "pink", "blue") if c != colour and decks[c]]
        if len(others) == 1:
            st["display"][pos] = decks[others[0]].pop()
        elif others:
            push(st, "frame.refill", s, pos=pos)


def _refill_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    return "Refill the display from which deck?", [
        Choice(c, f"{c.capitalize()} deck", None, "refill")
        for c in ("red", "pink", "blue")
        if st["paint_decks"][c]
    ]


@decision("frame.refill", _refill_choices)
def _refill(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    st["display"][fr["pos"]] = st["paint_decks"][choice].pop()


@auto("frame.gain")
def _frame_gain(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, pid = fr["seat"], fr["card"]
    items: dict[str, int] = {}
    colour = C.PAINTINGS[pid]["colour"]
    if st["monarch"][s] == "pedro_ii" and colour not in st["flags"][s]["pedro_ii"]:
        st["flags"][s]["pedro_ii"].append(colour)
        add_items(
            items, {"red": {"any_basic": 1}, "pink": {"gold": 1}, "blue": {"science": 1}}[colour]
        )
    if pid == "P08":
        add_items(items, {"any_basic": 2})
    if items:
        gain(st, s, items, rng, ev, why=C.PAINTINGS[pid]["name"])


# ------------------------------------------------------------------ Build (BI-7.3, BI-6)
def build_cost(st: State, s: int, cost: dict[str, int], fr: dict) -> dict[str, int]:
    """BI-7.3 upgrade: basic requirements become "any basic" (not via a gold card)."""
    if not upgraded(st, s, "build", fr):
        return dict(cost)
    out: dict[str, int] = {}
    for k, v in cost.items():
        key = "any_basic" if (k in BASICS or "|" in k) else k
        out[key] = out.get(key, 0) + v
    return out


def _payable_hexes(st: State, s: int, cost: dict[str, int], hexes: list[str]) -> list[str]:
    """The hexes of ``hexes`` where ``cost`` can be paid (goods of a tile built over cannot
    pay, so only such hexes need their own check)."""
    if not hexes:
        return []
    if not P.can_pay(st, s, cost):
        return []
    return [
        h
        for h in hexes
        if not (h in st["tiles"] and st["tiles"][h]["goods"]) or P.can_pay(st, s, cost, exclude=h)
    ]


def build_options(st: State, s: int, fr: dict, only: str | None = None) -> dict[str, list[str]]:
    """``{choice id: legal payable hexes}`` for the Build prompt (``only``: one choice id)."""
    out: dict[str, list[str]] = {}
    for b in C.BUILDINGS:
        if only is not None and only != f"b:{b}":
            continue
        cost = build_cost(st, s, C.BUILDINGS[b]["cost"], fr)
        hexes = _payable_hexes(st, s, cost, B.build_hexes(st, s, b))
        if hexes:
            out[f"b:{b}"] = hexes
    if only is not None and not only.startswith("city:"):
        return out
    ch = B.city_hex(st, s)
    if ch is not None:
        for i, stack in enumerate(st["city_stacks"]):
            if stack and (only is None or only == f"city:{i + 1}"):
                cost = build_cost(st, s, C.CITIES[stack[0]]["cost"], fr)
                if _payable_hexes(st, s, cost, [ch]):
                    out[f"city:{i + 1}"] = [ch]
    return out


def _build_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    out = []
    for cid, hexes in build_options(st, s, fr).items():
        if cid.startswith("b:"):
            b = split_choice(cid, "b")
            cost = build_cost(st, s, C.BUILDINGS[b]["cost"], fr)
            out.append(
                Choice(cid, f"{C.BUILDINGS[b]['name']} ({P.cost_label(cost)})", None, "build")
            )
        else:
            city = st["city_stacks"][int(split_choice(cid, "city")) - 1][0]
            cost = build_cost(st, s, C.CITIES[city]["cost"], fr)
            out.append(
                Choice(
                    cid,
                    f"City {C.CITIES[city]['name']} ({P.cost_label(cost)})",
                    f"h:{hexes[0]}",
                    "build",
                )
            )
    out.append(Choice("none", "Build nothing", None, "build"))
    return "Build: what?", out


@decision("build.what", _build_choices)
def _build_what(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    if choice == "none":
        return
    push(st, "build.hex", fr["seat"], card=fr["card"], what=choice)


def _hex_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    hexes = build_options(st, fr["seat"], fr, fr["what"]).get(fr["what"], [])
    out = []
    for h in hexes:
        label, detail = L.build_hex(st, fr["seat"], h)  # names the hex (BI-6.4, BI-6.10)
        out.append(Choice(f"h:{h}", label, f"h:{h}", "build", detail))
    return "Build where?", out


@decision("build.hex", _hex_choices)
def _build_hex(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    place(st, fr["seat"], fr["what"], split_choice(choice, "h"), fr, rng, ev, choice)


def place(
    st: State, s: int, what: str, h: str, fr: dict, rng: Any, ev: list[Event], choice: str = ""
) -> None:
    """Pay and place a building (``b:<id>``) or a city (``city:<stack>``) on ``h`` (BI-6)."""
    forest = h not in st["tiles"] and h not in st["fog"] and B.terrain(st, h) == "forest"
    if what.startswith("b:"):
        b = split_choice(what, "b")
        cost = build_cost(st, s, C.BUILDINGS[b]["cost"], fr)
    else:
        stack = st["city_stacks"][int(split_choice(what, "city")) - 1]
        city = stack[0]
        cost = build_cost(st, s, C.CITIES[city]["cost"], fr)
    p = choose_plan(st, fr, choice or f"h:{h}", cost, exclude=h)
    if p is None:
        return
    spent = P.pay(st, s, p)
    over = st["tiles"].pop(h, None)
    if over is not None:
        st["pool"][over["tile"]] += 1  # BI-6.9
    if h in st["fog"]:
        st["box"].append(st["fog"].pop(h))  # BI-6.10
        st["box"].sort()
        for pk in st["peeks"]:
            pk.pop(h, None)
    bonus: dict[str, int] = {}
    gold_cards = battle_cards = 0
    if what.startswith("b:"):
        tid = B.building_tile(b)
        st["pool"][tid] -= 1
        tile = {
            "kind": "building",
            "id": b,
            "tile": tid,
            "owner": s,
            "goods": {},
            "crown": False,
            "palace": None,
        }
        ab = C.MONARCHS[st["monarch"][s]]["ability"]
        if (
            ab["type"] == "building_override"
            and ab["building"] == b
            and st["flags"][s]["crowns"] < ab.get("first_n", 3)
        ):
            st["flags"][s]["crowns"] += 1
            tile["crown"] = True
        st["tiles"][h] = tile
        out = B.produce(st, h)
        ev.append(
            Event(
                "build",
                s,
                {
                    "what": b,
                    "hex": h,
                    "over": over["id"] if over else None,
                    "goods": out,
                    "plan": P.describe_plan(p),
                    "gold": spent,
                    "crown": tile["crown"],
                },
            )
        )
    else:
        stack.pop(0)
        st["tiles"][h] = {
            "kind": "city",
            "id": city,
            "owner": s,
            "goods": {},
            "crown": False,
            "palace": None,
        }
        ob = dict(C.CITIES[city].get("on_build") or {})
        gold_cards = ob.pop("gold_card", 0)
        battle_cards = ob.pop("battle_card", 0)
        bonus = ob
        ev.append(
            Event(
                "city",
                s,
                {
                    "city": city,
                    "hex": h,
                    "over": over["id"] if over else None,
                    "plan": P.describe_plan(p),
                    "gold": spent,
                },
            )
        )
    if forest and st["monarch"][s] == "tibirica" and st["flags"][s]["tibirica"] < 3:
        k = st["flags"][s]["tibirica"]
        st["flags"][s]["tibirica"] += 1
        add_items(bonus, ({"any_basic": 1}, {"gold": 1}, {"science": 1})[k])
    if bonus or gold_cards or battle_cards:
        gain(
            st,
            s,
            bonus,
            rng,
            ev,
            gold_cards=gold_cards,
            battle_cards=battle_cards,
            why="build bonus",
        )


# ------------------------------------------------------------------ Renovate (BI-7.4)
def _renovate_cost(st: State, s: int, fr: dict) -> dict[str, int]:
    return {} if upgraded(st, s, "renovate", fr) else {"any_basic": 1}


def renovate_targets(st: State, s: int, fr: dict) -> list[str]:
    """Your owner-controlled building tiles without goods, payable (BI-7.4)."""
    cost = _renovate_cost(st, s, fr)
    return sorted(
        (
            h
            for h, t in st["tiles"].items()
            if t["kind"] == "building"
            and not t["goods"]
            and B.owner_controls(st, s, h)
            and P.can_pay(st, s, cost, exclude=h)
        ),
        key=C.rq,
    )


def _renovate_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    out = [
        Choice(
            f"h:{h}", f"{C.BUILDINGS[st['tiles'][h]['id']]['name']} at ({h})", f"h:{h}", "renovate"
        )
        for h in renovate_targets(st, fr["seat"], fr)
    ]
    out.append(Choice("none", "Renovate nothing", None, "renovate"))
    return "Renovate: which tile?", out


@decision("renovate.tile", _renovate_choices)
def _renovate_tile(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    if choice != "none":
        push(st, "renovate.mode", fr["seat"], card=fr["card"], hex=split_choice(choice, "h"))


def _mode_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    t = st["tiles"][fr["hex"]]
    out = [
        Choice("produce", f"Produce ({C.BUILDINGS[t['id']]['name']})", f"h:{fr['hex']}", "renovate")
    ]
    if not t.get("palace"):
        o = B.other_side(t["id"])
        out.append(
            Choice(f"flip:{o}", f"Flip to {C.BUILDINGS[o]['name']}", f"h:{fr['hex']}", "renovate")
        )
    return "Renovate: produce or flip?", out


@decision("renovate.mode", _mode_choices)
def _renovate_mode(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, h = fr["seat"], fr["hex"]
    p = choose_plan(st, fr, choice, _renovate_cost(st, s, fr), exclude=h)
    if p is None:
        return
    spent = P.pay(st, s, p)
    t = st["tiles"][h]
    flipped = None
    if choice.startswith("flip:"):
        t["id"] = flipped = split_choice(choice, "flip")
    out = B.produce(st, h)
    ev.append(
        Event(
            "renovate",
            s,
            {"hex": h, "flip": flipped, "goods": out, "plan": P.describe_plan(p), "gold": spent},
        )
    )


# ------------------------------------------------------------------ Manufacture (BI-7.5)
def product_cost(st: State, s: int, pid: str, fr: dict, drop: str | None = None) -> dict[str, int]:
    """The product's cost, reduced by the upgrade (BI-7.5, BI-A04; ``drop`` for Cachaça)."""
    cost = dict(C.PRODUCTS[pid]["cost"])
    if not upgraded(st, s, "manufacture", fr):
        return cost
    basics = [k for k in cost if k in BASICS]
    key = drop if drop in basics else (basics[0] if basics else "gold")
    if key in cost:
        cost[key] -= 1
        if not cost[key]:
            del cost[key]
    return cost


def product_places(st: State, s: int, pid: str) -> list[str]:
    """Empty upgrade slots of the product's shape (``a:<arch>``) and ``victoria`` (BI-19.9)."""
    shape = C.PRODUCTS[pid]["shape"]
    used = set(st["products"][s].values())
    out = [f"a:{a}" for a, sh in C.SLOT_SHAPE.items() if sh == shape and f"a:{a}" not in used]
    if st["monarch"][s] == "victoria" and sum(v == "victoria" for v in used if v) < 3:
        n_vic = sum(1 for v in st["products"][s].values() if v == "victoria")
        if n_vic < 3:
            out.append("victoria")
    return out


def _drops(st: State, s: int, pid: str, fr: dict) -> list[str | None]:
    basics = [k for k in C.PRODUCTS[pid]["cost"] if k in BASICS]
    if upgraded(st, s, "manufacture", fr) and len(basics) > 1:
        return list(basics)
    return [None]


def _product_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    out = []
    for pid, where in st["products"][s].items():
        if where != "board" or not product_places(st, s, pid):
            continue
        if any(P.can_pay(st, s, product_cost(st, s, pid, fr, d)) for d in _drops(st, s, pid, fr)):
            rec = C.PRODUCTS[pid]
            detail = f"{rec['shape']}, {rec['vp']} VP"
            out.append(
                priced(f"p:{pid}", rec["name"], product_cost(st, s, pid, fr), "make", detail)
            )
    out.append(Choice("none", "Manufacture nothing", None, "make"))
    return "Manufacture: which product?", out


@decision("manufacture.product", _product_choices)
def _product(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    if choice == "none":
        return
    s, pid = fr["seat"], split_choice(choice, "p")
    drops = [d for d in _drops(st, s, pid, fr) if P.can_pay(st, s, product_cost(st, s, pid, fr, d))]
    if len(drops) > 1:
        push(st, "manufacture.drop", s, card=fr["card"], pid=pid, drops=drops)
    else:
        _make(st, s, pid, fr, drops[0], ev, choice)


def _drop_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    return "Which basic resource does the upgrade remove?", [
        Choice(d, f"No {C.ITEM_NAMES[d]}", None, "make") for d in fr["drops"]
    ]


@decision("manufacture.drop", _drop_choices)
def _drop(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    _make(st, fr["seat"], fr["pid"], fr, choice, ev, choice)


def _make(
    st: State, s: int, pid: str, fr: dict, drop: str | None, ev: list[Event], choice: str
) -> None:
    p = choose_plan(st, fr, choice, product_cost(st, s, pid, fr, drop))
    if p is None:
        return
    spent = P.pay(st, s, p)
    ev.append(
        Event(
            "pay", s, {"what": C.PRODUCTS[pid]["name"], "plan": P.describe_plan(p), "gold": spent}
        )
    )
    push(st, "product.place", s, pid=pid)


def _place_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    out = []
    for where in product_places(st, fr["seat"], fr["pid"]):
        if where == "victoria":
            out.append(Choice("victoria", "On Victoria's board (+1 science)", None, "place"))
        else:
            out.append(
                Choice(
                    where,
                    f"{C.ARCH_NAMES[split_choice(where, 'a')]} slot",
                    where,
                    "place",
                    f"Upgrade: {L.upgrade_text(split_choice(where, 'a'))}",
                )
            )
    return f"Place {C.PRODUCTS[fr['pid']]['name']} where?", out


@decision("product.place", _place_choices)
def _place_product(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s = fr["seat"]
    st["products"][s][fr["pid"]] = choice
    ev.append(Event("product", s, {"product": fr["pid"], "where": choice}))
    if choice == "victoria":
        gain(st, s, {"science": 1}, rng, ev, why="Victoria")


# ------------------------------------------------------------------ Harbor (BI-7.6)
@auto("harbor")
def _harbor(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s = fr["seat"]
    n = 2 if "P14" in st["paintings"][s] else 1
    gain(
        st,
        s,
        {"any_basic": n},
        rng,
        ev,
        gold_cards=1 if upgraded(st, s, "harbor", fr) else 0,
        why="Harbor",
    )


# ------------------------------------------------------------------ Trade (BI-7.7)
T2_KINDS = {
    "2cotton": {"cotton": 2},
    "2coffee": {"coffee": 2},
    "cotton+coffee": {"cotton": 1, "coffee": 1},
}


@auto("trade.start")
def _trade_start(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s = fr["seat"]
    push(st, "trade", s)
    if "P12" in st["paintings"][s]:
        gain(st, s, {"gold": 1}, rng, ev, why="Marquês de Pombal")


def trade_options(st: State, s: int) -> list[tuple[str, str, dict[str, int]]]:
    """``[(choice id, label, exact inputs)]`` of the exchanges seat ``s`` can feed now."""
    out = []
    for b in BASICS:
        if P.can_pay(st, s, {b: 1}, exact=True):
            out.append((f"T-1:{b}", f"1 {C.ITEM_NAMES[b]} → 1 gold", {b: 1}))
    for k, cost in T2_KINDS.items():
        if P.can_pay(st, s, cost, exact=True):
            out.append((f"T-2:{k}", f"{L.items_text(cost)} → 2 gold + gold card", cost))
    if P.can_pay(st, s, {"any_basic": 4}, exact=True):
        out.append(("T-3", "4 basic resources → 1 science + 1 gold + gold card", {"any_basic": 4}))
    return out


def _trade_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    out = [Choice(cid, label, None, "trade") for cid, label, _ in trade_options(st, s)]
    cards = sorted(st["battle"][s])
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            a, b = cards[i], cards[j]
            out.append(
                Choice(
                    f"T-4:{a}+{b}",
                    f"Battle cards {L.card_name(a)} + {L.card_name(b)} → 1 gold + gold card",
                    f"c:{a}",
                    "trade",
                )
            )
    out.append(Choice("done", "Done trading", None, "trade"))
    return "Trade: choose an exchange", out


@decision("trade", _trade_choices)
def _trade(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    s = fr["seat"]
    if choice == "done":
        pop(st, fr)
        return
    if choice.startswith("T-4:"):
        a, b = split_choice(choice, "T-4").split("+")
        for c in (a, b):
            st["battle"][s].remove(c)
            st["battle_discard"].append(c)
        ev.append(Event("trade", s, {"ex": "T-4", "cards": [a, b]}))
        gain(st, s, {"gold": 1}, rng, ev, gold_cards=1, why="Trade")
        return
    cost = next(c for cid, _, c in trade_options(st, s) if cid == choice)
    pop(st, fr)
    p = choose_plan(st, fr, choice, cost, exact=True)
    if p is None:
        return
    push(st, "trade", s)
    P.pay(st, s, p)
    ex = choice.split(":")[0]
    ev.append(Event("trade", s, {"ex": ex, "plan": P.describe_plan(p)}))
    if ex == "T-1":
        gain(st, s, {"gold": 1}, rng, ev, why="Trade")
    elif ex == "T-2":
        gain(st, s, {"gold": 2}, rng, ev, gold_cards=1, why="Trade")
    else:
        gain(st, s, {"science": 1, "gold": 1}, rng, ev, gold_cards=1, why="Trade")


def hex_sort(hs: list[str]) -> list[str]:
    """Hexes by (r, q)."""
    return sorted(hs, key=lambda h: (hex_qr(h)[1], hex_qr(h)[0]))
