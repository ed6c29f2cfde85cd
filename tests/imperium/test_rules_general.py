"""Setup (IMP-2.x) and turn structure (IMP-3.x) of iMperium.

Energy and dice are in test_rules_energy.py, actions and military in test_rules_actions.py,
the variants in test_variants.py.
"""

from __future__ import annotations

import msgpack
import pytest
from imperium_helpers import (
    RULES,
    act,
    advance,
    assert_illegal,
    build,
    choice_ids,
    energy,
    seat_of,
    side,
    summarize,
    view,
    winner,
)

from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options

DECK_SIZE = {"roman": 38, "greek": 39}  # IMP-1.10, IMP-1.11


def new_match(options: dict | None = None, seed: int = 1) -> dict:
    opts = resolve_options(RULES, {"decks": "roman_greek", **(options or {})})
    config = Config(seats=(SeatConfig("A"), SeatConfig("B")), options=opts)
    return RULES.setup(config, Rng.seeded(seed))


def pick_two(state: dict, seat: int) -> list[str]:
    """Pick the first offered card twice (re-reading the prompt); return the picked ids."""
    picked = []
    for _ in range(2):
        card = next(c for c in choice_ids(state, seat) if c.startswith("pick:"))
        act(state, seat, card)
        picked.append(card.removeprefix("pick:"))
    return picked


# --- Setup (IMP-2) -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_setup_first_player_draws_6_second_7(seed):
    """IMP-2.4, IMP-2.6: opening hands 6/7; no dominance, no counters, empty play areas."""
    state = new_match(seed=seed)
    first = state["first"]
    second = 1 - first
    v = view(state, None)
    assert [s["deck"] for s in v["seats"]] == ["roman", "greek"]
    assert v["seats"][first]["hand_count"] == 6
    assert v["seats"][second]["hand_count"] == 7
    for s, seat in enumerate(v["seats"]):
        assert seat["deck_count"] + seat["hand_count"] == DECK_SIZE[seat["deck"]]
        assert seat["play"] == [] and seat["discard"] == []
        assert seat["army"] == 0 and seat["navy"] == 0
        assert RULES.prompt(state, s).secret is True
    assert v["army_dom"] is None and v["navy_dom"] is None
    assert set(RULES.waiting(state)) == {0, 1}  # both discard at the same time
    msgpack.packb(state)  # plain data


def test_setup_coin_toss_and_random_decks_vary_with_seed():
    """IMP-2.3 coin toss, IMP-2.1 random deck assignment (software default `decks=random`)."""
    firsts, seat0_decks = set(), set()
    for seed in range(16):
        firsts.add(new_match(seed=seed)["first"])
        opts = resolve_options(RULES, {})
        state = RULES.setup(Config((SeatConfig("A"), SeatConfig("B")), opts), Rng.seeded(seed))
        assert sorted(state["decks"]) == ["greek", "roman"]  # IMP-A36: one of each
        seat0_decks.add(state["decks"][0])
    assert firsts == {0, 1}
    assert seat0_decks == {"roman", "greek"}


