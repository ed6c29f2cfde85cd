"""engine.match on the tiny test game: undo policies, barriers, redo, resign, snapshots."""

from __future__ import annotations

import pytest
from tinygame import RULES

from engine.match import Match, UndoRefused, state_hash
from engine.rules import Config, IllegalAction, SeatConfig, resolve_options


def make(policy="casual", kinds=("human", "human"), seed=3):
    seats = tuple(SeatConfig(f"P{i}", k) for i, k in enumerate(kinds))
    return Match(RULES, Config(seats, resolve_options(RULES)), seed, policy)


def hand(m, seat):
    return m.state["hands"][seat]


def test_simultaneous_secret_pick_is_hidden_until_all_commit():
    m = make()
    assert m.waiting() == (0, 1)
    assert m.prompt(0).secret
    card = hand(m, 0)[0]
    m.act(0, f"pick:{card}")
    assert m.view(0)["picks"] == [card, False]
    assert m.view(1)["picks"] == [True, None]  # seat 1 sees only that seat 0 has chosen
    assert m.waiting() == (1,)


def test_own_secret_pick_can_be_taken_back_casually():
    m = make()
    m.act(0, f"pick:{hand(m, 0)[0]}")
    check = m.check_undo(0)
    assert check.allowed and check.count == 1
    m.undo(0)
    assert m.waiting() == (0, 1) and m.state["picks"] == [None, None]


def test_the_reveal_is_a_barrier_in_casual():
    m = make()
    m.act(0, f"pick:{hand(m, 0)[0]}")
    m.act(1, f"pick:{hand(m, 1)[0]}")  # reveals seat 0's pick to seat 1 and vice versa
    assert m.is_barrier(1)
    check = m.check_undo(1)
    assert not check.allowed and check.needs_consent == (0,)
    with pytest.raises(UndoRefused, match="agree"):
        m.undo(1)
    assert m.undo(1, consent=True) == 1


def test_draw_is_a_barrier_but_pass_is_not():
    m = make(seed=3)
    m.act(0, f"pick:{hand(m, 0)[-1]}")
    m.act(1, f"pick:{hand(m, 1)[0]}")
    leader = m.state["leader"]
    ply = m.ply
    m.act(leader, "pass")
    # pass brings both seats to the next secret pick: a new seat decides -> barrier
    assert m.is_barrier(ply) == (1 - leader in m.waiting())
    m2 = make(seed=3)
    m2.act(0, f"pick:{hand(m2, 0)[-1]}")
    m2.act(1, f"pick:{hand(m2, 1)[0]}")
    m2.act(m2.state["leader"], "draw")
    assert m2.is_barrier(ply)


def test_bots_always_consent_so_one_undo_returns_to_the_human():
    m = make(kinds=("human", "random"))
    m.act(1, f"pick:{hand(m, 1)[0]}")
    m.act(0, f"pick:{hand(m, 0)[0]}")  # reveal: a barrier, but the only other seat is a bot
    check = m.check_undo(0)
    assert check.allowed and check.target == 1
    m.undo(0)
    assert m.waiting() == (0,)


def test_strict_refuses_and_teaching_allows_everything():
    s = make("strict")
    s.act(0, f"pick:{hand(s, 0)[0]}")
    with pytest.raises(UndoRefused, match="strict"):
        s.undo(0)
    t = make("teaching")
    t.act(0, f"pick:{hand(t, 0)[0]}")
    t.act(1, f"pick:{hand(t, 1)[0]}")
    assert t.undo(0) == 2 and t.ply == 0


def test_undo_redo_identity_and_redo_cleared_by_new_choice():
    m = make("teaching")
    m.act(0, f"pick:{hand(m, 0)[0]}")
    m.act(1, f"pick:{hand(m, 1)[0]}")
    h = state_hash(m.state)
    m.undo(1)
    assert m.can_redo(1)
    m.redo(1)
    assert state_hash(m.state) == h
    m.undo(1)
    m.act(1, f"pick:{hand(m, 1)[-1]}")
    assert not m.can_redo(1)


def test_nothing_to_undo_and_illegal_choice():
    m = make()
    assert m.check_undo(0).reason.startswith("Nothing")
    h = m.hash()
    with pytest.raises(IllegalAction):
        m.act(0, "pick:99")
    assert m.hash() == h and m.ply == 0 and m.entries == 0


def test_resign_ends_the_match_for_the_others():
    m = make(kinds=("human", "human"))
    m.resign(1)
    out = m.outcome()
    assert out.winners == (0,) and "resigned" in out.reason
    assert m.waiting() == ()
    with pytest.raises(IllegalAction):
        m.act(0, f"pick:{hand(m, 0)[0]}")


def test_undo_replays_from_snapshot_not_from_start():
    m = make("teaching", kinds=("human", "human"))
    calls = []
    real_apply = RULES.apply

    def counting(*a):
        calls.append(1)
        return real_apply(*a)

    for _ in range(3):
        if m.over:
            break
        for s in m.waiting():
            m.act(s, m.prompt(s).choices[0].id)
        if not m.over:
            m.act(m.waiting()[0], "pass")
    RULES.apply = counting
    try:
        m.undo(m.line[-1][0])
    finally:
        RULES.apply = real_apply
    assert len(calls) <= 2  # restored from the snapshot taken when the seats changed


def test_undo_after_the_end_only_in_teaching():
    for policy, allowed in (("casual", False), ("teaching", True)):
        m = make(policy, kinds=("human", "random"))
        while not m.over:
            s = m.waiting()[0]
            m.act(s, m.prompt(s).choices[0].id)
        assert m.check_undo(0).allowed is allowed
        if not allowed:
            assert "over" in m.check_undo(0).reason


def test_allowed_undo_past_a_barrier_is_flagged_for_confirmation():
    m = make(kinds=("human", "random"))
    m.act(1, f"pick:{hand(m, 1)[0]}")
    m.act(0, f"pick:{hand(m, 0)[0]}")  # the reveal: a barrier
    check = m.check_undo(0)
    assert check.allowed and check.crosses
    m2 = make(kinds=("human", "random"))
    m2.act(0, f"pick:{hand(m2, 0)[0]}")
    assert m2.check_undo(0).allowed and not m2.check_undo(0).crosses


def test_log_keeps_taken_back_lines_and_says_you():
    m = make("teaching")
    m.act(0, f"pick:{hand(m, 0)[0]}")
    m.undo(0)
    picked = [i for i in m.log if i.event.kind == "picked"]
    assert len(picked) == 1 and picked[0].undone
    undo = m.log[-1]
    assert m.describe(undo, 0) == "You take back 1 choice"
    assert m.describe(undo, 1) == "P0 takes back 1 choice"


def test_rewind_is_teaching_only_and_journaled_as_undo():
    from engine import journal as jr

    m = make("teaching")
    m.act(0, f"pick:{hand(m, 0)[0]}")
    m.act(1, f"pick:{hand(m, 1)[0]}")
    m.act(m.state["leader"], "pass")
    assert m.rewind(0, 1) == 2 and m.ply == 1
    assert m.records[-1] == (jr.UNDO, 0, 1)
    c = make("casual")
    c.act(0, f"pick:{hand(c, 0)[0]}")
    with pytest.raises(UndoRefused, match="teaching"):
        c.rewind(0, 0)
