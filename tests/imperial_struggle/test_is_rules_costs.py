"""The cost table IS-5.7g row by row, with the rules it summarises: IS-5.3.4 region surcharge
(IS-A03), IS-5.4.1, IS-5.4.1b isolation (IS-A01 / IS-V08), IS-3.2.8 protection, IS-5.4.2 order
(IS-A02), IS-5.5.3 (IS-A06), IS-5.6.1b T6 conversion, IS-5.6.3, IS-5.6.4, IS-5.6.5 Forts and
Squadrons
(IS-A17, IS-A57), IS-MIN04 A Jacobite shift.

Rows already covered by scenarios: Protected Market +1 and conflicted Market (IS-S02), Isolated
Market (IS-S03), Fort build (IS-S04), deploy / displace (IS-S05, IS-S12), Conflict removal
(IS-S13), Bonus War tiles (IS-S17), Jacobite VP (IS-S24), Naval Bastion and Squadron discount
(test_is_rules_advantages.py).
"""

from __future__ import annotations

from is_helpers import (
    BR,
    FR,
    act,
    buy,
    choice_ids,
    cost_of,
    find_action,
    flag,
    offered_anywhere,
    pick_through,
    round_position,
    start_action,
    take_tile,
    to_menu,
)


def major(turn, side, tile, **spec):
    st = round_position(turn, side, **spec)
    take_tile(st, side, tile)
    start_action(st, side, "major")
    return st


# ---------------------------------------------------------------------------- Market shifts
def test_is_5_4_2_rum_on_protected_conflicted_market_costs_1():
    """IS-5.4.2 example / IS-A02: Rum on a Protected conflicted Market → 1 − 1 + 1 = 1 (without
    Rum: 1 + 1 = 2)."""
    st = major(
        "T3",
        "france",
        0,
        flags={"puerto_rico": "france"},
        squadrons={"antilles_channel": "britain"},
        conflict={"st_lucia": 1},
    )
    assert cost_of(st, FR, "shift:st_lucia") == 2
    assert cost_of(st, FR, "shift:st_lucia", pay=("adv:rum",)) == 1


def test_is_a01_damaged_fort_anchors_and_does_not_protect():
    """IS-A01 / IS-3.2.5: a Market linked only to its side's Damaged Fort is not Isolated (printed
    cost) and not Protected (no +1)."""
    spec = {
        "forts": {"ohio_forks": "france"},
        "damaged": ["ohio_forks"],
        "flags": {"allegheny": "france", "cumberland": "britain"},
    }
    st = major("T2", "britain", 0, **spec)
    assert "allegheny" not in st["round"]["isolated"]
    assert cost_of(st, BR, "shift:allegheny") == 2


def test_is_v08_off_damaged_fort_does_not_anchor():
    """IS-V08 off: the same Market is Isolated → cost 1."""
    spec = {
        "forts": {"ohio_forks": "france"},
        "damaged": ["ohio_forks"],
        "flags": {"allegheny": "france", "cumberland": "britain"},
        "options": {"damaged_fort_anchor": "off"},
    }
    st = major("T2", "britain", 0, **spec)
    assert "allegheny" in st["round"]["isolated"]
    assert cost_of(st, BR, "shift:allegheny") == 1


def test_is_5_4_1_market_needs_a_connection():
    """IS-5.4.1: a Market with no friendly link (not even through a Territory) is not offered;
    one next to a friendly Territory is."""
    st = major("T1", "france", 0)
    assert not offered_anywhere(st, FR, "shift:calicut")  # no French neighbour
    assert not offered_anywhere(st, FR, "shift:york_factory")  # hudson_bay is empty
    assert offered_anywhere(st, FR, "shift:niagara")  # via French cataraqui


# ---------------------------------------------------------------------------- surcharge
def test_is_5_3_4_dp_surcharge_and_event_draw_has_no_region():
    """IS-5.3.4 / IS-A03: the Event draw costs 3 DP and neither pays nor sets a Region; a second
    DP Region costs +1."""
    st = major("T1", "france", 8, deck=[1, 2, 3])  # Major D4, Minor E2
    assert cost_of(st, FR, "draw_event") == 3
    buy(st, FR, "draw_event")
    assert len(st["hands"][FR]) == 1
    assert cost_of(st, FR, "shift:scotland_alliance_2") == 2  # first DP Region
    buy(st, FR, "shift:scotland_alliance_2")
    assert cost_of(st, FR, "shift:iroquois") == 3  # North America: +1


