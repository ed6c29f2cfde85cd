"""iMperium's fast playout step for the search (engine/ai/playouts.py; issue 18).

The same decisions and the same effects as :meth:`ImperiumRules.prompt` and
:meth:`ImperiumRules.apply`, minus what a search never reads: no :class:`Prompt` (no summary,
no memoised :class:`Choice` tuple) and no legality check of a choice taken from :func:`ids`.
The Action phase (IMP-5), most of a playout's decisions, is listed by :func:`action_ids`
straight from the position: the legality tests of ``actions.action_options`` without what
only its labels and details need (points toward IMP-8.3, the tap variants, Government
progress). The events ``apply`` returns are still built by the rule code (they are its side
channel) but dropped. tests/ai/test_playouts.py checks both agree with the rules contract
move by move.
"""

from __future__ import annotations

from engine.rng import RandomSource
from engine.rules import State

from .actions import government_ok
from .cards import (
    ARMY,
    DECK_CARDS,
    DECK_NAMES,
    EXPANDED_CARDS,
    FLIP_COST,
    GOVERNMENT,
    GOVERNMENT_COST,
    GREAT_PERSON,
    NAVY,
    expanded,
)
from .decisions import DECISIONS
from .rules import ImperiumRules, apply_unchecked
from .state import FACE_DOWN, NEW, TAPPED, has_up

_RULES = ImperiumRules()
_EXP_IDS = {d: expanded(d) for d in DECK_NAMES}


def action_ids(st: State, s: int) -> list[str]:
    """The choice ids of ``actions.action_options(st, s)`` in its order (IMP-5.1-5.8, IMP-8.4,
    IMP-9.5, IMP-9.16, IMP-10.17, IMP-V3, IMP-V4, IMP-V10): plays, taps, flips, the Homeros
    declaration, the extra draw, End turn, scuttles, sells, the Granary sale."""
    e = st["energy"]
    deck = st["decks"][s]
    cards = EXPANDED_CARDS[deck]
    base = 100 * s
    play = st["play"][s]
    sick = st["opts"]["enter_tap"] == "summoning_sickness"
    parthenon = False
    army_tap = False
    granary = -1
    taps: list[tuple[int, object]] = []  # (index, card) that may tap
    flips: list[str] = []
    scuttles: list[str] = []
    tapping: list[int] = []  # play-area indexes of the area actors in order (taps and scuttles)
    for i in range(len(play)):
        iid, f = play[i]
        c = cards[iid - base]
        if f & FACE_DOWN:
            if e >= FLIP_COST:  # IMP-5.5
                flips.append(f"flip:{i}")
            continue
        cname = c.id
        if cname == "parthenon":
            parthenon = True
        usable = not f & TAPPED and not (sick and f & NEW)
        if c.tap_cost is not None and usable:
            taps.append((i, c))
            tapping.append(i)
            if c.category == ARMY:
                army_tap = True
        elif cname == "trireme":
            tapping.append(-i - 1)  # may scuttle only
        elif usable and granary < 0 and cname == "granary":
            granary = i
    out: list[str] = []
    # plays (IMP-5.2, 5.8, IMP-8.4, IMP-10.17)
    ids = _EXP_IDS[deck]
    by_id = DECK_CARDS[deck]
    seen: list[str] = []
    for iid in st["hand"][s]:
        x = ids[iid - base]
        if x not in seen:
            seen.append(x)
    charges = st["homeros"] > 0
    free = st["homeros_free"]
    for c_id in seen:
        c = by_id[c_id]
        cat = c.category
        if cat == GOVERNMENT:
            if e >= GOVERNMENT_COST and government_ok(st, s, c):
                out.append(f"play:{c_id}")
            continue
        if cat == GREAT_PERSON:
            cost = c.cost - (1 if parthenon else 0)
        elif free and cat in (ARMY, NAVY):
            cost = 0
        else:
            cost = c.cost
        if cost <= e:
            out.append(f"play:{c_id}")
        if charges and cat in (ARMY, NAVY):
            out.append(f"playh:{c_id}")
    # taps (IMP-5.4, 5.8, IMP-9.16) and scuttles (IMP-5.7), in play-area order
    hadrian = army_tap and has_up(st, 1 - s, "hadrians_wall")
    dom = st["army_dom"] == s
    j = 0
    for i in tapping:
        if i < 0:
            scuttles.append(f"scuttle:{-i - 1}")
            continue
        c = taps[j][1]
        j += 1
        cat = c.category
        tc = c.tap_cost or 0
        if cat == ARMY:
            if free:
                tc = 0
            else:
                if dom and c.id == "hoplite":
                    tc += 1
                if hadrian:
                    tc += 2
        elif cat == NAVY and free:
            tc = 0
        if tc <= e:
            out.append(f"tap:{i}")
        if charges and cat in (ARMY, NAVY):
            out.append(f"taph:{i}")
        if c.id == "trireme":
            scuttles.append(f"scuttle:{i}")
    out += flips
    opts = st["opts"]
    if (
        opts["homeros_mode"] == "three_turns"
        and not free
        and st["homeros_turns"][s] > 0
        and has_up(st, s, "homeros")
    ):  # IMP-V3
        out.append("homeros")
    if opts["extra_draw_timing"] == "any_time":  # IMP-V4
        out.append("extra")
    out.append("end")
    out += scuttles
    if not st["sold"]:  # IMP-5.6, IMP-9.5
        out += [f"sell:{c_id}" for c_id in seen]
        if granary >= 0:
            out.append("sellg")
    return out


def ids(st: State, seat: int) -> list[str]:
    """The choice ids of ``prompt(st, seat)``, in its order ([] when ``seat`` has none)."""
    if (
        st["phase"] == "action"
        and seat == st["active"]
        and st["winner"] == -1
        and not st["pending"]
    ):
        return action_ids(st, seat)
    pend = st["pending"]
    if pend and pend[-1][0] in DECISIONS and st["winner"] == -1 and st["phase"] != "opening":
        f = pend[-1]
        if f[1] != seat:
            return []
        return [o[0] if o.__class__ is tuple else o.id for o in DECISIONS[f[0]].options(st, f)]
    d = _RULES._decision(st, seat)
    if d is None:
        return []
    return [o[0] if o.__class__ is tuple else o.id for o in d[1]]


def apply(st: State, seat: int, choice: str, rng: RandomSource) -> None:
    """``apply(st, seat, choice, rng)`` for a ``choice`` in :func:`ids` (not checked)."""
    apply_unchecked(st, seat, choice, rng)
