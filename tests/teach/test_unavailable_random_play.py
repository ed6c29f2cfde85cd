"""The "why not?" hook of every game along random matches: no reason names a choice the
prompt offers, every reason names a ruling that exists (tests/rulings/<game>.ids), and the
reasons stay the same when the hidden parts of the state are resampled (determinize); with
rule references off (the default setting) every reference leaves the text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conformance import new_match

from engine import registry
from engine.rng import Rng
from engine.rules import unavailable_choices
from tui.settings import strip_rule_refs

GAMES = {
    "imperium": ("IMP", 2),
    "mausoleum": ("MAU", 3),
    "res_publica": ("RP", 3),
    "imperial_struggle": ("IS", 2),
    "brazil_imperial": ("BI", 2),
}
IDS = Path(__file__).parents[1] / "rulings"


def _ids(game: str) -> set[str]:
    lines = (IDS / f"{game}.ids").read_text(encoding="utf-8").splitlines()
    return {x.strip() for x in lines if x.strip() and not x.startswith("#")}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_reasons_along_a_random_match(game: str) -> None:
    prefix, seats = GAMES[game]
    rules = registry.get(game)
    known = _ids(game)
    pat = re.compile(rf"{prefix}-[A-Z]?\d+(?:\.\d+)*[a-z]?")
    match = new_match(rules, seats, seed=11)
    rng = Rng.seeded(5)
    seen = 0
    for step in range(400):
        if match.over:
            break
        seat = match.waiting()[0]
        prompt = match.prompt(seat)
        got = unavailable_choices(rules, match.state, seat)
        offered = {c.label for c in prompt.choices}
        for label, reason in got:
            assert label not in offered, (label, reason)
            cited = pat.findall(reason)
            assert cited and set(cited) <= known, reason
            assert not pat.search(strip_rule_refs(reason)), reason  # players see plain words
        seen += len(got)
        if got and step % 5 == 0:
            world = rules.determinize(match.state, seat, Rng.seeded(step))
            assert unavailable_choices(rules, world, seat) == got
        match.act(seat, prompt.choices[rng.randbelow(len(prompt.choices))].id)
    assert seen > 0  # some step of the match had a missing choice to explain
