"""Imperial Struggle set-up (IS-3.11) and the turn-track loop (IS-2.1, IS-4.1.13 "advance").

The bottom frame of the stack is ``game`` (automatic): it starts the procedure of the current
turn-track entry — a ``peace`` frame (``phases.py``) on a Peace Turn, ``war.push_war_turn(st)``
on a War — and, when that procedure pops without the game ending, moves ``st["ti"]`` to the next
entry. After T6 the game always ends (Final Scoring, IS-4.1.14), so the loop stops there.

Events: ``turn`` {turn, era} when an entry starts, plus the set-up events (``flag``,
``advantage``, the war display's own).
"""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Event

from . import board as B
from . import frames as F
from . import phases, war
from .auction import push_auction
from .data_components import COMPONENTS
from .state import BR, FR, SPAIN, State, ev, rng, set_flag, turn_id

Frame = dict[str, Any]

SPANISH_SETUP: tuple[str, ...] = ("havana", "santiago", "puerto_principe")
"""IS-V01: Markets that start with Spanish flags."""


def parse_side(word: Any) -> int:
    """``"france"``/``"fr"``/``0`` -> 0, ``"britain"``/``"br"``/``1`` -> 1. Raises ValueError."""
    w = str(word).lower()
    if w in ("0", "fr", "france"):
        return FR
    if w in ("1", "br", "britain"):
        return BR
    raise ValueError(f"not a side: {word!r}")


def fixed_bid(value: str) -> tuple[int, int] | None:
    """IS-V05 ``fixed:<side>+<n>`` -> (side, n); None for ``off``/``on``. Raises ValueError."""
    if not str(value).startswith("fixed:"):
        return None
    side, _, n = split_choice(str(value), "fixed").partition("+")
    return parse_side(side), int(n)


def setup(st: State, out: list[Event]) -> None:
    """IS-3.11 on a fresh ``state.new_state``: flags (17 French, 16 British; Spanish flags with
    IS-V01), Squadrons and tracks as ``new_state`` has them (IS-3.11b/c), Advantages by holding
    (IS-3.11d, derived through ``set_flag``), Event draw pile = cards 1–15 shuffled with 16–41
    set aside, Investment stack = 24 tiles shuffled (IS-3.11e), the WSS display
    (``war.setup_display``, IS-3.11f), IS-V05 fixed TRP. Then pushes the ``game`` frame (and the
    IS-V05 auction when ``side_bid`` is ``on``). Does not advance."""
    setup_data = COMPONENTS["setup"]
    quiet: list[Event] = []  # one summary line instead of 33 flag lines
    for side, key in ((FR, "france"), (BR, "britain")):
        for space in setup_data[key]["flags"]:
            set_flag(st, space, side, quiet, "setup")
    if st["opts"].get("spanish_empire") == "on":
        for space in SPANISH_SETUP:
            set_flag(st, space, SPAIN, quiet, "setup")
    out.append(
        ev(
            st,
            "setup",
            None,
            flags=[sum(1 for c in st["flags"].values() if c == s) for s in (FR, BR)],
            advantages={k: v for k, v in st["adv_holder"].items()},
        )
    )
    deck = list(B.ERA_CARDS["succession"])
    rng(st).shuffle(deck)
    st["deck"] = deck
    st["aside"] = [*B.ERA_CARDS["empire"], *B.ERA_CARDS["revolution"]]
    stack = list(B.INVEST)
    rng(st).shuffle(stack)
    st["inv_stack"] = stack
    st["initiative"] = FR
    st["first"] = FR
    st["scoring"] = None
    st["auction"] = None
    F.push(st, "game")
    war.setup_display(st, out)  # may push the IS-V03 assignment frames above ``game``
    bid = fixed_bid(st["opts"].get("side_bid", "off"))
    if bid is not None and bid[1] > 0:
        st["trp"][bid[0]] += bid[1]
        out.append(ev(st, "trp", bid[0], n=bid[1], total=st["trp"][bid[0]], why="side_bid"))
    if st["opts"].get("side_bid") == "on":
        push_auction(st, out)


def _game_run(st: State, fr: Frame, out: list[Event]) -> None:
    if fr.get("entered") == st["ti"]:
        if st["ti"] + 1 >= len(B.TURN_IDS):
            # defensive: T6 always ends the game in its Victory/Final phase
            F.pop(st, fr)
            return
        st["ti"] += 1
    fr["entered"] = st["ti"]
    tid = turn_id(st)
    out.append(ev(st, "turn", None, turn=tid, era=B.ERA_OF_TURN[tid]))
    if tid in B.WARS:
        war.push_war_turn(st)
    else:
        phases.push_peace(st)


F.register("game", run=_game_run)


def push_game(st: State, entered: bool = True) -> Frame:
    """Push the ``game`` frame; ``entered`` = the current entry's procedure is already on the
    stack above it (positions), so its pop advances the turn track."""
    fr = F.push(st, "game")
    if entered:
        fr["entered"] = st["ti"]
    return fr
