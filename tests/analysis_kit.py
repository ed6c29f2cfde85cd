"""At the top of tests/ (on ``sys.path`` by tests/conftest.py) so every folder can import it.

Saves for the analysis tests: an iMperium match with a planted blunder, and a small finished
High Card match (the test game of tests/tinygame.py); the fixtures are in conftest.py."""

from __future__ import annotations

from pathlib import Path

from engine.match import Match
from engine.session import BotSeats, new_match, parse_seats

PLANTED_SEED = 21
PLANTED_PLY = 62
"""In the iMperium match of seed 21 between two random bots, Greece (seat 1 of the header, seat
0 here) comes to its decision at ply 62 with Army Dominance, 3 army counters and an untapped
Cavalry (hand-checked in the seat's view): tapping it (``tap:1``) is a land attack whose pursuit
gives 2 army counters (IMP-6.5), 5 in all, an Army victory at once (IMP-6.6). The planted
blunder ends the turn instead."""
WINNING = "tap:1"
PLANTED = "end"


def planted_match(save: Path | None) -> Match:
    """The seed-21 teaching match played by random bots to ply 62, then ``end`` (the planted
    blunder); journaled to ``save`` when given. Unfinished, so a teaching match (analysis of a
    match still being played is only for teaching matches)."""
    seats = parse_seats("random,random", "imperium")
    match = new_match("imperium", seats, None, PLANTED_SEED, "teaching", save_path=save)
    bots = BotSeats(match)
    while match.ply < PLANTED_PLY:
        assert bots.step()
    match.act(0, PLANTED)
    match.close_journal()
    return match
