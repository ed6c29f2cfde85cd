"""Brazil: Imperial data files against the rulings: every data ruling (BI-D01..BI-D16) and every
component count and table the rulings state (BI-2, BI-3.14, BI-7.8, BI-15.3, BI-18, BI-19..27).

Expected values are typed in from shared/rules/brazil_imperial.md, never read from the code."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.games.brazil_imperial import cards as K
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
    """tables.py (what the engine imports) equals the JSON data files."""
    stems = sorted(p.stem for p in DATA_DIR.glob("*.json"))
    assert sorted(DATA) == stems
    for stem in stems:
        assert DATA[stem] == load(stem), stem


def test_every_block_keeps_its_provenance_status():
    """Provenance statuses kept (data README); MI-1 and MII-1 are the FOUND missions (BI-23.1, BI-23.9)."""
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
    """The data README says contents are reconstructed and names every data ruling."""
    text = (DATA_DIR / "README.md").read_text(encoding="utf-8")
    assert "reconstruction, not the printed game" in text
    for d in range(1, 17):
        assert f"BI-D{d:02d}" in text


@pytest.mark.skipif(not SHARED.exists(), reason="shared/data/brazil_imperial/data.json not here")
def test_corrections_record_the_shared_value_they_replace():
    """Each correction records the data.json value it replaces (BI-D01..BI-D16)."""
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
    """BI-D01, BI-A01, BI-2.2: University produces 2 science."""
    assert C.BUILDINGS["university"].produces == {"science": 2}
    assert corrections("buildings", "BI-D01")[0]["kind"] == "confirmed"


def test_bi_d02_sawmill_costs_sugar_cane_or_coffee():
    """BI-D02, BI-A02: Sawmill costs 1 sugar cane or 1 coffee (erratum)."""
    assert C.BUILDINGS["sawmill"].cost == {"sugar_cane|coffee": 1}


def test_bi_d03_mission_goods_count_supply_and_controlled_tiles():
    """BI-D03, BI-A21, BI-14.2: goods on controlled tiles count (option BI-O07)."""
    vocab = DATA["missions"]["mission_cards"]["condition_vocabulary"]
    for key in ("supply_has", "supply_basic_total"):
        assert "tiles you control" in vocab[key]
        assert "BI-O07" in vocab[key]
        assert corrections("missions", "BI-D03")
    # The cards that use these conditions (BI-23.4, BI-23.8, BI-23.22).
    users = sorted(m.id for m in K.MISSIONS.values()
                   for k in m.conditions if k.type in ("supply_has", "supply_basic_total"))  # fmt: skip
    assert users == ["MI-4", "MI-8", "MIII-6"]


def test_bi_d04_princesa_isabel_scores_once():
    """BI-D04, BI-20.20: P20 gives +2 once (option BI-O08)."""
    p20 = K.PAINTINGS["P20"]
    assert p20.effect["per"] == "all_three_painting_colours_once"
    assert p20.effect["vp"] == 2
    assert "at least one painting of each" in p20.text
    assert corrections("paintings", "BI-D04")[0]["was"]["per"] == "set_of_three_painting_colours"


def test_bi_d05_solo_goal_two_is_all_units_on_the_map_at_once():
    """BI-D05, BI-18.6, BI-A44: solo goal 2 reads all 5 units on the map at once."""
    goal = DATA["flow"]["solo"]["goals"][1]
    assert "all 5 of your units on the map at the same time" in goal
    assert "BI-O13" in goal


def test_bi_d06_hex_lists_are_authoritative():
    """BI-D06: the map facts the ruling states, read from the hex lists."""
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
    """BI-D06, BI-2.11: counts and symmetries match the hex lists."""
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
    """BI-D07, BI-A28, BI-19.3: Pedro I's grenadier entry kept, unreachable."""
    assert C.MONARCHS["pedro_i"].ability["by_unit"]["grenadier"] == {"any_basic": 1}
    assert C.MONARCHS["pedro_i"].board == "green_brazil"
    assert "grenadier" not in {u.type for u in C.BOARDS["green_brazil"].units}


