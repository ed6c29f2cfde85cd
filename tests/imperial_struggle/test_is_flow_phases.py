"""Flow helper: set-up (IS-3.11) and the Peace Turn phases (IS-4.1.1–4.1.11, IS-17.3–17.5), with
the Action Rounds and War Turns replaced by small fakes so that only the flow is tested."""

from __future__ import annotations

import pytest

from engine.games.imperial_struggle import RULES, phases, war
from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import round as rnd
from engine.games.imperial_struggle.data_components import COMPONENTS
from engine.games.imperial_struggle.position import build
from engine.rng import Rng
from engine.rules import Config, IllegalAction, SeatConfig

FAKE_ROUNDS: list[int] = []


def _fake_round_run(st, fr, out):
    FAKE_ROUNDS.append(fr["side"])
    st["rounds_done"][fr["side"]] += 1
    F.pop(st, fr)


def _fake_war_run(st, fr, out):
    F.pop(st, fr)


if "t_fake_round" not in F.HANDLERS:
    F.register("t_fake_round", run=_fake_round_run)
    F.register("t_fake_war", run=_fake_war_run)


@pytest.fixture
def fake(monkeypatch):
    """Action Rounds that end at once; War Turns that do nothing."""
    FAKE_ROUNDS.clear()
    monkeypatch.setattr(
        rnd, "push_action_round", lambda st, side: F.push(st, "t_fake_round", side=side)
    )
    monkeypatch.setattr(war, "push_war_turn", lambda st, **kw: F.push(st, "t_fake_war"))
    return FAKE_ROUNDS


def new_game(seed: int = 3, **opts):
    config = Config((SeatConfig("A"), SeatConfig("B")), opts)
    return RULES.setup(config, Rng.seeded(seed))


def act(st, seat, *choices):
    events = []
    for c in choices:
        events += RULES.apply(st, seat, c, Rng(st["rng"]))
    return events


def ids(st, seat):
    p = RULES.prompt(st, seat)
    return [] if p is None else [c.id for c in p.choices]


def pick_ministries(st):
    """Finish the Ministry Phase for both sides: keep_all / confirm when offered, else pick the
    first offered card (IS-17.4)."""
    for seat in (0, 1):
        for _ in range(5):
            c = ids(st, seat)
            if "keep_all" in c:
                act(st, seat, "keep_all")
                break
            if "confirm" in c:
                act(st, seat, "confirm")
                break
            picks = [x for x in c if x.startswith("pick:")]
            if not picks:
                break
            act(st, seat, picks[0])


# ---------------------------------------------------------------------------- set-up
def test_setup_is311_flags_squadrons_advantages_decks():
    """IS-3.11a–g: 17 French / 16 British flags from the data, Squadrons 1+7 / 2+6, Wheat British
    and Algonquin Raids French, Event pile of the 15 Succession cards (3 dealt to each side on T1),
    16–41 aside, 9 Investment tiles revealed from the 24, the WSS display with one Basic tile per
    side per theater and France's extra Bonus tile in Central Europe."""
    st = new_game()
    setup = COMPONENTS["setup"]
    for side, key in ((0, "france"), (1, "britain")):
        assert sorted(s for s, c in st["flags"].items() if c == side) == sorted(setup[key]["flags"])
    assert sum(1 for c in st["flags"].values() if c == 0) == 17
    assert sum(1 for c in st["flags"].values() if c == 1) == 16
    assert st["navy"] == [1, 2] and st["unbuilt"] == [7, 6] and st["squadrons"] == {}
    assert st["adv_holder"] == {"wheat": 1, "algonquin_raids": 0}
    assert st["vp"] == 15 and st["debt"] == [0, 0] and st["limit"] == [6, 6] and st["trp"] == [0, 0]
    assert len(st["hands"][0]) == len(st["hands"][1]) == 3
    assert sorted(st["deck"] + st["hands"][0] + st["hands"][1]) == list(range(1, 16))
    assert sorted(st["aside"]) == list(range(16, 42))
    assert len(st["inv_avail"]) == 9 and len(st["inv_stack"]) == 15
    assert sorted(st["inv_avail"] + st["inv_stack"]) == list(range(24))
    w = st["war"]
    assert w["id"] == "WSS"
    for k, th in w["theaters"].items():
        assert [len(th["basic"][0]), len(th["basic"][1])] == [1, 1]
        assert len(th["bonus"][0]) == (1 if k == "1" else 0) and th["bonus"][1] == []
    assert len(w["bonus_pool"][0]) == 11 and len(w["bonus_pool"][1]) == 12
    # awards: one face-up and one face-down tile per Region, all 8 tiles used (IS-4.1.3)
    tiles = [t for r in B.REGIONS for t in st["awards"][r]]
    assert sorted(tiles) == list(range(8))
    assert len(st["demand"]) == 3 and len(set(st["demand"])) == 3


