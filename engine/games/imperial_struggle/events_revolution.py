"""Revolution Event cards IS-EV31 – IS-EV41 (rulings section 14), as step programs
(``events_steps``)."""

from __future__ import annotations

from typing import Any

from engine.rules import Choice

from . import board as B
from . import frames, scoring, war_bonus
from . import state as S
from .events_steps import (
    PROGRAMS,
    Ask,
    Do,
    Step,
    Version,
    choice,
    conflict_step,
    grant,
    in_sub,
    kinds,
    note,
    opp,
    reduce_debt_step,
    score_step,
    sid,
    squadron_home,
    squadron_sources,
    src_of,
    unbuilt_to_navy,
    unflag_step,
)
from .events_succession import adv_step

St = dict[str, Any]
Fr = dict[str, Any]

SPAIN_3 = ("spain_alliance_3_upper", "spain_alliance_3_lower")


# IS-EV31 Nootka Incident ----------------------------------------------------------------
def _nootka_bonus(st: St, fr: Fr, out: list) -> None:
    why = f"event:{fr['card']}"
    mine = [s for s in SPAIN_3 if S.counts_for(st, S.BR, s)]
    S.score(st, S.BR, 2 * len(mine), out, why)
    for s in mine:
        S.set_flag(st, s, None, out, why)


PROGRAMS[31] = {
    "britain": Version(
        [
            Ask(
                "gain 2 Diplomatic or 2 Economic points",
                lambda st, fr: [
                    choice("choice:a", "2 Diplomatic points"),
                    choice("choice:b", "2 Economic points"),
                ],
                lambda st, fr, cid, out: grant("D" if cid == "choice:a" else "E", 2).enter(
                    st, fr, out
                ),
            )
        ],
        [Do(_nootka_bonus)],
    ),
    "france": Version(
        [
            Ask(
                "send a British Squadron to its Navy Box",
                lambda st, fr: squadron_sources(st, S.BR, False),
                lambda st, fr, cid, out: squadron_home(st, fr, S.BR, sid(cid), out),
            )
        ],
        [Do(unbuilt_to_navy)],
    ),
}


# IS-EV32 Haitian Revolution -------------------------------------------------------------
def _sugar_carib(st: St, fr: Fr, s: str) -> bool:
    return B.region_of(s) == "caribbean" and B.SPACES[s].get("commodity") == "sugar"


PROGRAMS[32] = {
    "both": Version(
        [
            conflict_step(
                "place a plus-one Conflict marker on a Caribbean Sugar Market",
                _sugar_carib,
                plus=True,
            )
        ],
        [
            conflict_step(
                "place a plus-one Conflict marker on a Caribbean Sugar Market",
                _sugar_carib,
                plus=True,
                n=2,
            )
        ],
    )
}


# IS-EV33 Loge des Neuf Soeurs -----------------------------------------------------------
def _northern(st: St, fr: Fr, s: str) -> bool:
    return in_sub("northern_colonies")(s) and kinds("market", "political")(s)


def _loge_bonus(st: St, fr: Fr, out: list) -> None:
    fr_n, br_n = scoring.award_counts(st, "north_america")
    if br_n > fr_n:
        S.score(st, S.BR, 3, out, f"event:{fr['card']}")
    else:
        note(st, fr, out, "no_lead", fr_count=fr_n, br_count=br_n)


PROGRAMS[33] = {
    "britain": Version(
        [conflict_step("place a Conflict marker in the Northern Colonies", _northern)],
        [Do(_loge_bonus)],
    ),
    "france": Version(
        [adv_step("use an Advantage outside Europe", None, False, False)],
        [grant("D", 2)],
    ),
}


# IS-EV34 La Gabelle ---------------------------------------------------------------------
def _gabelle_options(st: St, fr: Fr) -> list[Choice]:
    return [
        Choice(f"adv:{a}", B.ADVANTAGES[a]["name"], group="adv")
        for a in B.ADVANTAGES
        if not st["adv_exhausted"].get(a)
    ]


def _gabelle(st: St, fr: Fr, cid: str, out: list) -> None:
    a = sid(cid)
    st["adv_exhausted"][a] = 1  # not a use: no ministry triggers (IS-A29)
    out.append(S.ev(st, "adv_exhaust", fr["side"], card=fr["card"], adv=a))


class _GabelleVP(Step):
    """IS-EV34 French bonus: 2 VP, or 3 with a face-up Governance card (may reveal now)."""

    def enter(self, st: St, fr: Fr, out: list) -> bool:
        v = fr["vars"]
        if "ev34" not in v:
            if S.has_keyword_up(st, S.FR, "governance"):
                v["ev34"] = True
            elif S.face_down_cards(st, S.FR):  # asked even without one: IS-16.2
                frames.push(st, "ev_reveal", side=S.FR, kw="governance", key="ev34")
                return False
            else:
                v["ev34"] = False
        S.score(st, S.FR, 3 if v["ev34"] else 2, out, f"event:{fr['card']}")
        return True


