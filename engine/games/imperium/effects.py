"""iMperium effects as a stack of small frames (steps of IMP-3, IMP-5..IMP-10).

``state["pending"]`` is a stack (top = last) of frames ``[op, seat, *args]`` holding only seats,
ints and public instance ids. :func:`run` executes automatic frames one atomic step at a time
and checks victory before every step (IMP-8.2, IMP-A39); it stops at a decision frame that
really needs a choice (a mandatory decision with one candidate resolves by itself, README).

Decision frames (``DECISIONS``) expose ``options(st, frame)`` -> list of choice tuples
``(id, label, target, group, detail)`` and ``resolve(st, frame, choice, rng, out)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rng import RandomSource
from engine.rules import Event

from .cards import (
    ARMY,
    CATEGORY_NAMES,
    EXPANDED_CARDS,
    NAVY,
    WONDER,
    name,
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
    distinct,
    energy_of,
    ev,
    hand_ids,
    has_up,
    points,
    points12,
    take_from_discard,
    take_from_hand,
    to_hand,
)

Opt = tuple[str, str, str | None, str, str]
Out = list[Event]

# ---------------------------------------------------------------- victory (section 8)


def set_winner(st: State, seat: int, reason: str, out: Out) -> None:
    """End the game: ``seat`` wins (-2 = draw) for ``reason`` (IMP-8)."""
    st["winner"] = seat
    st["reason"] = reason
    st["phase"] = "over"
    st["pending"] = []
    if seat >= 0:
        out.append(ev(st, "win", seat, reason=reason))
    else:
        out.append(Event("draw_game", None, {"reason": reason}))


def check_victory(st: State, out: Out) -> bool:
    """Check IMP-8.1 (a) and (c) for both seats, the active seat first (IMP-8.6).

    Army counters win only with IMP-V2 = immediate (otherwise see the upkeep step).
    Returns True if the game is over.
    """
    if st["winner"] != -1:
        return True
    a = st["active"]
    immediate = st["opts"]["army_win_timing"] == "immediate"
    for s in (a, 1 - a):
        if points12(st, s) >= POINTS_WIN12:
            set_winner(st, s, f"Points victory: {civ(st, s)} has {points(st, s)} point", out)
            return True
        if immediate and st["army"][s] >= ARMY_WIN:
            set_winner(st, s, f"Army victory: {st['army'][s]} army counters", out)
            return True
    return False


# ---------------------------------------------------------------- draws (IMP-7.1, 7.10, V5)


def _reshuffle(st: State, seat: int, rng: RandomSource, out: Out) -> bool:
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


def draw(st: State, seat: int, rng: RandomSource, out: Out, why: str = "") -> int | None:
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


def mill(st: State, seat: int, rng: RandomSource, out: Out) -> None:
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


def begin_turn(st: State, out: Out) -> None:
    """Start phase of the active seat (IMP-3.2): upkeep, turn draw (+ redraw), then energy."""
    a = st["active"]
    st["phase"] = "start"
    out.append(ev(st, "turn", a, turn=st["turn"] + 1))
    st["pending"].extend((["roll", a], ["turn_draw", a], ["upkeep", a]))


def end_turn(st: State, out: Out) -> None:
    """End phase (IMP-3.6): energy lost, Homeros charges expire, hand limit (IMP-V6)."""
    a = st["active"]
    st["phase"] = "end"
    st["energy"] = 0
    st["homeros"] = 0
    st["homeros_free"] = False
    out.append(ev(st, "end", a))
    st["pending"].append(["next_turn", a])
    if st["opts"]["hand_limit"] != "none":
        st["pending"].append(["hand_limit", a])


def _upkeep(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """IMP-3.2(a) army upkeep; IMP-V2 start_of_turn win check."""
    s = f[1]
    if st["army_dom"] == s:
        st["army"][s] += 1
        out.append(ev(st, "counter", s, kind="army", value=st["army"][s], why="upkeep"))
        if st["opts"]["army_win_timing"] == "start_of_turn" and st["army"][s] >= ARMY_WIN:
            set_winner(st, s, f"Army victory: {st['army'][s]} army counters", out)


def _turn_draw(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """IMP-3.2(b) turn draw, then offer the navy redraw (IMP-3.2(c), IMP-A17)."""
    s = f[1]
    iid = draw(st, s, rng, out)
    if iid is not None and st["winner"] == -1 and st["navy_dom"] == s and st["deck"][s]:
        st["pending"].append(["redraw", s])


def _roll(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """Energy phase (IMP-3.3, IMP-4.5..4.7): roll the pool; rerolls follow (IMP-4.8)."""
    s = f[1]
    st["phase"] = "energy"
    pool = dice_pool(st, s)
    dice = [rng.die() for _ in range(pool)]
    st["pool"] = pool
    st["dice"] = dice
    st["energy"] = energy_of(dice)
    out.append(ev(st, "roll", s, dice=list(dice), energy=st["energy"]))
    st["pending"].extend((["after_energy", s], ["reroll", s]))


def _after_energy(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """Go to the extra-draw decision (IMP-3.4), or straight to actions with IMP-V4 any_time."""
    before = st["opts"]["extra_draw_timing"] == "before_actions"
    st["phase"] = "extra" if before else "action"


def _next_turn(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """Finish the turn, apply the turn cap (IMP-3.8, IMP-V9), start the opponent's turn."""
    for p in st["play"]:
        for e in p:
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


