"""Game end: final scoring and the result (BI-17), solo result (BI-18.5-18.8)."""

from __future__ import annotations

from engine.rules import Event, State

from . import board as B
from . import scoring as G
from . import solo as SO


def finish(st: State, why: str, ev: list[Event], winners: list[int] | None = None) -> None:
    """End the game: score every seat (BI-17.3), winners by VP then the tiebreak (BI-17.4)."""
    scores = [G.score(st, s) for s in range(st["n"])]
    if winners is None:
        best = max(sc["total"] for sc in scores)
        top = [s for s in range(st["n"]) if scores[s]["total"] == best]
        tb = {s: G.tiebreak(st, s) for s in top}
        most = max(tb.values())
        winners = [s for s in top if tb[s] == most]
    st["phase"] = "over"
    st["stack"] = []
    st["result"] = {
        "winners": winners,
        "scores": [sc["total"] for sc in scores],
        "why": why,
        "detail": scores,
    }
    ev.append(
        Event(
            "game_end",
            None,
            {"winners": winners, "scores": [sc["total"] for sc in scores], "why": why},
        )
    )


def solo_end(st: State, ev: list[Event]) -> bool:
    """BI-18.5-18.6 at the end of a solo turn, through ``solo.py``: the goals are updated, a
    reinforcement joins the garrison on turns 6/12/18 unless the player occupies the Dutch
    capital, then the result (win when all goals are met, loss after turn 20). True if the game
    ended."""
    t = st["turns"][0]
    dz = st["dutch"]
    st["solo_goals"] = SO.update_goals(st)
    if SO.reinforcement_due(t, B.occupant(st, dz["hex"]) is not None):
        dz["garrison"] = SO.reinforce(dz["garrison"])
        ev.append(Event("reinforce", None, {"hex": dz["hex"]}))
    result = SO.outcome(st["solo_goals"], t)
    if result == "win":
        finish(st, "solo_win", ev, winners=[0])
    elif result == "lose":
        finish(st, "solo_loss", ev, winners=[])
    return result is not None