PROGRAMS[34] = {
    "britain": Version(
        [Ask("exhaust an Advantage", _gabelle_options, _gabelle, n=2, optional=True)],
        [grant("E", 2)],
    ),
    "france": Version([grant("E", 2)], [_GabelleVP()]),
}

# IS-EV35 Jesuit Abolition ---------------------------------------------------------------
PROGRAMS[35] = {
    "britain": Version(
        [
            unflag_step(
                "unflag a French Sugar Market",
                lambda s: B.SPACES[s].get("commodity") == "sugar",
                flag=S.FR,
            )
        ],
        [grant("E", 3, "region:caribbean")],
    ),
    "france": Version([reduce_debt_step(2)], [score_step(2)]),
}

# IS-EV36 Wealth of Nations --------------------------------------------------------------
PROGRAMS[36] = {"both": Version([reduce_debt_step(2)], [grant("E", 3)])}

# IS-EV37 Debt Crisis --------------------------------------------------------------------
PROGRAMS[37] = {
    "both": Version(
        [
            grant(
                "E",
                lambda st, fr: (
                    3 if S.available_debt(st, fr["side"]) > S.available_debt(st, opp(fr)) else 0
                ),
                "unflag_market",
            )
        ],
        [score_step(2)],
    )
}


# IS-EV38 East Asia Piracy ---------------------------------------------------------------
def india_presence(st: St, side: int) -> int:
    """IS-EV38 count: Squadrons on India's Naval spaces + India Forts controlled (damaged
    included) + India Local Alliances controlled (conflicted ignored, IS-0.5)."""
    navals = sum(1 for n in B.spaces_in("india", "naval") if st["squadrons"].get(n) == side)
    forts = sum(1 for f in B.spaces_in("india", "fort") if st["flags"].get(f) == side)
    las = S.count_controlled(
        st,
        side,
        [s for s in B.spaces_in("india", "political") if B.SPACES[s].get("local_alliance")],
    )
    return navals + forts + las


def _piracy(st: St, fr: Fr, out: list) -> None:
    mine, theirs = india_presence(st, fr["side"]), india_presence(st, opp(fr))
    if mine > theirs:
        S.score(st, fr["side"], 3, out, f"event:{fr['card']}")
    else:
        note(st, fr, out, "no_lead", mine=mine, theirs=theirs)


PROGRAMS[38] = {"both": Version([Do(_piracy)])}

# IS-EV39 Stamp Act ----------------------------------------------------------------------
PROGRAMS[39] = {
    "britain": Version([reduce_debt_step(2)], [grant("E", 2)]),
    "france": Version(
        [conflict_step("place a Conflict marker in the Northern Colonies", _northern)],
        [conflict_step("place another Conflict marker in the Northern Colonies", _northern, n=2)],
    ),
}


# IS-EV40 Falklands Crisis ---------------------------------------------------------------
def _falklands_br(st: St, fr: Fr, out: list) -> None:
    if S.count_controlled(st, S.BR, B.COUNTRIES["spain"]) > 0:
        S.score(st, S.BR, 1, out, f"event:{fr['card']}")


def _remove_british_squadron(st: St, fr: Fr, cid: str, out: list) -> None:
    S.move_squadron(st, S.BR, src_of(cid), "removed", out, f"event:{fr['card']}")


PROGRAMS[40] = {
    "britain": Version(
        [Do(_falklands_br)],
        [
            unflag_step(
                "unflag a French space of Spain",
                lambda s: B.SPACES[s].get("country") == "spain",
                flag=S.FR,
            )
        ],
    ),
    "france": Version(
        [grant("M", lambda st, fr: S.count_controlled(st, S.FR, B.COUNTRIES["spain"]))],
        [
            Ask(
                "remove a British Squadron from the game",
                lambda st, fr: squadron_sources(st, S.BR, True),
                _remove_british_squadron,
            )
        ],
    ),
}


# IS-EV41 Cook and Bougainville ----------------------------------------------------------
def _cook_pts(st: St, fr: Fr) -> int:
    on_map = sum(1 for sd in st["squadrons"].values() if sd == S.BR)
    return (on_map + st["navy"][S.BR]) // 2


def _cook_draw(st: St, fr: Fr, out: list) -> None:
    if S.next_war(st) is None:
        note(st, fr, out, "nothing")
        return
    war_bonus.free_bonus_draws(st, S.BR, 1, None, out)


PROGRAMS[41] = {
    "britain": Version([grant("E", _cook_pts)], [Do(_cook_draw)]),
    "france": Version([Do(unbuilt_to_navy)], [reduce_debt_step(2)]),
}