def test_setup_first_decision_is_secret_ministry_pick():
    """T1: nobody holds more than 3 cards after the deal, so the first decision is the Ministry
    Phase: both seats wait, secretly (IS-4.1.7, IS-16.4), choosing among their Succession cards."""
    st = new_game()
    assert RULES.waiting(st) == (0, 1)
    p0, p1 = RULES.prompt(st, 0), RULES.prompt(st, 1)
    assert p0.secret and p1.secret
    assert sorted(ids(st, 0)) == ["pick:M-1", "pick:M-2", "pick:M-3", "pick:M-4", "pick:M-9"]
    assert sorted(ids(st, 1)) == ["pick:M-10", "pick:M-5", "pick:M-6", "pick:M-7", "pick:M-8"]


def test_fixed_side_bid_gives_trp():
    """IS-V05 fixed:<side>+<n>: the side starts with n TRP."""
    st = new_game(side_bid="fixed:britain+3")
    assert st["trp"] == [0, 3]


# ---------------------------------------------------------------------------- ministry
def test_ministry_first_turn_picks_back_confirm_then_initiative(fake):
    """IS-17.4: two picks then confirm; `back` drops the last pick; the slots are written only when
    both sides committed, face down. Then T1 Initiative: France (holder from set-up) chooses."""
    st = new_game()
    act(st, 0, "pick:M-2", "pick:M-3", "back")
    assert "confirm" not in ids(st, 0) and "pick:M-3" in ids(st, 0)
    act(st, 0, "pick:M-9", "confirm")
    assert st["min_slots"][0] == [] or all(s["card"] is None for s in st["min_slots"][0])
    assert RULES.waiting(st) == (1,)
    with pytest.raises(IllegalAction):
        act(st, 0, "pick:M-1")
    ev = act(st, 1, "pick:M-5", "pick:M-7", "confirm")
    assert st["min_slots"][0] == [{"card": "M-2", "up": False}, {"card": "M-9", "up": False}]
    assert st["min_slots"][1] == [{"card": "M-5", "up": False}, {"card": "M-7", "up": False}]
    lines_fr = [RULES.describe(e, 0) for e in ev if e.kind == "ministry"]
    assert any("chooses 2 Ministry cards" in s for s in lines_fr)
    assert not any("Walpole" in s or "East India" in s for s in lines_fr)
    # IS-4.1.8 on T1: no VP test, France holds the Initiative and chooses
    assert RULES.waiting(st) == (0,)
    assert ids(st, 0) == ["first:france", "first:britain"]


def test_ministry_second_turn_replace_with_keep_all(fake):
    """IS-4.1.7b / IS-17.4: on T2 only face-down cards may be replaced; face-up cards stay;
    `keep_all` when nothing changed."""
    rules, st = build(
        {
            "turn": "T2",
            "at": "ministry",
            "ministries": {
                "france": [["M-2", True], ["M-3", False]],
                "britain": [["M-5", False], ["M-6", False]],
            },
        }
    )
    assert sorted(ids(st, 0)) == ["keep_all", "replace:M-3"]
    act(st, 0, "replace:M-3")
    assert sorted(ids(st, 0)) == ["back", "with:M-1", "with:M-4", "with:M-9"]
    act(st, 0, "with:M-1", "confirm")
    act(st, 1, "keep_all")
    assert st["min_slots"][0] == [{"card": "M-2", "up": True}, {"card": "M-1", "up": False}]
    assert st["min_slots"][1] == [{"card": "M-5", "up": False}, {"card": "M-6", "up": False}]


def test_jacobite_right_puts_m4_in_third_slot_on_t4(fake):
    """IS-7.3a / IS-4.1.7b / IS-S24: France picked M-11 and M-4 on T3 and then won the Jacobite right:
    at the T4 Ministry Phase M-4 moves face up to a third slot and the freed slot may be filled
    with M-12, M-13 or M-14."""
    rules, st = build(
        {
            "turn": "T4",
            "at": "ministry",
            "jacobite": {"victories": 2, "right": True},
            "ministries": {"france": [["M-11", False], ["M-4", False]]},
        }
    )
    slots = st["min_slots"][0]
    assert slots[2] == {"card": "M-4", "up": True}
    assert slots[1]["card"] is None
    fills = sorted(c for c in ids(st, 0) if c.startswith("pick:"))
    assert fills == ["pick:M-12", "pick:M-13", "pick:M-14"]
    act(st, 0, "pick:M-13", "confirm")
    act(st, 1, *([] if "keep_all" not in ids(st, 1) else ["keep_all"]))
    assert [s["card"] for s in st["min_slots"][0]] == ["M-11", "M-13", "M-4"]