def test_bi_d08_card_source_lists_are_complete():
    """BI-D08, BI-8.7, BI-9.5: the full card source lists."""
    gold = DATA["gold_cards"]["gold_cards"]["sources"]
    for s in ("pedro_i_monarch_or_heavy_cavalry", "city_salvador", "city_belem", "exploration_X09"):
        assert s in gold
    battle = DATA["battle_cards"]["battle_cards"]["sources"]
    for s in ("city_olinda", "exploration_X07", "exploration_X08", "exploration_X15"):
        assert s in battle
    # The effects printed on the components that the lists now name (BI-8.7, BI-9.5).
    assert K.CITY_TILES["salvador"].on_build == {"gold_card": 1}
    assert K.CITY_TILES["belem"].on_build == {"gold_card": 1}
    assert K.CITY_TILES["olinda"].on_build == {"battle_card": 1}
    assert K.EXPLORATION_TILES["X09"].reward == {"gold_card": 1}
    for x in ("X07", "X08", "X15"):
        assert K.EXPLORATION_TILES[x].reward == {"battle_card": 1}


def test_bi_d09_edge_flag_explicit_and_correct():
    """BI-D09, BI-1.2, BI-A07: edge flags explicit and exactly the hexes with < 6 neighbours."""
    counts = {"1": (22, 29), "2": (28, 51), "3": (30, 61), "4": (34, 79)}
    for k, rec in DATA["maps"]["maps"]["by_players"].items():
        assert all(isinstance(h["edge"], bool) for h in rec["hexes"])
        m = H.MAPS[k]
        edge = sum(1 for h in m.hexes if len(m.map_neighbours(h)) < 6)
        assert (edge, len(m.hexes) - edge) == counts[k]
        assert {h for h in m.hexes if len(m.map_neighbours(h)) < 6} == m.edge


def test_bi_d10_no_cost_uses_the_any_key():
    """BI-D10: the unused cost key is gone and no cost uses it."""
    assert "any" not in DATA["meta"]["meta"]["cost_notation"]
    costs = [b.cost for b in C.BUILDINGS.values()] + [p.cost for p in C.PRODUCTS.values()]
    costs += [p.cost for p in K.PAINTINGS.values()] + [c.cost for c in K.CITY_TILES.values()]
    costs += [u.first_deploy_cost for b in C.BOARDS.values() for u in b.units]
    assert all("any" not in c for c in costs)


def test_bi_d11_won_flag_hex_becomes_plains():
    """BI-D11, BI-11.4: a won flag's hex becomes plains."""
    assert "becomes plains" in DATA["exploration_tiles"]["exploration_tiles"]["flag_tiles"]


def test_bi_d12_missions_before_monarchs_in_setup():
    """BI-D12, BI-A54, BI-3.15: the mission draft comes before the monarch choice."""
    common = DATA["flow"]["setup_by_players"]["common"]
    mission = next(i for i, s in enumerate(common) if "missions per era" in s)
    monarch = next(i for i, s in enumerate(common) if s.startswith("monarch choice"))
    assert mission < monarch


def test_bi_d13_era_three_missions_scored_at_the_end():
    """BI-D13, BI-A23: era III missions are evaluated at the end."""
    mc = DATA["missions"]["mission_cards"]
    assert "evaluated at the end of the game" in mc["completion"]
    assert mc["vp"]["era_III"] == "2 per objective met at game end (revealed or not)"


def test_bi_d14_connection_needs_ownership_only():
    """BI-D14, BI-6.5, BI-A19: connection needs ownership only."""
    text = DATA["buildings"]["building_rules"]["placement"]
    assert "whose owner is you" in text and "control not required" in text


