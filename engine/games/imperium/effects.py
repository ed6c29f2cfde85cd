"""iMperium effects as a stack of small frames (steps of IMP-3, IMP-5..IMP-10).

``state["pending"]`` is a stack (top = last) of frames ``[op, seat, *args]`` holding only seats,
ints and public instance ids. This module holds victory checks, draws, the turn frames, the
military steps and entering play; :mod:`.decisions` holds the frames that wait for a choice
and the run loop, which executes one atomic step at a time and checks victory before every
step (IMP-8.2, IMP-A39).

Options are tuples ``(id, label, target, group, detail)`` (turned into Choices by ``rules``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rng import RandomSource
from engine.rules import Event

from .cards import (
    ARMY,
    NAVY,
)
from .state import (
    ARMY_WIN,
    FACE_DOWN,
    NAVY_THRESHOLD,
    NEW,
    POINTS_WIN12,
    TAPPED,
    State,
    card,
    cid,
    civ,
    dice_pool,
    discard_hand,
    energy_of,
    ev,
    has_up,
    points,
    points12,
    points_units,
    stolen_dice,
    to_hand,
)
from .state_types import ImperiumState

Opt = tuple[str, str, str | None, str, str]
Out = list[Event]

# ---------------------------------------------------------------- victory (section 8)


def set_winner(st: ImperiumState, seat: int, reason: str, out: Out) -> None:
    """End the game: ``seat`` wins (-2 = draw) for ``reason`` (IMP-8)."""
    st["winner"] = seat
    st["reason"] = reason
    st["phase"] = "over"
    st["pending"] = []
    if seat >= 0:
        out.append(ev(st, "win", seat, reason=reason, text=result_text(st)))
    else:
        out.append(Event("draw_game", None, {"reason": result_text(st)}))


def result_text(st: ImperiumState) -> str:
    """How the game ended, for players: "Army victory — 5 army counters", "Points victory —
    6/6 points", "Government victory — Republic", "Draw: turn cap reached (200 turns)".

    Built from ``state["reason"]`` (kept as it always was, so saved games still verify) and
    the final position."""
    reason = st["reason"]
    w = st["winner"]
    kind, sep, rest = reason.partition(": ")
    if w < 0:
        if kind.startswith("Turn cap reached"):
            return "Draw: turn cap reached" + kind[len("Turn cap reached") :]
        return reason
    if kind == "Points victory":
        return f"{kind} — {points_units(st, w)}"
    if sep and kind in ("Army victory", "Government victory"):
        return f"{kind} — {rest}"
    return reason


def outcome_reason(st: ImperiumState) -> str:
    """The outcome's reason naming the winner: "Rome wins: Army victory — 5 army counters"."""
    w = st["winner"]
    text = result_text(st)
    return f"{civ(st, w)} wins: {text}" if w >= 0 else text


def check_victory(st: ImperiumState, out: Out) -> bool:
    """Check IMP-8.1 (a) and (c) for both seats, the active seat first (IMP-8.6).

    Army counters win only with IMP-V2 = immediate (otherwise see the upkeep step).
    Returns True if the game is over.
    """
    if st["winner"] != -1:
        return True
    a = st["active"]
    return check_seat(st, a, 3, out) or check_seat(st, 1 - a, 3, out)


def check_seat(st: ImperiumState, s: int, what: int, out: Out) -> bool:
    """Check one seat's points (``what & 2``, IMP-8.3) and army counters (``what & 1``,
    IMP-6.6 with IMP-V2 = immediate). Returns True if the game is over."""
    if what & 2 and points12(st, s) >= POINTS_WIN12:
        set_winner(st, s, f"Points victory: {civ(st, s)} has {points(st, s)} point", out)
        return True
    if what & 1 and st["army"][s] >= ARMY_WIN and st["opts"]["army_win_timing"] == "immediate":
        set_winner(st, s, f"Army victory: {st['army'][s]} army counters", out)
        return True
    return False


# ---------------------------------------------------------------- draws (IMP-7.1, 7.10, V5)


