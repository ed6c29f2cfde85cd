"""Reveal detection is exact, not sampled (issue 14, point 4; engine/reveal.py).

The two free peeks the issue found (Mausoleum, four human seats, casual: a draw from the deck
that two resampled worlds both drew the same card for), and a small sample of every game
against a 32-world oracle (scripts/reveal_check.py runs the long version).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from reveal_check import SEATS, check_ply, new_match, play  # noqa: E402

from engine import registry  # noqa: E402
from engine.reveal import hidden_slots, reveals  # noqa: E402
from engine.reveal_survey import sampled_slots  # noqa: E402


@pytest.mark.parametrize(("seed", "ply"), [(247242720, 186), (266751099, 170)])
def test_the_late_mausoleum_draws_are_barriers(seed, ply):
    match = new_match(registry.get("mausoleum"), 4, seed)
    for p in play(match, random.Random(seed)):
        if p == ply:
            break
    seat, choice = match.line[ply]
    assert choice == "draw:deck" and not match._cheap[ply]  # no RNG, no new seat: a reveal
    assert match.is_barrier(ply)
    # the take-back of that draw alone now needs the other players' consent
    check = match.check_undo(seat)
    assert check.target == ply and not check.allowed and check.needs_consent


def test_a_two_card_pool_is_found_whatever_the_samples_say():
    # Late Mausoleum: the deck top must be a hidden slot for the drawing seat.
    seed, ply = 247242720, 186
    match = new_match(registry.get("mausoleum"), 4, seed)
    for p in play(match, random.Random(seed)):
        if p == ply:
            break
    before = match.state_at(ply)
    seat = match.line[ply][0]
    top = ("deck", len(before["deck"]) - 1)
    for salt in range(8):  # whatever the seeds of the samples
        assert top in hidden_slots(match.rules, before, seat, salt)
        assert reveals(match.rules, before, match.state_at(ply + 1), seat, "draw:deck", salt)


@pytest.mark.parametrize("game", list(SEATS))
def test_no_reveal_missed_in_a_sample(game):
    seats = SEATS[game]
    rules = registry.get(game)
    checked = found = 0
    match = new_match(rules, seats, 5)
    for ply in play(match, random.Random(5), cap=120):
        got = check_ply(match, ply, 16)
        if got is None:
            continue
        truth, engine = got
        checked += 1
        found += truth
        assert engine or not truth, f"{game}: reveal at ply {ply} {match.line[ply]} missed"
    assert checked >= 10


@pytest.mark.parametrize("game", list(SEATS))
def test_declared_hidden_places_include_every_place_sampling_moves(game):
    # The cross-check of the game's hidden_places hook: in random positions, for every seat
    # and a spectator, each scalar place a determinized world changes is declared hidden.
    seats = SEATS[game]
    rules = registry.get(game)
    checked = moved = 0
    for seed in (1, 2):
        match = new_match(rules, seats, seed)
        for ply in play(match, random.Random(seed), cap=240):
            if ply % 9:
                continue
            state = match.state
            for seat in [*range(seats), None]:
                declared = set(hidden_slots(rules, state, seat))
                sampled = sampled_slots(rules, state, seat, ply, 3)
                assert sampled <= declared, f"{game} ply {ply} seat {seat}: {sampled - declared}"
                checked += 1
                moved += bool(sampled)
    assert checked >= 40 and moved >= 10  # the samples did move hidden places


def test_mausoleum_declares_the_unknown_hand_cards_and_the_deck():
    # Seed 3, ply 60 (four human seats): hands [[46, 14, 36, 8], [4, 28, 52, 47],
    # [1, 23, 18, 19], [17, 30, 6, 20]], known [[36], [47], [23, 18, 19], [17, 20]], 13 cards
    # in the deck. For seat 0 only the other seats' cards that are not known are hidden
    # (MAU-11.1), and the whole deck (MAU-11.3); seat 0's own hand is not.
    match = new_match(registry.get("mausoleum"), 4, 3)
    for p in play(match, random.Random(3)):
        if p >= 60:
            break
    state = match.state
    assert state["known"] == [[36], [47], [23, 18, 19], [17, 20]]
    slots = hidden_slots(match.rules, state, 0)
    hands = sorted(q for q in slots if q[0] == "hands")
    assert hands == [("hands", 1, 0), ("hands", 1, 1), ("hands", 1, 2), ("hands", 2, 0)] + [
        ("hands", 3, 1),
        ("hands", 3, 2),
    ]
    assert sorted(q for q in slots if q[0] == "deck") == [("deck", i) for i in range(13)]


def test_a_game_without_the_hook_falls_back_on_the_survey():
    # The sampled survey still serves a game that declares nothing: strip the hook off
    # Mausoleum and the late deck top is still found hidden (by the samples or the probe).
    rules = registry.get("mausoleum")

    class NoHook:
        def __getattr__(self, name):
            if name == "hidden_places":
                raise AttributeError(name)
            return getattr(rules, name)

    seed, ply = 247242720, 186
    match = new_match(rules, 4, seed)
    for p in play(match, random.Random(seed)):
        if p == ply:
            break
    before = match.state_at(ply)
    seat = match.line[ply][0]
    assert ("deck", len(before["deck"]) - 1) in hidden_slots(NoHook(), before, seat, 1)
    assert reveals(NoHook(), before, match.state_at(ply + 1), seat, "draw:deck", 1)