def test_bi_d15_solo_dutch_capital_is_the_exception():
    """BI-D15, BI-18.3, BI-12.12: the Dutch capital is the solo exception."""
    assert "Dutch capital can be entered" in DATA["palaces"]["palaces"][0]["text"]
    assert "Dutch capital" in DATA["flow"]["movement"]["free_move"]
    assert DATA["flow"]["solo"]["dutch_capital"]["counts_as"].startswith("a city that CAN be")


def test_bi_d16_tiebreak_counts_science_on_controlled_tiles_only():
    """BI-D16, BI-17.4: tiebreak counts science goods on controlled tiles only."""
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
    """BI-2.2, BI-6.4, BI-6.14: the eight buildings."""
    assert set(C.BUILDINGS) == set(BUILDINGS)
    for bid, (era, terr, cost, prod, vp, tile) in BUILDINGS.items():
        b = C.BUILDINGS[bid]
        assert (b.era, b.terrains, b.cost, b.produces, b.vp, b.strength, b.tile) == (
            era, terr, cost, prod, vp, vp, tile), bid  # fmt: skip


def test_bi_2_3_building_tiles():
    """BI-2.3: tiles T1-T4, their sides and pool counts."""
    want = {"T1": ({"sugar_cane_field", "sawmill"}, "I", 12),
            "T2": ({"farm", "trading_post"}, "I", 12),
            "T3": ({"gold_mine", "cotton_plantation"}, "II", 8),
            "T4": ({"church", "university"}, "III", 8)}  # fmt: skip
    assert {t: (set(x.sides), x.era, x.count) for t, x in C.BUILDING_TILES.items()} == want
    assert C.BUILDINGS["sawmill"].other_side == "sugar_cane_field"
    assert C.BUILDINGS["university"].other_side == "church"


def test_bi_2_10_unit_types():
    """BI-2.10, BI-27.2, BI-1.8: unit strengths and abilities."""
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
    """BI-27.1, BI-2.9: armies, first-deployment costs and monarch lists."""
    assert list(C.BOARDS) == list(BOARDS)
    for bid, (monarchs, slots, army) in BOARDS.items():
        b = C.BOARDS[bid]
        assert b.monarchs == monarchs
        assert [(u.type, u.first_deploy_cost) for u in b.units] == slots
        assert [u.slot for u in b.units] == [1, 2, 3, 4, 5]
        assert all(u.strength == u.vp == C.UNIT_TYPES[u.type].strength for u in b.units)
        assert b.army_strength == army == sum(u.strength for u in b.units)


def test_bi_27_3_products():
    """BI-27.3: the six products."""
    want = {"dye": ("square", {"brazilwood": 2}, 1), "sugar": ("square", {"sugar_cane": 2}, 1),
            "cachaca": ("pentagon", {"sugar_cane": 1, "coffee": 1, "gold": 1}, 2),
            "roasted_coffee": ("pentagon", {"coffee": 2, "gold": 1}, 2),
            "textiles": ("octagon", {"cotton": 2, "science": 1}, 3),
            "jewelry": ("octagon", {"gold": 2, "science": 1}, 3)}  # fmt: skip
    assert {k: (p.shape, p.cost, p.vp) for k, p in C.PRODUCTS.items()} == want