def _reshuffle(st: ImperiumState, seat: int, rng: RandomSource, out: Out) -> bool:
    """IMP-V5 reshuffle: the discard pile becomes the new deck; False if it is empty too."""
    pile = st["discard"][seat]
    if not pile:
        return False
    deck = list(pile)
    rng.shuffle(deck)
    st["deck"][seat] = deck
    st["discard"][seat] = []
    st["known_top"][seat] = 0
    out.append(ev(st, "reshuffle", seat, n=len(deck)))
    return True


def draw(st: ImperiumState, seat: int, rng: RandomSource, out: Out, why: str = "") -> int | None:
    """Draw the top card of ``seat``'s deck (IMP-7.1); empty deck per IMP-7.10 / IMP-V5.

    Returns the instance drawn, or None.
    """
    if not st["deck"][seat]:
        mode = st["opts"]["empty_deck"]
        if mode == "lose":
            out.append(ev(st, "draw_empty", seat, why=why))
            set_winner(st, 1 - seat, f"{civ(st, seat)} had to draw from an empty deck", out)
            return None
        if mode != "reshuffle" or not _reshuffle(st, seat, rng, out):
            out.append(ev(st, "draw_empty", seat, why=why))
            return None
    iid = st["deck"][seat].pop()
    kt = st["known_top"]
    known = kt[seat] > 0
    if known:
        kt[seat] -= 1
    to_hand(st, seat, iid, known)
    hidden = not known and st["opts"]["open_hands"] != "on"
    out.append(ev(st, "draw", seat, card=cid(st, iid), hidden=hidden, why=why))
    return iid


def mill(st: ImperiumState, seat: int, rng: RandomSource, out: Out) -> None:
    """Trader: move the deck's top card face up to the discard pile (IMP-10.6, IMP-A20)."""
    if not st["deck"][seat] and (
        st["opts"]["empty_deck"] != "reshuffle" or not _reshuffle(st, seat, rng, out)
    ):
        return
    iid = st["deck"][seat].pop()
    if st["known_top"][seat] > 0:
        st["known_top"][seat] -= 1
    st["discard"][seat].append(iid)
    out.append(ev(st, "mill", seat, card=cid(st, iid)))


# ---------------------------------------------------------------- turn frames (section 3)


def begin_turn(st: ImperiumState, out: Out) -> None:
    """Start phase of the active seat (IMP-3.2): upkeep, turn draw (+ redraw), then energy."""
    a = st["active"]
    st["phase"] = "start"
    out.append(ev(st, "turn", a, turn=st["turn"] + 1))
    st["pending"].append(["start_turn", a])


def end_turn(st: ImperiumState, out: Out) -> None:
    """End phase (IMP-3.6): energy lost, Homeros charges expire, hand limit (IMP-V6), then
    the next turn."""
    a = st["active"]
    st["phase"] = "end"
    st["energy"] = 0
    st["homeros"] = 0
    st["homeros_free"] = False
    out.append(ev(st, "end", a))
    if st["opts"]["hand_limit"] != "none":
        st["pending"].extend((["next_turn", a], ["hand_limit", a]))
    else:
        _next_turn(st, ["next_turn", a], None, out)


