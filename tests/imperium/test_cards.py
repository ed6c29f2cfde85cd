"""Card data (IMP-1.9, IMP-1.10, IMP-1.11, IMP-1.12) and the check that every one of the 39 card
entries is exercised.

The focused card tests are in test_cards_roman.py and test_cards_greek.py; the scenarios
(test_scenarios*.py) and the rules tests count too. ``CARDS_COVERED`` names, for each card
entry, tests that put that card through its rule; the last test checks that every entry is
listed and that every named test exists.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from engine.games.imperium import cards

Q, S = Fraction(1, 4), Fraction(1, 6)
TAP_NONE_OR_ZERO = "none-or-0"  # Granary's (T) sell has no energy cost (IMP-9.5)

# IMP-1.10: id, count, category, play cost, tap cost, points, single use, dice bonus, defense
ROMAN_TABLE = [
    ("legion", 5, "ARMY", 5, 5, 0, False, "NONE", False),
    ("catapult", 1, "ARMY", 6, 6, 0, False, "NONE", False),
    ("praetorian", 1, "ARMY", 7, 7, 0, False, "NONE", False),
    ("farm", 8, "FARM", 4, None, 0, False, "STEALABLE", False),
    ("granary", 1, "FARM", 5, TAP_NONE_OR_ZERO, 0, False, "STEALABLE", False),
    ("walls", 3, "DEFENSE", 4, None, 0, False, "NONE", True),
    ("fort", 1, "DEFENSE", 5, None, 0, False, "NONE", True),
    ("caravan", 4, "MERCHANT", 5, None, 0, True, "NONE", False),
    ("barracks", 1, "MERCHANT", 6, None, 0, True, "NONE", False),
    ("galley", 4, "NAVY", 5, 5, 0, False, "NONE", False),
    ("corvus", 1, "NAVY", 6, 6, 0, False, "NONE", False),
    ("republic", 1, "GOVERNMENT", 11, None, 0, False, "NONE", False),
    ("principatus", 1, "GOVERNMENT", 11, None, 0, False, "NONE", False),
    ("caesar", 1, "GREAT_PERSON", 12, None, Q, False, "NONE", False),
    ("cicero", 1, "GREAT_PERSON", 12, None, Q, False, "UNSTEALABLE", False),
    ("hadrians_wall", 1, "WONDER", 5, None, Q, False, "NONE", False),
    ("trajans_column", 1, "WONDER", 5, None, Q, False, "NONE", False),
    ("colosseum", 1, "WONDER", 5, None, Q, False, "NONE", False),
    ("temple_of_janus", 1, "WONDER", 5, None, Q, False, "NONE", False),
]

# IMP-1.11
GREEK_TABLE = [
    ("hoplite", 5, "ARMY", 5, 5, 0, False, "NONE", False),
    ("cavalry", 1, "ARMY", 6, 6, 0, False, "NONE", False),
    ("farm", 8, "FARM", 4, None, 0, False, "STEALABLE", False),
    ("orchard", 1, "FARM", 5, 5, 0, False, "STEALABLE", False),
    ("walls", 3, "DEFENSE", 4, None, 0, False, "NONE", True),
    ("trader", 4, "MERCHANT", 5, None, 0, True, "NONE", False),
    ("port", 1, "MERCHANT", 5, None, 0, True, "NONE", False),
    ("trireme", 4, "NAVY", 5, 5, 0, False, "NONE", False),
    ("heavy_galley", 1, "NAVY", 6, 6, 0, False, "NONE", False),
    ("fire_raft", 1, "NAVY", 4, 4, 0, False, "NONE", False),
    ("democracy", 1, "GOVERNMENT", 11, None, 0, False, "NONE", False),
    ("oligarchy", 1, "GOVERNMENT", 11, None, 0, False, "NONE", False),
    ("alexander", 1, "GREAT_PERSON", 12, None, S, False, "NONE", False),
    ("aristotle", 1, "GREAT_PERSON", 12, None, S, False, "NONE", False),
    ("archimedes", 1, "GREAT_PERSON", 12, None, S, False, "NONE", False),
    ("pericles", 1, "GREAT_PERSON", 12, None, S, False, "NONE", False),
    ("homeros", 1, "GREAT_PERSON", 12, None, S, False, "NONE", False),
    ("great_lighthouse", 1, "WONDER", 5, None, S, False, "NONE", False),
    ("colossus", 1, "WONDER", 5, None, S, False, "UNSTEALABLE", False),
    ("parthenon", 1, "WONDER", 5, None, S, False, "NONE", False),
]

TABLES = {"roman": (cards.ROMAN, ROMAN_TABLE, 38), "greek": (cards.GREEK, GREEK_TABLE, 39)}


def _norm(value) -> str:
    """Enum member or string -> "GREAT_PERSON" style."""
    value = getattr(value, "name", value)
    return str(value).upper().replace(" ", "_")


@pytest.mark.parametrize("deck", ["roman", "greek"])
def test_deck_lists_match_the_rulings(deck):
    """IMP-1.2, IMP-1.9, IMP-1.10, IMP-1.11, IMP-1.12: ids, counts, costs, categories, points,
    bonuses; 38 / 39 cards."""
    entries, table, total = TABLES[deck]
    by_id = {c.id: c for c in entries}
    assert list(by_id) == [row[0] for row in table]
    for cid, count, category, cost, tap, pts, single, bonus, defense in table:
        card = by_id[cid]
        assert _norm(card.deck) == deck.upper(), cid
        assert card.count == count, cid
        assert _norm(card.category) == category, cid
        assert card.cost == cost, cid
        if tap == TAP_NONE_OR_ZERO:
            assert card.tap_cost in (None, 0), cid
        else:
            assert card.tap_cost == tap, cid
        assert Fraction(card.points) == pts, cid
        assert card.single_use is single, cid
        assert _norm(card.dice_bonus) == bonus, cid
        assert card.is_defense is defense, cid
    ids = list(cards.expanded(deck))
    assert len(ids) == total
    assert Counter(ids) == {row[0]: row[1] for row in table}


def test_scoring_cards():
    """IMP-1.10, IMP-1.11, IMP-8.3: Roman 6 scoring cards of 1/4, Greek 8 of 1/6."""
    roman = [c for c in cards.ROMAN if c.points]
    greek = [c for c in cards.GREEK if c.points]
    assert len(roman) == 6 and sum(c.points for c in roman) == Fraction(6, 4)
    assert len(greek) == 8 and sum(c.points for c in greek) == Fraction(8, 6)


# (deck, card id) -> tests (by function name) that exercise the card's rule.
CARDS_COVERED: dict[tuple[str, str], list[str]] = {
    ("roman", "legion"): [
        "test_imp_s05_army_upkeep_legion_pursuit_immediate_victory",
        "test_legion_land_attack_gains_army_dominance",
        "test_legion_pursuit_destroys_the_only_walls",
    ],
    ("roman", "catapult"): [
        "test_imp_s06_catapult_ignores_walls_then_destroys_one",
        "test_catapult_gaining_dominance_still_destroys_a_defense",
    ],
    ("roman", "praetorian"): [
        "test_imp_s07_praetorian_returns_face_down_wonder_janus_draws",
        "test_praetorian_without_eligible_target_then_land_attack",
    ],
    ("roman", "farm"): [
        "test_farm_costs_4_and_adds_a_die_from_next_roll",
        "test_dice_pool_formula",
    ],
    ("roman", "granary"): [
        "test_imp_s03_granary_sell_one_sell_per_turn_caravan",
        "test_tapped_granary_cannot_sell",
        "test_tapped_granary_keeps_its_die",
    ],
    ("roman", "walls"): [
        "test_imp_s02_stealing_with_walls_cicero_colossus",
        "test_dice_pool_formula",
    ],
    ("roman", "fort"): [
        "test_imp_s16_hadrians_wall_hoplite_surcharge_cavalry_fort",
        "test_fort_returned_to_hand_causes_no_discard",
        "test_fort_destroyed_first_and_owner_may_discard_the_fort_itself",
    ],
    ("roman", "caravan"): ["test_imp_s03_granary_sell_one_sell_per_turn_caravan"],
    ("roman", "barracks"): ["test_imp_s08_barracks"],
    ("roman", "galley"): [
        "test_imp_s09_galleys_trajans_column_navy_threshold",
        "test_galley_gains_navy_dominance",
    ],
    ("roman", "corvus"): ["test_imp_s10_corvus_against_fire_raft"],
    ("roman", "republic"): ["test_imp_s11_the_four_governments"],
    ("roman", "principatus"): ["test_imp_s11_the_four_governments"],
    ("roman", "caesar"): [
        "test_imp_s14_caesar_returns_walls_then_takes_army_dominance",
        "test_caesar_pursuit_without_return_target",
    ],
    ("roman", "cicero"): [
        "test_imp_s13_cicero_recovers_face_down_scores_nothing_flip_wins",
        "test_cicero_with_empty_discard_recovers_nothing",
    ],
    ("roman", "hadrians_wall"): [
        "test_imp_s16_hadrians_wall_hoplite_surcharge_cavalry_fort",
        "test_hadrians_wall_only_raises_army_tap_costs",
        "test_hadrians_wall_face_down_has_no_effect",
    ],
    ("roman", "trajans_column"): [
        "test_imp_s09_galleys_trajans_column_navy_threshold",
        "test_trajans_column_on_gain_not_on_pursuit",
    ],
    ("roman", "colosseum"): [
        "test_imp_s17_colosseum_reroll_with_one_die_fewer",
        "test_colosseum_rerolls_down_to_one_die",
    ],
    ("roman", "temple_of_janus"): [
        "test_imp_s07_praetorian_returns_face_down_wonder_janus_draws",
        "test_temple_of_janus_draws_for_army_and_navy_only",
        "test_temple_of_janus_face_down_does_not_draw",
    ],
    ("greek", "hoplite"): [
        "test_imp_s04_alexander_takes_army_dominance_and_free_plays_hoplite",
        "test_hoplite_tap_cost_5_then_6_with_army_dominance",
        "test_hoplite_costs_6_with_dominance_so_5_energy_is_not_enough",
    ],
    ("greek", "cavalry"): [
        "test_imp_s16_hadrians_wall_hoplite_surcharge_cavalry_fort",
        "test_cavalry_land_attack_then_draw",
    ],
    ("greek", "farm"): [
        "test_imp_s01_farm_orchard_dice_orchard_draw_trader",
        "test_greek_farm_and_walls_against_army_dominance",
    ],
    ("greek", "orchard"): [
        "test_imp_s01_farm_orchard_dice_orchard_draw_trader",
        "test_orchard_tap_with_one_card_deck",
    ],
    ("greek", "walls"): [
        "test_greek_farm_and_walls_against_army_dominance",
        "test_dice_pool_formula",
    ],
    ("greek", "trader"): [
        "test_imp_s01_farm_orchard_dice_orchard_draw_trader",
        "test_trader_with_a_two_card_deck",
    ],
    ("greek", "port"): [
        "test_imp_s18_navy_redraw_trireme_scuttle_recovery_port",
        "test_port_with_empty_discard_and_with_one_card",
    ],
    ("greek", "trireme"): [
        "test_imp_s18_navy_redraw_trireme_scuttle_recovery_port",
        "test_trireme_scuttle_tapped_or_untapped_only_on_own_turn",
    ],
    ("greek", "heavy_galley"): [
        "test_imp_s19_homeros_parthenon_heavy_galley_charges_run_out",
        "test_only_attacks_move_dominance",
    ],
    ("greek", "fire_raft"): [
        "test_imp_s10_corvus_against_fire_raft",
        "test_fire_raft_returns_also_on_a_pursuit",
        "test_fire_raft_own_naval_attack",
    ],
    ("greek", "democracy"): [
        "test_imp_s11_the_four_governments",
        "test_democracy_needs_four_navy_cards",
    ],
    ("greek", "oligarchy"): ["test_imp_s11d_oligarchy_cost_not_reduced_by_parthenon"],
    ("greek", "alexander"): [
        "test_imp_s04_alexander_takes_army_dominance_and_free_plays_hoplite",
        "test_alexander_skip_free_play_and_no_prompt_without_army",
        "test_alexander_pursuit_ignores_hadrians_wall",
    ],
    ("greek", "aristotle"): [
        "test_imp_s20_aristotle_draws_from_short_deck",
        "test_aristotle_draws_four_at_full_cost",
    ],
    ("greek", "archimedes"): [
        "test_imp_s12_archimedes_pursues_and_free_plays_fire_raft",
        "test_archimedes_gains_navy_dominance_and_skips_free_play",
    ],
    ("greek", "pericles"): [
        "test_imp_s15_pericles_flips_lighthouse_then_paid_reroll",
        "test_pericles_single_option_puts_wonder_face_up",
        "test_pericles_placement_wins_before_its_on_enter_effect",
    ],
    ("greek", "homeros"): [
        "test_imp_s19_homeros_parthenon_heavy_galley_charges_run_out",
        "test_v3_three_turns_declaration_makes_every_cost_zero",
        "test_homeros_charge_sets_cost_to_zero_after_increases",
    ],
    ("greek", "great_lighthouse"): [
        "test_imp_s15_pericles_flips_lighthouse_then_paid_reroll",
        "test_imp_s15_lighthouse_reroll_illegal_with_empty_hand",
        "test_great_lighthouse_face_down_gives_no_reroll",
    ],
    ("greek", "colossus"): [
        "test_imp_s02_stealing_with_walls_cicero_colossus",
        "test_dice_pool_formula",
    ],
    ("greek", "parthenon"): [
        "test_imp_s11d_oligarchy_cost_not_reduced_by_parthenon",
        "test_imp_s20_aristotle_draws_from_short_deck",
        "test_parthenon_scope",
    ],
}


def test_every_card_entry_is_covered_by_an_existing_test():
    """IMP-1.10, IMP-1.11: all 39 entries (19 Roman + 20 Greek) appear in some test."""
    entries = {("roman", c.id) for c in cards.ROMAN} | {("greek", c.id) for c in cards.GREEK}
    assert len(entries) == 39
    assert set(CARDS_COVERED) == entries
    here = Path(__file__).parent
    module_of: dict[str, str] = {}  # test name -> source of its module
    for path in here.glob("test_*.py"):
        text = path.read_text()
        for name in re.findall(r"^def (test_\w+)\(", text, re.MULTILINE):
            module_of[name] = text
    for (_deck, cid), names in CARDS_COVERED.items():
        assert names, cid
        for name in names:
            assert name in module_of, f"CARDS_COVERED: no test named {name}"
            # The card must appear in the test's module as a card id ("farm", "farm(T)",
            # "play:farm"): a cheap guard against a stale entry.
            assert re.search(rf'["(:]{cid}[")(]', module_of[name]), (cid, name)
