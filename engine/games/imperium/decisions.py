"""iMperium decision frames and the run loop (IMP-7.2, 7.3, 6.4, 9.7, 10.7, 10.13..16, V6,
IMP-3.2(c), IMP-4.8).

A decision frame waits for its seat's choice unless it resolves by itself: a mandatory one
with one candidate, or any with no candidate (README "Automatic"). :func:`run` executes
automatic frames (:mod:`.effects`) and stops at a decision that needs a choice.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.choices import split_choice
from engine.rng import RandomSource

from .cards import CATEGORY_NAMES, DECK_CARDS, EXPANDED_CARDS, WONDER, name
from .effects import AUTOMATIC, Opt, Out, check_seat, check_victory, draw, draw_n, enter_play
from .state import (
    FACE_DOWN,
    POINTS_WIN12,
    State,
    card,
    cid,
    civ,
    distinct,
    energy_of,
    ev,
    hand_ids,
    has_up,
    points12,
    take_from_discard,
    take_from_hand,
    to_hand,
)
from .state_types import ImperiumState
from .text import free_detail

# ---------------------------------------------------------------- decisions


def _target(seat: int, i: int) -> str:
    return f"p{seat}.{i}"


def _redraw_opts(st: ImperiumState, f: list) -> list[Opt]:
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


def _redraw(st: ImperiumState, f: list, choice: str, rng: RandomSource, out: Out) -> None:
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


def _reroll_opts(st: ImperiumState, f: list) -> list[Opt]:
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


def _reroll(st: ImperiumState, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """IMP-4.8: reroll the whole current pool (Colosseum: one die fewer; Lighthouse: discard)."""
    if choice == "stop":
        st["pending"].pop()
        return
    s = f[1]
    discarded = None
    if choice == "reroll":
        st["pool"] -= 1
    else:
        discarded = split_choice(choice, "reroll")
        st["discard"][s].append(take_from_hand(st, s, discarded))
    dice = [rng.die() for _ in range(st["pool"])]
    st["dice"] = dice
    st["energy"] = energy_of(dice)
    out.append(ev(st, "reroll", s, dice=list(dice), energy=st["energy"], card=discarded))


def _return_opts(st: ImperiumState, f: list) -> list[Opt]:
    o = 1 - f[1]
    opts: list[Opt] = []
    for i, (iid, fl) in enumerate(st["play"][o]):
        c = card(st, iid)
        if c.cost <= 7:  # IMP-7.3, IMP-A19: printed cost
            label = "Return a face-down Wonder" if fl & FACE_DOWN else f"Return {c.name}"
            opts.append((f"ret:{i}", label, _target(o, i), "return", ""))
    return opts


def _return(st: ImperiumState, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Return to hand (IMP-7.3): the card loses all state; a face-down identity stays hidden."""
    st["pending"].pop()
    s = f[1]
    o = 1 - s
    iid, fl = st["play"][o].pop(int(split_choice(choice, "ret")))
    fd = bool(fl & FACE_DOWN)
    to_hand(st, o, iid, not fd)
    out.append(ev(st, "return", s, card=cid(st, iid), face_down=fd, owner=o))


def _destroy_opts(st: ImperiumState, f: list) -> list[Opt]:
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


