"""engine/analysis.py: decisions of a line, verdicts, reports, and the planted blunder found."""

from __future__ import annotations

from analysis_kit import PLANTED, PLANTED_PLY, WINNING, planted_match

from engine import analysis as an
from engine import journal as jr
from engine.rng import Rng


def _decision(choice: str = "a", ply: int = 0, seat: int = 0) -> an.Decision:
    return an.Decision(ply, ply + 1, seat, choice, 3, "k")


def test_ply_entries_follow_the_line_through_checks_and_undos():
    recs = [
        (jr.ACT, 0, "a"),  # entry 1, ply 0
        (jr.CHECK, 1, b"12345678"),
        (jr.ACT, 1, "b"),  # entry 2, ply 1 (taken back)
        (jr.CHAT, 0, "hi"),  # entry 3
        (jr.UNDO, 1, 1),  # entry 4: back to ply 1
        (jr.ACT, 1, "c"),  # entry 5, ply 1
    ]
    assert an.ply_entries(recs) == [1, 5]


def test_verdict_best_is_the_highest_trusted_mean():
    # "c" has the highest mean but was searched under a tenth as often as "a": not trusted
    ranked = [("a", 100, 0.60), ("b", 40, 0.70), ("c", 9, 0.95)]
    e = an.verdict(_decision("a"), ranked, 149, {"a": "Play A", "b": "Play B"})
    assert (e.best, e.top, e.made, e.visits) == ("b", 0.7, 0.6, 100)
    assert e.best_label == "Play B" and e.made_label == "Play A"
    assert abs(e.loss - 0.1) < 1e-9 and not e.blunder and not e.accurate


def test_verdict_the_choice_made_is_best_when_no_trusted_choice_beats_it():
    ranked = [("a", 100, 0.60), ("b", 9, 0.99)]
    e = an.verdict(_decision("b"), ranked, 109, {})
    assert (e.best, e.top, e.loss) == ("b", 0.99, 0.0) and e.accurate


def test_verdict_blunder_and_accuracy_thresholds():
    at_15 = an.verdict(_decision("b"), [("a", 50, 0.65), ("b", 50, 0.50)], 100, {})
    at_5 = an.verdict(_decision("b"), [("a", 50, 0.55), ("b", 50, 0.50)], 100, {})
    assert at_15.blunder and not at_15.accurate
    assert at_5.accurate and not at_5.blunder


def test_report_accuracy_blunders_and_turning_point():
    def ev(ply: int, seat: int, made: float, top: float) -> an.Evaluation:
        return an.Evaluation(ply, ply + 1, seat, "x", "k", "y", made, top, 10, 100)

    evals = [
        ev(0, 0, 0.50, 0.52),  # accurate
        ev(1, 1, 0.50, 0.50),
        ev(2, 0, 0.45, 0.70),  # blunder (-25), swing -5
        ev(3, 1, 0.80, 0.80),  # swing +30: seat 1's turning point
        ev(4, 0, 0.10, 0.12),  # accurate; swing -35: seat 0's turning point
    ]
    r0, r1 = an.report(evals, 2)
    assert (r0.decisions, r0.accurate) == (3, 2) and abs(r0.accuracy - 2 / 3) < 1e-9
    assert [b.ply for b in r0.blunders] == [2]
    assert r0.turning.ply == 4 and r0.swing == -0.35 and r0.previous == 0.45
    assert r1.turning.ply == 3 and r1.swing == 0.3 and r1.blunders == ()


def test_decisions_skip_forced_steps():
    match = planted_match(None)
    ds = an.decisions(match)
    rules, state = match.rules, match.state_at(0)
    many = []
    for ply, (seat, choice) in enumerate(match.line):
        if len(rules.prompt(state, seat).choices) > 1:
            many.append(ply)
        rules.apply(state, seat, choice, Rng(state["rng"]))
    assert [d.ply for d in ds] == many and len(many) < len(match.line)
    last = ds[-1]
    assert (last.ply, last.seat, last.choice, last.entry) == (PLANTED_PLY, 0, PLANTED, 63)


def test_the_planted_blunder_is_found():
    """A winning move missed (IMP-6.5, IMP-6.6: Cavalry's pursuit gives the fifth army counter)
    is a blunder whose better choice is the win, at win probability 1."""
    match = planted_match(None)
    state = match.state_at(PLANTED_PLY)
    rules = match.rules
    won = rules.clone(state)
    rules.apply(won, 0, WINNING, Rng(won["rng"]))
    assert rules.outcome(won).winners == (0,)  # the hand check: tapping wins at once
    (task,) = [t for t in an.tasks(match, 150) if t.decision.ply == PLANTED_PLY]
    e = an.evaluate(task)
    assert (e.choice, e.best, e.top) == (PLANTED, WINNING, 1.0)
    assert e.blunder and e.loss >= an.BLUNDER_LOSS
    assert e.best_label.startswith("Tap Cavalry") and e.made_label == "End turn"
    assert an.evaluate(task) == e  # a fixed budget gives the same evaluation (resumable)
