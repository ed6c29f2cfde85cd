"""Succession Event cards IS-EV01 – IS-EV15 (rulings section 14), as step programs
(``events_steps``). Each entry: standard steps, then bonus steps; "may"/"up to" steps offer
``stop``; grants are deferred to the round (IS-5.7b)."""

from __future__ import annotations

from typing import Any

from engine.rules import Choice

from . import advantages as A
from . import board as B
from . import geometry as G
from . import round_record as R
from . import scoring, war_bonus
from . import state as S
from . import war_tiles as W
from .events_steps import (
    PROGRAMS,
    Ask,
    Do,
    Version,
    all_of,
    commodity,
    conflict_step,
    damage_fort,
    forced_debt_step,
    grant,
    in_region,
    kinds,
    local_alliance,
    note,
    of_countries,
    opp,
    opposing,
    pick_spaces,
    reduce_debt_step,
    score_step,
    shift,
    shift_step,
    sid,
    space_choice,
    spaces,
    squadron_home,
    squadron_sources,
    unflag,
    unflag_step,
)

St = dict[str, Any]
Fr = dict[str, Any]

INDIA_LA = ("maratha", "nizam", "mysore")


# IS-EV01 Carnatic War -------------------------------------------------------------------
def _ev01_bonus_targets(st: St, fr: Fr) -> list[str]:
    side = fr["side"]
    forts = [
        f
        for f in B.spaces_in("india", "fort")
        if S.owner(st, f) == S.other(side) and f not in st["damaged"]
    ]
    cotton = spaces(
        st,
        lambda s: (
            B.SPACES[s]["commodity"] == "cotton"
            and (S.owner(st, s) is None or opposing(st, side, s))
        ),
        ("market",),
    )
    return forts + [s for s in cotton if B.region_of(s) == "india"]


def _ev01_bonus_apply(st: St, fr: Fr, space: str, out: list) -> None:
    if B.kind_of(space) == "fort":
        damage_fort(st, fr, space, out)
    else:
        shift(st, fr, space, out)


PROGRAMS[1] = {
    "both": Version(
        [
            conflict_step(
                "place a Conflict marker in India",
                lambda st, fr, s: B.region_of(s) == "india",
                n=lambda st, fr: S.count_controlled(st, fr["side"], INDIA_LA),
            )
        ],
        [
            pick_spaces(
                "damage an opposing Fort or shift a Cotton Market in India",
                _ev01_bonus_targets,
                _ev01_bonus_apply,
            )
        ],
    )
}

# IS-EV02 Acts of Union ------------------------------------------------------------------
PROGRAMS[2] = {
    "britain": Version([grant("D", 1, "political_europe_unflag")], [score_step(2)]),
    "france": Version(
        [grant("D", 2)],
        [
            unflag_step(
                "unflag a British Political space in Europe (not Spain or Austria)",
                lambda s: (
                    B.kind_of(s) == "political"
                    and B.region_of(s) == "europe"
                    and B.SPACES[s].get("country") not in ("spain", "austria")
                ),
                flag=S.BR,
            )
        ],
    ),
}

# IS-EV03 Tropical Diseases --------------------------------------------------------------
_CARIB_MARKET = all_of(in_region("caribbean"), kinds("market"))


def _own_caribbean(st: St, fr: Fr) -> list[str]:
    return spaces(st, lambda s: _CARIB_MARKET(s) and S.owner(st, s) == fr["side"])


PROGRAMS[3] = {
    "both": Version(
        [
            unflag_step("remove an opposing flag from a Caribbean Market", _CARIB_MARKET),
            pick_spaces("remove one of your flags from a Caribbean Market", _own_caribbean, unflag),
        ],
        [unflag_step("remove another opposing flag from a Caribbean Market", _CARIB_MARKET)],
    )
}


# IS-EV04 South Sea Speculation ----------------------------------------------------------
def _ev04_targets(st: St, fr: Fr) -> list[str]:
    side = fr["side"]
    before = G.isolated_now(st)
    out = []
    for m in spaces(st, lambda s: opposing(st, side, s), ("market",)):
        code = st["flags"].pop(m)
        new = [x for x in G.newly_isolated(st, before) if x != m]
        st["flags"][m] = code
        if not new:
            out.append(m)
    return out


