"""The Brazil: Imperial player rules (``tui/rules/brazil_imperial.md``, issue 16) state the
facts the new players asked for, as the rulings and the engine's data have them: where you may
build (BI-6.5), where a city goes (BI-6.15), goods on tiles (BI-5.6, BI-5.11), the supply limit
(BI-5.1), the era and end triggers (BI-14.6, BI-17.1), fights (BI-12), products' shapes
(BI-27.3) and the solo goals (BI-18)."""

from __future__ import annotations

import re

from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial.components import SOLO, SUPPLY_LIMIT
from tui.screens.rules import RULES_DIR

TEXT = (RULES_DIR / "brazil_imperial.md").read_text(encoding="utf-8")
FLAT = re.sub(r"\s+", " ", TEXT.replace("**", ""))


def test_build_adjacency_is_capital_or_own_tile_not_units() -> None:
    assert "next to your capital or a tile you own (your units do not count)" in FLAT
    assert "next to one of your units" not in FLAT


def test_cities_goods_and_supply() -> None:
    assert "on the hex where your Monarch unit stands" in FLAT
    assert "Goods stay on the tile" in FLAT and "spend them in any payment or Trade" in FLAT
    assert f"at most {SUPPLY_LIMIT} items (7 with the painting Chica da Silva)" in FLAT
    assert "Goods on tiles and cards do not count" in FLAT


def test_products_by_shape_with_their_vp() -> None:
    for p in C.PRODUCTS.values():
        assert p["name"] in FLAT
    assert "squares Dye and Sugar (1 VP each" in FLAT
    assert "pentagons Cachaça and Roasted Coffee (2 VP" in FLAT
    assert "octagons Textiles and Jewelry (3 VP" in FLAT


def test_eras_end_and_scoring() -> None:
    assert "one mission per era (three in all)" in FLAT
    assert "The first era III mission revealed makes that round the last" in FLAT
    assert "3 per revealed era I mission, 5 per era II" in FLAT
    assert "2 per condition that holds at the end" in FLAT
    assert "You win only with more: a tie goes to the defender" in FLAT


def test_solo_section_matches_the_solo_data() -> None:
    turns = SOLO.reinforcement_turns
    assert f"turns {turns[0]}, {turns[1]} and {turns[2]}" in FLAT
    assert f"after turn {SOLO.turn_limit}, you lose" in FLAT
    assert "have all five of your units on the map at the same time" in FLAT
    assert "reveal your era I mission and your era II mission" in FLAT
    garrison = SOLO.garrison
    assert f"D{sum(garrison)}` = strength {sum(garrison)}: two units of {garrison[0]}" in TEXT
    assert f"{SOLO.dutch_tile_strength} for the capital + the garrison" in FLAT


def test_first_turn_walkthrough_stays() -> None:
    assert "## Your first turn" in TEXT and "A good first turn is Deploy" in FLAT
