"""Brazil: Imperial data files against the rulings: every data ruling (BI-D01..BI-D16) and every
component count and table the rulings state (BI-2, BI-3.14, BI-7.8, BI-15.3, BI-18, BI-19..27).

Expected values are typed in from shared/rules/brazil_imperial.md, never read from the code."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.games.brazil_imperial import components as C
from engine.games.brazil_imperial import hexes as H
from engine.games.brazil_imperial.data.tables import DATA

DATA_DIR = Path(__file__).resolve().parents[2] / "engine" / "games" / "brazil_imperial" / "data"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "brazil_imperial" / "data.json"
if not SHARED.exists():  # a worktree under /work/wt/<branch>
    SHARED = (
        Path(__file__).resolve().parents[4] / "shared" / "data" / "brazil_imperial" / "data.json"
    )


def load(stem: str) -> dict:
    return json.loads((DATA_DIR / f"{stem}.json").read_text(encoding="utf-8"))


def corrections(stem: str, ruling: str) -> list[dict]:
    return [c for c in load(stem)["_source"]["corrections"] if c["ruling"] == ruling]


# --- the files themselves -----------------------------------------------------------------------


def test_tables_module_equals_the_json_files():
    stems = sorted(p.stem for p in DATA_DIR.glob("*.json"))
    assert sorted(DATA) == stems
    for stem in stems:
        assert DATA[stem] == load(stem), stem


def test_every_block_keeps_its_provenance_status():
    statuses = Counter()

    def walk(node):
        if isinstance(node, dict):
            if "status" in node and isinstance(node["status"], str):
                statuses[node["status"]] += 1
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for stem in DATA:
        walk(DATA[stem])
    assert set(statuses) == {"FOUND", "PARTLY_FOUND", "RECONSTRUCTED"}
    for m in DATA["missions"]["mission_cards"]["cards"]:
        assert m["provenance"]["status"] in {"FOUND", "RECONSTRUCTED"}
    # The two missions found in public sources (README: boardgamer.tistory.com report).
    found = [m["id"] for m in DATA["missions"]["mission_cards"]["cards"]
             if m["provenance"]["status"] == "FOUND"]  # fmt: skip
    assert found == ["MI-1", "MII-1"]


def test_readme_says_most_contents_are_reconstructed():
    text = (DATA_DIR / "README.md").read_text(encoding="utf-8")
    assert "reconstruction, not the printed game" in text
    for d in range(1, 17):
        assert f"BI-D{d:02d}" in text


@pytest.mark.skipif(not SHARED.exists(), reason="shared/data/brazil_imperial/data.json not here")
def test_corrections_record_the_shared_value_they_replace():
    shared = json.loads(SHARED.read_text(encoding="utf-8"))
    rulings = set()
    for stem in DATA:
        for c in DATA[stem]["_source"]["corrections"]:
            rulings.add(c["ruling"])
            if "*" in c["path"] or c["ruling"] == "BI-D10":
                continue
            node = shared
            for part in c["path"].split("."):
                node = node[int(part)] if isinstance(node, list) else node[part]
            assert node == c["was"], c["path"]
            assert (c["kind"] == "confirmed") == (c["was"] == c["now"]), c["path"]
    # Every data ruling of §32 that touches a value is recorded (D06 as the map prose).
    assert rulings == {f"BI-D{d:02d}" for d in range(1, 17)}


# --- BI-D01 .. BI-D16 ---------------------------------------------------------------------------


def test_bi_d01_university_produces_two_science():
    assert C.BUILDINGS["university"].produces == {"science": 2}
    assert corrections("buildings", "BI-D01")[0]["kind"] == "confirmed"


def test_bi_d02_sawmill_costs_sugar_cane_or_coffee():
    assert C.BUILDINGS["sawmill"].cost == {"sugar_cane|coffee": 1}


def test_bi_d03_mission_goods_count_supply_and_controlled_tiles():
    vocab = DATA["missions"]["mission_cards"]["condition_vocabulary"]
    for key in ("supply_has", "supply_basic_total"):
        assert "tiles you control" in vocab[key]
        assert "BI-O07" in vocab[key]
        assert corrections("missions", "BI-D03")
    # The cards that use these conditions (BI-23.4, BI-23.8, BI-23.22).
    users = sorted(m.id for m in C.MISSIONS.values()
                   for k in m.conditions if k.type in ("supply_has", "supply_basic_total"))  # fmt: skip
    assert users == ["MI-4", "MI-8", "MIII-6"]


def test_bi_d04_princesa_isabel_scores_once():
    p20 = C.PAINTINGS["P20"]
    assert p20.effect["per"] == "all_three_painting_colours_once"
    assert p20.effect["vp"] == 2
    assert "at least one painting of each" in p20.text
    assert corrections("paintings", "BI-D04")[0]["was"]["per"] == "set_of_three_painting_colours"


def test_bi_d05_solo_goal_two_is_all_units_on_the_map_at_once():
    goal = DATA["flow"]["solo"]["goals"][1]
    assert "all 5 of your units on the map at the same time" in goal
    assert "BI-O13" in goal


def test_bi_d06_hex_lists_are_authoritative():
    # Map "4": every capital is an edge hex with 2 plains + 2 forest neighbours, no gold within
    # distance 2 (nearest gold at 3), nearest lake at 4.
    m4 = H.MAPS["4"]
    for cap in m4.capital_sites:
        assert m4.is_edge(cap)
        assert Counter(m4.printed(n) for n in m4.map_neighbours(cap)) == {"plains": 2, "forest": 2}
        assert m4.nearest(cap, m4.of_terrain("gold")) == 3
        assert m4.nearest(cap, m4.of_terrain("lake")) == 4
    # Map "1": the capital (-4,1) has 4 on-map neighbours, 2 plains and 2 forest.
    m1 = H.MAPS["1"]
    assert Counter(m1.printed(n) for n in m1.map_neighbours((-4, 1))) == {"plains": 2, "forest": 2}
    # Maps "2" and "3": no lake within distance 2 of any capital.
    for k in ("2", "3"):
        m = H.MAPS[k]
        for cap in m.capital_sites:
            assert m.nearest(cap, m.of_terrain("lake")) > 2
    assert "BI-D06" in DATA["maps"]["maps"]["provenance"]["reasoning"]
    assert "3 plains + 3 forest" not in DATA["maps"]["maps"]["provenance"]["reasoning"].replace(
        "Not every capital has 3 plains + 3 forest", ""
    )


def test_bi_d06_terrain_counts_and_symmetries_match_the_hex_lists():
    for k, m in H.MAPS.items():
        rec = DATA["maps"]["maps"]["by_players"][k]
        assert Counter(m.terrain.values()) == rec["terrain_counts"]
        assert len(m.hexes) == rec["hex_count"]
        assert len(m.fog) == rec["fog_hexes"]
    rot2 = lambda h: (-h[0], -h[1])  # noqa: E731
    rot3 = lambda h: (-h[0] - h[1], h[0])  # noqa: E731
    refl = (rot2, lambda h: (-h[0] - h[1], h[1]), lambda h: (h[0] + h[1], -h[1]))
    for key, maps in (("2", (rot2,)), ("3", (rot3, lambda h: rot3(rot3(h)))), ("4", refl)):
        m = H.MAPS[key]
        for f in maps:
            assert all(m.terrain.get(f(h)) == t for h, t in m.terrain.items()), key


def test_bi_d07_pedro_i_grenadier_entry_is_kept_but_unreachable():
    assert C.MONARCHS["pedro_i"].ability["by_unit"]["grenadier"] == {"any_basic": 1}
    assert C.MONARCHS["pedro_i"].board == "green_brazil"
    assert "grenadier" not in {u.type for u in C.BOARDS["green_brazil"].units}


def test_bi_d08_card_source_lists_are_complete():
    gold = DATA["gold_cards"]["gold_cards"]["sources"]
    for s in ("pedro_i_monarch_or_heavy_cavalry", "city_salvador", "city_belem", "exploration_X09"):
        assert s in gold
    battle = DATA["battle_cards"]["battle_cards"]["sources"]
    for s in ("city_olinda", "exploration_X07", "exploration_X08", "exploration_X15"):
        assert s in battle
    # The effects printed on the components that the lists now name (BI-8.7, BI-9.5).
    assert C.CITY_TILES["salvador"].on_build == {"gold_card": 1}
    assert C.CITY_TILES["belem"].on_build == {"gold_card": 1}
    assert C.CITY_TILES["olinda"].on_build == {"battle_card": 1}
    assert C.EXPLORATION_TILES["X09"].reward == {"gold_card": 1}
    for x in ("X07", "X08", "X15"):
        assert C.EXPLORATION_TILES[x].reward == {"battle_card": 1}


def test_bi_d09_edge_flag_explicit_and_correct():
    counts = {"1": (22, 29), "2": (28, 51), "3": (30, 61), "4": (34, 79)}
    for k, rec in DATA["maps"]["maps"]["by_players"].items():
        assert all(isinstance(h["edge"], bool) for h in rec["hexes"])
        m = H.MAPS[k]
        edge = sum(1 for h in m.hexes if len(m.map_neighbours(h)) < 6)
        assert (edge, len(m.hexes) - edge) == counts[k]
        assert {h for h in m.hexes if len(m.map_neighbours(h)) < 6} == m.edge


def test_bi_d10_no_cost_uses_the_any_key():
    assert "any" not in DATA["meta"]["meta"]["cost_notation"]
    costs = [b.cost for b in C.BUILDINGS.values()] + [p.cost for p in C.PRODUCTS.values()]
    costs += [p.cost for p in C.PAINTINGS.values()] + [c.cost for c in C.CITY_TILES.values()]
    costs += [u.first_deploy_cost for b in C.BOARDS.values() for u in b.units]
    assert all("any" not in c for c in costs)


def test_bi_d11_won_flag_hex_becomes_plains():
    assert "becomes plains" in DATA["exploration_tiles"]["exploration_tiles"]["flag_tiles"]


def test_bi_d12_missions_before_monarchs_in_setup():
    common = DATA["flow"]["setup_by_players"]["common"]
    mission = next(i for i, s in enumerate(common) if "missions per era" in s)
    monarch = next(i for i, s in enumerate(common) if s.startswith("monarch choice"))
    assert mission < monarch


def test_bi_d13_era_three_missions_scored_at_the_end():
    mc = DATA["missions"]["mission_cards"]
    assert "evaluated at the end of the game" in mc["completion"]
    assert mc["vp"]["era_III"] == "2 per objective met at game end (revealed or not)"


def test_bi_d14_connection_needs_ownership_only():
    text = DATA["buildings"]["building_rules"]["placement"]
    assert "whose owner is you" in text and "control not required" in text


def test_bi_d15_solo_dutch_capital_is_the_exception():
    assert "Dutch capital can be entered" in DATA["palaces"]["palaces"][0]["text"]
    assert "Dutch capital" in DATA["flow"]["movement"]["free_move"]
    assert DATA["flow"]["solo"]["dutch_capital"]["counts_as"].startswith("a city that CAN be")


def test_bi_d16_tiebreak_counts_science_on_controlled_tiles_only():
    text = DATA["flow"]["scoring"]["tiebreak"]
    assert "science goods on the tiles you control" in text
    assert "personal supplies does not count" in text


# --- component tables (BI-2, BI-19..BI-27) ------------------------------------------------------

BUILDINGS = {  # BI-2.2: era, terrains, cost, produces, vp, tile
    "sugar_cane_field": ("I", {"plains"}, {"brazilwood": 1}, {"sugar_cane": 2}, 1, "T1"),
    "farm": ("I", {"plains"}, {"brazilwood": 1, "sugar_cane|coffee": 1}, {"coffee": 2}, 2, "T2"),
    "sawmill": ("I", {"forest"}, {"sugar_cane|coffee": 1}, {"brazilwood": 2}, 1, "T1"),
    "trading_post": ("I", {"forest"}, {"brazilwood": 1, "sugar_cane|coffee": 1},
                     {"brazilwood": 1, "gold": 1}, 2, "T2"),
    "gold_mine": ("II", {"gold"}, {"brazilwood": 1, "sugar_cane|coffee": 1}, {"gold": 2}, 2, "T3"),
    "cotton_plantation": ("II", {"plains"}, {"gold": 1}, {"cotton": 2}, 2, "T3"),
    "church": ("III", {"plains", "forest", "gold"}, {"cotton": 1, "gold": 1},
               {"gold": 1, "science": 1}, 2, "T4"),
    "university": ("III", {"plains", "forest", "gold"}, {"gold": 1, "science": 1},
                   {"science": 2}, 3, "T4"),
}  # fmt: skip


def test_bi_2_2_buildings():
    assert set(C.BUILDINGS) == set(BUILDINGS)
    for bid, (era, terr, cost, prod, vp, tile) in BUILDINGS.items():
        b = C.BUILDINGS[bid]
        assert (b.era, b.terrains, b.cost, b.produces, b.vp, b.strength, b.tile) == (
            era, terr, cost, prod, vp, vp, tile), bid  # fmt: skip


def test_bi_2_3_building_tiles():
    want = {"T1": ({"sugar_cane_field", "sawmill"}, "I", 12),
            "T2": ({"farm", "trading_post"}, "I", 12),
            "T3": ({"gold_mine", "cotton_plantation"}, "II", 8),
            "T4": ({"church", "university"}, "III", 8)}  # fmt: skip
    assert {t: (set(x.sides), x.era, x.count) for t, x in C.BUILDING_TILES.items()} == want
    assert C.BUILDINGS["sawmill"].other_side == "sugar_cane_field"
    assert C.BUILDINGS["university"].other_side == "church"


def test_bi_2_10_unit_types():
    assert {k: (u.strength, u.ability) for k, u in C.UNIT_TYPES.items()} == {
        "archer": (1, None), "grenadier": (2, "bombard"), "monarch": (2, "founds_cities"),
        "heavy_cavalry": (3, "carry"), "cannon": (3, "bombard"),
    }  # fmt: skip


BOARDS = {  # BI-27.1: monarchs, slots (type, cost), army
    "green_brazil": (("pedro_i", "pedro_ii", "tibirica", "oba_ii"), [
        ("archer", {"brazilwood": 1}), ("archer", {"sugar_cane": 1}), ("monarch", {"gold": 1}),
        ("heavy_cavalry", {"gold": 1, "coffee": 1}),
        ("cannon", {"gold": 1, "brazilwood": 1, "sugar_cane": 1})], 10),
    "red_portugal": (("manuel_i", "afonso_i"), [
        ("archer", {"sugar_cane": 1}), ("grenadier", {"brazilwood": 1, "sugar_cane": 1}),
        ("monarch", {"gold": 1}), ("heavy_cavalry", {"gold": 1, "coffee": 1}),
        ("cannon", {"gold": 2, "brazilwood": 1})], 11),
    "yellow_spain": (("nassau", "isabella_i"), [
        ("archer", {"brazilwood": 1}), ("archer", {"coffee": 1}), ("monarch", {"gold": 1}),
        ("heavy_cavalry", {"gold": 1, "brazilwood": 1}), ("grenadier", {"gold": 1, "cotton": 1})],
        9),
    "blue_france": (("victoria", "napoleon"), [
        ("archer", {"brazilwood": 1}), ("grenadier", {"gold": 1}),
        ("grenadier", {"gold": 1, "sugar_cane": 1}), ("monarch", {"gold": 1}),
        ("cannon", {"gold": 1, "science": 1})], 10),
}  # fmt: skip


def test_bi_27_1_boards_armies_and_costs():
    assert list(C.BOARDS) == list(BOARDS)
    for bid, (monarchs, slots, army) in BOARDS.items():
        b = C.BOARDS[bid]
        assert b.monarchs == monarchs
        assert [(u.type, u.first_deploy_cost) for u in b.units] == slots
        assert [u.slot for u in b.units] == [1, 2, 3, 4, 5]
        assert all(u.strength == u.vp == C.UNIT_TYPES[u.type].strength for u in b.units)
        assert b.army_strength == army == sum(u.strength for u in b.units)


def test_bi_27_3_products():
    want = {"dye": ("square", {"brazilwood": 2}, 1), "sugar": ("square", {"sugar_cane": 2}, 1),
            "cachaca": ("pentagon", {"sugar_cane": 1, "coffee": 1, "gold": 1}, 2),
            "roasted_coffee": ("pentagon", {"coffee": 2, "gold": 1}, 2),
            "textiles": ("octagon", {"cotton": 2, "science": 1}, 3),
            "jewelry": ("octagon", {"gold": 2, "science": 1}, 3)}  # fmt: skip
    assert {k: (p.shape, p.cost, p.vp) for k, p in C.PRODUCTS.items()} == want


def test_bi_19_monarchs():
    boards = {"manuel_i": "red_portugal", "nassau": "yellow_spain", "pedro_i": "green_brazil",
              "pedro_ii": "green_brazil", "tibirica": "green_brazil", "oba_ii": "green_brazil",
              "isabella_i": "yellow_spain", "afonso_i": "red_portugal", "victoria": "blue_france",
              "napoleon": "blue_france"}  # fmt: skip
    assert {k: m.board for k, m in C.MONARCHS.items()} == boards
    ab = {k: m.ability for k, m in C.MONARCHS.items()}
    # BI-19.1, 19.2, 19.7: crowned output and VP, first 3.
    assert (ab["manuel_i"]["produces"], ab["manuel_i"]["vp"]) == ({"brazilwood": 2, "gold": 1}, 2)
    assert (ab["nassau"]["produces"], ab["nassau"]["vp"]) == ({"sugar_cane": 3}, 3)
    assert (ab["isabella_i"]["produces"], ab["isabella_i"]["vp"]) == (
        {"brazilwood": 1, "gold": 2}, 3)  # fmt: skip
    assert {ab[m]["first_n"] for m in ("manuel_i", "nassau", "isabella_i")} == {3}
    # BI-19.3 Pedro I; BI-19.4 Pedro II; BI-19.5 Tibiriçá; BI-19.6 Dom Obá II.
    assert ab["pedro_i"]["by_unit"]["archer"] == {"any_basic": 1}
    assert ab["pedro_i"]["by_unit"]["heavy_cavalry"] == {"gold_card": 1}
    assert (ab["pedro_ii"]["red"], ab["pedro_ii"]["pink"], ab["pedro_ii"]["blue"]) == (
        {"any_basic": 1}, {"gold": 1}, {"science": 1})  # fmt: skip
    assert ab["tibirica"]["sequence"] == [{"any_basic": 1}, {"gold": 1}, {"science": 1}]
    assert ab["oba_ii"]["on_complete_first_two"] == {"science": 1}
    assert ab["oba_ii"]["end_vp_each"] == 1
    # BI-19.8 Afonso I rates; BI-19.9 Victoria; BI-19.10 Napoleon.
    assert ab["afonso_i"]["rates"] == {"1": {"gold": 1}, "2": {"any_basic": 2},
                                       "3": {"science": 1, "gold": 1}}  # fmt: skip
    assert (ab["victoria"]["max"], ab["victoria"]["on_place"]) == (3, {"science": 1})
    assert ab["napoleon"]["after_first_deploy_extra_battle_card"] == 1
    assert ab["napoleon"]["two_cards_as"] == {"science": 1}


PAINTINGS = {  # BI-20: colour, cost, vp
    "P01": ("red", {"any_basic": 1}, 1), "P02": ("red", {"any_basic": 1}, 1),
    "P03": ("red", {"gold": 1}, 1), "P04": ("red", {"gold": 1}, 1),
    "P05": ("red", {"any_basic": 1}, 1), "P06": ("red", {}, 0), "P07": ("red", {}, 0),
    "P08": ("red", {}, 0),
    "P09": ("pink", {"gold": 1, "any_basic": 1}, 1), "P10": ("pink", {"gold": 1}, 2),
    "P11": ("pink", {"gold": 1}, 1), "P12": ("pink", {"gold": 1}, 1), "P13": ("pink", {}, 0),
    "P14": ("pink", {"any_basic": 2}, 1), "P15": ("pink", {"any_basic": 1}, 1),
    "P16": ("pink", {"gold": 1, "any_basic": 1}, 1),
    "P17": ("blue", {"science": 1}, 2), "P18": ("blue", {"science": 1, "gold": 1}, 2),
    "P19": ("blue", {"gold": 1, "any_basic": 1}, 2), "P20": ("blue", {"science": 1}, 1),
    "P21": ("blue", {"science": 1, "any_basic": 1}, 3), "P22": ("blue", {"science": 1}, 1),
    "P23": ("blue", {"gold": 1, "any_basic": 1}, 1), "P24": ("blue", {"gold": 2}, 1),
}  # fmt: skip


def test_bi_2_7_and_bi_20_paintings():
    assert len(C.PAINTINGS) == 24
    assert Counter(p.colour for p in C.PAINTINGS.values()) == {"red": 8, "pink": 8, "blue": 8}
    assert {k: (p.colour, p.cost, p.vp) for k, p in C.PAINTINGS.items()} == PAINTINGS
    # Each building has exactly one +1 production painting (BI-20.1-20.4, 20.9, 20.10, 20.17, 20.18).
    prod = {p.effect["building"]: (p.id, p.effect["extra"]) for p in C.PAINTINGS.values()
            if p.effect["type"] == "production_bonus"}  # fmt: skip
    assert prod == {"sugar_cane_field": ("P01", {"sugar_cane": 1}),
                    "sawmill": ("P02", {"brazilwood": 1}), "farm": ("P03", {"coffee": 1}),
                    "trading_post": ("P04", {"brazilwood": 1}), "gold_mine": ("P09", {"gold": 1}),
                    "cotton_plantation": ("P10", {"cotton": 1}),
                    "church": ("P17", {"science": 1}), "university": ("P18", {"science": 1})}  # fmt: skip
    e = {k: p.effect for k, p in C.PAINTINGS.items()}
    assert (e["P05"]["when"], e["P05"]["amount"]) == ("defend", 2)
    assert (e["P06"]["when"], e["P06"]["amount"]) == ("attack", 2)
    assert (e["P11"]["when"], e["P11"]["amount"]) == ("attack", 1)
    assert (e["P19"]["when"], e["P19"]["amount"]) == ("any", 1)
    assert e["P07"]["gain"] == {"any_basic": 1} and e["P08"]["gain"] == {"any_basic": 2}
    assert e["P12"]["gold_per_trade_action"] == 1 and e["P13"]["amount"] == 2
    assert e["P14"]["extra_basic"] == 1
    assert (e["P15"]["gold_cards"], e["P15"]["battle_cards"]) == (4, 4)
    assert [(e[p]["per"], e[p]["vp"]) for p in ("P16", "P22", "P23", "P24")] == [
        ("palace_on_map", 1), ("completed_mission", 1), ("unit_on_map", 1),
        ("city_owned_and_controlled", 2)]  # fmt: skip
    assert e["P21"]["type"] == "none"


def test_bi_21_gold_cards():
    assert len(C.GOLD_CARDS) == 20
    actions = {f"G{i:02d}": a for i, a in enumerate(
        ["build"] * 3 + ["deploy"] * 2 + ["frame"] * 2 + ["renovate"] * 2 + ["manufacture"] * 2
        + ["harbor"], start=1)}  # fmt: skip
    for gid, card in C.GOLD_CARDS.items():
        n = int(gid[1:])
        if n <= 12:
            assert (card.kind, card.action) == ("extra_action", actions[gid]), gid
        elif n <= 16:
            assert (card.kind, card.vp) == ("treasure", 2), gid
        elif n <= 18:
            assert (card.kind, card.gain) == ("immediate_gain", {"any_basic": 2}), gid
        else:
            assert (card.kind, card.gain) == ("immediate_gain", {"science": 1}), gid
    assert C.GOLD_HAND_LIMIT == 3


def test_bi_22_battle_cards():
    assert len(C.BATTLE_CARDS) == 24
    want = {}
    for i in range(1, 9):
        want[f"B{i:02d}"] = (1, 1, frozenset(), 1)
    for i in range(9, 15):
        want[f"B{i:02d}"] = (2, 2, frozenset(), 2)
    for i in range(15, 19):
        want[f"B{i:02d}"] = (3, 3, frozenset(), 3)
    want["B19"] = want["B20"] = (0, 3, frozenset(), 0)
    want["B21"] = want["B22"] = (1, 1, frozenset({"heavy_cavalry"}), 3)
    want["B23"] = want["B24"] = (1, 1, frozenset({"cannon", "grenadier"}), 3)
    got = {k: (b.attack, b.defence, b.if_units, b.then_value) for k, b in C.BATTLE_CARDS.items()}
    assert got == want
    assert (C.BATTLE_HAND_LIMIT, C.MAX_CARDS_PER_COMBAT) == (3, 3)


U, B, T, CI, P, PA, S, SB, G, PL, D = (
    "units_on_map", "own_building", "own_buildings_total", "own_cities", "products",
    "paintings", "supply_has", "supply_basic_total", "gold_cards_in_hand", "palaces_on_map",
    "distinct_building_types",
)  # fmt: skip
MISSIONS = {  # BI-23: (type, min, parameter) x 3
    "MI-1": [(U, 1, None), (B, 1, "trading_post"), (B, 1, "farm")],
    "MI-2": [(B, 2, "sugar_cane_field"), (B, 1, "sawmill"), (PA, 1, None)],
    "MI-3": [(U, 2, None), (B, 1, "sawmill"), (P, 1, None)],
    "MI-4": [(T, 3, None), (PA, 1, None), (S, 2, "gold")],
    "MI-5": [(U, 1, None), (P, 1, "square"), (B, 1, "farm")],
    "MI-6": [(B, 1, "trading_post"), (B, 1, "sugar_cane_field"), (PA, 2, None)],
    "MI-7": [(U, 2, None), (D, 2, None), (G, 1, None)],
    "MI-8": [(B, 1, "sawmill"), (B, 1, "farm"), (SB, 3, None)],
    "MII-1": [(U, 3, None), (P, 2, "pentagon"), (CI, 1, None)],
    "MII-2": [(B, 1, "gold_mine"), (B, 1, "cotton_plantation"), (PA, 2, "distinct")],
    "MII-3": [(CI, 1, None), (P, 2, None), (T, 4, None)],
    "MII-4": [(U, 3, None), (B, 1, "cotton_plantation"), (PA, 3, None)],
    "MII-5": [(B, 1, "gold_mine"), (P, 1, "pentagon"), (CI, 1, None)],
    "MII-6": [(T, 5, None), (U, 2, None), (G, 1, None)],
    "MII-7": [(B, 2, "cotton_plantation"), (P, 1, "square"), (P, 1, "pentagon")],
    "MII-8": [(CI, 1, None), (B, 1, "gold_mine"), (U, 3, None)],
    "MIII-1": [(B, 1, "church"), (B, 1, "university"), (P, 1, "octagon")],
    "MIII-2": [(U, 4, None), (CI, 2, None), (PA, 4, None)],
    "MIII-3": [(PL, 2, None), (T, 6, None), (P, 1, "octagon")],
    "MIII-4": [(P, 4, None), (B, 1, "university"), (U, 3, None)],
    "MIII-5": [(B, 2, "church"), (PA, 3, "distinct"), (CI, 1, None)],
    "MIII-6": [(U, 5, None), (B, 2, "gold_mine"), (S, 2, "science")],
    "MIII-7": [(B, 2, "cotton_plantation"), (B, 1, "church"), (P, 2, "pentagon")],
    "MIII-8": [(T, 8, None), (PA, 5, None), (CI, 2, None)],
}


def _param(k: C.Condition) -> str | None:
    return k.building or k.shape or k.item or ("distinct" if k.distinct_colours else None)


def test_bi_23_missions():
    assert len(C.MISSIONS) == 24
    for era in C.ERAS:
        assert len(C.missions_of_era(era)) == 8
    got = {m.id: [(k.type, k.min, _param(k)) for k in m.conditions] for m in C.MISSIONS.values()}
    assert got == MISSIONS
    for m in C.MISSIONS.values():
        want = {"I": (3, 0), "II": (5, 0), "III": (0, 2)}[m.era]
        assert (m.vp_on_reveal, m.vp_per_condition) == want, m.id


def test_bi_24_exploration_tiles():
    want = {"X01": ({"any_basic": 2}, 0, None), "X02": ({"any_basic": 2}, 0, None),
            "X03": ({"gold": 1}, 1, None), "X04": ({"gold": 1}, 1, None),
            "X05": ({"science": 1}, 1, None), "X06": ({"science": 1}, 1, None),
            "X07": ({"battle_card": 1}, 1, None), "X08": ({"battle_card": 1}, 1, None),
            "X09": ({"gold_card": 1}, 1, None), "X10": ({}, 3, None), "X11": ({}, 3, None),
            "X12": ({}, 2, 2), "X13": ({"gold": 1}, 3, 3), "X14": ({"gold": 1}, 3, 3),
            "X15": ({"battle_card": 1}, 4, 4), "X16": ({"gold": 2}, 5, 5)}  # fmt: skip
    assert {k: (t.reward, t.vp, t.flag) for k, t in C.EXPLORATION_TILES.items()} == want


def test_bi_25_capital_tiles():
    want = {"A": (True, {"brazilwood": 1, "sugar_cane": 1}),
            "B": (False, {"brazilwood": 1, "sugar_cane": 1, "coffee": 1}),
            "C": (False, {"brazilwood": 1, "sugar_cane": 1, "gold": 1}),
            "D": (False, {"brazilwood": 1, "sugar_cane": 1, "coffee": 1, "gold": 1})}  # fmt: skip
    assert {k: (t.first_player, t.gives) for k, t in C.CAPITAL_TILES.items()} == want


def test_bi_26_city_tiles():
    want = {"sao_vicente": ({"brazilwood": 1, "sugar_cane": 1}, 2, {"any_basic": 1}),
            "olinda": ({"sugar_cane": 1, "coffee": 1}, 2, {"battle_card": 1}),
            "salvador": ({"brazilwood": 1, "sugar_cane": 1, "gold": 1}, 3, {"gold_card": 1}),
            "recife": ({"sugar_cane": 1, "coffee": 1, "gold": 1}, 3, {"gold": 1}),
            "sao_paulo": ({"brazilwood": 1, "coffee": 1, "gold": 1}, 3, {"science": 1}),
            "belem": ({"brazilwood": 2, "gold": 1}, 3, {"gold_card": 1}),
            "ouro_preto": ({"gold": 2, "coffee": 1}, 4, {}),
            "rio_de_janeiro": ({"gold": 2, "science": 1}, 5, {})}  # fmt: skip
    got = {k: (t.cost, t.vp, t.on_build) for k, t in C.CITY_TILES.items()}
    assert got == want
    assert all(t.strength == t.vp for t in C.CITY_TILES.values())


def test_bi_7_8_and_bi_7_9_arches():
    assert list(C.ARCHES) == ["deploy", "frame", "build", "renovate", "manufacture", "harbor",
                              "trade"]  # fmt: skip
    slots = {k: a.upgrade_slot for k, a in C.ARCHES.items()}
    assert slots == {"deploy": "octagon", "frame": "octagon", "build": "pentagon",
                     "renovate": "pentagon", "manufacture": "square", "harbor": "square",
                     "trade": None}  # fmt: skip
    moves = {k: (a.extra_move, a.extra_terrain) for k, a in C.ARCHES.items()}
    assert moves["deploy"] == ("teleport", frozenset())
    assert moves["frame"] == ("adjacent_terrain", frozenset({"forest"}))
    assert moves["build"] == ("adjacent_tile", frozenset())
    assert moves["renovate"] == ("edge_or_water", frozenset())
    assert moves["manufacture"] == ("adjacent_terrain", frozenset({"gold"}))
    assert moves["harbor"] == moves["trade"] == (None, frozenset())
    bonus = {k: (a.attack_bonus, a.defence_bonus) for k, a in C.ARCHES.items()}
    assert bonus == {**{k: (0, 0) for k in slots}, "harbor": (1, 2), "trade": (1, 2)}


def test_bi_15_3_palaces():
    era1 = {"sugar_cane_field", "sawmill", "farm", "trading_post"}
    want = {"II": (era1, {"sugar_cane": 1, "free_manufacture": "square"}, None, 0),
            "III": (era1 | {"gold_mine", "cotton_plantation", "city"}, {"gold_card": 1},
                    "gold_mine_built_and_controlled", 1),
            "IV": ({"cotton_plantation"}, {"cotton": 1}, "cotton_plantation_built_and_controlled", 2),
            "V": ({"farm"}, {}, "product_manufactured", 1),
            "VI": ({"city"}, {"battle_card": 1}, "unit_deployed_at_least_once", 1)}  # fmt: skip
    got = {k: (set(p.sites), dict(p.reward), p.end_per, p.end_vp) for k, p in C.PALACES.items()}
    assert got == want
    assert {p.vp for p in C.PALACES.values()} == {2}


def test_bi_2_11_and_bi_3_14_maps_and_setup():
    want = {1: ("1", ("A",), 51, ((-4, 1),), 5), 2: ("2", ("A", "B"), 79, ((-4, 1), (4, -1)), 8),
            3: ("3", ("A", "B", "C"), 91, ((-3, 4), (-1, -3), (4, -1)), 9),
            4: ("4", ("A", "B", "C", "D"), 113, ((-6, 4), (-2, -4), (2, 4), (6, -4)), 8)}  # fmt: skip
    for n, (key, caps, size, sites, fog) in want.items():
        s = C.SETUPS[n]
        m = H.map_for_players(n)
        assert (s.map, s.capital_tiles, m.key) == (key, caps, key)
        assert (len(m.hexes), m.capital_sites, len(m.fog)) == (size, sites, fog)
        assert len(C.EXPLORATION_TILES) - len(m.fog) == {1: 11, 2: 8, 3: 7, 4: 8}[n]
        assert all(m.printed(c) == "capital_site" for c in sites)
    assert H.MAPS["1"].enemy_capital == (4, -1)
    assert H.MAPS["1"].printed((4, -1)) == "enemy_capital"
    assert all(H.MAPS[k].enemy_capital is None for k in ("2", "3", "4"))


def test_bi_18_solo_numbers():
    s = C.SOLO
    assert s.board == "green_brazil"
    assert (s.dutch_tile_strength, s.garrison) == (3, (2, 2))
    assert (s.reinforcement_turns, s.reinforcement_strength, s.turn_limit) == ((6, 12, 18), 1, 20)


def test_bi_5_limits_and_items():
    assert C.BASIC == ("brazilwood", "sugar_cane", "coffee", "cotton")
    assert C.ASSETS == ("gold", "science")
    assert C.SUPPLY_LIMIT == 5
