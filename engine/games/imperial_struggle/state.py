"""Imperial Struggle state layout and the primitive accessors every rules module uses.

The state is plain data (msgpack-clonable): see the package README "State". Sides are ints:
0 France, 1 Britain. Flag codes on spaces: 0 France, 1 Britain, 2 USA, 3 Spain. Sets are dicts
``{key: 1}``. Ordered piles (Event deck, war-tile pools, Investment stack) draw from the end
(top last). All randomness goes through the engine RNG cell ``st["rng"]`` (:func:`rng`).

Never change ``flags``/``squadrons`` directly: :func:`set_flag` and :func:`move_squadron` keep
Conflict markers, Huguenots markers, "changed this round" marks and Advantage holders right
(IS-3.2.8, IS-3.8.2, IS-8.1, IS-MIN09).
"""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from engine.rules import Event

from . import board as B

FR, BR, USA, SPAIN = 0, 1, 2, 3
SIDE_NAMES: tuple[str, str] = ("France", "Britain")
FLAG_NAMES: dict[int, str] = {FR: "French", BR: "British", USA: "USA", SPAIN: "Spanish"}

State = dict[str, Any]


def other(side: int) -> int:
    """The opponent of ``side`` (0 <-> 1)."""
    return 1 - side


def rng(st: State) -> Rng:
    """The engine RNG over the state's cell (draws advance ``st["rng"]`` in place)."""
    return Rng(st["rng"])


def seat_of(st: State, side: int) -> int:
    """The seat that plays ``side``."""
    return st["side_seat"][side]


def side_of(st: State, seat: int) -> int:
    """The side played by ``seat``."""
    return st["side_seat"].index(seat)


def ev(st: State, kind: str, side: int | None = None, **args: Any) -> Event:
    """A log event of ``side`` (None = the game itself), seat-addressed as the contract says."""
    seat = None if side is None else seat_of(st, side)
    if side is not None:
        args.setdefault("side", side)
    return Event(kind, seat, args)


def new_state(opts: dict[str, Any], names: list[str], rng_cell: list[int]) -> State:
    """An empty game: every key of the README "State" with its pre-set-up value.

    Set-up proper (flags, decks, war display; IS-3.11) is done by ``flow.setup``. Shapes: per-side
    values are ``[france, britain]`` lists.
    """
    return {
        "rng": rng_cell,
        "opts": dict(opts),
        "names": list(names),
        "side_seat": [0, 1],
        "ti": 0,
        "vp": 15,
        "debt": [0, 0],
        "limit": [6, 6],
        "trp": [0, 0],
        "initiative": FR,
        "first": FR,
        "flags": {},
        "squadrons": {},
        "navy": [1, 2],
        "unbuilt": [7, 6],
        "sq_removed": [0, 0],
        "parked": [],
        "conflict": {},
        "damaged": {},
        "huguenots": {},
        "adv_holder": {},
        "adv_exhausted": {},
        "deck": [],
        "discard": [],
        "removed": [],
        "aside": [],
        "hands": [[], []],
        "min_slots": [[], []],
        "min_exhausted": {},
        "min_removed": {},
        "jacobite": {"victories": 0, "defeat": False, "right": False},
        "inv_stack": [],
        "inv_avail": [],
        "inv_used": [],
        "inv_taken": {},
        "awards": {},
        "awards_out": [],
        "demand": [],
        "townshend": None,
        "byng": None,
        "war": None,
        "round": None,
        "rounds_done": [0, 0],
        "stack": [],
        "over": False,
        "winner": None,
        "reason": "",
    }


# ---------------------------------------------------------------------------- turn and era
def turn_id(st: State) -> str:
    """The current turn-track entry id (``T1``, ``WSS``, … ``T6``; IS-2.1)."""
    return B.TURN_IDS[st["ti"]]


def era(st: State) -> str:
    """The current era id: ``succession``, ``empire`` or ``revolution`` (IS-2.1)."""
    return B.ERA_OF_TURN[turn_id(st)]


def next_war(st: State) -> str | None:
    """The next War during a Peace Turn (IS-2.1a; None on T6); during a War, that War."""
    tid = turn_id(st)
    if tid in B.WARS:
        return tid
    return B.NEXT_WAR[tid]


def peace_number(st: State) -> int:
    """1–6 during a Peace Turn, 0 during a War."""
    tid = turn_id(st)
    return int(tid[1:]) if tid.startswith("T") else 0


# ---------------------------------------------------------------------------- control
def owner(st: State, space: str) -> int | None:
    """Flag code on ``space`` (Naval: the Squadron's side), or None when empty (IS-3.2.7)."""
    if space in B.NAVAL:
        return st["squadrons"].get(space)
    return st["flags"].get(space)


def controls(st: State, side: int, space: str) -> bool:
    """Raw control: ``side``'s flag (or Squadron) is on ``space`` (IS-0.4)."""
    return owner(st, space) == side


def opposing(st: State, side: int, space: str) -> bool:
    """The space carries a flag ``side`` may unflag: the opponent's, or a Spanish one (Spanish
    flags exist only with IS-V01 and are opposing to both sides; IS-3.2.8). USA flags never are
    (IS-10.1)."""
    return owner(st, space) in (other(side), SPAIN)


