"""Mausoleum prompts: the choices of every decision (README "Decisions and choice ids").

``decision(st, seat)`` returns the prompt text, its choices and a summary line, or None when
``seat`` has nothing to decide. ``apply`` accepts exactly the ids listed here (MAU-3.11).
"""

from __future__ import annotations

from engine.rules import Choice, State

from .cards import ACCIDENT, EVENT, HEIR, effect, kind, label, value
from .play import needs_order, playable, targets
from .state import (
    GARDENER,
    MORGUE_MAX,
    buyable,
    can_complete,
    counted_value,
    find_heir,
    payment_ok,
    payment_value,
)
from .text import card_name, money, seat_name, whose


def _heir_target(st: State, heir: int) -> str | None:
    where = find_heir(st, heir)
    if where is None:
        return None
    zone, s, i = where
    return f"heir:{s}:{i}" if zone == "party" else f"morgue:{s}:{i}"


def can_draw(st: State) -> list[str]:
    """MAU-3.2: the piles one may draw from now ("deck", "discard")."""
    out = []
    if st["deck"]:
        out.append("deck")
    if st["discard"]:
        out.append("discard")
    return out


def must_pass(st: State, seat: int) -> bool:
    """MAU-3.7: nothing to draw, an empty hand and no purchase."""
    return not can_draw(st) and not st["hands"][seat] and not buyable(st, seat)


_BUY_CH: dict[int, Choice] = {}
"""The buy choice of each grave id (it depends on the grave alone)."""


def _turn(st: State, seat: int) -> tuple[str, list[Choice], str]:
    ch: list[Choice] = []
    piles = can_draw(st)
    if "deck" in piles:
        n = len(st["deck"])
        ch.append(
            Choice(
                "draw:deck",
                "Draw from the deck",
                "deck",
                "draw",
                f"{n} card{'s' if n != 1 else ''} in the deck",
            )
        )
    if "discard" in piles:
        top = st["discard"][-1]
        ch.append(
            Choice(
                "draw:discard",
                f"Take {label(top)} from the discard pile",
                "discard",
                "draw",
                "Everyone sees what you take",
            )
        )
    if not piles and st["hands"][seat]:
        ch.append(
            Choice(
                "draw:none",
                "Play from your hand",
                None,
                "draw",
                "The deck and the discard pile are empty: play or discard without drawing",
            )
        )
    for g in buyable(st, seat):
        o = _BUY_CH.get(g)
        if o is None:
            detail = "Buy & Bury: pay with heirs from your morgue (no draw this turn)"
            o = _BUY_CH[g] = Choice(f"buy:{g}", f"Buy {label(g)}", f"grave:{g}", "buy", detail)
        ch.append(o)
    if not ch:
        ch.append(Choice("pass", "Pass", None, "pass", "Nothing to draw, play or buy"))
    mine = counted_value(st, seat)
    summary = f"Your mausoleum counts {money(mine)} of {money(st['opts']['win_threshold'])}"
    can_buy = any(c.group == "buy" for c in ch)
    if ch[0].id == "pass":
        text = "Nothing to do: pass"
    elif not piles:
        text = "Play from your hand, or buy a grave" if can_buy else "Play from your hand"
    else:
        text = "Draw a card, or buy a grave" if can_buy else "Draw a card"
    return text, ch, summary


def _play_detail(cid: int) -> str:
    eff = effect(cid)
    k = kind(cid)
    if k == HEIR:
        if eff == GARDENER:
            return "Invite to a party; worth nothing, costs its host $2m while there"
        return "Invite to any party with room"
    if eff == "kill_all":
        return "Kill every heir that can be killed, at every party"
    if eff == "kidnap":
        return "Kill one heir; it goes to your own morgue"
    if k == ACCIDENT:
        return "Kill one heir; it goes to its host's morgue"
    return {
        "holiday": "Discard one heir from any party",
        "doozy": "Shield one heir at any party from the next kill",
        "misplaced": "Discard one heir from any morgue",
    }.get(eff, "")


_PLAY_CH: dict[int, Choice] = {}
_DISCARD_CH: dict[int, Choice] = {}
"""The play and discard choices of each card id: they depend on the card alone, so each is
built once (prompts are built thousands of times a second in random play and search)."""


def _play_choice(c: int) -> Choice:
    o = _PLAY_CH.get(c)
    if o is None:
        verb = "Invite" if kind(c) == HEIR else "Play"
        o = Choice(f"play:{c}", f"{verb} {label(c)}", f"hand:{c}", "play", _play_detail(c))
        _PLAY_CH[c] = o
    return o


def _discard_choice(c: int) -> Choice:
    o = _DISCARD_CH.get(c)
    if o is None:
        label_ = f"Discard {label(c)}"
        o = Choice(f"discard:{c}", label_, f"hand:{c}", "discard", "Face up on the discard pile")
        _DISCARD_CH[c] = o
    return o


def _play(st: State, seat: int) -> tuple[str, list[Choice], str]:
    hand = st["hands"][seat]
    ch = [_play_choice(c) for c in hand if playable(st, c)]
    ch += [_DISCARD_CH.get(c) or _discard_choice(c) for c in hand]
    drawn = st["drawn"]
    if not drawn:
        summary = "Nothing to draw"
    elif st["drew"] == "discard":
        summary = f"You took {label(drawn)} from the discard pile"
    else:
        summary = f"You drew {label(drawn)}"
    return "Play a card or discard one", ch, summary