def test_is_a03_military_never_pays_the_surcharge():
    """IS-A03: DP in Europe then MP in North America: no surcharge on the MP."""
    st = round_position("T1", "france")
    take_tile(st, FR, 18)  # Major M4, Minor D2
    start_action(st, FR, "minor")
    buy(st, FR, "shift:scotland_alliance_2")
    to_menu(st, FR)
    start_action(st, FR, "major")
    assert cost_of(st, FR, "deploy:gulf_of_maine", pay=("from:navy_box",)) == 1


def test_is_a06_no_event_draw_from_an_empty_pile():
    """IS-5.5.3 / IS-A06: an empty draw pile (discard pile not reshuffled mid-turn) → no draw."""
    st = major("T1", "france", 8, deck=[], discard=[1, 2])
    assert "draw_event" not in choice_ids(st, FR)


def test_is_v06_midturn_reshuffle_allows_the_draw():
    """IS-V06 on: the discard pile is reshuffled before the draw."""
    st = major("T1", "france", 8, deck=[], discard=[1, 2], options={"midturn_draw_reshuffle": "on"})
    buy(st, FR, "draw_event")
    assert len(st["hands"][FR]) == 1
    assert len(st["deck"]) == 1 and st["discard"] == []


# ---------------------------------------------------------------------------- Military rows
def test_is_5_6_1_no_bonus_tiles_on_t6():
    """IS-5.6.1 / IS-13.3: no Bonus War tile purchase on T6."""
    st = major("T6", "france", 16)
    assert "bonus_tile" not in choice_ids(st, FR)


def test_is_5_6_1b_t6_conversion_one_kind_per_round():
    """IS-5.6.1b / IS-5.7d: 2 MP buy 1 EP; then only EP conversions; the bought EP form a
    Major Economic action."""
    st = major("T6", "france", 16)  # Major M4
    assert {"convert:E", "convert:D"} <= set(choice_ids(st, FR))
    assert cost_of(st, FR, "convert:E") == 2
    buy(st, FR, "convert:E")
    ids = choice_ids(st, FR)
    assert "convert:D" not in ids
    assert "convert:E" in ids
    bought = find_action(st, "E", "bought")
    assert bought is not None and bought["pts"] == 1
    assert st["debt"][FR] == 0


def test_is_5_6_4a_repair_own_damaged_fort():
    """IS-5.6.4(a): own Damaged Fort: printed − 1; the marker goes."""
    st = major("T2", "france", 16, forts={"louisbourg": "france"}, damaged=["louisbourg"])
    assert cost_of(st, FR, "fort:louisbourg") == 2
    buy(st, FR, "fort:louisbourg")
    assert "louisbourg" not in st["damaged"]
    assert flag(st, "louisbourg") == "france"


def test_is_5_6_4b_seize_opposing_damaged_fort():
    """IS-5.6.4(b): an opposing Damaged Fort next to a friendly Squadron: printed + 1; it becomes
    an intact friendly Fort."""
    st = major(
        "T2",
        "france",
        16,
        forts={"halifax": "britain"},
        damaged=["halifax"],
        squadrons={"gulf_of_maine": "france"},
    )
    assert cost_of(st, FR, "fort:halifax") == 4
    buy(st, FR, "fort:halifax")
    assert flag(st, "halifax") == "france"
    assert "halifax" not in st["damaged"]


def test_is_5_6_4b_seize_needs_squadron_or_market_not_territory():
    """IS-5.6.4(b): a Territory next to the Damaged Fort does not allow the seizure."""
    st = major("T2", "france", 16, forts={"louisbourg": "britain"}, damaged=["louisbourg"])
    assert not offered_anywhere(st, FR, "fort:louisbourg")  # only French acadia touches it