def test_bi_19_monarchs():
    """Monarch boards and parameters: BI-19.1, BI-19.2, BI-19.3, BI-19.4, BI-19.5, BI-19.6,
    BI-19.7, BI-19.8, BI-19.9, BI-19.10."""
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
    "P01": ("red", {"any_basic": 1}, 1),  # BI-20.1
    "P02": ("red", {"any_basic": 1}, 1),  # BI-20.2
    "P03": ("red", {"gold": 1}, 1),  # BI-20.3
    "P04": ("red", {"gold": 1}, 1),  # BI-20.4
    "P05": ("red", {"any_basic": 1}, 1),  # BI-20.5
    "P06": ("red", {}, 0),  # BI-20.6
    "P07": ("red", {}, 0),  # BI-20.7
    "P08": ("red", {}, 0),  # BI-20.8
    "P09": ("pink", {"gold": 1, "any_basic": 1}, 1),  # BI-20.9
    "P10": ("pink", {"gold": 1}, 2),  # BI-20.10
    "P11": ("pink", {"gold": 1}, 1),  # BI-20.11
    "P12": ("pink", {"gold": 1}, 1),  # BI-20.12
    "P13": ("pink", {}, 0),  # BI-20.13
    "P14": ("pink", {"any_basic": 2}, 1),  # BI-20.14
    "P15": ("pink", {"any_basic": 1}, 1),  # BI-20.15
    "P16": ("pink", {"gold": 1, "any_basic": 1}, 1),  # BI-20.16
    "P17": ("blue", {"science": 1}, 2),  # BI-20.17
    "P18": ("blue", {"science": 1, "gold": 1}, 2),  # BI-20.18
    "P19": ("blue", {"gold": 1, "any_basic": 1}, 2),  # BI-20.19
    "P20": ("blue", {"science": 1}, 1),  # BI-20.20
    "P21": ("blue", {"science": 1, "any_basic": 1}, 3),  # BI-20.21
    "P22": ("blue", {"science": 1}, 1),  # BI-20.22
    "P23": ("blue", {"gold": 1, "any_basic": 1}, 1),  # BI-20.23
    "P24": ("blue", {"gold": 2}, 1),  # BI-20.24
}


def test_bi_2_7_and_bi_20_paintings():
    """BI-2.7, BI-20: 24 paintings, 8 per colour, costs, VP and effects."""
    assert len(K.PAINTINGS) == 24
    assert Counter(p.colour for p in K.PAINTINGS.values()) == {"red": 8, "pink": 8, "blue": 8}
    assert {k: (p.colour, p.cost, p.vp) for k, p in K.PAINTINGS.items()} == PAINTINGS
    # Each building has exactly one +1 production painting (BI-20.1-20.4, 20.9, 20.10, 20.17, 20.18).
    prod = {p.effect["building"]: (p.id, p.effect["extra"]) for p in K.PAINTINGS.values()
            if p.effect["type"] == "production_bonus"}  # fmt: skip
    assert prod == {"sugar_cane_field": ("P01", {"sugar_cane": 1}),
                    "sawmill": ("P02", {"brazilwood": 1}), "farm": ("P03", {"coffee": 1}),
                    "trading_post": ("P04", {"brazilwood": 1}), "gold_mine": ("P09", {"gold": 1}),
                    "cotton_plantation": ("P10", {"cotton": 1}),
                    "church": ("P17", {"science": 1}), "university": ("P18", {"science": 1})}  # fmt: skip
    e = {k: p.effect for k, p in K.PAINTINGS.items()}
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
    """BI-2.8, BI-21, BI-8.4, BI-8.5, BI-8.6: the 20 gold cards."""
    assert len(K.GOLD_CARDS) == 20
    want = {
        "G01": ("extra_action", "build", {}, 0),  # BI-21.1
        "G02": ("extra_action", "build", {}, 0),  # BI-21.2
        "G03": ("extra_action", "build", {}, 0),  # BI-21.3
        "G04": ("extra_action", "deploy", {}, 0),  # BI-21.4
        "G05": ("extra_action", "deploy", {}, 0),  # BI-21.5
        "G06": ("extra_action", "frame", {}, 0),  # BI-21.6
        "G07": ("extra_action", "frame", {}, 0),  # BI-21.7
        "G08": ("extra_action", "renovate", {}, 0),  # BI-21.8
        "G09": ("extra_action", "renovate", {}, 0),  # BI-21.9
        "G10": ("extra_action", "manufacture", {}, 0),  # BI-21.10
        "G11": ("extra_action", "manufacture", {}, 0),  # BI-21.11
        "G12": ("extra_action", "harbor", {}, 0),  # BI-21.12
        "G13": ("treasure", None, {}, 2),  # BI-21.13
        "G14": ("treasure", None, {}, 2),  # BI-21.14
        "G15": ("treasure", None, {}, 2),  # BI-21.15
        "G16": ("treasure", None, {}, 2),  # BI-21.16
        "G17": ("immediate_gain", None, {"any_basic": 2}, 0),  # BI-21.17
        "G18": ("immediate_gain", None, {"any_basic": 2}, 0),  # BI-21.18
        "G19": ("immediate_gain", None, {"science": 1}, 0),  # BI-21.19
        "G20": ("immediate_gain", None, {"science": 1}, 0),  # BI-21.20
    }
    got = {k: (c.kind, c.action, c.gain, c.vp) for k, c in K.GOLD_CARDS.items()}
    assert got == want
    assert C.GOLD_HAND_LIMIT == 3


