"""Imperial Struggle Peace Turn decision frames (IS-4.1.6b, IS-4.1.7, IS-4.1.8, IS-17.3–17.5):
``deal_discard`` (the secret discard down to :data:`HAND_LIMIT` cards after the deal),
``min_pick`` / ``min_replace`` (the Ministry Phase: choose every card on the first turn of an
Era, replace face-down ones on the second) and ``initiative`` (the holder names the first player).

The phase functions that push these frames, and read back what they commit into the ``peace``
frame (``discards``, ``min_plan``), are in phases.py.

Events: ``first`` (see README "Events").
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import frames as F
from . import ministries
from .state import BR, FR, SIDE_NAMES, State, ev
from .text import card_label, ministry_label, plural

Frame = dict[str, Any]

SIDE_KEYS: tuple[str, str] = ("france", "britain")
HAND_LIMIT = 3
"""IS-4.1.6b: cards kept after the deal."""


def peace_frame(st: State) -> Frame | None:
    """The innermost ``peace`` frame on the stack (the parent of the phase sub-frames)."""
    for fr in reversed(st["stack"]):
        if fr["k"] == "peace":
            return fr
    return None


# ---------------------------------------------------------------------------- deal


def _dd_choices(st: State, fr: Frame) -> list[Choice]:
    hand = st["hands"][fr["side"]]
    picked = fr["picked"]
    out: list[Choice] = []
    if len(hand) - len(picked) > HAND_LIMIT:
        out += [
            Choice(f"discard:{c}", f"Discard {card_label(c)}", f"card:{c}", "discard")
            for c in hand
            if c not in picked
        ]
    else:
        out.append(Choice("keep", "Keep these cards", None, "keep"))
    if picked:
        out.append(Choice("back", "Take back the last discard", None, "back"))
    return out


def _dd_text(st: State, fr: Frame) -> tuple[str, str]:
    hand = st["hands"][fr["side"]]
    left = len(hand) - len(fr["picked"]) - HAND_LIMIT
    txt = f"Discard {plural(left, 'more card')}" if left > 0 else "Keep your hand?"
    picked = ", ".join(card_label(c) for c in fr["picked"]) or "none"
    return txt, f"Discarding: {picked}"


def _dd_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    verb, _, arg = choice.partition(":")
    if verb == "discard":
        fr["picked"].append(int(arg))
    elif verb == "back":
        fr["picked"].pop()
    else:
        pf = peace_frame(st)
        assert pf is not None
        pf["discards"][fr["side"]] = list(fr["picked"])
        fr["done"] = True


F.register(
    "deal_discard",
    side=lambda st, fr: fr["side"],
    choices=_dd_choices,
    text=_dd_text,
    apply=_dd_apply,
)


# ---------------------------------------------------------------------------- ministry
def _valid_cards(st: State, side: int) -> list[str]:
    """Cards ``side`` may put into a slot now (``ministries.selectable``: valid this Era, not in a
    slot, not removed, not M-4 while the Jacobite right places it; IS-4.1.7, IS-13.4)."""
    return list(ministries.selectable(st, side))


def _mp_valid(st: State, fr: Frame) -> list[str]:
    planned = {s["card"] for s in fr["plan"]}
    return [c for c in _valid_cards(st, fr["side"]) if c not in planned]


def _mp_choices(st: State, fr: Frame) -> list[Choice]:
    empties = sum(1 for s in fr["plan"][:2] if s["card"] is None)
    out: list[Choice] = []
    if empties:
        out += [
            Choice(f"pick:{c}", f"Pick {ministry_label(c)}", f"ministry:{c}", "pick")
            for c in _mp_valid(st, fr)
        ]
    if not empties or not out:
        out.append(Choice("confirm", "Confirm these Ministers", None, "confirm"))
    if fr["picked"]:
        out.append(Choice("back", "Take back the last pick", None, "back"))
    return out


def _mp_text(st: State, fr: Frame) -> tuple[str, str]:
    empties = sum(1 for s in fr["plan"][:2] if s["card"] is None)
    picked = ", ".join(ministry_label(c) for c in fr["picked"]) or "none"
    txt = (
        f"Choose {plural(empties, 'more Ministry card')}"
        if empties
        else "Confirm your Ministry cards"
    )
    return txt, f"Chosen: {picked}"


def _mp_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    verb, _, arg = choice.partition(":")
    if verb == "pick":
        for s in fr["plan"][:2]:
            if s["card"] is None:
                s["card"], s["up"] = arg, False
                break
        fr["picked"].append(arg)
    elif verb == "back":
        card = fr["picked"].pop()
        for s in fr["plan"][:2]:
            if s["card"] == card:
                s["card"], s["up"] = None, False
    else:
        _commit_plan(st, fr, len(fr["picked"]))


def _commit_plan(st: State, fr: Frame, n: int) -> None:
    pf = peace_frame(st)
    assert pf is not None
    pf["min_plan"][fr["side"]] = [fr["plan"], n]
    fr["done"] = True


F.register(
    "min_pick", side=lambda st, fr: fr["side"], choices=_mp_choices, text=_mp_text, apply=_mp_apply
)


def _mr_choices(st: State, fr: Frame) -> list[Choice]:
    valid = _mp_valid(st, fr)
    if fr["sel"] is not None:
        out = [
            Choice(f"with:{c}", f"Replace it with {ministry_label(c)}", f"ministry:{c}", "with")
            for c in valid
        ]
        return [*out, Choice("back", "Keep it after all", None, "back")]
    changed = {c[0] for c in fr["changes"]}
    out = []
    for i, s in enumerate(fr["plan"][:2]):
        if s["card"] and not s["up"] and i not in changed and valid:
            out.append(
                Choice(
                    f"replace:{s['card']}",
                    f"Replace {ministry_label(s['card'])}",
                    f"ministry:{s['card']}",
                    "replace",
                )
            )
    if any(s["card"] is None for s in fr["plan"][:2]):
        out += [
            Choice(
                f"pick:{c}",
                f"Fill the empty slot with {ministry_label(c)}",
                f"ministry:{c}",
                "pick",
            )
            for c in valid
        ]
    if fr["changes"]:
        out.append(Choice("confirm", "Confirm these Ministers", None, "confirm"))
        out.append(Choice("back", "Undo the last change", None, "back"))
    else:
        out.append(Choice("keep_all", "Keep your Ministry cards", None, "keep_all"))
    return out


def _mr_text(st: State, fr: Frame) -> tuple[str, str]:
    cards = ", ".join(
        ministry_label(s["card"]) + ("" if not s["up"] else " (face up)")
        for s in fr["plan"]
        if s["card"]
    )
    if fr["sel"] is not None:
        return f"Replace {ministry_label(fr['sel'])} with which card?", f"Ministers: {cards}"
    return "Replace any face-down Ministry cards?", f"Ministers: {cards or 'none'}"


def _mr_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    verb, _, arg = choice.partition(":")
    plan = fr["plan"]
    if verb == "replace":
        fr["sel"] = arg
    elif verb == "with":
        i = next(k for k, s in enumerate(plan[:2]) if s["card"] == fr["sel"])
        fr["changes"].append([i, plan[i]["card"], arg])
        plan[i]["card"] = arg
        fr["sel"] = None
    elif verb == "pick":
        i = next(k for k, s in enumerate(plan[:2]) if s["card"] is None)
        fr["changes"].append([i, None, arg])
        plan[i]["card"], plan[i]["up"] = arg, False
    elif verb == "back":
        if fr["sel"] is not None:
            fr["sel"] = None
        else:
            i, old, _new = fr["changes"].pop()
            plan[i]["card"] = old
    else:
        _commit_plan(st, fr, len(fr["changes"]))


F.register(
    "min_replace",
    side=lambda st, fr: fr["side"],
    choices=_mr_choices,
    text=_mr_text,
    apply=_mr_apply,
)


# ---------------------------------------------------------------------------- initiative
def _in_choices(st: State, fr: Frame) -> list[Choice]:
    return [
        Choice(f"first:{SIDE_KEYS[s]}", f"{SIDE_NAMES[s]} goes first", None, "first")
        for s in (FR, BR)
    ]


def _in_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    st["first"] = SIDE_KEYS.index(choice.partition(":")[2])
    out.append(ev(st, "first", fr["side"], first=st["first"]))
    F.pop(st, fr)


F.register(
    "initiative",
    side=lambda st, fr: fr["side"],
    choices=_in_choices,
    text=lambda st, fr: ("Who takes the first Action Round?", f"VP {st['vp']}"),
    apply=_in_apply,
)