PROGRAMS[4] = {
    "both": Version(
        [pick_spaces("unflag an opposing Market", _ev04_targets, unflag)],
        [
            Do(
                lambda st, fr, out: (
                    R.add_mod(st, "ev04_squadron", 1),
                    note(st, fr, out, "ev04_discount"),
                )
            )
        ],
    )
}


# IS-EV05 War of Jenkins' Ear ------------------------------------------------------------
PROGRAMS[5] = {
    "britain": Version([reduce_debt_step(2)], [forced_debt_step(1)]),
    "france": Version(
        [
            conflict_step(
                "place a Conflict marker on a British Caribbean Market",
                lambda st, fr, s: _CARIB_MARKET(s) and S.owner(st, s) == S.BR,
            )
        ],
        [grant("D", 1)],
    ),
}

# IS-EV06 Native American Alliances ------------------------------------------------------
NA_ADV = ("algonquin_raids", "fur_trade", "iroquois_raids", "patriot_agitation", "wheat")
_NA_LA = all_of(in_region("north_america"), local_alliance)


def ordered_adv_ok(st: St, side: int, adv: str, allow_gained: bool) -> bool:
    """Can ``side`` use ``adv`` on an Event's order now (IS-8.2c, ``advantages``)?"""
    return A.can_use_ordered(st, side, adv, allow_gained=allow_gained)


def use_ordered(st: St, side: int, adv: str, out: list, allow_gained: bool) -> None:
    """Use ``adv`` on an Event's order (IS-8.2c, ``advantages.use_ordered``)."""
    A.use_ordered(st, side, adv, out, allow_gained=allow_gained)


def adv_step(prompt: str, candidates: tuple[str, ...] | None, allow_gained: bool, europe: bool):
    """Ask for one Advantage to use on the card's order (IS-EV06 British bonus, IS-EV33 French).
    ``candidates`` None = every tile; ``europe`` False excludes Europe's tiles."""

    def options(st: St, fr: Fr) -> list[Choice]:
        ids = candidates or tuple(B.ADVANTAGES)
        return [
            Choice(f"adv:{a}", B.ADVANTAGES[a]["name"], group="adv")
            for a in ids
            if (europe or B.ADVANTAGES[a]["region"] != "europe")
            and ordered_adv_ok(st, fr["side"], a, allow_gained)
        ]

    def apply(st: St, fr: Fr, cid: str, out: list) -> None:
        use_ordered(st, fr["side"], sid(cid), out, allow_gained)

    return Ask(prompt, options, apply)


PROGRAMS[6] = {
    "britain": Version(
        [shift_step("shift a North American Local Alliance", _NA_LA)],
        [adv_step("use a North American Advantage", NA_ADV, True, True)],
    ),
    "france": Version(
        [grant("E", 2, "region:north_america")],
        [unflag_step("unflag a British Local Alliance in North America", _NA_LA, flag=S.BR)],
    ),
}


# IS-EV07 Austro-Spanish Rivalry ---------------------------------------------------------
def theaters_with_bonus(st: St, side: int) -> list[str]:
    """Theaters (keys) of the next War holding at least one of ``side``'s Bonus tiles."""
    if not W.has_next_war(st):
        return []
    return [k for k in W.theater_keys(st["war"]["id"]) if W.bonus_in(st, side, k)]


def _theater_choice(st: St, t: str) -> Choice:
    return Choice(f"theater:{t}", W.theater_label(st, t), group="theater")


PROGRAMS[7] = {
    "britain": Version(
        [
            conflict_step(
                "place a Conflict marker on a Political space of Spain",
                lambda st, fr, s: B.SPACES[s].get("country") == "spain",
            )
        ],
        [
            Ask(
                "choose a theater: one French Bonus War tile there goes back",
                lambda st, fr: [_theater_choice(st, t) for t in theaters_with_bonus(st, S.FR)],
                lambda st, fr, cid, out: W.return_bonus_tile(st, S.FR, sid(cid), None, out),
            )
        ],
    ),
    "france": Version(
        [
            unflag_step(
                "unflag a British space of the Dutch Republic",
                of_countries("dutch_republic"),
                flag=S.BR,
            )
        ],
        [
            Ask(
                "gain 2 Diplomatic or 2 Economic points for India",
                lambda st, fr: [
                    Choice("choice:a", "2 Diplomatic points (India)", group="choice"),
                    Choice("choice:b", "2 Economic points (India)", group="choice"),
                ],
                lambda st, fr, cid, out: grant(
                    "D" if cid == "choice:a" else "E", 2, "region:india"
                ).enter(st, fr, out),
            )
        ],
    ),
}