def test_bi_22_battle_cards():
    """BI-2.8, BI-22, BI-9.2, BI-9.3: the 24 battle cards."""
    assert len(K.BATTLE_CARDS) == 24
    NONE, CAVALRY = frozenset(), frozenset({"heavy_cavalry"})
    GUNS = frozenset({"cannon", "grenadier"})
    want = {
        "B01": (1, 1, NONE, 1),  # BI-22.1
        "B02": (1, 1, NONE, 1),  # BI-22.2
        "B03": (1, 1, NONE, 1),  # BI-22.3
        "B04": (1, 1, NONE, 1),  # BI-22.4
        "B05": (1, 1, NONE, 1),  # BI-22.5
        "B06": (1, 1, NONE, 1),  # BI-22.6
        "B07": (1, 1, NONE, 1),  # BI-22.7
        "B08": (1, 1, NONE, 1),  # BI-22.8
        "B09": (2, 2, NONE, 2),  # BI-22.9
        "B10": (2, 2, NONE, 2),  # BI-22.10
        "B11": (2, 2, NONE, 2),  # BI-22.11
        "B12": (2, 2, NONE, 2),  # BI-22.12
        "B13": (2, 2, NONE, 2),  # BI-22.13
        "B14": (2, 2, NONE, 2),  # BI-22.14
        "B15": (3, 3, NONE, 3),  # BI-22.15
        "B16": (3, 3, NONE, 3),  # BI-22.16
        "B17": (3, 3, NONE, 3),  # BI-22.17
        "B18": (3, 3, NONE, 3),  # BI-22.18
        "B19": (0, 3, NONE, 0),  # BI-22.19
        "B20": (0, 3, NONE, 0),  # BI-22.20
        "B21": (1, 1, CAVALRY, 3),  # BI-22.21
        "B22": (1, 1, CAVALRY, 3),  # BI-22.22
        "B23": (1, 1, GUNS, 3),  # BI-22.23
        "B24": (1, 1, GUNS, 3),  # BI-22.24
    }
    got = {k: (b.attack, b.defence, b.if_units, b.then_value) for k, b in K.BATTLE_CARDS.items()}
    assert got == want
    assert (C.BATTLE_HAND_LIMIT, C.MAX_CARDS_PER_COMBAT) == (3, 3)


