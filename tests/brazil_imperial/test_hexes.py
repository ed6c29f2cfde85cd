"""Hex geometry (BI-0) on every hex of every map (BI-1.2, BI-2.11), and the terrain that the
scenarios of §33 rely on. Expected values are hand-read from the rulings and the data README's
map drawings."""

from __future__ import annotations

import math
from collections import deque
from itertools import combinations

import pytest

from engine.games.brazil_imperial import hexes as H

ALL = [(k, h) for k, m in H.MAPS.items() for h in m.hexes]


def test_bi_0_neighbour_order_and_distance_formula():
    """BI-0: neighbour order and distance."""
    assert H.neighbours((0, 0)) == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert H.neighbours((-4, 1)) == ((-3, 1), (-3, 0), (-4, 0), (-5, 1), (-5, 2), (-4, 2))
    assert H.distance((-4, 1), (4, -1)) == 8  # the solo Dutch capital is 8 hexes away
    assert H.distance((-6, 4), (-2, -4)) == 8
    assert H.distance((-6, 4), (6, -4)) == 12
    assert H.distance((0, 0), (2, -1)) == 2
    assert H.distance((0, 0), (1, 1)) == 2


@pytest.mark.parametrize("key", sorted(H.MAPS))
def test_neighbours_are_symmetric_on_every_hex(key):
    """BI-0, BI-1.2: neighbours on every hex of every map."""
    m = H.MAPS[key]
    for h in m.hexes:
        ns = m.map_neighbours(h)
        assert len(set(ns)) == len(ns)
        for n in ns:
            assert h in m.map_neighbours(n)
            assert H.distance(h, n) == 1 and H.adjacent(h, n)
        assert set(ns) == {n for n in H.neighbours(h) if m.on_map(n)}


@pytest.mark.parametrize("key", sorted(H.MAPS))
def test_distance_is_a_metric_and_equals_grid_steps(key):
    """BI-0: the distance formula equals steps on the grid."""
    m = H.MAPS[key]
    for a, b in combinations(m.hexes, 2):
        d = H.distance(a, b)
        assert d == H.distance(b, a) > 0
    # Breadth-first steps on the infinite grid from each capital agree with the formula.
    for start in m.capital_sites:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            h = todo.popleft()
            if seen[h] >= 14:
                continue
            for n in H.neighbours(h):
                if n not in seen:
                    seen[n] = seen[h] + 1
                    todo.append(n)
        assert all(H.distance(start, h) == seen[h] for h in m.hexes)


@pytest.mark.parametrize("key", sorted(H.MAPS))
def test_edge_hexes_have_fewer_than_six_neighbours(key):
    """BI-1.2, BI-A07, BI-D09."""
    m = H.MAPS[key]
    for h in m.hexes:
        assert m.is_edge(h) == (len(m.map_neighbours(h)) < 6), h


def test_map_sizes_per_seat_count():
    """BI-2.11, BI-3.1, BI-3.14."""
    sizes = {n: len(H.map_for_players(n).hexes) for n in (1, 2, 3, 4)}
    assert sizes == {1: 51, 2: 79, 3: 91, 4: 113}
    with pytest.raises(ValueError, match="1 to 4 players"):
        H.map_for_players(5)


def test_hexes_are_in_r_then_q_order_and_fog_in_dealing_order():
    """BI-3.5, BI-29.1: (r, q) order."""
    for m in H.MAPS.values():
        assert list(m.hexes) == sorted(m.hexes, key=lambda h: (h[1], h[0]))
    # Map "2" fog hexes, read from the README drawing (BI-3.5 deals in this order).
    assert H.MAPS["2"].fog == ((0, -4), (4, -4), (-2, -2), (0, -1), (0, 1), (2, 2), (-4, 4), (0, 4))
    assert H.MAPS["1"].fog == ((-1, -3), (2, -2), (0, -1), (2, 2), (-1, 3))


def test_every_printed_terrain_is_a_bi_1_3_terrain():
    """BI-1.3."""
    for k, h in ALL:
        assert H.MAPS[k].printed(h) in H.PRINTED_TERRAINS


