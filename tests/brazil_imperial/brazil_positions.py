"""Hand-built Brazil: Imperial positions in the state shape of engine/games/brazil_imperial/state.py
(only the fields the missions, scoring and solo modules read), for tests that check rulings
scenarios without playing up to them."""

from __future__ import annotations

from typing import Any

from engine.games.brazil_imperial.components import BOARDS, PRODUCTS

P1, P2 = 0, 1


def blank(
    boards: tuple[str, ...] = ("green_brazil", "red_portugal"),
    monarchs: tuple[str | None, ...] = ("oba_ii", "afonso_i"),
    era: int = 1,
) -> dict[str, Any]:
    """An empty position: units in slots, products on boards, palaces II-VI on boards, nothing
    else (the §33 defaults). Map "2" with capitals (-4,1) and (4,-1); map "1" when solo."""
    n = len(boards)
    return {
        "n": n,
        "opts": {},
        "era": era,
        "round": 1,
        "map": str(n),
        "board": list(boards),
        "monarch": list(monarchs),
        "capital": ["-4,1", "4,-1", "-3,4", "-1,-3"][:n] if n > 1 else ["-4,1"],
        "supply": [{} for _ in range(n)],
        "units": [
            [
                {"slot": u.slot, "type": u.type, "str": u.strength, "loc": "slot", "once": False}
                for u in BOARDS[b].units
            ]
            for b in boards
        ],
        "gold": [[] for _ in range(n)],
        "battle": [[] for _ in range(n)],
        "paintings": [[] for _ in range(n)],
        "products": [{p: "board" for p in PRODUCTS} for _ in range(n)],
        "token": [None] * n,
        "under": [{} for _ in range(n)],
        "palaces": [["II", "III", "IV", "V", "VI"] for _ in range(n)],
        "missions": [{} for _ in range(n)],
        "revealed": [[] for _ in range(n)],
        "mission_vp": [0] * n,
        "explored": [[] for _ in range(n)],
        "turns": [0] * n,
        "tiles": {},
        "dutch": None,
        "solo_goals": [False, False, False] if n == 1 else None,
    }


def building(st, h, bid, owner, goods=None, palace=None, crown=False, tile=None):
    """Put a building tile showing ``bid`` on hex key ``h``; a palace comes off the owner's board."""
    tiles = {"sugar_cane_field": "T1", "sawmill": "T1", "farm": "T2", "trading_post": "T2",
             "gold_mine": "T3", "cotton_plantation": "T3", "church": "T4", "university": "T4"}  # fmt: skip
    st["tiles"][h] = {"kind": "building", "id": bid, "tile": tile or tiles[bid], "owner": owner,
                      "goods": dict(goods or {}), "crown": crown, "palace": palace}  # fmt: skip
    if palace:
        st["palaces"][owner].remove(palace)


def city(st, h, cid, owner, palace=None):
    """Put city tile ``cid`` on hex key ``h``."""
    st["tiles"][h] = {"kind": "city", "id": cid, "owner": owner, "goods": {}, "crown": False,
                      "palace": palace}  # fmt: skip
    if palace:
        st["palaces"][owner].remove(palace)


def put(st, seat, slot, loc, once=True):
    """Move ``seat``'s unit in ``slot`` (1-5) to ``loc`` ("slot", "supply" or a hex key)."""
    u = st["units"][seat][slot - 1]
    u["loc"] = loc
    u["once"] = once or u["once"]


def make(st, seat, slot_arch):
    """Manufacture products: ``{product: "a:<arch>" | "victoria"}``."""
    st["products"][seat].update(slot_arch)