# ---------------------------------------------------------------------------- deal
def test_deal_discards_are_simultaneous_and_public_after(fake):
    """IS-4.1.6b / IS-17.3: 3 cards dealt alternately (FR first) onto the kept cards; each side
    discards down to 3 (`discard:<card>`, `back`, `keep`); the discards reach the discard pile only
    once both committed."""
    rules, st = build(
        {
            "turn": "T2",
            "at": "deal",
            "hands": {"france": [1, 2], "britain": [3]},
            "deck": [9, 8, 7, 6, 5, 4],
        }
    )
    assert st["hands"] == [[1, 2, 4, 6, 8], [3, 5, 7, 9]]
    assert RULES.waiting(st) == (0, 1) and RULES.prompt(st, 0).secret
    assert sorted(ids(st, 1)) == ["discard:3", "discard:5", "discard:7", "discard:9"]
    act(st, 0, "discard:4", "discard:8")
    assert ids(st, 0) == ["keep", "back"]
    with pytest.raises(IllegalAction):
        act(st, 0, "discard:1")
    act(st, 0, "back", "discard:6", "keep")
    assert st["discard"] == [] and st["hands"][0] == [1, 2, 4, 6, 8]
    ev = act(st, 1, "discard:9", "keep")
    assert sorted(st["discard"]) == [4, 6, 9]
    assert st["hands"] == [[1, 2, 8], [3, 5, 7]]
    assert [e.kind for e in ev].count("discard") == 2


def test_deal_reshuffles_discard_when_pile_empty(fake):
    """IS-4.1.6c: a draw from an empty pile during the deal first shuffles the discard pile in."""
    rules, st = build(
        {
            "turn": "T2",
            "at": "deal",
            "hands": {"france": [], "britain": []},
            "deck": [1, 2],
            "discard": [3, 4, 5, 6],
        }
    )
    assert len(st["hands"][0]) == 3 and len(st["hands"][1]) == 3
    assert sorted(st["hands"][0] + st["hands"][1]) == [1, 2, 3, 4, 5, 6]


# ---------------------------------------------------------------------------- initiative & rounds
@pytest.mark.parametrize(
    ("turn", "vp", "before", "holder"),
    [
        ("T2", 15, "france", 0),
        ("T2", 15, "britain", 1),
        ("T3", 17, "france", 1),
        ("T4", 12, "britain", 0),
    ],
)
def test_initiative_is418(fake, turn, vp, before, holder):
    """IS-4.1.8 / IS-S21: vp < 15 France, > 15 Britain, 15 unchanged; the holder chooses."""
    rules, st = build({"turn": turn, "at": "ministry", "vp": vp, "initiative": before})
    pick_ministries(st)
    assert st["initiative"] == holder
    assert RULES.waiting(st) == (holder,)
    assert ids(st, holder) == ["first:france", "first:britain"]


def test_action_phase_alternates_from_first_player_and_caps_trp(fake):
    """IS-4.1.9: eight rounds, first player first, alternating; IS-4.1.10 (IS-S20): TRP above 4
    drop to 4 after the Action Phase; the turn then scores and ends."""
    rules, st = build(
        {"turn": "T3", "at": "ministry", "vp": 17, "trp": {"france": 3, "britain": 6}}
    )
    pick_ministries(st)
    act(st, 1, "first:france")
    assert fake == [0, 1, 0, 1, 0, 1, 0, 1]
    assert st["stack"] == []  # no game frame in a position: the turn ended


def test_reduce_trp_before_scoring(fake):
    """IS-4.1.10 then IS-4.1.12: the cap happens before scoring."""
    from engine.games.imperial_struggle.position import build_with_events

    rules, st, ev = build_with_events(
        {
            "turn": "T3",
            "at": "action",
            "side": "britain",
            "rounds": {"france": 4, "britain": 3},
            "trp": {"france": 3, "britain": 6},
        }
    )
    kinds = [(e.kind, e.args.get("why")) for e in ev]
    cap = kinds.index(("trp", "trp_cap"))
    first_award = next(i for i, k in enumerate(kinds) if k[0] == "award")
    assert cap < first_award
    assert fake == [1]