U, B, T, CI, P, PA, S, SB, G, PL, D = (
    "units_on_map", "own_building", "own_buildings_total", "own_cities", "products",
    "paintings", "supply_has", "supply_basic_total", "gold_cards_in_hand", "palaces_on_map",
    "distinct_building_types",
)  # fmt: skip
MISSIONS = {  # BI-23: (type, min, parameter) x 3
    "MI-1": [(U, 1, None), (B, 1, "trading_post"), (B, 1, "farm")],  # BI-23.1
    "MI-2": [(B, 2, "sugar_cane_field"), (B, 1, "sawmill"), (PA, 1, None)],  # BI-23.2
    "MI-3": [(U, 2, None), (B, 1, "sawmill"), (P, 1, None)],  # BI-23.3
    "MI-4": [(T, 3, None), (PA, 1, None), (S, 2, "gold")],  # BI-23.4
    "MI-5": [(U, 1, None), (P, 1, "square"), (B, 1, "farm")],  # BI-23.5
    "MI-6": [(B, 1, "trading_post"), (B, 1, "sugar_cane_field"), (PA, 2, None)],  # BI-23.6
    "MI-7": [(U, 2, None), (D, 2, None), (G, 1, None)],  # BI-23.7
    "MI-8": [(B, 1, "sawmill"), (B, 1, "farm"), (SB, 3, None)],  # BI-23.8
    "MII-1": [(U, 3, None), (P, 2, "pentagon"), (CI, 1, None)],  # BI-23.9
    "MII-2": [(B, 1, "gold_mine"), (B, 1, "cotton_plantation"), (PA, 2, "distinct")],  # BI-23.10
    "MII-3": [(CI, 1, None), (P, 2, None), (T, 4, None)],  # BI-23.11
    "MII-4": [(U, 3, None), (B, 1, "cotton_plantation"), (PA, 3, None)],  # BI-23.12
    "MII-5": [(B, 1, "gold_mine"), (P, 1, "pentagon"), (CI, 1, None)],  # BI-23.13
    "MII-6": [(T, 5, None), (U, 2, None), (G, 1, None)],  # BI-23.14
    "MII-7": [(B, 2, "cotton_plantation"), (P, 1, "square"), (P, 1, "pentagon")],  # BI-23.15
    "MII-8": [(CI, 1, None), (B, 1, "gold_mine"), (U, 3, None)],  # BI-23.16
    "MIII-1": [(B, 1, "church"), (B, 1, "university"), (P, 1, "octagon")],  # BI-23.17
    "MIII-2": [(U, 4, None), (CI, 2, None), (PA, 4, None)],  # BI-23.18
    "MIII-3": [(PL, 2, None), (T, 6, None), (P, 1, "octagon")],  # BI-23.19
    "MIII-4": [(P, 4, None), (B, 1, "university"), (U, 3, None)],  # BI-23.20
    "MIII-5": [(B, 2, "church"), (PA, 3, "distinct"), (CI, 1, None)],  # BI-23.21
    "MIII-6": [(U, 5, None), (B, 2, "gold_mine"), (S, 2, "science")],  # BI-23.22
    "MIII-7": [(B, 2, "cotton_plantation"), (B, 1, "church"), (P, 2, "pentagon")],  # BI-23.23
    "MIII-8": [(T, 8, None), (PA, 5, None), (CI, 2, None)],  # BI-23.24
}


def _param(k: K.Condition) -> str | None:
    return k.building or k.shape or k.item or ("distinct" if k.distinct_colours else None)


def test_bi_23_missions():
    """BI-2.8, BI-23, BI-14.5: the 24 missions, 8 per era, and their VP."""
    assert len(K.MISSIONS) == 24
    for era in C.ERAS:
        assert len(K.missions_of_era(era)) == 8
    got = {m.id: [(k.type, k.min, _param(k)) for k in m.conditions] for m in K.MISSIONS.values()}
    assert got == MISSIONS
    for m in K.MISSIONS.values():
        want = {"I": (3, 0), "II": (5, 0), "III": (0, 2)}[m.era]
        assert (m.vp_on_reveal, m.vp_per_condition) == want, m.id