def counts_for(st: State, side: int, space: str) -> bool:
    """Control that counts for conditions, counts and scoring: a conflicted space counts for
    nobody (IS-0.5, IS-3.8)."""
    return space not in st["conflict"] and owner(st, space) == side


def count_controlled(st: State, side: int, spaces: Any) -> int:
    """How many of ``spaces`` count for ``side`` (conflicted ignored, IS-0.5)."""
    return sum(1 for s in spaces if counts_for(st, side, s))


_ALWAYS: frozenset[str] = frozenset(s for s, r in B.SPACES.items() if r["available"] == "always")
ALWAYS_AVAILABLE = _ALWAYS
"""The spaces :func:`available` always admits (IS-3.2.1c), for loops that skip the call."""


def available(st: State, space: str) -> bool:
    """IS-3.2.1c availability: Prussia's Empire spaces from T3, Sons of Liberty from T5, the USA
    spaces only on T6 with a USA flag on the map."""
    if space in _ALWAYS:
        return True
    rule = B.SPACES[space]["available"]
    if rule == "empire_era_onward":
        return era(st) != "succession"
    if rule == "revolution_era_onward":
        return era(st) == "revolution"
    return turn_id(st) == "T6" and USA in st["flags"].values()


def _mark_changed(st: State, space: str) -> None:
    rd = st["round"]
    if rd is not None:
        rd["changed"][space] = 1


def set_flag(st: State, space: str, code: int | None, out: list[Event], why: str = "") -> None:
    """Put flag ``code`` on ``space`` (None = empty it). The only way flags change.

    Keeps the derived facts right: a change of flag status removes a Conflict marker (IS-3.8.2a)
    and marks the space "changed this round" (IS-5.4.1); a Territory that becomes British or USA
    loses its Huguenots marker (IS-MIN09c, IS-10.1); a USA flag clears a Damaged marker only where
    the caller says so. Advantage holders are recomputed (IS-8.1). Emits ``flag`` events
    ``{space, code, was, why}``. Raises ValueError for a Naval space (use :func:`move_squadron`).
    """
    if B.SPACES[space]["type"] == "naval":
        raise ValueError(f"{space} is a Naval space")
    was = st["flags"].get(space)
    if was == code:
        return
    if code is None:
        del st["flags"][space]
    else:
        st["flags"][space] = code
    st["conflict"].pop(space, None)
    _mark_changed(st, space)
    if code in (BR, USA) and space in st["huguenots"]:
        del st["huguenots"][space]
    if code is None:
        st["damaged"].pop(space, None)  # an emptied Fort space holds no Damaged marker
    out.append(ev(st, "flag", None, space=space, code=code, was=was, why=why))
    recompute_advantages(st, out)


def move_squadron(
    st: State, side: int, src: str, dst: str, out: list[Event], why: str = ""
) -> None:
    """Move one of ``side``'s Squadrons from ``src`` to ``dst``.

    ``src``/``dst`` are a Naval space id or one of ``navy``, ``unbuilt``, ``removed``, ``parked``
    (parking is done by the caller adding to ``st["parked"]``; here it only leaves the pool).
    Entering a Naval space records it in ``round.sq_moved`` (IS-5.6.6). Does NOT displace: the
    caller first sends an opposing Squadron home. Emits ``squadron`` events. Raises ValueError
    when ``src`` holds no Squadron of ``side`` or ``dst`` is an occupied Naval space.
    """
    pools = {"navy": "navy", "unbuilt": "unbuilt", "removed": "sq_removed"}
    if src in pools:
        if st[pools[src]][side] <= 0:
            raise ValueError(f"no {SIDE_NAMES[side]} Squadron in {src}")
        st[pools[src]][side] -= 1
    elif src == "parked":
        pass
    else:
        if st["squadrons"].get(src) != side:
            raise ValueError(f"no {SIDE_NAMES[side]} Squadron on {src}")
        del st["squadrons"][src]
        _mark_changed(st, src)
    if dst in pools:
        st[pools[dst]][side] += 1
    elif dst == "parked":
        pass
    else:
        if dst in st["squadrons"]:
            raise ValueError(f"{dst} is occupied")
        st["squadrons"][dst] = side
        _mark_changed(st, dst)
        rd = st["round"]
        if rd is not None:
            rd["sq_moved"][dst] = 1
    out.append(ev(st, "squadron", side, src=src, dst=dst, why=why))
    recompute_advantages(st, out)


def recompute_advantages(st: State, out: list[Event]) -> None:
    """IS-8.1: a side holds an Advantage exactly while it controls every connected space (raw
    control: a Conflict marker does not remove the tile). Changes keep the exhausted state, mark
    ``round.gained_adv`` (unusable for the rest of the round, IS-8.2) and emit ``advantage``
    events ``{adv, holder, was}``."""
    holders = st["adv_holder"]
    for aid, adv in B.ADVANTAGES.items():
        spaces = adv["connected_spaces"]
        new = None
        first = owner(st, spaces[0])
        if first in (FR, BR) and all(owner(st, s) == first for s in spaces[1:]):
            new = first
        was = holders.get(aid)
        if new == was:
            continue
        if new is None:
            del holders[aid]
        else:
            holders[aid] = new
        if st["round"] is not None:
            st["round"]["gained_adv"][aid] = 1
        out.append(ev(st, "advantage", None, adv=aid, holder=new, was=was))


