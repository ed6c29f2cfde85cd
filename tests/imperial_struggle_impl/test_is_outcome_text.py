"""The outcome speaks of the one shared VP track (IS-0.1, IS-2.4): the reason names the winner,
the VP and when the game ended; ``shared`` tells summaries not to print per-seat scores."""

from __future__ import annotations

from engine.games.imperial_struggle.position import build
from engine.games.imperial_struggle.text import outcome_reason
from engine.rules import outcome_dict


def test_is_2_4a_france_reaches_the_threshold_at_the_end_of_a_peace_turn():
    """IS-2.4(a) / IS-4.1.13: VP 50 before T2's Scoring Phase stays >= 30: France wins there."""
    rules, st = build({"turn": "T2", "vp": 50, "at": "scoring"})
    out = rules.outcome(st)
    assert st["over"] and st["winner"] == 0 and st["vp"] >= 30
    assert out.reason == f"France wins: VP reached {st['vp']} at the end of T2"
    assert out.shared and out.scores == (f"VP {st['vp']}",) * 2
    assert outcome_dict(out)["shared"] is True


def test_is_2_4a_britain_pushes_vp_to_zero():
    """IS-2.4(a): VP -20 before scoring stays <= 0: Britain wins, "VP fell to"."""
    rules, st = build({"turn": "T2", "vp": -20, "at": "scoring"})
    assert rules.outcome(st).reason == f"Britain wins: VP fell to {st['vp']} at the end of T2"
    assert rules.outcome(st).winners == (st["side_seat"][1],)


def test_is_2_4d_final_scoring_tie_goes_to_britain():
    """IS-2.4(d): T6 set-up position at VP 15 with equal Available Debt (14 - 0 each): after
    Final Scoring the VP is still 15 here, and the tie goes to Britain."""
    rules, st = build({"turn": "T6", "vp": 15, "at": "scoring"})
    assert st["reason"] == "final_britain_tie" and st["vp"] == 15
    assert rules.outcome(st).reason == (
        "Britain wins at final scoring: VP 15 and France has no more Available Debt, "
        "so the tie goes to Britain"
    )


def test_reason_words_for_every_ending():
    """IS-2.4(a)–(d): each ``st["reason"]`` key in plain words; a War Turn ending says after
    which War; without a turn the short form remains."""
    assert outcome_reason(1, "vp_threshold", 0, "7YW") == (
        "Britain wins: VP fell to 0 after the Seven Years' War"
    )
    assert outcome_reason(0, "sweep_war", 22, "WSS") == (
        "France wins: every theater won outright after the War of the Spanish Succession (VP 22)"
    )
    assert outcome_reason(1, "sweep_peace", 12, "T3") == (
        "Britain wins: every Award and every Global Demand won at the end of T3 (VP 12)"
    )
    assert outcome_reason(0, "final", 17, "T6") == (
        "France wins at final scoring: VP 17 at the end of T6 (France wins at 16 or more)"
    )
    assert outcome_reason(1, "final", 14, "T6").endswith("(Britain wins at 14 or less)")
    assert outcome_reason(0, "final_tiebreak", 15, "T6") == (
        "France wins at final scoring: VP 15, the tie broken by more Available Debt"
    )
    assert outcome_reason(0, "vp_threshold", 31) == "France wins by the VP threshold (VP 31)"