def test_opening_discard_is_secret_and_simultaneous():
    """IMP-2.5, IMP-11.3, IMP-A43, IMP-2.7, IMP-A37."""
    state = new_match(seed=5)
    first = state["first"]
    a, b = 0, 1

    assert "confirm" not in choice_ids(state, a)
    picked_a = pick_two(state, a)
    assert not [c for c in choice_ids(state, a) if c.startswith("pick:")]  # exactly 2
    act(state, a, "unpick")
    assert len(view(state, a)["seats"][a]["picks"]) == 1
    assert_illegal(state, a, "confirm")
    act(state, a, f"pick:{picked_a[1]}")
    assert sorted(view(state, a)["seats"][a]["picks"]) == sorted(picked_a)
    assert view(state, b)["seats"][a]["picks"] is None  # B never sees A's picks

    act(state, a, "confirm")
    assert RULES.waiting(state) == (b,)
    seen_by_b = view(state, b)["seats"][a]
    assert seen_by_b["opening_done"] is True
    assert seen_by_b["picks"] is None
    assert seen_by_b["discard"] == []  # not revealed before B commits
    assert view(state, b)["seats"][b]["opening_done"] is False

    picked_b = pick_two(state, b)
    act(state, b, "confirm", dice=[2, 3, 4])  # then the first player's turn: 3 dice
    v = view(state, None)
    assert sorted(v["seats"][a]["discard"]) == sorted(picked_a)
    assert sorted(v["seats"][b]["discard"]) == sorted(picked_b)
    assert view(state, b)["seats"][a]["discard"] == v["seats"][a]["discard"]  # public now
    # 6-2 = 4 and 7-2 = 5; the first player has already made its turn draw (IMP-A37).
    assert v["seats"][first]["hand_count"] == 4 + 1
    assert v["seats"][1 - first]["hand_count"] == 5
    first_deck = v["seats"][first]["deck"]
    assert v["seats"][first]["deck_count"] == DECK_SIZE[first_deck] - 7
    assert v["active"] == first
    assert RULES.waiting(state) == (first,)
    assert set(choice_ids(state, first)) == {"extra", "continue"}
    assert energy(state) == 7


# --- Turn structure (IMP-3) ------------------------------------------------------------------


def test_start_phase_upkeep_then_turn_draw():
    """IMP-3.2(a)(b), IMP-6.5."""
    state = build(
        {
            "active": "R",
            "phase": "start",
            "army_dom": "R",
            "R": {"army": 1, "deck": ["farm", "walls"]},
        }
    )
    advance(state, dice=[1, 1, 1])
    r = side(state, "R")
    assert r["army"] == 2
    assert r["hand"] == ["farm"]
    assert r["deck"] == ["walls"]


@pytest.mark.parametrize("counters, result", [(4, "R"), (3, "G")])
def test_upkeep_win_comes_before_empty_deck_loss(counters, result):
    """IMP-A01 with IMP-V5 = lose: the upkeep counter (and its check) precedes the turn draw.

    With 4 counters the upkeep makes 5: R wins before drawing. With 3 it makes 4 and the draw
    from the empty deck loses.
    """
    state = build(
        {
            "active": "R",
            "phase": "start",
            "army_dom": "R",
            "R": {"army": counters, "deck": []},
            "options": {"empty_deck": "lose"},
        }
    )
    advance(state)
    assert side(state, "R")["army"] == counters + 1
    assert winner(state) == result


def _navy_start(deck: list[str], navy_dom: str | None = "R") -> dict:
    return build({"active": "R", "phase": "start", "navy_dom": navy_dom, "R": {"deck": deck}})


@pytest.mark.parametrize(
    "choice, hand, deck, discard",
    [("keep", ["farm"], ["galley"], []), ("redraw", ["galley"], [], ["farm"])],
)
def test_navy_redraw_of_the_turn_draw(choice, hand, deck, discard):
    """IMP-3.2(c), IMP-6.11, IMP-A17: after looking at the drawn card; the first goes face up to
    discard."""
    state = _navy_start(["farm", "galley"])
    advance(state)
    assert side(state, "R")["hand"] == ["farm"]
    assert set(choice_ids(state, "R")) == {"redraw", "keep"}
    act(state, "R", choice, dice=[1, 1, 1])
    r = side(state, "R")
    assert (r["hand"], r["deck"], r["discard"]) == (hand, deck, discard)
    assert set(choice_ids(state, "R")) == {"extra", "continue"}


def test_navy_redraw_not_offered_when_deck_is_empty_after_the_draw():
    """IMP-3.2(c), IMP-A17: no redraw with an empty deck."""
    state = _navy_start(["farm"])
    advance(state, dice=[1, 1, 1])
    assert side(state, "R")["hand"] == ["farm"]
    assert set(choice_ids(state, "R")) == {"extra", "continue"}


def test_navy_redraw_needs_navy_dominance():
    """IMP-3.2(c): only the Navy Dominance holder may redraw."""
    state = _navy_start(["farm", "galley"], navy_dom=None)
    advance(state, dice=[1, 1, 1])
    assert set(choice_ids(state, "R")) == {"extra", "continue"}


