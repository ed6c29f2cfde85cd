"""Player-facing text for the Res Publica board: phase names, trade wording, the inspector's
markdown for card types, seats, decks and score stacks, and the card list for the Rules screen.

Card data comes from :mod:`engine.games.res_publica.cards` (transcribed from the rulings
RP-1.2-1.4); spec texts from :func:`engine.games.res_publica.trade.text` (RP-5.8). Only the
wording here is the UI's own, in plain words and without rule IDs.
"""

from __future__ import annotations

from typing import Any

from engine.games.res_publica import trade as tr
from engine.games.res_publica.cards import (
    CITY_VALUES,
    COPIES,
    PEOPLE,
    SET_SIZE,
    SETTLEMENT_COUNT,
    SETTLEMENT_VALUE,
    TYPES,
    CardType,
)

BY_CODE: dict[str, CardType] = {t.code: t for t in TYPES}
"""Card types by their two-letter code ("GO")."""

PEOPLE_CODES = tuple(t.code for t in TYPES if t.category == PEOPLE)
CIV_CODES = tuple(t.code for t in TYPES if t.category != PEOPLE)

GENERIC_KINDS: tuple[tuple[str, str], ...] = (
    ("PEO", "people cards"),
    ("CIV", "civilization cards"),
    ("ANY", "any cards"),
    ("PAIR", "pairs"),
)
"""The kinds that are not a type (kind code, player words), in the grammar's order."""

PHASES: dict[str, str] = {
    "trade": "trade step",
    "respond": "answers",
    "accept": "choosing an answer",
    "fulfil": "handing over cards",
    "display": "display step",
    "draw": "draw step",
    "final_display": "final display",
    "over": "game over",
}
"""Phase id -> what the table is doing, for the header line."""


def _n(count: int, noun: str) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{count} {noun}{'s' if count != 1 else ''}"


def type_name(code: str, count: int = 2) -> str:
    """ "Goths" / "Goth" (count 1) for a type code; the code itself when unknown."""
    t = BY_CODE.get(code)
    if t is None:
        return code
    return t.singular if count == 1 else t.name


def cards_text(cards: dict[str, int] | None) -> str:
    """ "2 Goths, 1 Architecture" for ``{code: n}`` (type order); "nothing" when empty."""
    if not cards:
        return "nothing"
    parts = [
        f"{cards[t.code]} {type_name(t.code, cards[t.code])}" for t in TYPES if cards.get(t.code)
    ]
    return ", ".join(parts) or "nothing"


def spec_text(short: str | None) -> str:
    """Player text of a short-form spec ("2GO/3PEO" -> "2 Goths OR 3 people cards")."""
    if not short:
        return ""
    try:
        return tr.text(tr.parse_short(short))
    except ValueError:
        return short


def answer_verb(mode: str) -> str:
    """What an answer says in each mode: in a request the answer is what the responder
    wants in return; in an offer it is what the responder gives."""
    return "wants" if mode == "request" else "gives"