def _land(st: State, f: list, rng: RandomSource, out: Out) -> None:
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


def _land2(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """Land pursuit step 2 (IMP-6.3): destroy a Defense, or a second counter.

    ``ignore`` is Catapult's "no Defense cards" (IMP-9.2)."""
    s, ignore = f[1], f[2]
    o = 1 - s
    if not ignore and any(card(st, iid).is_defense for iid, _f in st["play"][o]):
        st["pending"].append(["destroy", s])
    else:
        _army_counter(st, ["army_counter", s, "pursuit"], rng, out)


def _army_counter(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """Gain 1 army counter (IMP-6.3, IMP-9.17)."""
    s = f[1]
    st["army"][s] += 1
    out.append(ev(st, "counter", s, kind="army", value=st["army"][s], why=f[2]))


def _naval(st: State, f: list, rng: RandomSource, out: Out) -> None:
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


def _navy_counter(st: State, f: list, rng: RandomSource, out: Out) -> None:
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


def _draw_n(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """Draw N (IMP-7.1): one card per step; ``f = [op, seat, n, why]``."""
    f[2] -= 1
    if f[2] <= 0:
        st["pending"].pop()
    draw(st, f[1], rng, out, f[3])


def _mill(st: State, f: list, rng: RandomSource, out: Out) -> None:
    mill(st, f[1], rng, out)


def _to_discard(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """A single-use card reaches the discard pile after its effect (IMP-7.5, IMP-A21)."""
    st["discard"][f[1]].append(f[2])


def _homeros(st: State, f: list, rng: RandomSource, out: Out) -> None:
    """Homeros on enter (IMP-10.17): 3 charges this turn; IMP-V3: 3 declarations instead."""
    s = f[1]
    if st["opts"]["homeros_mode"] == "three_turns":
        st["homeros_turns"][s] = 3
        out.append(ev(st, "homeros_turns", s, n=3))
    else:
        st["homeros"] = 3
        out.append(ev(st, "charges", s, n=3))


AUTOMATIC: dict[str, Callable[[State, list, RandomSource, Out], None]] = {
    "upkeep": _upkeep,
    "turn_draw": _turn_draw,
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
"""Automatic frames: each pops itself first (``draw`` counts down) and runs one step."""

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


def enter_play(st: State, seat: int, iid: int, face_down: bool, out: Out, free: str = "") -> None:
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


# ---------------------------------------------------------------- decisions


def _target(seat: int, i: int) -> str:
    return f"p{seat}.{i}"


def _redraw_opts(st: State, f: list) -> list[Opt]:
    s = f[1]
    c = name(cid(st, st["hand"][s][-1]))
    return [
        (
            "redraw",
            f"Redraw: discard {c}, draw again",
            f"h:{cid(st, st['hand'][s][-1])}",
            "redraw",
            "",
        ),
        ("keep", f"Keep {c}", None, "keep", ""),
    ]


def _redraw(st: State, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """IMP-3.2(c): the turn draw goes face up to the discard pile, draw a replacement."""
    st["pending"].pop()
    if choice == "keep":
        return
    s = f[1]
    iid = st["hand"][s].pop()
    if iid in st["known"][s]:
        st["known"][s].remove(iid)
    st["discard"][s].append(iid)
    out.append(ev(st, "redraw", s, card=cid(st, iid)))
    draw(st, s, rng, out, "redraw")


def _reroll_opts(st: State, f: list) -> list[Opt]:
    s = f[1]
    opts: list[Opt] = []
    if has_up(st, s, "colosseum") and st["pool"] >= 2:  # IMP-9.18, IMP-A23
        n = st["pool"] - 1
        opts.append(
            ("reroll", f"Reroll with {n} {'die' if n == 1 else 'dice'}", None, "reroll", "")
        )
    if has_up(st, s, "great_lighthouse"):  # IMP-10.18
        for c in distinct(hand_ids(st, s)):
            opts.append((f"reroll:{c}", f"Discard {name(c)} and reroll", f"h:{c}", "reroll", ""))
    if opts:
        opts.append(("stop", f"Keep energy {st['energy']}", None, "stop", ""))
    return opts


def _reroll(st: State, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """IMP-4.8: reroll the whole current pool (Colosseum: one die fewer; Lighthouse: discard)."""
    if choice == "stop":
        st["pending"].pop()
        return
    s = f[1]
    discarded = None
    if choice == "reroll":
        st["pool"] -= 1
    else:
        discarded = choice[7:]
        st["discard"][s].append(take_from_hand(st, s, discarded))
    dice = [rng.die() for _ in range(st["pool"])]
    st["dice"] = dice
    st["energy"] = energy_of(dice)
    out.append(ev(st, "reroll", s, dice=list(dice), energy=st["energy"], card=discarded))


def _return_opts(st: State, f: list) -> list[Opt]:
    o = 1 - f[1]
    opts: list[Opt] = []
    for i, (iid, fl) in enumerate(st["play"][o]):
        c = card(st, iid)
        if c.cost <= 7:  # IMP-7.3, IMP-A19: printed cost
            label = "Return a face-down Wonder" if fl & FACE_DOWN else f"Return {c.name}"
            opts.append((f"ret:{i}", label, _target(o, i), "return", ""))
    return opts


def _return(st: State, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Return to hand (IMP-7.3): the card loses all state; a face-down identity stays hidden."""
    st["pending"].pop()
    s = f[1]
    o = 1 - s
    iid, fl = st["play"][o].pop(int(choice[4:]))
    fd = bool(fl & FACE_DOWN)
    to_hand(st, o, iid, not fd)
    out.append(ev(st, "return", s, card=cid(st, iid), face_down=fd, owner=o))


def _destroy_opts(st: State, f: list) -> list[Opt]:
    o = 1 - f[1]
    forts: list[Opt] = []
    walls: list[Opt] = []
    for i, (iid, _fl) in enumerate(st["play"][o]):
        c = card(st, iid)
        if c.id == "fort":  # IMP-6.4, IMP-9.7: the Fort must be the one
            forts.append((f"destroy:{i}", "Destroy Fort", _target(o, i), "destroy", ""))
        elif c.is_defense:
            walls.append((f"destroy:{i}", f"Destroy {c.name}", _target(o, i), "destroy", ""))
    return forts or walls


def _destroy(st: State, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Destroy a Defense (IMP-7.4): Walls to the discard; Fort to hand, then its owner
    discards 1 card (IMP-9.7, IMP-A26)."""
    st["pending"].pop()
    s = f[1]
    o = 1 - s
    iid, _fl = st["play"][o].pop(int(choice[8:]))
    c = cid(st, iid)
    out.append(ev(st, "destroy", s, card=c))
    if c == "fort":
        to_hand(st, o, iid, True)
        st["pending"].append(["fort_discard", o])
    else:
        st["discard"][o].append(iid)


def _recover_opts(st: State, f: list) -> list[Opt]:
    s, only = f[1], f[2]
    ids = distinct([cid(st, i) for i in st["discard"][s]])
    return [
        (f"recover:{c}", f"Recover {name(c)}", f"d{s}:{c}", "recover", "")
        for c in ids
        if not only or c == only
    ]


def _recover(st: State, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Recover (IMP-7.2, IMP-A14): a card of the own discard pile to hand (public)."""
    st["pending"].pop()
    s = f[1]
    c = choice[8:]
    to_hand(st, s, take_from_discard(st, s, c), True)
    out.append(ev(st, "recover", s, card=c))


def _port_opts(st: State, f: list) -> list[Opt]:
    s = f[1]
    ids = distinct([cid(st, i) for i in st["discard"][s]])
    return [(f"top:{c}", f"Put {name(c)} on top of your deck", f"d{s}:{c}", "top", "") for c in ids]


def _port(st: State, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Port (IMP-10.7): a discarded card on top of the deck, known to both."""
    st["pending"].pop()
    s = f[1]
    c = choice[4:]
    st["deck"][s].append(take_from_discard(st, s, c))
    st["known_top"][s] += 1
    out.append(ev(st, "top", s, card=c))


def _hand_discard_opts(st: State, f: list) -> list[Opt]:
    s = f[1]
    if f[0] == "hand_limit" and len(st["hand"][s]) <= st["opts"]["hand_limit"]:
        return []
    return [
        (f"discard:{c}", f"Discard {name(c)}", f"h:{c}", "discard", "")
        for c in distinct(hand_ids(st, s))
    ]


def _hand_discard(st: State, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Discard a chosen hand card: after a Fort is destroyed (IMP-9.7) or for the hand
    limit (IMP-V6; the frame stays until the hand is small enough)."""
    s = f[1]
    if f[0] == "fort_discard":
        st["pending"].pop()
    c = choice[8:]
    st["discard"][s].append(take_from_hand(st, s, c))
    out.append(ev(st, "discard", s, card=c, why=f[0]))


def _free_opts(st: State, f: list) -> list[Opt]:
    s, cat = f[1], f[2]
    cards = EXPANDED_CARDS[st["decks"][s]]
    ids = distinct(
        [cards[i - 100 * s].id for i in st["hand"][s] if cards[i - 100 * s].category == cat]
    )
    if not ids:
        return []
    opts: list[Opt] = [
        (f"free:{c}", f"Put {name(c)} into play free", f"h:{c}", "free", "") for c in ids
    ]
    opts.append(("skip", f"No free {CATEGORY_NAMES[cat]} card", None, "skip", ""))
    return opts


def _free(st: State, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Alexander / Archimedes free play (IMP-7.7, IMP-A29)."""
    st["pending"].pop()
    if choice == "skip":
        return
    s = f[1]
    iid = take_from_hand(st, s, choice[5:])
    out.append(ev(st, "play", s, card=choice[5:], cost=0, free=True, face_down=False))
    enter_play(st, s, iid, False, out)


def _pericles_opts(st: State, f: list) -> list[Opt]:
    s = f[1]
    cards = EXPANDED_CARDS[st["decks"][s]]
    base = 100 * s
    wonders = [cards[i - base].id for i in st["hand"][s] if cards[i - base].category == WONDER]
    opts: list[Opt] = [
        (f"wonder:{c}", f"Put {name(c)} into play face up", f"h:{c}", "wonder", "")
        for c in distinct(wonders)
    ]
    for i, (iid, fl) in enumerate(st["play"][s]):
        if fl & FACE_DOWN:
            opts.append(
                (f"flipfree:{i}", f"Flip {name(cid(st, iid))} free", _target(s, i), "flip", "")
            )
    return opts


def _pericles(st: State, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Pericles (IMP-10.16, IMP-A30): a Wonder from hand face up, or flip one, free."""
    st["pending"].pop()
    s = f[1]
    if choice.startswith("wonder:"):
        c = choice[7:]
        iid = take_from_hand(st, s, c)
        out.append(ev(st, "play", s, card=c, cost=0, free=True, face_down=False))
        enter_play(st, s, iid, False, out)
    else:
        e = st["play"][s][int(choice[9:])]
        e[1] &= ~FACE_DOWN
        out.append(ev(st, "flip", s, card=cid(st, e[0]), cost=0))


class Decision:
    """A decision frame kind: its prompt text, choices and resolution."""

    __slots__ = ("mandatory", "options", "resolve", "text")

    def __init__(
        self,
        text: Callable[[State, list], str],
        options: Callable[[State, list], list[Opt]],
        resolve: Callable[[State, list, str, RandomSource, Out], None],
        mandatory: bool,
    ):
        self.text = text
        self.options = options
        self.resolve = resolve
        self.mandatory = mandatory


def _opp(st: State, f: list) -> str:
    return civ(st, 1 - f[1])


DECISIONS: dict[str, Decision] = {
    "redraw": Decision(lambda st, f: "Navy redraw?", _redraw_opts, _redraw, False),
    "reroll": Decision(
        lambda st, f: (
            f"Energy {st['energy']} ({' '.join(map(str, sorted(st['dice'], reverse=True)))}): reroll?"
        ),
        _reroll_opts,
        _reroll,
        False,
    ),
    "return": Decision(
        lambda st, f: f"Return a card of {_opp(st, f)} to its hand", _return_opts, _return, True
    ),
    "destroy": Decision(
        lambda st, f: f"Destroy a Defense of {_opp(st, f)}", _destroy_opts, _destroy, True
    ),
    "recover": Decision(
        lambda st, f: "Recover a card from your discard pile", _recover_opts, _recover, True
    ),
    "port": Decision(lambda st, f: "Port: put a card on top of your deck", _port_opts, _port, True),
    "fort_discard": Decision(
        lambda st, f: "Your Fort was destroyed: discard a card",
        _hand_discard_opts,
        _hand_discard,
        True,
    ),
    "hand_limit": Decision(
        lambda st, f: f"Discard down to {st['opts']['hand_limit']} cards",
        _hand_discard_opts,
        _hand_discard,
        True,
    ),
    "free_play": Decision(
        lambda st, f: f"Put a {CATEGORY_NAMES[f[2]]} card into play free?", _free_opts, _free, False
    ),
    "pericles": Decision(
        lambda st, f: "Pericles: a Wonder face up, free", _pericles_opts, _pericles, True
    ),
}
"""Decision frames by op. Optional ones list their decline choice last."""

# ---------------------------------------------------------------- the run loop


QUIET = frozenset(
    (
        "roll",
        "after_energy",
        "turn_draw",
        "draw",
        "mill",
        "to_discard",
        "homeros",
        "navy_counter",
        "next_turn",
        "recover",
        "port",
        "redraw",
        "reroll",
        "hand_limit",
        "fort_discard",
    )
)
"""Frames that never change a victory condition (no face-up card enters or flips, no army
counter): the check before the next step can be skipped (a win set inside one, such as an
IMP-V5 loss or the turn cap, ends the game by itself)."""


def run(st: State, rng: RandomSource, out: Out) -> None:
    """Run automatic steps until a decision needs a choice or the game is over (IMP-8.2).

    Victory is checked before every step (skipped after :data:`QUIET` steps, which cannot
    change it), so a win in the middle of an effect skips the rest (IMP-A39). A mandatory
    decision with one candidate resolves by itself; a decision with no candidate (or only the
    decline) does nothing.
    """
    dirty = True
    while True:
        if st["winner"] != -1:
            return
        if dirty and check_victory(st, out):
            return
        pend = st["pending"]
        if not pend:
            return
        f = pend[-1]
        op = f[0]
        dirty = op not in QUIET
        auto = AUTOMATIC.get(op)
        if auto is not None:
            pend.pop()
            auto(st, f, rng, out)
            continue
        if op == "draw":
            _draw_n(st, f, rng, out)
            continue
        d = DECISIONS[op]
        opts = d.options(st, f)
        if not opts or (not d.mandatory and len(opts) == 1):
            pend.pop()
        elif d.mandatory and len(opts) == 1:
            d.resolve(st, f, opts[0][0], rng, out)
        else:
            return


def waiting_frame(st: State) -> list | None:
    """The decision frame waiting for a choice, or None."""
    pend = st["pending"]
    if pend and pend[-1][0] in DECISIONS:
        return pend[-1]
    return None


__all__ = [
    "AUTOMATIC",
    "DECISIONS",
    "begin_turn",
    "check_victory",
    "draw",
    "end_turn",
    "enter_play",
    "run",
    "set_winner",
    "waiting_frame",
]
