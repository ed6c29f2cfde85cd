"""engine.match's replay plan and its one legality path (issue 17): a journal's undos restore
snapshots instead of re-applying moves, and a choice is validated against the prompt handed out.
"""

from __future__ import annotations

import pytest
from tinygame import RULES as TINY

from engine import journal as jr
from engine import registry
from engine.bench import long_journal
from engine.match import TARGET, Match, replay_plan, state_hash
from engine.rng import Rng
from engine.rules import Config, IllegalAction, SeatConfig, resolve_options
from engine.session import load_match

ACT, UNDO, CHAT, CHECK = jr.ACT, jr.UNDO, jr.CHAT, jr.CHECK


def test_replay_plan_marks_the_records_undos_return_to():
    records = [
        (ACT, 0, "a"),  # 0: ply 1
        (ACT, 1, "b"),  # 1: ply 2
        (CHECK, 2, b"\0" * 8),  # 2
        (ACT, 0, "c"),  # 3: ply 3
        (UNDO, 0, 1),  # 4: back to the state after record 0
        (ACT, 1, "d"),  # 5: ply 2
        (CHAT, 1, "hi"),  # 6
        (ACT, 0, "e"),  # 7: ply 3
        (UNDO, 0, 2),  # 8: back to the state after record 5
        (ACT, 0, "f"),  # 9: ply 3, still in the line at the end
    ]
    # records 0 and 5 are undo targets; only record 9's ply survives to the end
    assert list(replay_plan(records)) == [TARGET, 0, 0, 0, 0, TARGET, 0, 0, 0, 1]


def test_replay_plan_of_a_journal_without_undos_keeps_every_act():
    records = [(ACT, 0, "a"), (ACT, 1, "b"), (CHECK, 2, b"\0" * 8), (ACT, 0, "c")]
    assert list(replay_plan(records)) == [1, 1, 0, 1]


def test_loading_applies_each_act_record_once(tmp_path, monkeypatch):
    """A teaching journal with take-backs and rewinds: every act record is applied exactly
    once while loading (an undo restores a snapshot and re-applies nothing), and the loaded
    match has the live match's state and line."""
    rules = registry.get("imperium")
    path = tmp_path / "long.imperia"
    live = long_journal(rules, 600, path)
    live.sink = None  # the journal is closed; the live match goes on in memory
    loaded = jr.read(path)
    acts = sum(1 for r in loaded.records if r[0] == ACT)
    undos = sum(1 for r in loaded.records if r[0] == UNDO)
    assert undos >= 10
    calls = []
    real = type(rules).apply_unchecked

    def counting(self, *a):
        calls.append(1)
        return real(self, *a)

    monkeypatch.setattr(type(rules), "apply_unchecked", counting)
    m = load_match(loaded, verify=True)
    assert len(calls) == acts
    assert m.hash() == live.hash() and m.line == live.line
    # the live undo after loading works and matches the live match's undo
    seat = m.line[-1][0]
    assert m.undo(seat) == live.undo(seat)
    assert m.hash() == live.hash()


def _tiny(seed=3):
    seats = (SeatConfig("P0", "human"), SeatConfig("P1", "human"))
    return Match(TINY, Config(seats, resolve_options(TINY)), seed, "teaching")


def test_prompt_is_kept_until_the_state_changes():
    m = _tiny()
    p = m.prompt(0)
    assert m.prompt(0) is p
    m.act(0, p.choices[0].id)
    assert m.prompt(0) is not p
    m.undo(0)
    assert m.prompt(0) == p  # the same decision again, a new object


@pytest.mark.parametrize("game", ["imperium", "imperial_struggle"])
def test_a_choice_not_offered_is_refused_and_changes_nothing(game):
    rules = registry.get(game)
    seats = tuple(SeatConfig(f"P{i}", "human") for i in range(rules.min_seats))
    m = Match(rules, Config(seats, resolve_options(rules)), 5, "teaching")
    seat = m.waiting()[0]
    before = state_hash(m.state)
    with pytest.raises(IllegalAction):
        m.act(seat, "bogus")
    with pytest.raises(IllegalAction):
        m.act(seat, 7)  # not even a string
    assert state_hash(m.state) == before and m.line == [] and m.entries == 0
    assert m.offers(seat, m.prompt(seat).choices[0].id) and not m.offers(seat, "bogus")


@pytest.mark.parametrize("game", ["imperium", "imperial_struggle"])
def test_choice_ids_are_the_prompts_ids(game):
    """The ``choice_ids`` hook (what a replay validates against) gives exactly the prompt's
    ids, in order, for every seat at every step of seeded random games."""
    rules = registry.get(game)
    seats = tuple(SeatConfig(f"P{i}", "random") for i in range(rules.min_seats))
    for seed in range(3):
        st = rules.setup(Config(seats, resolve_options(rules)), Rng.seeded(seed))
        pick = Rng.seeded(seed + 100)
        for _ in range(400):
            if rules.outcome(st) is not None:
                break
            for s in range(len(seats)):
                p = rules.prompt(st, s)
                assert rules.choice_ids(st, s) == ([c.id for c in p.choices] if p else [])
            seat = rules.waiting(st)[0]
            ids = rules.choice_ids(st, seat)
            rules.apply(st, seat, ids[pick.randbelow(len(ids))], Rng(st["rng"]))
