"""Log lines read in order and in plain words (issue 8: "log lines in the game's own terms";
working agreement: player-facing text in plain words): Final Scoring (IS-11), the Antilles War
Squadron losses (IS-7.3g), the spoils line, and the acting side's own Action Round lines in the
second person with agreeing verbs ("You take", not "You takes"; "France shifts Bengal").
"""

from __future__ import annotations

import re

from is_helpers import (
    FR,
    act,
    build,
    build_ev,
    display,
    rules,
    seat,
    waiting_sides,
    war_position,
    war_run,
)


def test_is_11_final_scoring_line_comes_before_its_vp_line():
    """IS-11 / IS-4.1.14: each Final Scoring line ("Final scoring, Available Debt: France
    scores 2 VP") explains the VP line that follows it, as the Award and Global Demand lines
    of the Scoring Phase already do ("… — Britain wins" then "Britain scored 2 VP"). T6, Debt
    France 0 / Britain 4 (Available Debt 14 vs 10 → France 2 VP). The engine prints every
    "X scored n VP" of Final Scoring before the line that says why."""
    _st, events = build_ev({"turn": "T6", "at": "scoring", "debt": {"france": 0, "britain": 4}})
    kinds = [
        (e.kind, e.args.get("why", ""), e.args.get("part"))
        for e in events
        if e.kind == "final" or str(e.args.get("why", "")).startswith("final")
    ]
    debt_final = kinds.index(("final", "", "debt"))
    debt_vp = [i for i, k in enumerate(kinds) if k[0] == "vp" and k[1] == "final_debt"]
    assert debt_vp, kinds
    assert debt_final < debt_vp[0], [rules().describe(e, None) for e in events[-20:]]


def _antilles():
    """IS-7.3g: AWI Antilles War won by Britain by 1; France (1 Squadron, in its Navy Box) loses
    it out of the game."""
    war = display("AWI", basic={3: ([], ["br_b03"])})
    st = war_position(
        "AWI", 3, war=war, flags={"spain_alliance_3_upper": None}, navy={"france": 1, "britain": 2}
    )
    events = war_run(st)
    if FR in waiting_sides(st):
        events += act(st, FR, "lose:navy_box")
    return st, [rules().describe(e, seat(st, FR)) for e in events]


def test_is_7_3g_squadron_loss_is_one_plain_line():
    """IS-7.3g log: the lost Squadron is told once, in plain words ("France loses a Squadron
    from its Navy Box out of the game"). The engine adds "France moves a Squadron from the Navy
    Box to out of the game" (text.py `_squadron` for a `removed` destination) before it."""
    st, lines = _antilles()
    assert st["sq_removed"][FR] == 1
    bad = [ln for ln in lines if ln and "to out of the game" in ln]
    assert not bad, bad
    assert sum(1 for ln in lines if ln and "Squadron" in ln) == 1, lines


def test_is_7_2_spoils_line_counts_agree():
    """IS-7.2 spoils line: "Britain gains 1 Conquest Point" (singular for 1), not "1 Conquest
    Points"."""
    _st, lines = _antilles()
    spoils = [ln for ln in lines if ln and "Conquest" in ln]
    assert spoils and all("1 Conquest Points" not in ln for ln in spoils), spoils


# ---------------------------------------------------------------------------- log-line words
_BAD_YOU = re.compile(
    r"\bYou (takes|passes|starts|flags|unflags|builds|deploys|buys|uses|places|gains|loses|"
    r"removes|adds|repairs|seizes|draws|scores|spends)\b"
)


def _own_lines(st, side, events):
    return [rules().describe(e, seat(st, side)) for e in events]


def test_is_text_own_round_lines_agree_tile_pass():
    """Issue 8 plain words: the acting side reads its own lines in the second person with an
    agreeing verb ("You take tile 22 …", "You pass …"), as the other lines already do
    ("You take 1 Debt", "You reduce Debt by 2"). The engine writes "You takes tile", "You passes"."""
    st = build({"turn": "T1", "at": "action", "side": "france", "inv_avail": [22, 19]})
    events = act(st, FR, "tile:22", "pass")
    lines = _own_lines(st, FR, events)
    bad = [ln for ln in lines if ln and _BAD_YOU.search(ln)]
    assert not bad, bad


def test_is_text_own_round_lines_agree_purchase_and_trp():
    """As above for the action, purchase and TRP lines: France (2 MP, 1 TRP) starts its
    Military Major, builds a Squadron paying 2 MP + 1 TRP + 1 Debt. Expected e.g. "You start the
    Military major action", "You build a Squadron", "You spend 1 Treaty Point"; and no
    "Point(s)" — the count decides the plural."""
    st = build(
        {
            "turn": "T1",
            "at": "action",
            "side": "france",
            "inv_avail": [22, 19],
            "trp": {"france": 1},
        }
    )
    events = act(st, FR, "tile:22", "actions", "act:major", "build_squadron", "trp", "debt")
    events += act(st, FR, "confirm")
    lines = [ln for ln in _own_lines(st, FR, events) if ln]
    bad = [ln for ln in lines if _BAD_YOU.search(ln) or "(s)" in ln]
    assert not bad, bad