def _target(st: State, seat: int) -> tuple[str, list[Choice], str]:
    names = st.get("names")
    cid = st["sel"]
    eff, k = effect(cid), kind(cid)
    ch: list[Choice] = []
    if k == HEIR:
        for s, _ in targets(st, cid):
            who = "your" if s == seat else f"{seat_name(names, s)}'s"
            size = len(st["party"][s])
            detail = f"{size} heir{'s' if size != 1 else ''} there now"
            if effect(cid) == GARDENER and st["opts"]["gardener_penalty"] == "on":
                detail += f"; costs {'you' if s == seat else seat_name(names, s)} $2m"
            if effect(cid) == "dowager":
                detail += "; nobody can invite others there while she stays"
            ch.append(Choice(f"invite:{s}", f"To {who} party", f"party:{s}", "invite", detail))
        text = f"Invite {label(cid)} to which party?"
    elif k == ACCIDENT:
        verb = "kidnap" if eff == "kidnap" else "kill"
        for s, h in targets(st, cid):
            doozy = next(d for x, d in st["party"][s] if x == h)
            dest = seat if eff == "kidnap" else s
            if doozy:
                detail = "Its Doozy saves it; only the Doozy is discarded"
            elif len(st["morgue"][dest]) >= MORGUE_MAX:
                detail = f"{whose(names, dest, seat).capitalize()} morgue is full: it is discarded"
            else:
                detail = f"Goes to {whose(names, dest, seat)} morgue"
            ch.append(
                Choice(
                    f"{verb}:{h}",
                    f"{label(h)} at {whose(names, s, seat)} party",
                    _heir_target(st, h),
                    "kill",
                    detail,
                )
            )
        text = f"{card_name(cid)}: kill which heir?"
    elif k == EVENT:
        for s, h in targets(st, cid):
            if eff == "misplaced":
                lab, detail = f"{label(h)} in {whose(names, s, seat)} morgue", "Discarded"
            elif eff == "holiday":
                lab = f"{label(h)} at {whose(names, s, seat)} party"
                has = next(d for x, d in st["party"][s] if x == h)
                detail = "Discarded with its Doozy" if has else "Discarded"
            else:
                lab = f"{label(h)} at {whose(names, s, seat)} party"
                detail = "Saved from the next kill"
            ch.append(Choice(f"{eff}:{h}", lab, _heir_target(st, h), "event", detail))
        text = {
            "holiday": "On Holiday: which heir leaves the party?",
            "doozy": "Doozy: shield which heir?",
            "misplaced": "Misplaced: which heir leaves the morgue?",
        }[eff]
    ch.append(Choice("back", "Back", None, "back", "Choose another card"))
    return text, ch, f"Playing {label(cid)}"


def _pay(st: State, seat: int) -> tuple[str, list[Choice], str]:
    grave = st["sel"]
    price = value(grave)
    picks = st["picks"]
    morgue = st["morgue"][seat]
    ch: list[Choice] = []
    paid = payment_value(picks)
    if picks and payment_ok(picks, price):
        over = paid - price
        detail = f"Pay {money(paid)}" + (f" ({money(over)} lost, no change)" if over else "")
        ch.append(Choice("bury", f"Bury: buy {label(grave)}", f"grave:{grave}", "pay", detail))
    for i, h in enumerate(morgue):
        if h in picks or not can_complete(morgue, [*picks, h], price):
            continue
        gain = payment_value([*picks, h]) - paid
        ch.append(
            Choice(
                f"pay:{h}",
                f"Pay with {label(h)}",
                f"morgue:{seat}:{i}",
                "pay",
                f"Adds {money(gain)}; heirs are discarded in the order you pick them",
            )
        )
    ch.append(
        Choice(
            "back",
            "Back",
            None,
            "back",
            "Take back the last heir" if picks else "Choose another action",
        )
    )
    so_far = ", ".join(card_name(h) for h in picks) or "nothing yet"
    summary = f"{label(grave)}: paid {money(paid)} of {money(price)} ({so_far})"
    return f"Pay for {label(grave)} with heirs from your morgue", ch, summary


def _order(st: State, seat: int) -> tuple[str, list[Choice], str]:
    bomb = st["bomb"]
    rest = [h for h in bomb["victims"] if h not in st["picks"]]
    free = MORGUE_MAX - len(st["morgue"][seat]) - len(st["picks"])
    ch: list[Choice] = []
    for h in rest:
        detail = "Goes into your morgue" if free > 0 else "Your morgue is full: it is discarded"
        pos = st["party"][seat]
        i = next(j for j, (x, _) in enumerate(pos) if x == h)
        ch.append(Choice(f"order:{h}", f"{label(h)} next", f"heir:{seat}:{i}", "order", detail))
    if st["picks"]:
        ch.append(Choice("back", "Back", None, "back", "Take back the last pick"))
    places = max(free, 0)
    summary = f"{places} morgue place{'s' if places != 1 else ''} left; the rest are discarded"
    return "H-Bomb: order your dead heirs into your morgue", ch, summary


def _start(st: State, seat: int) -> tuple[str, list[Choice], str]:
    names = st.get("names")
    ch = [
        Choice(f"start:{s}", f"{seat_name(names, s)} goes first", f"seat:{s}", "start")
        for s in range(st["n"])
    ]
    return "Who goes first?", ch, ""


_PHASES = {
    "choose_start": _start,
    "turn": _turn,
    "play": _play,
    "target": _target,
    "pay": _pay,
    "order": _order,
}


def decider(st: State) -> int | None:
    """The seat that decides now, or None when the game is over."""
    phase = st["phase"]
    if phase == "over":
        return None
    if phase == "choose_start":
        return 0
    if phase == "order":
        return st["bomb"]["seat"]
    return st["active"]


def decision(st: State, seat: int) -> tuple[str, list[Choice], str] | None:
    """(text, choices, summary) of ``seat``'s decision now, or None."""
    if decider(st) != seat:
        return None
    return _PHASES[st["phase"]](st, seat)


__all__ = ["can_draw", "decider", "decision", "must_pass", "needs_order"]