# ---------------------------------------------------------------------------- era phases
def test_deck_and_debt_limit_phases_t3_t5(fake):
    """IS-4.1.1 / IS-4.1.2: T3 shuffles 16–30 in and both limits +4; T5 removes Succession cards from
    hands and adds 31–41."""
    st = {"turn": "T3", "at": "setup", "hands": {"france": [1, 2, 3], "britain": []}}
    rules, s3 = build(st)
    assert s3["limit"] == [10, 10]  # 6 before the phase, +4
    assert not any(16 <= c <= 30 for c in s3["aside"])
    cards = s3["deck"] + s3["hands"][0] + s3["hands"][1] + s3["discard"]
    assert sorted(cards) == list(range(1, 31))  # no card twice
    rules, s5 = build({"turn": "T5", "at": "setup", "hands": {"france": [1, 20], "britain": [5]}})
    assert 1 in s5["removed"] and 5 in s5["removed"]
    assert all(c > 15 for h in s5["hands"] for c in h)
    assert s5["aside"] == [] and s5["limit"] == [14, 14]
    cards = s5["deck"] + s5["hands"][0] + s5["hands"][1] + s5["discard"] + s5["removed"]
    assert sorted(cards) == list(range(1, 42))


def test_award_phase_second_turn_turns_up_hidden_tile(fake):
    """IS-4.1.3: the Era's second turn uses the face-down tile of each Region."""
    rules, st = build({"turn": "T1", "at": "scoring"})
    nxt = {r: st["awards"][r][1] for r in B.REGIONS}
    st["ti"] = B.TURN_IDS.index("T2")
    phases.phase_award(st, {"k": "peace"}, [])
    assert {r: st["awards"][r][0] for r in B.REGIONS} == nxt


def test_reset_returns_parked_squadrons_and_moves_tiles(fake):
    """IS-4.1.5: exhausted markers off, last turn's tiles to the used box, parked Squadrons due now
    return, Townshend cleared."""
    rules, st = build({"turn": "T2", "at": "none", "adv_exhausted": ["wheat"], "townshend": "furs"})
    st["parked"] = [[0, 1, st["ti"]], [1, 2, st["ti"] + 3]]
    st["inv_avail"] = [1, 2, 3]
    navy = list(st["navy"])
    phases.phase_reset(st, {"k": "peace"}, [])
    assert st["navy"] == [navy[0] + 1, navy[1]]
    assert st["parked"] == [[1, 2, st["ti"] + 3]]
    assert st["adv_exhausted"] == {} and st["townshend"] is None
    assert st["inv_avail"] == [] and {1, 2, 3} <= set(st["inv_used"])


# ---------------------------------------------------------------------------- the turn track
def test_turn_track_runs_to_final_scoring_with_fakes(fake):
    """IS-2.1: T1, WSS, T2, T3, WAS, T4, 7YW, T5, AWI, T6 in order; after T6 Final Scoring ends the
    game (IS-4.1.14) with a winner."""
    st = new_game(seed=5)
    turns = []
    for _ in range(200):
        if st["over"]:
            break
        turns.append(B.TURN_IDS[st["ti"]])
        seat = RULES.waiting(st)[0]
        act(st, seat, ids(st, seat)[0])
    assert st["over"] and st["winner"] in (0, 1)
    assert st["reason"] in (
        "final",
        "final_tiebreak",
        "final_britain_tie",
        "vp_threshold",
        "sweep_peace",
    )
    seen = list(dict.fromkeys(turns))
    assert seen == [t for t in B.TURN_IDS if t.startswith("T")][: len(seen)]
    assert RULES.outcome(st) is not None and RULES.waiting(st) == ()


def test_remaining_powers_john_law_after_action_phase(fake):
    """IS-4.1.11 / IS-MIN02: after the last Action Round, face-up John Law lowers French Debt by 1
    (2 with a Scotland space), before scoring."""
    from engine.games.imperial_struggle.position import build_with_events

    spec = {
        "turn": "T2",
        "at": "action",
        "side": "britain",
        "rounds": {"france": 4, "britain": 3},
        "debt": {"france": 3},
        "ministries": {"france": [["M-2", True], ["M-1", False]]},
    }
    rules, st, ev = build_with_events(spec)
    law = [i for i, e in enumerate(ev) if e.kind == "debt" and e.args.get("why") == "john_law"]
    first_award = next(i for i, e in enumerate(ev) if e.kind == "award")
    assert law and law[0] < first_award
    assert ev[law[0]].args["n"] == -1
    rules, st, ev = build_with_events({**spec, "flags": {"scotland_alliance_2": "france"}})
    assert [e.args["n"] for e in ev if e.kind == "debt" and e.args.get("why") == "john_law"] == [-2]