def test_bi_24_exploration_tiles():
    """BI-2.6, BI-24: the 16 exploration tiles."""
    want = {
        "X01": ({"any_basic": 2}, 0, None),  # BI-24.1
        "X02": ({"any_basic": 2}, 0, None),  # BI-24.2
        "X03": ({"gold": 1}, 1, None),  # BI-24.3
        "X04": ({"gold": 1}, 1, None),  # BI-24.4
        "X05": ({"science": 1}, 1, None),  # BI-24.5
        "X06": ({"science": 1}, 1, None),  # BI-24.6
        "X07": ({"battle_card": 1}, 1, None),  # BI-24.7
        "X08": ({"battle_card": 1}, 1, None),  # BI-24.8
        "X09": ({"gold_card": 1}, 1, None),  # BI-24.9
        "X10": ({}, 3, None),  # BI-24.10
        "X11": ({}, 3, None),  # BI-24.11
        "X12": ({}, 2, 2),  # BI-24.12
        "X13": ({"gold": 1}, 3, 3),  # BI-24.13
        "X14": ({"gold": 1}, 3, 3),  # BI-24.14
        "X15": ({"battle_card": 1}, 4, 4),  # BI-24.15
        "X16": ({"gold": 2}, 5, 5),  # BI-24.16
    }
    assert {k: (t.reward, t.vp, t.flag) for k, t in K.EXPLORATION_TILES.items()} == want


def test_bi_25_capital_tiles():
    """BI-2.5, BI-25, BI-3.14: the 4 capital tiles."""
    want = {
        "A": (True, {"brazilwood": 1, "sugar_cane": 1}),  # BI-25.1
        "B": (False, {"brazilwood": 1, "sugar_cane": 1, "coffee": 1}),  # BI-25.2
        "C": (False, {"brazilwood": 1, "sugar_cane": 1, "gold": 1}),  # BI-25.3
        "D": (False, {"brazilwood": 1, "sugar_cane": 1, "coffee": 1, "gold": 1}),  # BI-25.4
    }
    assert {k: (t.first_player, t.gives) for k, t in K.CAPITAL_TILES.items()} == want


def test_bi_26_city_tiles():
    """BI-2.4, BI-26, BI-6.14: the 8 city tiles."""
    want = {
        "sao_vicente": ({"brazilwood": 1, "sugar_cane": 1}, 2, {"any_basic": 1}),  # BI-26.1
        "olinda": ({"sugar_cane": 1, "coffee": 1}, 2, {"battle_card": 1}),  # BI-26.2
        "salvador": ({"brazilwood": 1, "sugar_cane": 1, "gold": 1}, 3, {"gold_card": 1}),  # BI-26.3
        "recife": ({"sugar_cane": 1, "coffee": 1, "gold": 1}, 3, {"gold": 1}),  # BI-26.4
        "sao_paulo": ({"brazilwood": 1, "coffee": 1, "gold": 1}, 3, {"science": 1}),  # BI-26.5
        "belem": ({"brazilwood": 2, "gold": 1}, 3, {"gold_card": 1}),  # BI-26.6
        "ouro_preto": ({"gold": 2, "coffee": 1}, 4, {}),  # BI-26.7
        "rio_de_janeiro": ({"gold": 2, "science": 1}, 5, {}),  # BI-26.8
    }
    got = {k: (t.cost, t.vp, t.on_build) for k, t in K.CITY_TILES.items()}
    assert got == want
    assert all(t.strength == t.vp for t in K.CITY_TILES.values())


def test_bi_7_8_and_bi_7_9_arches():
    """BI-1.10, BI-7.8, BI-7.9, BI-12.6: arches, slots, extra moves and combat bonuses."""
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
    """BI-15.3: palace sites, rewards, end bonuses and base VP."""
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
    """BI-2.11, BI-3.14, BI-3.5, BI-18.1: maps, capital sites, fog and capital tiles by player count."""
    want = {1: ("1", ("A",), 51, ((-4, 1),), 5), 2: ("2", ("A", "B"), 79, ((-4, 1), (4, -1)), 8),
            3: ("3", ("A", "B", "C"), 91, ((-3, 4), (-1, -3), (4, -1)), 9),
            4: ("4", ("A", "B", "C", "D"), 113, ((-6, 4), (-2, -4), (2, 4), (6, -4)), 8)}  # fmt: skip
    for n, (key, caps, size, sites, fog) in want.items():
        s = C.SETUPS[n]
        m = H.map_for_players(n)
        assert (s.map, s.capital_tiles, m.key) == (key, caps, key)
        assert (len(m.hexes), m.capital_sites, len(m.fog)) == (size, sites, fog)
        assert len(K.EXPLORATION_TILES) - len(m.fog) == {1: 11, 2: 8, 3: 7, 4: 8}[n]
        assert all(m.printed(c) == "capital_site" for c in sites)
    assert H.MAPS["1"].enemy_capital == (4, -1)
    assert H.MAPS["1"].printed((4, -1)) == "enemy_capital"
    assert all(H.MAPS[k].enemy_capital is None for k in ("2", "3", "4"))


