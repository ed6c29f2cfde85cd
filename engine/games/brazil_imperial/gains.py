"""Gain steps, card draws and the limit checkpoint (BI-5.1-5.4, BI-8.1, BI-9.1, BI-29.7)."""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event, State

from . import catalog as C
from .frames import auto, decision, pop, push
from .state import BASICS, ITEMS, add_items, count, take_item


def supply_limit(st: State, s: int) -> int:
    """5, or 7 with P13 (BI-5.1)."""
    return 7 if "P13" in st["paintings"][s] else 5


def hand_limit(st: State, s: int) -> int:
    """3, or 4 with P15 (BI-5.4)."""
    return 4 if "P15" in st["paintings"][s] else 3


def draw(st: State, kind: str, rng: Any) -> str | None:
    """Top card of the ``kind`` ("gold" or "battle") deck; reshuffles the discard when the deck
    is empty (BI-8.1, BI-9.1, BI-A34); None when both are empty (the draw is lost)."""
    deck, disc = st[f"{kind}_deck"], st[f"{kind}_discard"]
    if not deck and disc:
        deck.extend(disc)
        disc.clear()
        rng.shuffle(deck)
    return deck.pop() if deck else None


def gain(
    st: State,
    s: int,
    items: dict[str, int] | None,
    rng: Any,
    ev: list[Event],
    gold_cards: int = 0,
    battle_cards: int = 0,
    why: str = "",
) -> None:
    """One gain step for seat ``s`` (BI-5.3): fixed items into the supply, cards drawn into the
    hand, one ``gain.basic`` prompt per ``any_basic`` unit, then the limit checkpoint."""
    items = dict(items or {})
    anyb = items.pop("any_basic", 0)
    fixed = {k: v for k, v in items.items() if k in ITEMS and v}
    add_items(st["supply"][s], fixed)
    drawn: dict[str, list[str]] = {"gold": [], "battle": []}
    for kind, n in (("gold", gold_cards), ("battle", battle_cards)):
        for _ in range(n):
            c = draw(st, kind, rng)
            if c is not None:
                st[kind][s].append(c)
                drawn[kind].append(c)
                if st["turn"].get("in_deploy") and kind == "battle":
                    st["turn"].setdefault("deploy_new", []).append(c)
    if fixed or drawn["gold"] or drawn["battle"]:
        ev.append(
            Event(
                "gain",
                s,
                {"items": fixed, "gold": drawn["gold"], "battle": drawn["battle"], "why": why},
            )
        )
    push(st, "limit", s)
    for _ in range(anyb):
        push(st, "gain.basic", s, why=why)


def _basic_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    why = f" ({fr['why']})" if fr.get("why") else ""
    return f"Gain 1 basic resource{why}", [
        Choice(b, C.ITEM_NAMES[b].capitalize(), None, "gain") for b in BASICS
    ]


@decision("gain.basic", _basic_choices)
def _gain_basic(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    add_items(st["supply"][fr["seat"]], {choice: 1})
    ev.append(
        Event(
            "gain",
            fr["seat"],
            {"items": {choice: 1}, "gold": [], "battle": [], "why": fr.get("why", "")},
        )
    )


@auto("limit")
def _limit(st: State, fr: dict, rng: Any, ev: list[Event]) -> None:
    s = fr["seat"]
    if count(st["supply"][s]) > supply_limit(st, s):
        push(st, "limit.return", s)
    elif len(st["gold"][s]) > hand_limit(st, s):
        push(st, "limit.gold", s)
    elif len(st["battle"][s]) > hand_limit(st, s):
        push(st, "limit.battle", s)
    else:
        pop(st, fr)


def _return_choices(st: State, fr: dict) -> tuple[str, list[Choice]]:
    s = fr["seat"]
    over = count(st["supply"][s]) - supply_limit(st, s)
    return f"Supply over its limit: return {over} item{'s' if over != 1 else ''}", [
        Choice(f"r:{i}", f"Return 1 {C.ITEM_NAMES[i]}", None, "return")
        for i in ITEMS
        if st["supply"][s].get(i)
    ]


@decision("limit.return", _return_choices)
def _return(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
    pop(st, fr)
    item = split_choice(choice, "r")
    take_item(st["supply"][fr["seat"]], item)
    ev.append(Event("return", fr["seat"], {"item": item}))


def _card_choices(kind: str):
    def fn(st: State, fr: dict) -> tuple[str, list[Choice]]:
        s = fr["seat"]
        word = "gold" if kind == "gold" else "battle"
        return f"Too many {word} cards: discard one", [
            Choice(f"c:{c}", f"Discard {_card_name(c)}", f"c:{c}", "discard")
            for c in sorted(st[kind][s])
        ]

    return fn


def _card_name(c: str) -> str:
    rec = C.GOLD_CARDS.get(c) or C.BATTLE_CARDS.get(c)
    return f"{rec['name']} ({c})" if rec else c


def _discard(kind: str):
    def fn(st: State, fr: dict, choice: str, rng: Any, ev: list[Event]) -> None:
        pop(st, fr)
        c = split_choice(choice, "c")
        st[kind][fr["seat"]].remove(c)
        st[f"{kind}_discard"].append(c)
        ev.append(Event("discard", fr["seat"], {"card": c, "kind": kind}))

    return fn


decision("limit.gold", _card_choices("gold"))(_discard("gold"))
decision("limit.battle", _card_choices("battle"))(_discard("battle"))
