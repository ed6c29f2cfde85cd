"""Imperial Struggle side bidding (IS-V05 ``side_bid=on``, IS-17.2): the ``auction`` frame that
runs before the first Peace Turn, pushed by the set-up (``flow.setup``).

Frame kind ``auction`` (its ``side`` is a **seat** here: no seat plays a side yet, ``side_seat``
is still ``[0, 1]``): the opener ``side:france|britain`` → ``bid:<n>`` (0–9); the other seat
``accept`` or ``raise:<n>`` (above the bid, up to :data:`MAX_BID`); they alternate until one
accepts. ``st["auction"]`` holds ``{"bidder": seat, "side": side|None, "bid": n, "step":
"side"|"bid"|"respond"}`` while it runs, else None.

Log events: ``auction_bid`` {bid, for, name}, ``auction_accept`` {bid, plays, name, setup_tile:
[tile, war, theater] (secret: only France's seat reads it, IS-16.2)}.
"""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from engine.rules import Choice, Event

from . import frames as F
from . import phases
from .state import SIDE_NAMES, State

MAX_BID = 10
"""The highest bid a seat may raise to (IS-V05)."""


def push_auction(st: State, out: list[Event]) -> None:
    """IS-V05 / IS-17.2: a random seat opens by naming a side and a bid."""
    opener = Rng(st["rng"]).randbelow(2)
    st["auction"] = {"bidder": opener, "side": None, "bid": 0, "step": "side"}
    F.push(st, "auction")


def _au_side(st: State, fr: dict[str, Any]) -> int:
    a = st["auction"]
    return a["bidder"] if a["step"] in ("side", "bid") else 1 - a["bidder"]


def _au_choices(st: State, fr: dict[str, Any]) -> list[Choice]:
    a = st["auction"]
    if a["step"] == "side":
        return [
            Choice(f"side:{k}", f"Bid for {SIDE_NAMES[i]}", None, "side")
            for i, k in enumerate(phases.SIDE_KEYS)
        ]
    if a["step"] == "bid":
        return [Choice(f"bid:{n}", f"Offer {n} Treaty Points", None, "bid") for n in range(MAX_BID)]
    want = SIDE_NAMES[a["side"]]
    other = SIDE_NAMES[1 - a["side"]]
    out = [Choice("accept", f"Play {other} and take {a['bid']} Treaty Points", None, "accept")]
    out += [
        Choice(f"raise:{n}", f"Bid {n} for {want}", None, "raise")
        for n in range(a["bid"] + 1, MAX_BID + 1)
    ]
    return out


def _au_text(st: State, fr: dict[str, Any]) -> tuple[str, str]:
    a = st["auction"]
    if a["step"] == "side":
        return "Which side do you bid for?", ""
    if a["step"] == "bid":
        return f"How many Treaty Points do you offer for {SIDE_NAMES[a['side']]}?", ""
    return (
        f"Your opponent bids {a['bid']} Treaty Points to play {SIDE_NAMES[a['side']]}",
        "Accept, or bid more for that side",
    )


def _au_apply(st: State, fr: dict[str, Any], choice: str, out: list[Event]) -> None:
    a = st["auction"]
    verb, _, arg = choice.partition(":")
    if verb == "side":
        a["side"] = phases.SIDE_KEYS.index(arg)
        a["step"] = "bid"
        return
    if verb in ("bid", "raise"):
        if verb == "raise":
            a["bidder"] = 1 - a["bidder"]
        a["bid"] = int(arg)
        a["step"] = "respond"
        out.append(
            Event(
                "auction_bid",
                a["bidder"],
                {"bid": a["bid"], "for": a["side"], "name": st["names"][a["bidder"]]},
            )
        )
        return
    taker = 1 - a["bidder"]  # the accepting seat plays the other side and takes the TRP
    side = a["side"]
    ss = [0, 0]
    ss[side] = a["bidder"]
    ss[1 - side] = taker
    st["side_seat"] = ss
    if a["bid"]:
        st["trp"][1 - side] += a["bid"]
    args: dict[str, Any] = {"bid": a["bid"], "plays": 1 - side, "name": st["names"][taker]}
    tile = _setup_tile(st)
    if tile is not None:
        args["setup_tile"] = tile  # secret: only France's seat reads it (IS-16.2)
    out.append(Event("auction_accept", taker, args))
    st["auction"] = None
    F.pop(st, fr)


def _setup_tile(st: State) -> list[str] | None:
    """France's set-up Bonus tile ``[tile, war, theater]`` (IS-3.11f) from the set-up log, or
    None. The set-up log was written before the auction, for no side (see ``setup``)."""
    for kind, _seat, args in st.get("log0") or []:
        if kind == "bonus_buy" and args.get("why") == "setup":
            return [args["tile"], args["war"], args["theater"]]
    return None


F.register("auction", side=_au_side, choices=_au_choices, text=_au_text, apply=_au_apply)
