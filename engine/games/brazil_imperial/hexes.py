"""Brazil: Imperial hex geometry and the maps for 1-4 players (BI-0, BI-1.2, BI-1.3, BI-2.11).

Hexes are axial ``(q, r)`` tuples, pointy-top. The neighbours of ``(q, r)``, in this order, are
``(q+1,r) (q+1,r-1) (q,r-1) (q-1,r) (q-1,r+1) (q,r+1)`` and the distance is
``max(|dq|, |dr|, |dq+dr|)`` (BI-0). Map targets are ordered by ``(r, q)`` (BI-29.1, BI-3.5).
The maps come from ``data/maps.json`` (``data.maps.by_players``; RECONSTRUCTED designs whose
hex lists are authoritative, BI-D06; every hex carries its ``edge`` flag, BI-D09). Everything
here is pure: no state, no randomness.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import MappingProxyType

from engine.games.brazil_imperial.data.tables import DATA

Hex = tuple[int, int]
"""An axial coordinate ``(q, r)``."""

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Neighbour offsets in the rulings' order (BI-0)."""

PRINTED_TERRAINS: frozenset[str] = frozenset(
    {"plains", "forest", "gold", "lake", "fog", "capital_site", "enemy_capital"}
)
"""The printed terrains of BI-1.3."""


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The 6 hexes around ``h`` in BI-0 order, on the map or not."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def adjacent(a: Hex, b: Hex) -> bool:
    """True when ``a`` and ``b`` are neighbours (distance 1)."""
    return distance(a, b) == 1


def distance(a: Hex, b: Hex) -> int:
    """Hex distance ``max(|dq|, |dr|, |dq+dr|)`` (BI-0)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def sort_key(h: Hex) -> tuple[int, int]:
    """Ordering key for map targets: by ``r``, then ``q`` (BI-29.1, BI-3.5)."""
    return (h[1], h[0])


def within(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at distance <= ``radius`` from ``center`` (on the map or not), in (r, q) order."""
    cq, cr = center
    for dr in range(-radius, radius + 1):
        for dq in range(max(-radius, -dr - radius), min(radius, -dr + radius) + 1):
            yield (cq + dq, cr + dr)


def hex_label(h: Hex) -> str:
    """``"(q,r)"``, the rulings' and the log's way of writing a hex (BI-0)."""
    return f"({h[0]},{h[1]})"


def hex_target(h: Hex) -> str:
    """The choice target id of a hex, ``"h:q,r"`` (BI-29.1)."""
    return f"h:{h[0]},{h[1]}"


def parse_hex_target(target: str) -> Hex:
    """Inverse of :func:`hex_target`. Raises ValueError with a one-line message on bad input."""
    kind, sep, rest = target.partition(":")
    q, comma, r = rest.partition(",")
    try:
        if kind != "h" or not sep or not comma:
            raise ValueError
        return (int(q), int(r))
    except ValueError:
        raise ValueError(f"not a hex target (expected 'h:q,r'): {target!r}") from None


def key(h: Hex) -> str:
    """The state's hex key ``"q,r"`` (state.py) for ``h``."""
    return f"{h[0]},{h[1]}"


def parse_key(k: str) -> Hex:
    """Inverse of :func:`key`. Raises ValueError with a one-line message on bad input."""
    q, comma, r = k.partition(",")
    try:
        if not comma:
            raise ValueError
        return (int(q), int(r))
    except ValueError:
        raise ValueError(f"not a hex key (expected 'q,r'): {k!r}") from None


def key_neighbours(k: str) -> list[str]:
    """The 6 neighbour keys of the hex key ``k`` in BI-0 order, on the map or not."""
    return [key(n) for n in neighbours(parse_key(k))]


def key_distance(a: str, b: str) -> int:
    """:func:`distance` between two hex keys ``"q,r"``."""
    return distance(parse_key(a), parse_key(b))