# IS-EV08 Tax Reform ---------------------------------------------------------------------
def _tax(r: int) -> Do:
    def fn(st: St, fr: Fr, out: list) -> None:
        done = S.reduce_debt(st, fr["side"], r, out, f"event:{fr['card']}")
        grant("E", r - done).enter(st, fr, out)

    return Do(fn)


PROGRAMS[8] = {"both": Version([_tax(2)], [_tax(1)])}


# IS-EV09 Great Northern War -------------------------------------------------------------
def _german_vp(st: St, fr: Fr, out: list) -> None:
    if S.count_controlled(st, S.BR, B.COUNTRIES["german_states"]) == 2:
        S.score(st, S.BR, 2, out, f"event:{fr['card']}")


def _russia(st: St, fr: Fr, out: list) -> None:
    if S.counts_for(st, S.FR, "russia"):
        S.score(st, S.FR, 2, out, f"event:{fr['card']}")
    elif S.owner(st, "russia") != S.FR:
        shift(st, fr, "russia", out)


PROGRAMS[9] = {
    "britain": Version(
        [shift_step("shift a German States space", of_countries("german_states")), Do(_german_vp)],
        [grant("D", 1)],
    ),
    "france": Version([Do(_russia)], [grant("D", 1)]),
}


# IS-EV10 Vatican Politics ---------------------------------------------------------------
def _no_british_spain_austria(st: St, fr: Fr, out: list) -> None:
    sp = B.COUNTRIES["spain"] + B.COUNTRIES["austria"]
    if S.count_controlled(st, S.BR, sp) == 0:
        S.score(st, S.FR, 2, out, f"event:{fr['card']}")


PROGRAMS[10] = {
    "britain": Version(
        [grant("D", 2, "countries:german_states,prussia,dutch_republic")],
        [grant("D", 1, "region:europe")],
    ),
    "france": Version(
        [shift_step("shift a space of Spain or Austria", of_countries("spain", "austria"))],
        [Do(_no_british_spain_austria)],
    ),
}


# IS-EV11 Calico Acts --------------------------------------------------------------------
def _score_cotton(st: St, fr: Fr, cid: str, out: list) -> None:
    scoring.score_demand(st, "cotton", out)


PROGRAMS[11] = {
    "britain": Version(
        [grant("E", 2, "unflag_market")],
        [
            Ask(
                "score Cotton now?",
                lambda st, fr: [Choice("choice:a", "Score Cotton", group="choice")],
                _score_cotton,
                optional=True,
            )
        ],
    ),
    "france": Version(
        [unflag_step("unflag a British Cotton Market", commodity("cotton"), flag=S.BR)],
        [
            Ask(
                "send a British Squadron to its Navy Box",
                lambda st, fr: squadron_sources(st, S.BR, False),
                lambda st, fr, cid, out: squadron_home(st, fr, S.BR, sid(cid), out),
            )
        ],
    ),
}


# IS-EV12 Military Spending Overruns -----------------------------------------------------
def _own_bonus_tiles(st: St, side: int) -> list[tuple[str, str]]:
    return [(k, tile) for k in theaters_with_bonus(st, side) for tile in W.bonus_in(st, side, k)]


def _ev12_forts(st: St, side: int) -> list[str]:
    return [
        f
        for f in B.spaces_in(None, "fort")
        if st["flags"].get(f) == side and f not in st["damaged"]
    ]


def _ev12_options(st: St, fr: Fr) -> list[Choice]:
    o = opp(fr)
    ch = []
    if _ev12_forts(st, o):
        ch.append(Choice("option:fort", "Damage one of your Forts", group="option"))
    if squadron_sources(st, o, False):
        ch.append(Choice("option:squadron", "Send a Squadron to the Navy Box", group="option"))
    if _own_bonus_tiles(st, o):
        ch.append(Choice("option:tile", "Return a Bonus War tile to the pool", group="option"))
    return ch