def pairs_in(hand: dict[str, int] | None) -> int:
    """Pairs in a hand (one point per two cards of a type)."""
    return sum(n // 2 for n in (hand or {}).values())


# ----------------------------------------------------------------------------- inspector


def type_markdown(code: str, view: dict[str, Any]) -> str | None:
    """Inspector markdown of a card type: what it is, how its sets score, where its 12 copies
    are as far as the viewer can see."""
    t = BY_CODE.get(code)
    if t is None:
        return None
    people = t.category == PEOPLE
    seats = view.get("seats") or []
    viewer = view.get("viewer")
    shown = sum(1 for s in seats for e in s.get("tableau") or [] if e.get("type") == code)
    own = None
    if isinstance(viewer, int) and viewer < len(seats):
        own = (seats[viewer].get("hand") or {}).get(code, 0)
    reward = (
        f"a settlement ({SETTLEMENT_VALUE} points, and one more civilization card you may draw "
        "each turn, up to 3)"
        if people
        else "the highest city still in the stack (9 down to 4 points)"
    )
    lines = [
        f"## {t.name}",
        "",
        f"**{'People' if people else 'Civilization'} card** · {COPIES} in the game",
        "",
        f"- A set is {SET_SIZE} {t.name}; displaying it earns {reward}.",
        "- Two cards of the same type left in hand at the end score 1 point as a pair.",
        f"- Sets displayed so far: {shown} ({shown * SET_SIZE} of the {COPIES} cards).",
    ]
    if own is not None:
        lines.append(f"- In your hand: {own}.")
    return "\n".join(lines)


def seat_markdown(seat: int, view: dict[str, Any], name: str) -> str | None:
    """Inspector markdown of one player: hand size, what the viewer knows of the hand, the
    displayed sets with their score cards."""
    seats = view.get("seats") or []
    if not 0 <= seat < len(seats):
        return None
    s = seats[seat]
    you = view.get("viewer") == seat
    lines = [f"## {name}{' (you)' if you else ''}", ""]
    lines.append(f"- Cards in hand: {s.get('hand_count', 0)}")
    if s.get("hand") is not None:
        lines.append(f"- Hand: {cards_text(s['hand'])} ({_n(pairs_in(s['hand']), 'pair')})")
    elif s.get("known"):
        lines.append(f"- You know they hold: {cards_text(s['known'])}")
    tableau = s.get("tableau") or []
    if tableau:
        sets = " · ".join(
            f"{type_name(e['type'])} {'settlement' if e['kind'] == 'settlement' else 'city'} "
            f"({e['score']})"
            for e in tableau
        )
        lines.append(f"- Displayed sets: {sets} = {s.get('score_cards', 0)}")
    else:
        lines.append("- No set displayed yet")
    n = int(s.get("settlements", 0))
    cities = list(s.get("cities") or [])
    lines.append(
        f"- Score cards: {s.get('score_cards', 0)} points ({n} settlement{'' if n == 1 else 's'}"
        f" ({n * SETTLEMENT_VALUE}), {len(cities)} cit{'y' if len(cities) == 1 else 'ies'}"
        f" ({' + '.join(map(str, cities)) or 0}))"
    )
    totals, pairs = view.get("totals"), view.get("pairs")
    if totals and seat < len(totals):
        lines.append(f"- Final total: {totals[seat]} (pairs in hand {pairs[seat] if pairs else 0})")
    return "\n".join(lines)


def pile_markdown(target: str, view: dict[str, Any]) -> str | None:
    """Inspector markdown of the two decks and the two score stacks."""
    if target == "deck:people":
        return (
            f"## People deck\n\n{_n(view.get('people_deck', 0), 'card')} left, face down.\n\n"
            "Each turn that draws 2 or fewer civilization cards also draws 1 people card "
            "(while any are left). An empty people deck does not end the game."
        )
    if target == "deck:civ":
        return (
            f"## Civilization deck\n\n{_n(view.get('civ_deck', 0), 'card')} left, face down.\n\n"
            "At the end of your turn you may draw as many civilization cards as you own "
            "settlements (at most 3). Whoever draws the last one starts the final round."
        )
    if target == "stack:city":
        cities = view.get("cities") or []
        left = " ".join(map(str, cities)) or "none"
        return (
            f"## City stack\n\nLeft, from the top: {left}.\n\nEach civilization set displayed "
            "takes the top city, always the highest value still there."
        )
    if target == "stack:settlement":
        return (
            f"## Settlements\n\n{view.get('settlements', 0)} of {SETTLEMENT_COUNT} left, "
            f"{SETTLEMENT_VALUE} points each.\n\nEach people set displayed takes one. Each "
            "settlement you own lets you draw one more civilization card per turn (at most 3)."
        )
    return None


# ----------------------------------------------------------------------------- card list


def card_list_markdown() -> str:
    """The card list (types, score cards, what a trade can ask for) for the Rules screen."""
    out = [
        "# Res Publica card list",
        "",
        f"Every type has {COPIES} identical cards. A **set** is {SET_SIZE} cards of one type; "
        "two cards of one type left in hand at the end are a **pair** worth 1 point.",
        "",
        f"## People cards ({len(PEOPLE_CODES) * COPIES})",
        "",
        "You start with 4 of them. A people set earns a settlement.",
        "",
    ]
    out += [f"- **{BY_CODE[c].name}** · ×{COPIES}" for c in PEOPLE_CODES]
    out += [
        "",
        f"## Civilization cards ({len(CIV_CODES) * COPIES})",
        "",
        "Drawn thanks to your settlements. A civilization set earns the top city.",
        "",
    ]
    out += [f"- **{BY_CODE[c].name}** · ×{COPIES}" for c in CIV_CODES]
    out += [
        "",
        "## Score cards",
        "",
        f"- **Settlements** · ×{SETTLEMENT_COUNT} · {SETTLEMENT_VALUE} points each · each one "
        "also lets you draw one more civilization card per turn (at most 3)",
        f"- **Cities** · ×{len(CITY_VALUES)} · worth {', '.join(map(str, CITY_VALUES))}, taken "
        "from the top: the earlier the set, the better the city",
        "",
        "## What a trade can name",
        "",
        "One or two terms, joined by AND (both) or OR (the giver picks one):",
        "",
        "- **a type:** 2 Goths, 1 Architecture",
        "- **people cards / civilization cards:** any cards of that category",
        "- **any cards:** cards of any type",
        "- **pairs:** two cards of one type per pair (2 pairs may be 4 Goths)",
        "",
        "The two terms must name different things; counts are exact.",
    ]
    return "\n".join(out) + "\n"
