"""The cut-off evaluation (``evaluate.py``, registered in ``engine.ai.evaluations``) on
hand-built positions: a clearly winning position ranks above its mirror."""

from __future__ import annotations

from engine_positions import P1, P2, game, tile, unit

from engine.ai.evaluations import evaluation
from engine.games.brazil_imperial import RULES
from engine.games.brazil_imperial.evaluate import evaluate, solo_chance, worth


def _winning(seat: int) -> dict:
    """``seat`` owns three buildings with goods, three paintings, an upgrade and a deployed
    cavalry; the other seat has nothing (BI-17.3 score 11+ VP against 0)."""
    st = game(era=2)
    hexes = ["-4,0", "-3,1", "-3,0"] if seat == P1 else ["4,0", "3,-1", "3,0"]
    for h, b in zip(hexes, ("farm", "sawmill", "trading_post"), strict=True):
        tile(st, h, b, seat, {"coffee": 1})
    st["paintings"][seat] = ["P03", "P04", "P10"]
    st["products"][seat]["dye"] = "a:manufacture"
    st["supply"][seat] = {"gold": 2, "coffee": 1}
    unit(st, seat, 4, st["capital"][seat])
    return st


def test_clearly_winning_position_ranks_above_its_mirror():
    """Seat P1 ahead: P1's chance is above one half and above its chance in the mirror where
    P2 holds the same things; chances lie in [0, 1] and sum to 1."""
    ahead, mirror = _winning(P1), _winning(P2)
    a, m = evaluate(ahead), evaluate(mirror)
    assert all(0.0 <= x <= 1.0 for x in a + m)
    assert abs(sum(a) - 1) < 1e-9 and abs(sum(m) - 1) < 1e-9
    assert a[P1] > 0.75 and m[P2] > 0.75
    assert a[P1] > m[P1] and m[P2] > a[P2]
    assert worth(ahead, P1) - worth(ahead, P2) > 10
    even = evaluate(game(era=2))
    assert abs(even[P1] - even[P2]) < 0.05


def test_registered_for_the_search_and_over_means_certain():
    """``engine.ai.evaluations.evaluation("brazil_imperial")`` is this one, shrunk toward the
    even split; a finished game gives the winners everything (BI-17.4)."""
    ev = evaluation("brazil_imperial")
    assert ev is not None
    st = _winning(P1)
    got = ev(RULES, st)
    assert got[P1] > got[P2] and abs(sum(got) - 1) < 1e-9
    st["phase"] = "over"
    st["result"] = {"winners": [P2], "scores": [3, 9], "why": "end"}
    assert evaluate(st) == [0.0, 1.0]


def test_solo_chance_rises_with_goals():
    """BI-18.6: a solo position with two goals achieved is worth more than one with none; a
    won game is 1, a lost one 0."""
    st = game(boards=("green_brazil",), monarchs=("oba_ii",))
    st["dutch"] = {"hex": "4,-1", "garrison": [2, 2]}
    st["solo_goals"] = [False, False, False]
    low = solo_chance(st)
    st["solo_goals"] = [True, True, False]
    high = solo_chance(st)
    assert 0.0 <= low < high <= 1.0
    st["phase"], st["result"] = "over", {"winners": [0], "scores": [5], "why": "solo_win"}
    assert evaluate(st) == [1.0]
    st["result"]["why"] = "solo_loss"
    assert evaluate(st) == [0.0]