# ---------------------------------------------------------------------------- tracks
def score(st: State, side: int, n: int, out: list[Event], why: str = "") -> None:
    """``side`` scores ``n`` VP: France moves ``vp`` up, Britain down (IS-0.1). n may be 0 (no
    event) and is never negative here (losing VP = the opponent scoring)."""
    if n <= 0:
        return
    st["vp"] += n if side == FR else -n
    out.append(ev(st, "vp", side, n=n, vp=st["vp"], why=why))


def gain_trp(st: State, side: int, n: int, out: list[Event], why: str = "") -> None:
    """``side`` gains ``n`` Treaty Points (kept in full until the next cap, IS-9.2)."""
    if n <= 0:
        return
    st["trp"][side] += n
    out.append(ev(st, "trp", side, n=n, total=st["trp"][side], why=why))


def lose_trp(st: State, side: int, n: int, out: list[Event], why: str = "") -> int:
    """``side`` loses up to ``n`` TRP; returns how many were lost."""
    n = min(n, st["trp"][side])
    if n > 0:
        st["trp"][side] -= n
        out.append(ev(st, "trp", side, n=-n, total=st["trp"][side], why=why))
    return n


def available_debt(st: State, side: int) -> int:
    """Debt Limit − Debt (IS-6.4)."""
    return st["limit"][side] - st["debt"][side]


def add_debt(st: State, side: int, n: int, out: list[Event], why: str = "") -> None:
    """Record ``n`` voluntary Debt (payment, IS-6.1); the caller checked the limit."""
    if n <= 0:
        return
    st["debt"][side] += n
    out.append(ev(st, "debt", side, n=n, total=st["debt"][side], why=why))


def reduce_debt(st: State, side: int, n: int, out: list[Event], why: str = "") -> int:
    """Lower ``side``'s Debt by ``min(n, Debt)`` (IS-6.2); returns the amount applied."""
    n = min(n, st["debt"][side])
    if n > 0:
        st["debt"][side] -= n
        out.append(ev(st, "debt", side, n=-n, total=st["debt"][side], why=why))
    return n


def forced_debt(st: State, side: int, n: int, out: list[Event], why: str = "") -> None:
    """IS-6.3a: ``side`` takes ``min(n, Available Debt)``; each point that does not fit gives the
    opponent 1 VP, unless ``side`` is Britain with James Watt (M-19) face up (IS-MIN19a)."""
    fit = max(0, min(n, available_debt(st, side)))
    add_debt(st, side, fit, out, why)
    over = n - fit
    if over > 0 and not (side == BR and face_up(st, BR, "M-19")):
        score(st, other(side), over, out, "debt_overflow")


# ---------------------------------------------------------------------------- ministries
def face_up(st: State, side: int, card: str) -> bool:
    """True when ``side`` has Ministry ``card`` face up in a slot (IS-3.5a)."""
    return any(s["card"] == card and s["up"] for s in st["min_slots"][side])


def has_keyword_up(st: State, side: int, keyword: str) -> bool:
    """True when a face-up Ministry card of ``side`` shows ``keyword`` (IS-3.5c)."""
    return any(
        s["up"] and s["card"] and keyword in B.MINISTRIES[s["card"]]["keywords"]
        for s in st["min_slots"][side]
    )


def face_down_cards(st: State, side: int) -> list[str]:
    """``side``'s face-down Ministry cards, slot order."""
    return [s["card"] for s in st["min_slots"][side] if s["card"] and not s["up"]]


# ---------------------------------------------------------------------------- events deck
def draw_event(st: State, side: int, out: list[Event], *, deal: bool = False) -> int | None:
    """Draw the top Event card into ``side``'s hand (IS-5.5.3, IS-4.1.6c); None if nothing.

    ``deal``: the Deal Phase, which reshuffles the discard pile into an empty draw pile; the
    IS-V06 option ``midturn_draw_reshuffle`` does so for every draw. From T5 a drawn Succession
    card is removed from the game and another is drawn. Emits ``draw`` ``{card}`` (hidden from
    the opponent by ``text``).
    """
    reshuffle = deal or st["opts"].get("midturn_draw_reshuffle") == "on"
    while True:
        if not st["deck"]:
            if not (reshuffle and st["discard"]):
                return None
            st["deck"] = st["discard"]
            st["discard"] = []
            rng(st).shuffle(st["deck"])
            out.append(ev(st, "reshuffle", None, n=len(st["deck"])))
        card = st["deck"].pop()
        if era(st) == "revolution" and card <= 15:
            st["removed"].append(card)
            out.append(ev(st, "card_removed", None, card=card))
            continue
        st["hands"][side].append(card)
        out.append(ev(st, "draw", side, card=card))
        return card