def _start_turn(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """IMP-3.2: (a) army upkeep, then a victory check (IMP-A01; IMP-V2 start_of_turn win);
    (b) the turn draw; (c) the navy redraw offer (IMP-A17); then the energy roll."""
    s = f[1]
    if st["army_dom"] == s:  # (a)
        st["army"][s] += 1
        out.append(ev(st, "counter", s, kind="army", value=st["army"][s], why="upkeep"))
        if st["army"][s] >= ARMY_WIN:
            if st["opts"]["army_win_timing"] == "start_of_turn":
                set_winner(st, s, f"Army victory: {st['army'][s]} army counters", out)
                return
            if check_seat(st, s, 1, out):
                return
    iid = draw(st, s, rng, out)  # (b)
    if st["winner"] != -1:
        return
    if iid is not None and st["navy_dom"] == s and st["deck"][s]:  # (c)
        st["pending"].extend((["roll", s], ["redraw", s]))
        return
    _roll(st, f, rng, out)


def _roll(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """Energy phase (IMP-3.3, IMP-4.5..4.7): roll the pool; rerolls follow (IMP-4.8)."""
    s = f[1]
    st["phase"] = "energy"
    pool = dice_pool(st, s)
    dice = [rng.die() for _ in range(pool)]
    st["pool"] = pool
    st["dice"] = dice
    st["energy"] = energy_of(dice)
    stolen = stolen_dice(st, s)  # IMP-4.4: told in the log line (public, IMP-11.1)
    gained = 0
    if st["army_dom"] == s and st["opts"]["steal_mode"] == "transfer":
        gained = stolen_dice(st, 1 - s)
    out.append(
        ev(st, "roll", s, dice=list(dice), energy=st["energy"], stolen=stolen, gained=gained)
    )
    if has_up(st, s, "colosseum") or has_up(st, s, "great_lighthouse"):
        st["pending"].extend((["after_energy", s], ["reroll", s]))  # IMP-9.18, IMP-10.18
    else:
        _after_energy(st, f, rng, out)


def _after_energy(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """Go to the extra-draw decision (IMP-3.4), or straight to actions with IMP-V4 any_time."""
    before = st["opts"]["extra_draw_timing"] == "before_actions"
    st["phase"] = "extra" if before else "action"


def _next_turn(st: ImperiumState, f: list, rng: RandomSource | None, out: Out) -> None:
    """Finish the turn, apply the turn cap (IMP-3.8, IMP-V9), start the opponent's turn."""
    for p in st["play"]:
        for e in p:
            if e[1] & NEW:
                e[1] &= ~NEW
    st["turn"] += 1
    st["pool"] = 0
    st["dice"] = []
    st["sold"] = False
    st["acted"] = False
    cap = st["opts"]["turn_cap"]
    if st["turn"] >= cap:
        set_winner(st, -2, f"Turn cap reached ({cap} turns): draw", out)
        return
    st["active"] = 1 - st["active"]
    begin_turn(st, out)


# ---------------------------------------------------------------- military (section 6)


def _land(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """Land attack (IMP-6.2): pursuit if Army Dominance is held, else gain it (IMP-6.1)."""
    s, ignore = f[1], f[2]
    if st["army_dom"] == s:
        st["pending"].extend((["land2", s, ignore], ["army_counter", s, "pursuit"]))
        return
    o = 1 - s
    lost = st["army_dom"] == o
    st["army_dom"] = s
    st["army"][o] = 0
    st["army"][s] = 0
    out.append(ev(st, "dominance", s, kind="army", took=lost))
    if has_up(st, s, "trajans_column"):  # IMP-9.17, IMP-A35
        st["pending"].append(["army_counter", s, "trajan"])


def _land2(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """Land pursuit step 2 (IMP-6.3): destroy a Defense, or a second counter.

    ``ignore`` is Catapult's "no Defense cards" (IMP-9.2)."""
    s, ignore = f[1], f[2]
    o = 1 - s
    if not ignore and any(card(st, iid).is_defense for iid, _f in st["play"][o]):
        st["pending"].append(["destroy", s])
    else:
        _army_counter(st, ["army_counter", s, "pursuit"], rng, out)


def _army_counter(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """Gain 1 army counter (IMP-6.3, IMP-9.17)."""
    s = f[1]
    st["army"][s] += 1
    out.append(ev(st, "counter", s, kind="army", value=st["army"][s], why=f[2]))


def _naval(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """Naval attack (IMP-6.8): untapped Fire Rafts return first (IMP-10.10, IMP-A15), then
    pursuit (IMP-6.9) or gain Navy Dominance (IMP-6.7)."""
    s = f[1]
    o = 1 - s
    keep = []
    for e in st["play"][o]:
        if not e[1] & TAPPED and cid(st, e[0]) == "fire_raft":
            to_hand(st, o, e[0], True)
            out.append(ev(st, "fire_raft", o))
        else:
            keep.append(e)
    st["play"][o] = keep
    if st["navy_dom"] == s:
        st["pending"].extend((["navy_counter", s, "pursuit"], ["recover", s, ""]))
        return
    lost = st["navy_dom"] == o
    st["navy_dom"] = s
    st["navy"][o] = 0
    st["navy"][s] = 0
    out.append(ev(st, "dominance", s, kind="navy", took=lost))
    if has_up(st, s, "trajans_column"):
        st["pending"].append(["navy_counter", s, "trajan"])


def _navy_counter(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """Gain 1 navy counter, then the navy threshold (IMP-6.9, IMP-6.10, IMP-A18)."""
    s = f[1]
    st["navy"][s] += 1
    out.append(ev(st, "counter", s, kind="navy", value=st["navy"][s], why=f[2]))
    if st["navy"][s] >= NAVY_THRESHOLD:
        o = 1 - s
        gone = discard_hand(st, o)
        st["navy"][s] = 0
        out.append(ev(st, "threshold", s, cards=[cid(st, i) for i in gone]))


# ---------------------------------------------------------------- other automatic steps


def draw_n(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """Draw N (IMP-7.1): one card per step; ``f = [op, seat, n, why]``."""
    f[2] -= 1
    if f[2] <= 0:
        st["pending"].pop()
    draw(st, f[1], rng, out, f[3])


def _mill(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    mill(st, f[1], rng, out)


def _to_discard(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """A single-use card reaches the discard pile after its effect (IMP-7.5, IMP-A21)."""
    st["discard"][f[1]].append(f[2])


def _homeros(st: ImperiumState, f: list, rng: RandomSource, out: Out) -> None:
    """Homeros on enter (IMP-10.17): 3 charges this turn; IMP-V3: 3 declarations instead."""
    s = f[1]
    if st["opts"]["homeros_mode"] == "three_turns":
        st["homeros_turns"][s] = 3
        out.append(ev(st, "homeros_turns", s, n=3))
    else:
        st["homeros"] = 3
        out.append(ev(st, "charges", s, n=3))


AUTOMATIC: dict[str, Callable[[State, list, RandomSource, Out], None]] = {
    "start_turn": _start_turn,
    "roll": _roll,
    "after_energy": _after_energy,
    "next_turn": _next_turn,
    "land": _land,
    "land2": _land2,
    "army_counter": _army_counter,
    "naval": _naval,
    "navy_counter": _navy_counter,
    "mill": _mill,
    "to_discard": _to_discard,
    "homeros": _homeros,
}
"""Automatic frames by op: the run loop pops the frame, then calls its step (``draw``
frames count down instead, see :func:`draw_n`)."""

# ---------------------------------------------------------------- entering play (IMP-5.3)

_ON_ENTER: dict[str, tuple[tuple[Any, ...], ...]] = {
    # frames pushed in this order (the last one runs first)
    "praetorian": (("return",),),  # IMP-9.3
    "caesar": (("land", 0), ("return",)),  # IMP-9.14: return, then land attack
    "cicero": (("recover", ""),),  # IMP-9.15
    "alexander": (("free_play", ARMY), ("land", 0)),  # IMP-10.13
    "aristotle": (("draw", 4, "aristotle"),),  # IMP-10.14
    "archimedes": (("free_play", NAVY), ("naval",)),  # IMP-10.15
    "pericles": (("pericles",),),  # IMP-10.16
    "homeros": (("homeros",),),  # IMP-10.17
}


def enter_play(st: ImperiumState, seat: int, iid: int, face_down: bool, out: Out) -> None:
    """Put ``iid`` into ``seat``'s play area (IMP-5.2, IMP-5.3, IMP-7.7).

    The card is placed now (the run loop checks victory before anything else, IMP-A39); its
    on-enter effect and then The Temple of Janus (IMP-9.19, IMP-A34) are queued.
    """
    c = card(st, iid)
    st["play"][seat].append([iid, (FACE_DOWN | NEW) if face_down else NEW])
    pend = st["pending"]
    if (c.category == ARMY or c.category == NAVY) and has_up(st, seat, "temple_of_janus"):
        pend.append(["draw", seat, 1, "temple_of_janus"])
    if not face_down:
        for fr in _ON_ENTER.get(c.id, ()):
            pend.append([fr[0], seat, *fr[1:]])
