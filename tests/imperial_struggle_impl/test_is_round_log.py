"""Log lines of the round's event kinds: game terms with costs, no rule IDs (IS-16.5, project
style)."""

from __future__ import annotations

import re

from is_round_kit import BR, FR, act, mk, pick

from engine.games.imperial_struggle import text as T


def test_round_log_lines_read_in_game_terms():
    st = mk(
        "T2",
        BR,
        flags={"puerto_rico": "britain"},
        squadrons={"antilles_channel": FR},
        conflict={"martinique": 1},
    )
    out = act(st, BR, "tile:0", "actions", "act:major")
    pick(st, BR, "shift:martinique")
    out += act(st, BR, "adv:rum", "confirm")
    pick(st, BR, "shift:cumberland")
    out += act(st, BR, "confirm", "done", "end_round")
    lines = [T.describe(e, None) for e in out]
    assert "Britain takes tile 0 (Economic 4 · Diplomatic 2)" in lines
    assert "Britain uses Rum" in lines
    assert "Britain unflags Martinique (1 EP -1 Rum +1 Protected)" in lines
    assert "Britain flags Cumberland (3 EP +1 new Region)" in lines
    assert "Britain's Action Round ends" in lines
    assert not any(re.search(r"IS-[A-Z0-9]", ln) for ln in lines)


def test_pass_and_purchase_lines():
    st = mk("T2", FR, debt=(3, 0))
    out = act(st, FR, "tile:0", "pass")
    assert "France passes (Debt −2)" in [T.describe(e, None) for e in out]
    st = mk("T2", FR, squadrons={})
    out = act(st, FR, "tile:16", "actions", "act:major", "build_squadron", "confirm")
    assert "France builds a Squadron (4 MP)" in [T.describe(e, None) for e in out]
