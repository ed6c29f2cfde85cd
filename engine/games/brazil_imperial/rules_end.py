"""Game end: final scoring and the result (BI-17), solo result (BI-18.5-18.8)."""

from __future__ import annotations

from engine.rules import Event, State

from . import board as B
from . import scoring as G


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
    """BI-18.5-18.6 at the end of a solo turn; True if the game ended."""
    t = st["turns"][0]
    dz = st["dutch"]
    revealed = st["revealed"][0]
    if st["missions"][0].get("1") in revealed and st["missions"][0].get("2") in revealed:
        st["solo_goals"][0] = True
    units = st["units"][0]
    if st["opts"]["solo_units_goal"] == "on_map":
        if all("," in u["loc"] for u in units):
            st["solo_goals"][1] = True
    elif all(u["once"] for u in units):
        st["solo_goals"][1] = True
    if t in (6, 12, 18) and B.occupant(st, dz["hex"]) is None:
        dz["garrison"].append(1)
        ev.append(Event("reinforce", None, {"hex": dz["hex"]}))
    if all(st["solo_goals"]):
        finish(st, "solo_win", ev, winners=[0])
        return True
    if t >= 20:
        finish(st, "solo_loss", ev, winners=[])
        return True
    return False
