"""Empire Event cards IS-EV16 – IS-EV30 (rulings section 14), as step programs
(``events_steps``)."""

from __future__ import annotations

from typing import Any

from engine.rules import Choice

from . import board as B
from . import round_record as R
from . import state as S
from . import war_tiles as W
from .events_steps import (
    PROGRAMS,
    Ask,
    Do,
    Version,
    all_of,
    choice,
    commodity,
    conflict_step,
    conflict_targets,
    forced_debt_step,
    grant,
    in_region,
    kinds,
    local_alliance,
    note,
    of_countries,
    opp,
    park_squadron,
    place_conflict,
    protected,
    reduce_debt_step,
    score_step,
    shift,
    shift_step,
    sid,
    space_choice,
    spaces,
    squadron_sources,
    src_of,
    take_control,
    unflag_step,
)

St = dict[str, Any]
Fr = dict[str, Any]

_CARIB_MARKET = all_of(in_region("caribbean"), kinds("market"))

# IS-EV16 Caribbean Slave Unrest ---------------------------------------------------------
PROGRAMS[16] = {
    "both": Version(
        [
            conflict_step(
                "place a Conflict marker on a Caribbean Market", lambda st, fr, s: _CARIB_MARKET(s)
            )
        ],
        [
            conflict_step(
                "place a Conflict marker on another Caribbean Market",
                lambda st, fr, s: _CARIB_MARKET(s),
            )
        ],
    )
}


# IS-EV17 Pacte de Famille ---------------------------------------------------------------
def _ev17_mod(st: St, fr: Fr, out: list) -> None:
    R.add_mod(st, "ev17", 1)
    note(st, fr, out, "ev17_discount")


def _refresh_options(st: St, fr: Fr) -> list[Choice]:
    return [
        Choice(f"adv:{a}", B.ADVANTAGES[a]["name"], group="adv")
        for a in B.ADVANTAGES
        if B.ADVANTAGES[a]["region"] == "europe"
        and st["adv_holder"].get(a) == fr["side"]
        and st["adv_exhausted"].get(a)
    ]


def _refresh(st: St, fr: Fr, cid: str, out: list) -> None:
    a = sid(cid)
    st["adv_exhausted"].pop(a, None)
    out.append(S.ev(st, "adv_refresh", fr["side"], card=fr["card"], adv=a))


PROGRAMS[17] = {
    "britain": Version([Do(_ev17_mod)], [grant("D", 1)]),
    "france": Version(
        [
            Ask(
                "refresh an exhausted Advantage in Europe",
                _refresh_options,
                _refresh,
                n=2,
                optional=True,
            )
        ],
        [grant("D", 2, "countries:spain,austria")],
    ),
}


# IS-EV18 Byng's Trial -------------------------------------------------------------------
def _byng_theaters(st: St, fr: Fr) -> list[Choice]:
    return [
        Choice(f"theater:{k}", W.theater_label(st, k), group="theater") for k in W.byng_theaters(st)
    ]


def _place_byng(st: St, fr: Fr, cid: str, out: list) -> None:
    W.place_byng(st, sid(cid), out)


PROGRAMS[18] = {
    "britain": Version([Ask("place the Byng marker in a theater", _byng_theaters, _place_byng)]),
    "france": Version(
        [
            Ask(
                "park a British Squadron until the next peace turn",
                lambda st, fr: squadron_sources(st, S.BR, True),
                lambda st, fr, cid, out: park_squadron(st, fr, S.BR, src_of(cid), out),
            )
        ]
    ),
}


# IS-EV19 Le Beau Monde ------------------------------------------------------------------
def _add_demand_options(st: St, fr: Fr) -> list[Choice]:
    return [
        Choice(f"demand:{c}", f"Add {c.capitalize()}", group="demand")
        for c in ("furs", "cotton")
        if c not in st["demand"]
    ]


def _add_demand(st: St, fr: Fr, cid: str, out: list) -> None:
    c = sid(cid)
    st["demand"].append(c)
    out.append(S.ev(st, "demand_add", fr["side"], card=fr["card"], commodity=c))


PROGRAMS[19] = {
    "britain": Version(
        [
            Ask(
                "add a Global Demand tile this turn?",
                _add_demand_options,
                _add_demand,
                optional=True,
            )
        ],
        [grant("E", 1)],
    ),
    "france": Version([grant("D", 1, "region:europe")], [grant("D", 2, "region:europe")]),
}