def pixel(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Screen centre of a pointy-top hex: ``x = size*sqrt(3)*(q + r/2)``, ``y = size*1.5*r``
    (data maps.coordinates)."""
    q, r = h
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)


@dataclass(frozen=True)
class HexMap:
    """One map of ``data.maps.by_players`` (BI-1.2, BI-2.11).

    ``key``: ``"1"``..``"4"``; ``hexes``: every hex in (r, q) order; ``terrain``: hex -> printed
    terrain (BI-1.3); ``edge``: the edge hexes (fewer than 6 on-map neighbours, BI-1.2, BI-A07);
    ``capital_sites``: in data order; ``enemy_capital``: the solo Dutch capital or ``None``;
    ``fog``: fog hexes in (r, q) order (exploration tiles are dealt in this order, BI-3.5)."""

    key: str
    name: str
    players: int
    hexes: tuple[Hex, ...]
    terrain: MappingProxyType
    edge: frozenset[Hex]
    capital_sites: tuple[Hex, ...]
    enemy_capital: Hex | None
    fog: tuple[Hex, ...]
    symmetry: str

    def __contains__(self, h: object) -> bool:
        return h in self.terrain

    def on_map(self, h: Hex) -> bool:
        """True when ``h`` exists on this map (BI-1.2: a hex not in the list does not exist)."""
        return h in self.terrain

    def map_neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The on-map neighbours of ``h`` in BI-0 order."""
        return tuple(n for n in neighbours(h) if n in self.terrain)

    def is_edge(self, h: Hex) -> bool:
        """True for an edge hex (BI-1.2)."""
        return h in self.edge

    def printed(self, h: Hex) -> str:
        """The printed terrain of ``h`` (BI-1.3). Raises KeyError for a hex not on the map."""
        return self.terrain[h]

    def of_terrain(self, terrain: str) -> tuple[Hex, ...]:
        """Hexes whose printed terrain is ``terrain``, in (r, q) order."""
        return tuple(h for h in self.hexes if self.terrain[h] == terrain)

    def nearest(self, h: Hex, hexes: Iterable[Hex]) -> int | None:
        """Smallest distance from ``h`` to any of ``hexes`` (``None`` if there are none)."""
        return min((distance(h, x) for x in hexes), default=None)


def _load(key: str, m: dict) -> HexMap:
    hexes = sorted(((x["q"], x["r"]) for x in m["hexes"]), key=sort_key)
    terrain = {(x["q"], x["r"]): x["terrain"] for x in m["hexes"]}
    enemy = tuple(m["enemy_capital"]) if m.get("enemy_capital") else None
    return HexMap(
        key=key,
        name=m["name"],
        players=m["players"],
        hexes=tuple(hexes),
        terrain=MappingProxyType(terrain),
        edge=frozenset((x["q"], x["r"]) for x in m["hexes"] if x["edge"]),
        capital_sites=tuple(tuple(c) for c in m["capital_sites"]),
        enemy_capital=enemy,
        fog=tuple(h for h in hexes if terrain[h] == "fog"),
        symmetry=m["symmetry"],
    )


MAPS: dict[str, HexMap] = {k: _load(k, m) for k, m in DATA["maps"]["maps"]["by_players"].items()}
"""The four maps by key ``"1"``..``"4"`` (BI-2.11)."""


def map_hexes(map_key: str) -> dict[str, dict[str, object]]:
    """``{"q,r": {"terrain": printed terrain, "edge": bool}}`` for map ``map_key`` in (r, q)
    order (a fresh dict each call; BI-1.2, BI-1.3). Raises KeyError for an unknown map key."""
    m = MAPS[map_key]
    return {key(h): {"terrain": m.terrain[h], "edge": h in m.edge} for h in m.hexes}


def map_for_players(n: int) -> HexMap:
    """The map for ``n`` players, 1-4 (BI-3.1, BI-3.14). Raises ValueError otherwise."""
    if n not in (1, 2, 3, 4):
        raise ValueError(f"Brazil: Imperial is for 1 to 4 players, not {n}")
    return MAPS[DATA["flow"]["setup_by_players"][str(n)]["map"]]
