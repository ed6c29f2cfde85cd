"""War display tests: set-up display (IS-3.11f), layout (IS-7.6), Bonus tile placement and the
theater limit (IS-5.6.1a, IS-S17), Military Upgrade (IS-5.3.3, IS-17.8, IS-S16), event helpers."""

from __future__ import annotations

from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import war_tiles as W
from engine.games.imperial_struggle.state import BR, FR, new_state
from engine.rng import new_cell


def fresh(**opts):
    st = new_state(opts, ["a", "b"], new_cell(7))
    out = []
    W.setup_display(st, out)
    F.advance(st, out)
    return st, out


def choose(st, side, cid, out=None):
    out = [] if out is None else out
    ids = [c.id for c in F.choices_of(st, side)]
    assert cid in ids, (cid, ids)
    F.act(st, side, cid, out)
    return out


def test_setup_display_is_3_11f():
    """IS-3.11f: one Basic tile per side per WSS theater, 12 Bonus tiles minus France's extra one
    in Central Europe (theater 1)."""
    st, out = fresh()
    w = st["war"]
    assert w["id"] == "WSS"
    assert sorted(w["theaters"]) == ["1", "2", "3", "4"]
    for k, t in w["theaters"].items():
        assert len(t["basic"][FR]) == 1 and len(t["basic"][BR]) == 1
        assert t["basic"][FR][0].startswith("fr_b") and t["basic"][BR][0].startswith("br_b")
        assert t["bonus"][BR] == []
        assert len(t["bonus"][FR]) == (1 if k == "1" else 0)
    assert len(w["basic_pool"][FR]) == 12 and len(w["basic_pool"][BR]) == 12
    assert len(w["bonus_pool"][FR]) == 11 and len(w["bonus_pool"][BR]) == 12
    assert w["theaters"]["1"]["bonus"][FR][0].startswith("WSS_france_")
    assert W.bonus_count(st, FR) == 1 and W.bonus_count(st, BR) == 0
    assert st["stack"] == []
    kinds = [e.kind for e in out]
    assert "war_layout" in kinds and "bonus_buy" in kinds