def _ev12_targets(st: St, fr: Fr) -> list[Choice]:
    o = opp(fr)
    what = fr["vars"].get("ev12")
    if what == "fort":
        return [space_choice(st, f) for f in _ev12_forts(st, o)]
    if what == "squadron":
        return squadron_sources(st, o, False)
    if what == "tile":
        return [
            Choice(f"tile:{tile}", f"{W.tile_label(tile)} ({W.theater_label(st, t)})", group="tile")
            for t, tile in _own_bonus_tiles(st, o)
        ]
    return []


def _ev12_apply(st: St, fr: Fr, cid: str, out: list) -> None:
    o = opp(fr)
    kind, x = cid.split(":", 1)
    if kind == "space":
        damage_fort(st, fr, x, out)
    elif kind == "squadron":
        squadron_home(st, fr, o, x, out)
    else:
        t = next(t for t, tile in _own_bonus_tiles(st, o) if tile == x)
        W.return_bonus_tile(st, o, t, x, out)
    fr["vars"].pop("ev12", None)


def _ev12_steps() -> list:
    return [
        Ask(
            "your opponent's overruns: choose what you give up",
            _ev12_options,
            lambda st, fr, cid, out: fr["vars"].__setitem__("ev12", sid(cid)),
            who=lambda st, fr: opp(fr),
        ),
        Ask(
            "choose what you give up",
            _ev12_targets,
            _ev12_apply,
            who=lambda st, fr: opp(fr),
        ),
    ]


PROGRAMS[12] = {"both": Version(_ev12_steps(), _ev12_steps())}


# IS-EV13 Alberoni's Ambition ------------------------------------------------------------
EV13_FR = (
    "austria_alliance_2",
    "austria_alliance_3",
    "dutch_alliance_2",
    "spain_alliance_3_upper",
    "spain_alliance_3_lower",
)


def _savoy_sardinia(st: St, fr: Fr, out: list) -> None:
    if S.count_controlled(st, S.FR, ("savoy", "sardinia")) == 2:
        S.score(st, S.FR, 3, out, f"event:{fr['card']}")


PROGRAMS[13] = {
    "britain": Version(
        [grant("E", 2, "flag_empty_market_next_to_british")],
        [grant("E", 1, "flag_empty_market_next_to_british")],
    ),
    "france": Version(
        [
            shift_step(
                "shift an Alliance space of Austria, the Dutch Republic or Spain",
                lambda s: s in EV13_FR,
            )
        ],
        [Do(_savoy_sardinia)],
    ),
}


# IS-EV14 Famine in Ireland --------------------------------------------------------------
def jacobite_theater(st: St) -> int | None:
    """The next War's Jacobite Rebellion theater number (WSS/WAS 4), or None."""
    war = S.next_war(st)
    if war is None:
        return None
    for t in B.WARS[war]["theaters"]:
        if t["name"] == "Jacobite Rebellion":
            return t["number"]
    return None


def _famine_fr(st: St, fr: Fr, out: list) -> None:
    n = S.count_controlled(st, S.FR, B.COUNTRIES["ireland"])
    t = jacobite_theater(st)
    if t is None or n == 0:
        note(st, fr, out, "nothing")
        return
    war_bonus.free_bonus_draws(st, S.FR, n, t, out)


PROGRAMS[14] = {
    "britain": Version(
        [
            unflag_step(
                "unflag a French space of Ireland or Scotland",
                of_countries("ireland", "scotland"),
                flag=S.FR,
            )
        ]
    ),
    "france": Version([Do(_famine_fr)]),
}


# IS-EV15 Interest Payments --------------------------------------------------------------
def _interest(st: St, fr: Fr, out: list) -> None:
    o = opp(fr)
    why = f"event:{fr['card']}"
    if S.available_debt(st, o) == 0:
        S.reduce_debt(st, o, 1, out, why)
        S.score(st, fr["side"], 1, out, why)
    if st["limit"][o] > 0:
        st["limit"][o] -= 1
        out.append(S.ev(st, "limit", o, n=-1, total=st["limit"][o], why=why))


PROGRAMS[15] = {"both": Version([Do(_interest)], [reduce_debt_step(2)])}
