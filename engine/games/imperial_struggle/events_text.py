"""Log lines of the Event-card event kinds (registered in ``text.py``'s registry at import).

Kinds: ``event_play`` {card, version, bonus}, ``event_end`` {card}, ``ev_grant`` {card, type, n,
why}, ``ev_note`` {card, what, …}, ``conflict`` {card, space, plus}, ``damage`` {card, space},
``park`` {card, owner, src, back}, ``adv_refresh`` / ``adv_exhaust`` {card, adv}, ``demand_add``
{commodity}, ``demand_draw`` {commodity}, ``demand_swap`` {old, new}, ``limit`` {n, total}.
Everything here is public (IS-16.1: played cards, the board, the Co-Hong draw)."""

from __future__ import annotations

from engine.rules import Event

from . import board as B
from . import text as T

TYPE_WORDS = {"E": "Economic", "D": "Diplomatic", "M": "Military"}

WHY_WORDS: dict[str, str] = {
    "unflag_market": "only to unflag Markets",
    "unflag_political_europe": "only to unflag a Political space in Europe",
    "political_europe_unflag": "only to unflag a Political space in Europe",
    "flag_empty_market_next_to_own": "only to flag an empty Market next to a British Market",
    "flag_empty_market_next_to_british": "only to flag an empty Market next to a British Market",
}

NOTES: dict[str, str] = {
    "nothing": "nothing happens",
    "no_unbuilt": "no Unbuilt Squadron is left",
    "no_lead": "no lead, no VP",
    "ev04_discount": "the next Squadron built this round costs 2 less",
    "ev17_discount": "unflagging French spaces of Spain or Austria costs 1 less this round",
    "lavoisier": "Lavoisier adds 1 point to the tile's two actions",
}


def why_words(why: str | None) -> str:
    """A restriction predicate id in plain words (``region:india`` -> ``India only``)."""
    if not why:
        return ""
    parts = []
    for p in why.split("&"):
        key, _, arg = p.partition(":")
        if key == "region":
            parts.append(f"{B.REGION_NAMES[arg]} only")
        elif key in ("country", "countries"):
            names = [B.COUNTRY_NAMES.get(c, c) for c in arg.split(",")]
            parts.append(f"{', '.join(names)} only")
        else:
            parts.append(WHY_WORDS.get(p, p.replace("_", " ")))
    return "; ".join(parts)


def _head(e: Event, v: int | None) -> str:
    card = e.args.get("card")
    if not card:
        return T.who(e, v)
    if T.own(e, v):
        return f"Your {T.card_label(card)}"  # not "You (Le Beau Monde): …"
    return f"{T.side_name(T.actor(e))} ({T.card_label(card)})"


def _play(e: Event, v: int | None) -> str:
    a = e.args
    bonus = " with its bonus" if a["bonus"] else ""
    return f"{T.sv(e, v, 'plays')} {T.card_label(a['card'])}{bonus}"


def _grant(e: Event, v: int | None) -> str:
    a = e.args
    why = why_words(a.get("why"))
    pts = "point" if a["n"] == 1 else "points"
    line = f"{_head(e, v)}: +{a['n']} {TYPE_WORDS[a['type']]} {pts}"
    return line + (f" ({why})" if why else "")


def _note(e: Event, v: int | None) -> str:
    return f"{_head(e, v)}: {NOTES.get(e.args['what'], e.args['what'].replace('_', ' '))}"


def _conflict(e: Event, v: int | None) -> str:
    kind = "a plus-one Conflict marker" if e.args.get("plus") else "a Conflict marker"
    return f"{_head(e, v)}: {kind} on {T.space_name(e.args['space'])}"


def _park(e: Event, v: int | None) -> str:
    a = e.args
    where = "the Navy Box" if a["src"] == "navy" else T.space_name(a["src"])
    back = B.TURN_IDS[a["back"]] if a["back"] < len(B.TURN_IDS) else None
    until = f"until turn {back[1:]}" if back else "for the rest of the game"
    return f"{_head(e, v)}: a {T.FLAG_WORDS[a['owner']]} Squadron from {where} is parked {until}"


def _limit(e: Event, v: int | None) -> str:
    a = e.args
    owner = "Your" if T.own(e, v) else f"{T.side_name(T.actor(e))}'s"
    way = "rises" if a["n"] > 0 else "drops"
    return f"{owner} Debt Limit {way} by {abs(a['n'])}{T.for_reason(e)} (now {a['total']})"


for _k, _f in {
    "event_play": _play,
    "event_end": lambda e, v: f"{T.card_label(e.args['card'])} leaves the game",
    "ev_grant": _grant,
    "ev_note": _note,
    "conflict": _conflict,
    "damage": lambda e, v: f"{_head(e, v)}: the Fort at {T.space_name(e.args['space'])} is damaged",
    "park": _park,
    "adv_refresh": lambda e, v: (
        f"{_head(e, v)}: {B.ADVANTAGES[e.args['adv']]['name']} is refreshed"
    ),
    "adv_exhaust": lambda e, v: (
        f"{_head(e, v)}: {B.ADVANTAGES[e.args['adv']]['name']} is exhausted"
    ),
    "demand_add": lambda e, v: (
        f"{_head(e, v)}: {T.commodity_name(e.args['commodity'])} joins this turn's Global Demand"
    ),
    "demand_draw": lambda e, v: f"{_head(e, v)}: {T.commodity_name(e.args['commodity'])} is drawn",
    "demand_swap": lambda e, v: (
        f"{_head(e, v)}: {T.commodity_name(e.args['new'])} replaces "
        f"{T.commodity_name(e.args['old'])} in this turn's Global Demand"
    ),
    "limit": _limit,
}.items():
    T.register(_k, _f)