# IS-EV20 Hyder Ali ----------------------------------------------------------------------
def _india_la_targets(st: St, fr: Fr) -> list[str]:
    side = fr["side"]
    return spaces(
        st,
        lambda s: (
            B.region_of(s) == "india"
            and local_alliance(s)
            and S.owner(st, s) != side
            and S.owner(st, s) != S.USA
        ),
    )


def _india_unprotected(st: St, fr: Fr) -> list[str]:
    return conflict_targets(st, lambda s: B.region_of(s) == "india" and not protected(st, s))


def _ev20_options(st: St, fr: Fr) -> list[Choice]:
    ch = []
    if _india_la_targets(st, fr):
        ch.append(choice("choice:a", "Take control of an India Local Alliance"))
    if _india_unprotected(st, fr):
        ch.append(choice("choice:b", "Two Conflict markers in India"))
    return ch


def _ev20_targets(st: St, fr: Fr) -> list[Choice]:
    if fr["vars"].get("ev20") == "a":
        return [space_choice(st, s) for s in _india_la_targets(st, fr)]
    if fr["vars"].get("ev20") == "b":
        return [space_choice(st, s) for s in _india_unprotected(st, fr)]
    return []


def _ev20_apply(st: St, fr: Fr, cid: str, out: list) -> None:
    s = sid(cid)
    if fr["vars"]["ev20"] == "a":
        take_control(st, fr, s, out)
    else:
        place_conflict(st, fr, s, out)


PROGRAMS[20] = {
    "both": Version(
        [
            Ask(
                "take control of a Local Alliance or place two Conflict markers",
                _ev20_options,
                lambda st, fr, cid, out: fr["vars"].__setitem__("ev20", sid(cid)),
            ),
            Ask(
                "choose the space",
                _ev20_targets,
                _ev20_apply,
                n=lambda st, fr: 2 if fr["vars"].get("ev20") == "b" else 1,
            ),
        ],
        [grant("E", 2, "region:india")],
    )
}


# IS-EV21 Co-Hong System -----------------------------------------------------------------
def _cohong_draw(st: St, fr: Fr, out: list) -> None:
    pool = [c for c in B.DEMAND_ORDER if c not in st["demand"]]
    if not pool:
        return
    new = pool[S.rng(st).randbelow(len(pool))]
    fr["vars"]["new"] = new
    out.append(S.ev(st, "demand_draw", fr["side"], card=fr["card"], commodity=new))


def _cohong_options(st: St, fr: Fr) -> list[Choice]:
    new = fr["vars"].get("new")
    if new is None:
        return []
    return [
        Choice(
            f"demand:{c}",
            f"Replace {c.capitalize()} with {new.capitalize()}",
            group="demand",
        )
        for c in st["demand"]
    ]


def _cohong_swap(st: St, fr: Fr, cid: str, out: list) -> None:
    old, new = sid(cid), fr["vars"]["new"]
    st["demand"][st["demand"].index(old)] = new
    out.append(S.ev(st, "demand_swap", fr["side"], card=fr["card"], old=old, new=new))


PROGRAMS[21] = {
    "both": Version(
        [Do(_cohong_draw), Ask("replace a Global Demand tile", _cohong_options, _cohong_swap)],
        [grant("E", 2, "region:india")],
    )
}


# IS-EV22 Corsican Crisis ----------------------------------------------------------------
def _no_french_squadron_europe(st: St, fr: Fr, out: list) -> None:
    if not any(st["squadrons"].get(n) == S.FR for n in B.spaces_in("europe", "naval")):
        S.score(st, S.BR, 1, out, f"event:{fr['card']}")


def _no_british_spain(st: St, fr: Fr, out: list) -> None:
    if S.count_controlled(st, S.BR, B.COUNTRIES["spain"]) == 0:
        S.score(st, S.FR, 1, out, f"event:{fr['card']}")


_EUROPE_POL = all_of(in_region("europe"), kinds("political"))

PROGRAMS[22] = {
    "britain": Version(
        [shift_step("shift Sardinia or Savoy", lambda s: s in ("sardinia", "savoy"))],
        [Do(_no_french_squadron_europe)],
    ),
    "france": Version(
        [unflag_step("unflag a British Political space in Europe", _EUROPE_POL, flag=S.BR)],
        [Do(_no_british_spain)],
    ),
}

