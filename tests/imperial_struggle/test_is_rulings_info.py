"""Imperial Struggle rulings on information and set-up choices that no other test cited: public
markers and tracks (IS-3.10), what a bot may know (IS-16.6), simultaneous commits in any order
(IS-A50), the Initiative choice (IS-17.5), the Deal Phase's Investment tiles (IS-4.1.6,
IS-4.1.6a) and the optional rules' defaults (IS-12).
"""

from __future__ import annotations

from is_helpers import (
    BR,
    FR,
    act,
    advance,
    build,
    choice_ids,
    rules,
    seat,
    waiting_sides,
)

from engine.ai import decide
from engine.rng import Rng
from engine.rules import Config, SeatConfig


def new_game(seed=3):
    r = rules()
    opts = {o.key: o.default for o in r.options}
    return r.setup(Config((SeatConfig("A"), SeatConfig("B")), opts), Rng.seeded(seed))


PUBLIC = (
    "vp",
    "debt",
    "limit",
    "trp",
    "ti",
    "initiative",
    "jacobite",
    "adv_exhausted",
    "min_exhausted",
    "huguenots",
    "townshend",
    "byng",
    "parked",
    "conflict",
    "damaged",
)


def test_is_3_10_markers_and_tracks_are_public():
    """IS-3.10: Debt, Debt Limit, TRP, vp, Game Turn, Initiative, Jacobite markers, Exhausted
    markers, Huguenots, Townshend, Byng and parked Squadrons are in both sides' views and the
    spectator's, with the state's values."""
    st = build(
        {
            "turn": "T4",
            "side": "france",
            "vp": 12,
            "debt": {"france": 3, "britain": 1},
            "limit": {"france": 11},
            "trp": {"britain": 2},
            "jacobite": {"victories": 1, "right": False},
            "adv_exhausted": ["wheat"],
            "min_exhausted": {"M-5": 1},
            "huguenots": {"acadia": 1},
            "townshend": "furs",
            "byng": 2,
            "conflict": {"karaikal": 1},
            "damaged": ["halifax"],
            "forts": {"halifax": "britain"},
            "initiative": "britain",
        }
    )
    st["parked"] = [[BR, 1, 7]]
    for who in (st["side_seat"][FR], st["side_seat"][BR], None):
        v = rules().view(st, who)
        got = {k: v[k] for k in PUBLIC}
        assert got == {k: st[k] for k in PUBLIC}, who
    assert (st["vp"], st["debt"], st["limit"][FR], st["trp"][BR]) == (12, [3, 1], 11, 2)
    assert st["townshend"] == "furs" and st["byng"] == 2 and st["initiative"] == BR


class _Spy:
    """A bot that records the state it is handed and answers the first choice."""

    name = "Spy"

    def __init__(self):
        self.seen = []

    def choose(self, rules_, state, seat_, prompt, rng):
        self.seen.append(state)
        return prompt.choices[0].id


def test_is_16_6_a_bot_sees_its_view_never_the_hidden_cards():
    """IS-16.6, IS-16.7: the state a bot decides on (``engine.ai.decide``) gives exactly its
    seat's view; the opponent's hand and face-down Ministry cards, and the deck order, are
    resampled: over 12 decisions Britain's real hand and the real draw pile order are not
    always what France's bot is shown."""
    st = build(
        {
            "turn": "T2",
            "side": "france",
            "inv_avail": [4],
            "hands": {"france": [3, 4], "britain": [5, 6, 7]},
            "ministries": {"britain": [["M-5", False], ["M-6", True]]},
        }
    )
    me = seat(st, FR)
    real = rules().view(st, me)
    spy = _Spy()
    for k in range(12):
        decide(spy, rules(), st, me, Rng.seeded(k))
    hands, decks, ministries = set(), set(), set()
    for world in spy.seen:
        assert rules().view(world, me) == real
        assert world["hands"][FR] == [3, 4]
        assert len(world["hands"][BR]) == 3
        hands.add(tuple(sorted(world["hands"][BR])))
        decks.add(tuple(world["deck"]))
        ministries.add(world["min_slots"][BR][0]["card"])
        assert world["min_slots"][BR][1]["card"] == "M-6"  # face up: public
    assert len(hands) > 1 and len(decks) > 1 and len(ministries) > 1