def _destroy(st: ImperiumState, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Destroy a Defense (IMP-7.4): Walls to the discard; Fort to hand, then its owner
    discards 1 card (IMP-9.7, IMP-A26)."""
    st["pending"].pop()
    s = f[1]
    o = 1 - s
    iid, _fl = st["play"][o].pop(int(split_choice(choice, "destroy")))
    c = cid(st, iid)
    out.append(ev(st, "destroy", s, card=c))
    if c == "fort":
        to_hand(st, o, iid, True)
        st["pending"].append(["fort_discard", o])
    else:
        st["discard"][o].append(iid)


def _recover_opts(st: ImperiumState, f: list) -> list[Opt]:
    s, only = f[1], f[2]
    ids = distinct([cid(st, i) for i in st["discard"][s]])
    return [
        (f"recover:{c}", f"Recover {name(c)}", f"d{s}:{c}", "recover", "")
        for c in ids
        if not only or c == only
    ]


def _recover(st: ImperiumState, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Recover (IMP-7.2, IMP-A14): a card of the own discard pile to hand (public)."""
    st["pending"].pop()
    s = f[1]
    c = split_choice(choice, "recover")
    to_hand(st, s, take_from_discard(st, s, c), True)
    out.append(ev(st, "recover", s, card=c))


def _port_opts(st: ImperiumState, f: list) -> list[Opt]:
    s = f[1]
    ids = distinct([cid(st, i) for i in st["discard"][s]])
    return [(f"top:{c}", f"Put {name(c)} on top of your deck", f"d{s}:{c}", "top", "") for c in ids]


def _port(st: ImperiumState, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Port (IMP-10.7): a discarded card on top of the deck, known to both."""
    st["pending"].pop()
    s = f[1]
    c = split_choice(choice, "top")
    st["deck"][s].append(take_from_discard(st, s, c))
    st["known_top"][s] += 1
    out.append(ev(st, "top", s, card=c))


def _hand_discard_opts(st: ImperiumState, f: list) -> list[Opt]:
    s = f[1]
    if f[0] == "hand_limit" and len(st["hand"][s]) <= st["opts"]["hand_limit"]:
        return []
    return [
        (f"discard:{c}", f"Discard {name(c)}", f"h:{c}", "discard", "")
        for c in distinct(hand_ids(st, s))
    ]


def _hand_discard(st: ImperiumState, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Discard a chosen hand card: after a Fort is destroyed (IMP-9.7) or for the hand
    limit (IMP-V6; the frame stays until the hand is small enough)."""
    s = f[1]
    if f[0] == "fort_discard":
        st["pending"].pop()
    c = split_choice(choice, "discard")
    st["discard"][s].append(take_from_hand(st, s, c))
    out.append(ev(st, "discard", s, card=c, why=f[0]))


def _free_opts(st: ImperiumState, f: list) -> list[Opt]:
    s, cat = f[1], f[2]
    cards = EXPANDED_CARDS[st["decks"][s]]
    ids = distinct(
        [cards[i - 100 * s].id for i in st["hand"][s] if cards[i - 100 * s].category == cat]
    )
    if not ids:
        return []
    by_id = DECK_CARDS[st["decks"][s]]
    opts: list[Opt] = [
        (f"free:{c}", f"Put {name(c)} into play free", f"h:{c}", "free", free_detail(by_id[c]))
        for c in ids
    ]
    opts.append(("skip", f"No free {CATEGORY_NAMES[cat]} card", None, "skip", ""))
    return opts


def _free(st: ImperiumState, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Alexander / Archimedes free play (IMP-7.7, IMP-A29)."""
    st["pending"].pop()
    if choice == "skip":
        return
    s = f[1]
    c = split_choice(choice, "free")
    iid = take_from_hand(st, s, c)
    out.append(ev(st, "play", s, card=c, cost=0, free=True, face_down=False))
    enter_play(st, s, iid, False, out)


def _pericles_opts(st: ImperiumState, f: list) -> list[Opt]:
    s = f[1]
    cards = EXPANDED_CARDS[st["decks"][s]]
    base = 100 * s
    wonders = [cards[i - base].id for i in st["hand"][s] if cards[i - base].category == WONDER]
    pts = points12(st, s)  # a Wonder face up may bring 1 point (IMP-8.3): said in the detail
    by_id = DECK_CARDS[st["decks"][s]]
    opts: list[Opt] = []
    for c in distinct(wonders):
        wins = pts + by_id[c].pts12 >= POINTS_WIN12
        label = f"Put {name(c)} into play face up"
        opts.append((f"wonder:{c}", label, f"h:{c}", "wonder", free_detail(by_id[c], wins)))
    for i, (iid, fl) in enumerate(st["play"][s]):
        if fl & FACE_DOWN:
            c = card(st, iid)
            detail = free_detail(c, pts + c.pts12 >= POINTS_WIN12)
            opts.append((f"flipfree:{i}", f"Flip {c.name} free", _target(s, i), "flip", detail))
    return opts


def _pericles(st: ImperiumState, f: list, choice: str, rng: RandomSource, out: Out) -> None:
    """Pericles (IMP-10.16, IMP-A30): a Wonder from hand face up, or flip one, free."""
    st["pending"].pop()
    s = f[1]
    if choice.startswith("wonder:"):
        c = split_choice(choice, "wonder")
        iid = take_from_hand(st, s, c)
        out.append(ev(st, "play", s, card=c, cost=0, free=True, face_down=False))
        enter_play(st, s, iid, False, out)
    else:
        e = st["play"][s][int(split_choice(choice, "flipfree"))]
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


def _opp(st: ImperiumState, f: list) -> str:
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
        lambda st, f: (
            f"Discard down to {st['opts']['hand_limit']} card"
            + ("s" if st["opts"]["hand_limit"] != 1 else "")
        ),
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


CHECKS: dict[str, int] = {
    "army_counter": 1,
    "land2": 1,
    "free_play": 2,
    "pericles": 2,
}
"""What a frame can change among the victory conditions: 1 = its seat's army counters,
2 = its seat's points (a face-up card entering or flipping). Every other frame only moves
cards out of play, resets counters or touches hands, decks and discards, so it can bring no
one to victory; a win decided inside a frame (IMP-V2 upkeep, IMP-V5 loss, turn cap) ends the
game by itself; the army upkeep checks by itself (IMP-3.2)."""


def run(st: ImperiumState, rng: RandomSource, out: Out) -> None:
    """Run automatic steps until a decision needs a choice or the game is over (IMP-8.2).

    Victory is checked first for both seats (``apply`` may have changed anything), then after
    every step that can change a victory condition (:data:`CHECKS`): a win in the middle of an
    effect skips the rest (IMP-A39). A mandatory decision with one candidate resolves by
    itself; a decision with no candidate (or only the decline) does nothing.
    """
    if check_victory(st, out):
        return
    pend = st["pending"]
    while True:
        if st["winner"] != -1 or not pend:
            return
        f = pend[-1]
        op = f[0]
        auto = AUTOMATIC.get(op)
        if auto is not None:
            pend.pop()
            auto(st, f, rng, out)
        elif op == "draw":
            draw_n(st, f, rng, out)
        else:
            d = DECISIONS[op]
            opts = d.options(st, f)
            if not opts or (not d.mandatory and len(opts) == 1):
                pend.pop()
            elif d.mandatory and len(opts) == 1:
                d.resolve(st, f, opts[0][0], rng, out)
            else:
                return
        what = CHECKS.get(op)
        if what and st["winner"] == -1 and check_seat(st, f[1], what, out):
            return
        pend = st["pending"]


def waiting_frame(st: ImperiumState) -> list | None:
    """The decision frame waiting for a choice, or None."""
    pend = st["pending"]
    if pend and pend[-1][0] in DECISIONS:
        return pend[-1]
    return None
