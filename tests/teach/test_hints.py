"""Hints (engine/hints.py) on hand-checked positions, and the journal's note record that keeps a
hint used (engine/journal_format.py ``NOTE``): written, replayed without touching the state,
read in full by its seat only until the end."""

from __future__ import annotations

from pathlib import Path

from imp_positions import republic_win

from engine import journal as jr
from engine import registry
from engine.games.imperium.position import build
from engine.hints import TOP, explain, hints, note_text
from engine.match import LogItem
from engine.rng import Rng
from engine.rules import SeatConfig
from engine.session import Timeline, new_match, open_match, play_out
from tui.replay_session import ReplaySession

IMP = registry.get("imperium")


def test_the_winning_government_is_the_first_hint_imp_8_4():
    # IMP-9.12 / IMP-8.4: five dice-increase cards, 11 energy, Republic in hand: it wins
    st = build(republic_win())
    shown = hints(IMP, st, 0, Rng.seeded(1), seconds=None, iterations=300)
    assert len(shown) == TOP
    assert shown[0].choice == "play:republic"
    assert shown[0].win == 1.0
    assert "Government victory" in shown[0].reason
    assert all(h.choice in {c.id for c in IMP.prompt(st, 0).choices} for h in shown)


def test_a_reason_keeps_only_what_every_world_shows_imp_9_8():
    # IMP-9.8 Caravan: draw 2. Which cards come is hidden (the deck): the reason names the play
    # and never a card drawn in one imagined world.
    st = build({"active": "R", "phase": "action", "energy": 5, "R": {"hand": ["caravan"]}})
    (hint,) = explain(IMP, st, 0, [("play:caravan", 10, 0.5)], Rng.seeded(2))
    assert hint.reason.startswith("You play Caravan (5)")
    assert "draw" not in hint.reason
    assert hint.win == 0.5 and hint.label == "Play Caravan (5)"


def test_note_text_names_the_prompt_and_each_choice_with_its_estimate():
    st = build(republic_win())
    shown = explain(IMP, st, 0, [("play:republic", 9, 0.97), ("end", 3, 0.2)], Rng.seeded(1))
    assert note_text(IMP.prompt(st, 0), shown) == (
        "Hint at “Choose an action”: 1. Play Republic (11): win 97%; 2. End turn 20%"
    )


def _seats():
    return [SeatConfig("Ann", "human"), SeatConfig("Bob", "human")]


def test_a_note_is_kept_replayed_and_leaves_the_state_alone(tmp_path: Path):
    path = tmp_path / "m.imperia"
    m = new_match("imperium", _seats(), seed=4, policy="teaching", save_path=path)
    plain = new_match("imperium", _seats(), seed=4, policy="teaching")
    first = m.prompt(m.waiting()[0]).choices[0].id
    seat = m.waiting()[0]
    m.note(seat, "Hint at “Opening”: 1. Discard Farm 55%")
    for match in (m, plain):
        match.act(seat, first)
    assert m.hash() == plain.hash()
    m.sink.close()
    loaded = jr.read(path)
    assert [r[0] for r in loaded.records if r[0] != jr.CHECK] == [jr.NOTE, jr.ACT]
    again, _ = open_match(path)
    assert again.hash() == plain.hash()
    note = next(i for i in again.log if i.event.kind == "note")
    assert again.describe(note, seat) == "You used a hint: Hint at “Opening”: 1. Discard Farm 55%"
    assert again.describe(note, 1 - seat) == f"{['Ann', 'Bob'][seat]} used a hint"
    again.sink.close()
    # the replay shows it as an entry of its own
    timeline = Timeline(jr.read(path))
    assert timeline.frames[1].record[0] == jr.NOTE
    assert [e.kind for e in timeline.frames[1].events] == ["note"]


def test_a_note_is_read_by_everyone_once_the_match_is_over():
    m = new_match("imperium", [SeatConfig("A", "random"), SeatConfig("B", "random")], seed=2)
    m.note(0, "Hint: 1. End turn 40%")
    play_out(m)
    note = next(i for i in m.log if i.event.kind == "note")
    assert m.describe(LogItem(note.ply, note.event), 1) == "A used a hint: Hint: 1. End turn 40%"


def test_a_note_record_is_checked_like_chat():
    assert jr.RECORD_NAMES[jr.NOTE] == "note"
    assert jr.valid_record([jr.NOTE, 0, "x"])
    assert not jr.valid_record([jr.NOTE, 0, ""])
    assert not jr.valid_record([jr.NOTE, 0, "x" * (jr.MAX_CHAT_CHARS + 1)])


def test_the_replay_shows_a_hint_used_as_an_entry(tmp_path: Path):
    path = tmp_path / "m.imperia"
    m = new_match("imperium", _seats(), seed=4, policy="teaching", save_path=path)
    seat = m.waiting()[0]
    m.note(seat, "Hint at “Opening”: 1. Discard Farm 55%")
    m.sink.close()
    replay = ReplaySession(Timeline(jr.read(path)))
    assert replay.entry_lines(1, seat) == [
        "You used a hint: Hint at “Opening”: 1. Discard Farm 55%"
    ]
    assert replay.entry_lines(1, 1 - seat) == [f"{['Ann', 'Bob'][seat]} used a hint"]