def test_is_a50_simultaneous_ministry_commits_in_either_order():
    """IS-A50, IS-16.4: the first Ministry choice of T1 is a hidden commit of both sides in any
    order: Britain committing first or France first gives the same slots, and the side that
    committed first waits while the other still decides."""
    results = []
    for order in ((BR, FR), (FR, BR)):
        st = new_game()
        assert sorted(waiting_sides(st)) == [FR, BR]
        picks = {FR: ("pick:M-1", "pick:M-2"), BR: ("pick:M-5", "pick:M-6")}
        first, second = order
        act(st, first, *picks[first], "confirm")
        assert waiting_sides(st) == [second]
        act(st, second, *picks[second], "confirm")
        results.append([[s["card"] for s in st["min_slots"][side]] for side in (FR, BR)])
    assert results[0] == results[1] == [["M-1", "M-2"], ["M-5", "M-6"]]


def test_is_17_5_initiative_holder_chooses_the_first_side():
    """IS-17.5, IS-4.1.8: on T2 with vp 13 France holds the Initiative and alone is asked:
    ``first:france`` or ``first:britain``; choosing Britain makes it the first player."""
    st = build(
        {
            "turn": "T2",
            "at": "ministry",
            "vp": 13,
            "ministries": {
                "france": [["M-1", False], ["M-2", True]],
                "britain": [["M-5", False], ["M-6", True]],
            },
        }
    )
    act(st, BR, "keep_all")
    act(st, FR, "keep_all")
    assert waiting_sides(st) == [FR] and st["initiative"] == FR
    assert choice_ids(st, FR) == ["first:france", "first:britain"]
    assert choice_ids(st, BR) == []
    act(st, FR, "first:britain")
    assert st["first"] == BR
    assert waiting_sides(st) == [BR]
    assert any(i.startswith("tile:") for i in choice_ids(st, BR))


def test_is_4_1_6a_investment_tiles_reveal_to_nine_then_reshuffle():
    """IS-4.1.6, IS-4.1.6a: with only 5 tiles left in the stack and 19 in the used box, the
    Deal Phase reveals those 5, shuffles the used box into a new stack and reveals 4 more: 9
    available, 15 in the new stack, the used box empty."""
    st = build({"turn": "T2", "at": "none", "hands": {"france": [], "britain": []}})
    st["inv_avail"] = []
    st["inv_stack"] = [0, 1, 2, 3, 4]
    st["inv_used"] = list(range(5, 24))
    from engine.games.imperial_struggle import phases

    phases.push_peace(st, "deal")
    out = advance(st)
    (reveal,) = [e for e in out if e.kind == "inv_reveal"]
    assert reveal.args["reshuffled"]
    assert len(st["inv_avail"]) == 9 and {0, 1, 2, 3, 4} <= set(st["inv_avail"])
    assert len(st["inv_stack"]) == 15 and st["inv_used"] == []
    assert sorted(st["inv_avail"] + st["inv_stack"]) == list(range(24))


def test_is_12_publisher_optional_rules_default_off():
    """IS-12: the publisher's optional rules IS-V01 to IS-V05 are set-up options that all
    default to off."""
    by_rule = {o.rule: o for o in rules().options}
    for rid in ("IS-V01", "IS-V02", "IS-V03", "IS-V04", "IS-V05"):
        assert by_rule[rid].default == "off", rid
    st = new_game()
    assert [st["opts"][by_rule[r].key] for r in ("IS-V01", "IS-V04")] == ["off", "off"]
    assert not any(c == 3 for c in st["flags"].values())  # no Spanish flags (IS-V01 off)
