"""Set-up (BI-3, solo BI-18.1-18.2): the initial state and the set-up prompts (BI-29.2)."""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event, State

from . import catalog as C
from . import labels as L
from .frames import HOOKS, decision, pop, push_all
from .state import ARCHES, ERA_NAMES, add_items
from .text import condition_text

BOARD_ORDER = ("green_brazil", "red_portugal", "yellow_spain", "blue_france")


def new_state(n: int, names: list[str], opts: dict[str, Any], rng: Any) -> State:
    """The state before any set-up prompt (BI-3.1-3.9; RNG draws in rule order)."""
    mapkey = str(n)
    st: State = {
        "rng": rng.cell,
        "opts": opts,
        "n": n,
        "names": names,
        "map": mapkey,
        "phase": "setup",
        "era": 1,
        "round": 1,
        "first": 0,
        "active": None,
        "turns": [0] * n,
        "stack": [],
        "end": None,
        "result": None,
        "board": [None] * n,
        "monarch": [None] * n,
        "capital": [None] * n,
        "supply": [{} for _ in range(n)],
        "units": [[] for _ in range(n)],
        "gold": [[] for _ in range(n)],
        "battle": [[] for _ in range(n)],
        "paintings": [[] for _ in range(n)],
        "products": [{} for _ in range(n)],
        "token": [None] * n,
        "under": [{} for _ in range(n)],
        "palaces": [["II", "III", "IV", "V", "VI"] for _ in range(n)],
        "missions": [{} for _ in range(n)],
        "dealt": [{} for _ in range(n)],
        "returned": [[] for _ in range(n)],
        "revealed": [[] for _ in range(n)],
        "mission_vp": [0] * n,
        "explored": [[] for _ in range(n)],
        "peeks": [{} for _ in range(n)],
        "flags": [
            {"pedro_i": [], "pedro_ii": [], "tibirica": 0, "crowns": 0, "napoleon": False}
            for _ in range(n)
        ],
        "tiles": {},
        "fog": {},
        "bandeira": {},
        "box": [],
        "pool": {t: r["count"] for t, r in C.TILES.items()},
        "gold_deck": [],
        "battle_deck": [],
        "gold_discard": [],
        "battle_discard": [],
        "paint_decks": {},
        "display": [],
        "city_stacks": [[], []],
        "mission_decks": {},
        "dutch": None,
        "solo_goals": [False, False, False],
        "turn": {},
        "combat": None,
        "draft": [],
    }
    # BI-3.2 boards
    if n == 1:
        st["board"][0] = "green_brazil"
    elif opts["board_assignment"] == "random":
        boards = list(BOARD_ORDER)
        rng.shuffle(boards)
        st["board"] = boards[:n]
    # BI-3.4 capital tiles on the sites
    letters = C.SETUP[mapkey]["capital_tiles"]
    sites = C.capital_sites(mapkey)
    order = list(letters)
    if n > 1:
        rng.shuffle(order)
    st["capital_tiles"] = {site: t for site, t in zip(sites, order, strict=True)}
    # BI-3.5 exploration tiles
    tiles = list(C.EXPLORATION)
    rng.shuffle(tiles)
    fogs = sorted((h for h, (t, _) in C.map_hexes(mapkey).items() if t == "fog"), key=C.rq)
    for h in fogs:
        st["fog"][h] = tiles.pop()
    st["box"] = sorted(tiles)
    # BI-3.6 decks
    st["battle_deck"] = sorted(C.BATTLE_CARDS)
    st["gold_deck"] = sorted(C.GOLD_CARDS)
    rng.shuffle(st["battle_deck"])
    rng.shuffle(st["gold_deck"])
    # BI-3.7 city stacks
    cities = sorted(C.CITIES)
    rng.shuffle(cities)
    st["city_stacks"] = [cities[:4], cities[4:]]
    # BI-3.8 paintings
    for colour in ("red", "pink", "blue"):
        deck = sorted(p for p, r in C.PAINTINGS.items() if r["colour"] == colour)
        rng.shuffle(deck)
        st["paint_decks"][colour] = deck
        st["display"] += [deck.pop(), deck.pop()]
    # BI-3.9 mission deal
    eras = ("1", "2") if n == 1 else ("1", "2", "3")
    for e in ("1", "2", "3"):
        deck = sorted(m for m, r in C.MISSIONS.items() if r["era"] == ERA_NAMES[int(e)])
        rng.shuffle(deck)
        if e in eras:
            for s in range(n):
                st["dealt"][s][e] = [deck.pop(), deck.pop()]
        st["mission_decks"][e] = deck
    # solo Dutch (BI-18.3)
    if n == 1:
        dutch = C.enemy_capital(mapkey)
        st["dutch"] = {"hex": dutch, "garrison": [2, 2]}
    # the prompts, in the BI-3.15 order
    frames: list[tuple[str, int | None, dict]] = []
    if n > 1 and opts["board_assignment"] == "pick":
        frames += [("setup.board", s, {}) for s in range(n)]
    for s in range(n):
        frames += [("setup.mission", s, {"era": e}) for e in eras]
    frames += [("setup.monarch", s, {}) for s in range(n)]
    if n == 1:
        frames.append(("setup.solo_capital", 0, {}))
    else:
        firstpick = rng.randbelow(n) if opts["capital_first_picker"] == "random" else 0
        st["draft"] = [(firstpick + i) % n for i in range(n)]
        frames += [("setup.capital", s, {}) for s in st["draft"]]
    push_all(st, frames)
    return st