def test_navy_redraw_only_for_the_turn_draw():
    """IMP-3.2(c), IMP-A17: a Caravan draw is never followed by a redraw."""
    state = build(
        {
            "active": "R",
            "phase": "action",
            "energy": 5,
            "navy_dom": "R",
            "R": {"hand": ["caravan"], "deck": ["farm", "galley", "walls"]},
        }
    )
    act(state, "R", "play:caravan")
    assert side(state, "R")["hand"] == ["farm", "galley"]
    ids = choice_ids(state, "R")
    assert "redraw" not in ids and "keep" not in ids
    assert "end" in ids


def test_extra_draw_decision_is_extra_or_continue_only():
    """IMP-3.4, IMP-A16: the decision comes before any action (no sell/scuttle yet)."""
    state = build(
        {
            "active": "G",
            "phase": "energy",
            "G": {"hand": ["farm"], "play": ["trireme"]},
        }
    )
    advance(state, dice=[3, 4, 5])
    assert set(choice_ids(state, "G")) == {"extra", "continue"}
    assert_illegal(state, "G", "sell:farm")
    assert_illegal(state, "G", "scuttle:0")


def test_extra_draw_draws_one_and_ends_the_turn():
    """IMP-3.4, IMP-3.6, IMP-4.10: draw 1, skip the Action phase, energy is lost."""
    state = build(
        {
            "active": "R",
            "phase": "start",
            "R": {"deck": ["farm", "walls", "galley"]},
            "G": {"deck": ["hoplite"]},
        }
    )
    advance(state, dice=[6, 6, 6])
    assert energy(state) == 12
    act(state, "R", "extra", dice=[2, 3, 4])  # G's roll
    s = summarize(state)
    assert s["R"]["hand"] == ["farm", "walls"]
    assert s["R"]["deck"] == ["galley"]
    assert s["G"]["hand"] == ["hoplite"]
    assert view(state, None)["active"] == seat_of(state, "G")
    assert s["energy"] == 7  # G's, R's 12 are gone


@pytest.mark.parametrize("first_action", ["continue_only", "sell:farm", "scuttle:0"])
def test_extra_draw_not_offered_after_continuing_or_any_action(first_action):
    """IMP-3.4, IMP-A16, IMP-A40 (default `extra_draw_timing=before_actions`)."""
    state = build(
        {
            "active": "G",
            "phase": "energy",
            "G": {"hand": ["farm"], "play": ["trireme"], "deck": ["walls"]},
        }
    )
    advance(state, dice=[3, 4, 5])
    act(state, "G", "continue")
    if first_action != "continue_only":
        act(state, "G", first_action)
    assert_illegal(state, "G", "extra")


def test_no_untap_across_turns():
    """IMP-3.7, IMP-A02: a tapped card stays tapped on later turns."""
    state = build(
        {"active": "R", "phase": "action", "energy": 10, "R": {"play": ["legion(T)", "legion"]}}
    )
    assert_illegal(state, "R", "tap:0")
    act(state, "R", "end", dice=[1, 1, 1])
    act(state, "G", "continue")
    act(state, "G", "end", dice=[6, 6, 6])
    act(state, "R", "continue")
    assert energy(state) == 12
    assert side(state, "R")["play"] == ["legion(T)", "legion"]
    assert_illegal(state, "R", "tap:0")
    assert "tap:1" in choice_ids(state, "R")


def test_turn_cap_ends_in_a_draw():
    """IMP-3.8, IMP-V9, IMP-A11: after `turn_cap` completed turns the game is a draw."""
    state = new_match({"turn_cap": 3}, seed=3)
    first = state["first"]
    for seat in (0, 1):
        pick_two(state, seat)
    act(state, 0, "confirm")
    act(state, 1, "confirm", dice=[1, 1, 1])
    seats = [first, 1 - first, first]
    for n, seat in enumerate(seats):
        act(state, seat, "continue")
        last = n == len(seats) - 1
        act(state, seat, "end", dice=[] if last else [1, 1, 1])  # no roll after the cap
        if not last:
            assert RULES.outcome(state) is None
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.winners == ()
    assert RULES.waiting(state) == ()