SCENARIO_TERRAIN = {  # map "2", hexes used by BI-S02..BI-S25
    (-3, 0): "forest",  # S02 Sawmill
    (-3, 1): "plains",  # S02 no Sawmill there; S23 Coffee Farm
    (-4, 0): "plains",  # S04 Coffee Farm
    (-2, 1): "gold",  # S03(c) Gold Mine site; S08 manufacture move
    (-2, 0): "plains",  # S08 not gold; S03 Coffee Farm
    (-1, 3): "lake",  # S07
    (-2, 3): "plains",
    (0, 3): "forest",
    (-4, 2): "forest",  # S07 Trading Post
    (-3, 2): "forest",  # S10 frame move
    (-2, 2): "forest",  # S05 city on forest (Tibiriçá)
    (0, 1): "fog",  # S16, S21
    (-2, -2): "fog",  # S22
    (1, 0): "plains",  # S17 Coffee Farm
    (2, 0): "plains",  # S17 Sugar Cane Field
    (3, -1): "plains",  # S17 Coffee Farm
    (3, 0): "forest",  # S18 Sawmill
    (4, -2): "forest",  # S24 Sawmill
    (3, -3): "gold",  # S25 Gold Mine
    (-1, 1): "plains",  # S03(e)
    (-1, 0): "plains",  # S03 Sugar Cane Field
    (-4, -1): "plains",  # S03(d)
    (-4, 1): "capital_site",
    (4, -1): "capital_site",
}


def test_scenario_hexes_have_the_terrain_the_scenarios_use():
    """Hexes used by the scenarios of section 33: their printed terrain (BI-1.3) only."""
    m = H.MAPS["2"]
    assert {h: m.printed(h) for h in SCENARIO_TERRAIN} == SCENARIO_TERRAIN
    assert m.is_edge((-5, 0))  # S06: the Renovate extra move target
    assert not m.is_edge((-3, -1))  # S06: not edge, not lake
    assert H.adjacent((-4, 1), (-3, 0)) and not H.adjacent((-4, 1), (-4, -1))  # S02, S03(d)


def test_within_gives_hexagons():
    for r in range(0, 5):
        ring = list(H.within((2, -3), r))
        assert len(ring) == 3 * r * (r + 1) + 1
        assert all(H.distance((2, -3), h) <= r for h in ring)
        assert ring == sorted(ring, key=H.sort_key)


def test_ids_round_trip_on_every_hex():
    """BI-29.1 hex targets; BI-0 hex notation."""
    for _k, h in ALL:
        assert H.parse_hex_target(H.hex_target(h)) == h
        assert H.parse_key(H.key(h)) == h
        assert H.key_neighbours(H.key(h)) == [H.key(n) for n in H.neighbours(h)]
    assert H.hex_target((-3, 0)) == "h:-3,0"
    assert H.hex_label((-3, 0)) == "(-3,0)"
    assert H.key((4, -1)) == "4,-1"
    assert H.key_distance("-4,1", "4,-1") == 8


@pytest.mark.parametrize("bad", ["", "h:", "h:1", "x:1,2", "h:a,b", "1,2"])
def test_parse_hex_target_rejects_bad_input(bad):
    with pytest.raises(ValueError, match="not a hex target"):
        H.parse_hex_target(bad)


@pytest.mark.parametrize("bad", ["", "1", "a,b", "1;2"])
def test_parse_key_rejects_bad_input(bad):
    with pytest.raises(ValueError, match="not a hex key"):
        H.parse_key(bad)


def test_map_hexes_lists_every_hex_with_terrain_and_edge():
    for k, m in H.MAPS.items():
        rows = H.map_hexes(k)
        assert len(rows) == len(m.hexes)
        for h in m.hexes:
            assert rows[H.key(h)] == {"terrain": m.printed(h), "edge": m.is_edge(h)}
    assert H.map_hexes("1")["4,-1"] == {"terrain": "enemy_capital", "edge": True}


def test_pixel_centres_are_sqrt3_apart_for_neighbours():
    assert H.pixel((0, 0)) == (0.0, 0.0)
    assert H.pixel((1, 0)) == pytest.approx((math.sqrt(3), 0.0))
    assert H.pixel((0, 1)) == pytest.approx((math.sqrt(3) / 2, 1.5))
    for k, h in ALL:
        x, y = H.pixel(h)
        for n in H.MAPS[k].map_neighbours(h):
            nx, ny = H.pixel(n)
            assert math.hypot(nx - x, ny - y) == pytest.approx(math.sqrt(3))
