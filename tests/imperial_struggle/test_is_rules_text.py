"""Player-facing text in the game's own terms (issue 8; working agreement: "labels, details,
prompt texts, log lines, outcome reasons use the game's own terms in plain words and never show
rule IDs"): no rule IDs (``IS-…``), no raw ids (``massachusetts_bay``, ``jacobite_vp``), no
``None`` or braces, in prompts, choice labels and details, and log lines for every viewer.
"""

from __future__ import annotations

import random
import re

import pytest
from is_helpers import (
    FR,
    pick_through,
    prompt,
    round_position,
    rules,
    start_action,
    take_tile,
)

from engine.rng import Rng
from engine.rules import Config, SeatConfig

RAW = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|IS-\d|\bNone\b|[{}]")


def raw_bits(text: str | None) -> list[str]:
    return RAW.findall(text or "")


def prompt_texts(p) -> list[str]:
    out = [p.text, p.summary]
    for c in p.choices:
        out += [c.label, c.detail]
    return out


@pytest.mark.parametrize("seed", range(2))
def test_is_text_of_a_random_game_is_plain(seed):
    """Every prompt, choice label/detail and log line of a random game (all three viewers)."""
    r = rules()
    opts = {o.key: o.default for o in r.options}
    cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts)
    st = r.setup(cfg, Rng.seeded(seed))
    rnd = random.Random(seed)
    events = list(r.setup_events(st))
    found: dict[str, str] = {}
    for step in range(30_000):
        if r.outcome(st) is not None:
            break
        seat = r.waiting(st)[0]
        p = r.prompt(st, seat)
        for t in prompt_texts(p):
            for bit in raw_bits(t):
                found.setdefault(bit, t)
        events += r.apply(st, seat, rnd.choice(p.choices).id, Rng.seeded(step))
    for e in events:
        for viewer in (0, 1, None):
            line = r.describe(e, viewer)
            for bit in raw_bits(line):
                found.setdefault(bit, line)
    out = r.outcome(st)
    for bit in raw_bits(out.reason if out else ""):
        found.setdefault(bit, out.reason)
    assert found == {}


def test_is_text_jacobite_purchases_are_named():
    """IS-MIN04 purchases: the paying prompt names Jacobite Uprisings, not ``jacobite_vp``."""
    st = round_position(
        "T4",
        "france",
        flags={"scotland_alliance_2": "france"},
        jacobite={"victories": 1, "right": True, "defeat": False},
        ministries={"france": [["M-11", False], ["M-13", False], ["M-4", True]]},
    )
    take_tile(st, FR, 16)
    start_action(st, FR, "major")
    for target in ("jacobite_vp", "jacobite_shift:ireland_prestige_3"):
        probe = rules().clone(st)
        pick_through(probe, FR, target)
        assert raw_bits(prompt(probe, FR).text) == [], target