# IS-EV23 European Panic -----------------------------------------------------------------
PROGRAMS[23] = {
    "both": Version(
        [score_step(lambda st, fr: min(4, max(0, st["debt"][opp(fr)] - st["debt"][fr["side"]])))],
        [unflag_step("unflag an opposing Political space in Europe", _EUROPE_POL)],
    )
}

# IS-EV24 West African Gold Mining -------------------------------------------------------
PROGRAMS[24] = {"both": Version([grant("E", 1)], [grant("E", 2, "region:caribbean")])}


# IS-EV25 War of the Quadruple Alliance --------------------------------------------------
def _ev25_park(st: St, fr: Fr, cid: str, out: list) -> None:
    park_squadron(st, fr, S.BR, src_of(cid), out)
    S.score(st, S.BR, 2, out, f"event:{fr['card']}")


def _ev25_build(st: St, fr: Fr, out: list) -> None:
    if st["unbuilt"][S.BR] > 0:
        S.move_squadron(st, S.BR, "unbuilt", "navy", out, f"event:{fr['card']}")
        fr["vars"]["ev25"] = "owed"
    else:
        note(st, fr, out, "no_unbuilt")


def _ev25_pay_options(st: St, fr: Fr) -> list[Choice]:
    if fr["vars"].get("ev25") != "owed" or st["trp"][S.BR] == 0:
        return []
    return [choice("choice:a", "Take 1 Debt"), choice("choice:b", "Lose 1 Treaty Point")]


def _ev25_pay(st: St, fr: Fr, cid: str, out: list) -> None:
    why = f"event:{fr['card']}"
    if cid == "choice:a":
        S.forced_debt(st, S.BR, 1, out, why)
    else:
        S.lose_trp(st, S.BR, 1, out, why)
    fr["vars"]["ev25"] = "paid"


def _ev25_default(st: St, fr: Fr, out: list) -> None:
    if fr["vars"].get("ev25") == "owed":
        S.forced_debt(st, S.BR, 1, out, f"event:{fr['card']}")
        fr["vars"]["ev25"] = "paid"


PROGRAMS[25] = {
    "britain": Version(
        [
            Ask(
                "park one of your Squadrons until the next peace turn",
                lambda st, fr: squadron_sources(st, S.BR, True),
                _ev25_park,
            )
        ],
        [
            Do(_ev25_build),
            Ask("pay for the new Squadron", _ev25_pay_options, _ev25_pay),
            Do(_ev25_default),
        ],
    ),
    "france": Version(
        [shift_step("shift a space of Spain", of_countries("spain"))], [grant("D", 1)]
    ),
}

# IS-EV26 Salon d'Hercule ----------------------------------------------------------------
PROGRAMS[26] = {
    "britain": Version([forced_debt_step(1)], [forced_debt_step(2)]),
    "france": Version([grant("D", 2, "region:europe")], [grant("D", 2, "region:europe")]),
}

# IS-EV27 Bengal Famine ------------------------------------------------------------------
PROGRAMS[27] = {
    "both": Version(
        [
            conflict_step(
                "place a Conflict marker in India",
                lambda st, fr, s: B.region_of(s) == "india",
                n=2,
                optional=True,
            )
        ]
    )
}

# IS-EV28 Father le Loutre ---------------------------------------------------------------
PROGRAMS[28] = {
    "britain": Version(
        [
            conflict_step(
                "place a Conflict marker on a Fish Market", lambda st, fr, s: commodity("fish")(s)
            )
        ],
        [grant("M", 2, "region:north_america")],
    ),
    "france": Version(
        [
            conflict_step(
                "place a Conflict marker on a British Market",
                lambda st, fr, s: B.kind_of(s) == "market" and S.owner(st, s) == S.BR,
            )
        ],
        [grant("E", 2, "region:north_america")],
    ),
}


# IS-EV29 War of the Polish Succession ---------------------------------------------------
def _russia_br(st: St, fr: Fr, out: list) -> None:
    if S.owner(st, "russia") != S.BR:
        shift(st, fr, "russia", out)


PROGRAMS[29] = {
    "britain": Version(
        [Do(lambda st, fr, out: S.gain_trp(st, S.BR, 2, out, f"event:{fr['card']}"))],
        [Do(_russia_br)],
    ),
    "france": Version(
        [score_step(2)],
        [shift_step("shift Russia or Sweden", lambda s: s in ("russia", "sweden"))],
    ),
}

# IS-EV30 Jonathan's Coffee-House --------------------------------------------------------
PROGRAMS[30] = {"both": Version([grant("E", 2)], [grant("E", 1), reduce_debt_step(1)])}