def test_bi_18_solo_numbers():
    """BI-18.1, BI-18.3, BI-18.5, BI-18.6: the solo numbers."""
    s = C.SOLO
    assert s.board == "green_brazil"
    assert (s.dutch_tile_strength, s.garrison) == (3, (2, 2))
    assert (s.reinforcement_turns, s.reinforcement_strength, s.turn_limit) == ((6, 12, 18), 1, 20)


def test_bi_5_limits_and_items():
    """BI-1.5, BI-2.1, BI-5.1, BI-5.4: items and limits."""
    assert C.BASIC == ("brazilwood", "sugar_cane", "coffee", "cotton")
    assert C.ASSETS == ("gold", "science")
    assert C.SUPPLY_LIMIT == 5


def test_bi_2_9_per_player_components():
    """BI-2.9, BI-3.3: 5 units, 6 product tokens (2 per shape), palaces I-VI, 2 mansions, 3 era
    tokens per player; 7 arches, 6 of them with one upgrade slot (BI-7.8)."""
    per = DATA["units"]["player_board_common"]["components_per_player"]
    assert (per["units"], per["product_tokens"], per["era_action_tokens"]) == (5, 6, 3)
    assert per["mansions"].startswith("2 ") and per["palaces"] == "I (capital) + II-VI"
    assert all(len(b.units) == 5 for b in C.BOARDS.values())
    assert Counter(p.shape for p in C.PRODUCTS.values()) == {
        "square": 2,
        "pentagon": 2,
        "octagon": 2,
    }
    slots = Counter(a.upgrade_slot for a in C.ARCHES.values() if a.upgrade_slot)
    assert slots == {"square": 2, "pentagon": 2, "octagon": 2}
    assert sorted(C.PALACES) == ["II", "III", "IV", "V", "VI"]


def test_bi_3_7_to_bi_3_9_decks_display_and_stacks():
    """BI-3.7 (8 city tiles in 2 stacks of 4), BI-3.8 (6-card display, 2 per colour), BI-3.9
    and BI-14.1 (8 missions per era, 2 dealt per era per player)."""
    assert DATA["city_tiles"]["city_tiles"]["count"] == len(K.CITY_TILES) == 8
    assert "2 face-up stacks of 4" in DATA["city_tiles"]["city_tiles"]["setup"]
    assert DATA["paintings"]["painting_cards"]["display"] == "6 face up: 2 from each colour deck"
    assert DATA["missions"]["mission_cards"]["per_era"] == 8
    assert DATA["missions"]["mission_cards"]["dealt"].startswith("2 per era per player")
    assert DATA["exploration_tiles"]["exploration_tiles"]["count"] == len(K.EXPLORATION_TILES) == 16
    assert DATA["gold_cards"]["gold_cards"]["count"] == 20
    assert DATA["battle_cards"]["battle_cards"]["count"] == 24


def test_bi_2_11_map_names():
    """BI-2.11: the map names."""
    assert [H.MAPS[k].name for k in "1234"] == [
        "Solo: Pernambuco against the Dutch",
        "Two players: Terra de Vera Cruz",
        "Three players: Three Captaincies",
        "Four players: Four Crowns",
    ]