def _place_units(st: State, s: int) -> None:
    st["units"][s] = [
        {"slot": u["slot"], "type": u["type"], "str": u["strength"], "loc": "slot", "once": False}
        for u in C.BOARDS[st["board"][s]]["units"]
    ]
    st["products"][s] = {p: "board" for p in C.PRODUCTS}


def _board_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    taken = set(b for b in st["board"] if b)
    return "Choose your player board", [
        Choice(b, C.SEAT_COLOURS[b], None, "board") for b in BOARD_ORDER if b not in taken
    ]


@decision("setup.board", _board_choices)
def _board(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    st["board"][fr["seat"]] = choice
    ev.append(Event("board", fr["seat"], {"board": choice}))


def _mission_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    e = fr["era"]
    ids = st["dealt"][fr["seat"]][e]
    return f"Keep which era {ERA_NAMES[int(e)]} mission?", [
        Choice(m, f"Keep {m} ({L.mission_score(m)})", f"c:{m}", "keep", _mission_text(m))
        for m in ids
    ]


def _mission_text(m: str) -> str:
    return "; ".join(condition_text(c) for c in C.MISSIONS[m]["conditions"])


@decision("setup.mission", _mission_choices)
def _mission(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s, e = fr["seat"], fr["era"]
    other = next(m for m in st["dealt"][s][e] if m != choice)
    st["missions"][s][e] = choice
    st["returned"][s].append(other)
    st["mission_decks"][e].insert(0, other)  # to the bottom (BI-3.9)
    del st["dealt"][s][e]
    ev.append(Event("keep_mission", s, {"era": int(e)}))


def _monarch_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    b = st["board"][fr["seat"]]
    return "Choose your monarch", [
        Choice(m, C.MONARCHS[m]["name"], None, "monarch", L.monarch_power(m))
        for m in C.BOARDS[b]["monarchs"]
    ]


@decision("setup.monarch", _monarch_choices)
def _monarch(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    st["monarch"][fr["seat"]] = choice
    ev.append(Event("monarch", fr["seat"], {"monarch": choice}))


def _capital_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    out = []
    for site, t in sorted(st["capital_tiles"].items(), key=lambda kv: C.rq(kv[0])):
        gives = ", ".join(f"{v} {C.ITEM_NAMES[k]}" for k, v in C.CAPITAL_TILES[t]["gives"].items())
        extra = " (first player)" if t == "A" else ""
        out.append(Choice(f"h:{site}", f"({site}) tile {t}{extra}", f"h:{site}", "capital", gives))
    return "Choose your capital", out


def _take_capital(st: State, s: int, site: str) -> str:
    t = st["capital_tiles"].pop(site)
    st["capital"][s] = site
    add_items(st["supply"][s], C.CAPITAL_TILES[t]["gives"])
    if t == "A":
        st["first"] = s
    return t


@decision("setup.capital", _capital_choices)
def _capital(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    s = fr["seat"]
    h = split_choice(choice, "h")
    t = _take_capital(st, s, h)
    ev.append(Event("capital", s, {"hex": h, "tile": t}))
    if not st["capital_tiles"]:
        _start(st, ev)


def _solo_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    site = C.capital_sites(st["map"])[0]
    return "Your capital", [Choice(f"h:{site}", f"Capital at ({site})", f"h:{site}", "capital")]


@decision("setup.solo_capital", _solo_choices)
def _solo_capital(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    h = split_choice(choice, "h")
    t = _take_capital(st, 0, h)
    ev.append(Event("capital", 0, {"hex": h, "tile": t}))
    _start(st, ev)


def _start(st: State, ev: list[Event]) -> None:
    """BI-3.12-3.13: units in slots, the first player begins round 1."""
    for s in range(st["n"]):
        _place_units(st, s)
    st["phase"] = "play"
    st["active"] = st["first"]
    ev.append(Event("first", st["first"], {}))
    HOOKS["begin"](st, ev)


ARCH_ORDER = ARCHES