def test_is_5_6_4b_seize_not_with_a_minor():
    """IS-5.3.2(b): no Minor seizure of a Damaged opposing Fort."""
    st = round_position(
        "T2",
        "france",
        forts={"halifax": "britain"},
        damaged=["halifax"],
        squadrons={"gulf_of_maine": "france"},
    )
    take_tile(st, FR, 2)  # Minor M2
    start_action(st, FR, "minor")
    assert not offered_anywhere(st, FR, "fort:halifax")


def test_is_5_6_4_intact_opposing_fort_never_targeted():
    """IS-5.6.4: an intact opposing Fort can never be targeted in peace."""
    st = major(
        "T2", "france", 16, forts={"halifax": "britain"}, squadrons={"gulf_of_maine": "france"}
    )
    assert not offered_anywhere(st, FR, "fort:halifax")


def test_is_a17_conflicted_market_gives_no_fort_adjacency():
    """IS-5.6.3 / IS-A17: a conflicted Market held since the round's start does not allow a Fort."""
    spec = {"forts": {"louisbourg": "france"}, "flags": {"georges_bank": "france"}}
    st = major("T2", "france", 16, **spec)
    assert cost_of(st, FR, "fort:halifax") == 3
    st = major("T2", "france", 16, conflict={"georges_bank": 1}, **spec)
    assert not offered_anywhere(st, FR, "fort:halifax")


def test_is_5_6_5_construct_squadron_4_and_needs_unbuilt():
    """IS-5.6.5: 4 MP, from Unbuilt to the Navy Box; illegal with an empty Unbuilt pool. A
    Squadron built this round may deploy (IS-5.6.6)."""
    st = major("T2", "france", 16)
    assert cost_of(st, FR, "build_squadron") == 4
    buy(st, FR, "build_squadron")
    assert st["navy"][FR] == 2 and st["unbuilt"][FR] == 6
    assert offered_anywhere(st, FR, "deploy:biscay")
    st = major("T2", "france", 16, unbuilt={"france": 0})
    assert "build_squadron" not in choice_ids(st, FR)


def test_is_a57_minor_plus_debt_builds_a_fort():
    """IS-A57: a Minor M2 plus 1 Debt makes one 3-MP purchase (IS-S04's second round)."""
    st = round_position("T2", "france", flags={"georges_bank": "france"})
    take_tile(st, FR, 2)
    start_action(st, FR, "minor")
    assert cost_of(st, FR, "fort:halifax") == 3
    buy(st, FR, "fort:halifax")
    assert st["debt"][FR] == 1
    assert flag(st, "halifax") == "france"


def test_is_min04_a_jacobite_shift_costs_the_political_cost_without_surcharge():
    """IS-5.7g Jacobite shift (IS-MIN04 A): MP at the space's Political cost, no Region
    surcharge (here after an EP purchase elsewhere is irrelevant: MP never pays it)."""
    st = round_position(
        "T4",
        "france",
        ministries={"france": [["M-4", True], ["M-11", False]]},
    )
    take_tile(st, FR, 16)  # Major M4
    start_action(st, FR, "major")
    assert cost_of(st, FR, "jacobite_shift:scotland_alliance_2") == 2
    pick_through(st, FR, "jacobite_shift:scotland_alliance_2")
    ids = choice_ids(st, FR)
    if "confirm" in ids:
        act(st, FR, "confirm")
    assert flag(st, "scotland_alliance_2") == "france"
    assert "jacobite_vp" not in choice_ids(st, FR)  # IS-A22: not B in the round of A


def test_is_a56_conflict_removal_discount_for_anyone():
    """IS-5.6.2 / IS-A56: the −1 applies whenever the space is Protected by its owner, whoever
    removes the marker (Britain removing the marker on French karaikal next to a French Fort)."""
    st = major(
        "T5",
        "britain",
        16,  # Major M4
        forts={"vandavasi": "france"},
        conflict={"karaikal": 1},
    )
    assert cost_of(st, BR, "conflict:karaikal") == 1
    buy(st, BR, "conflict:karaikal")
    assert "karaikal" not in st["conflict"]
    assert flag(st, "karaikal") == "france"
