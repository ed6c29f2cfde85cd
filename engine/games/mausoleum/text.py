"""Mausoleum player-facing text: :func:`describe` turns an event into a log line for one viewer
(a card drawn from the deck is named only to its drawer, MAU-11.1/11.3), and the helpers below
word seats, zones and outcomes. Plain words only: no rule IDs reach players.

Events carry ``args["names"]`` (the seat names) so a log line can name players.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.rules import Event

from .cards import CARDS, label


def seat_name(names: list[str] | None, seat: int) -> str:
    """Display name of ``seat`` ("Ann"), or "Player <seat+1>" without names."""
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Player {seat + 1}"


def whose(names: list[str] | None, seat: int, viewer: int | None) -> str:
    """Possessive for ``seat`` seen by ``viewer``: "your" or "Ann's"."""
    return "your" if viewer == seat else f"{seat_name(names, seat)}'s"


def money(m: int) -> str:
    """$m amount: ``"$10m"``."""
    return f"${m}m"


def card_name(cid: int) -> str:
    """A card's English name (no value)."""
    return CARDS[cid].name


class _Ctx:
    __slots__ = ("a", "actor", "names", "viewer", "who", "you")

    def __init__(self, e: Event, viewer: int | None):
        self.a = e.args
        self.names = e.args.get("names")
        self.viewer = viewer
        self.actor = e.seat
        self.you = viewer is not None and viewer == e.seat
        self.who = "You" if self.you else seat_name(self.names, e.seat if e.seat is not None else 0)

    def v(self, base: str, third: str | None = None) -> str:
        return base if self.you else (third or base + "s")

    def of(self, seat: int) -> str:
        """ "your", "their own" (the actor's, in the third person) or "Ann's"."""
        if seat == self.actor and not self.you and seat != self.viewer:
            return "their own"
        return whose(self.names, seat, self.viewer)

    def name(self, seat: int) -> str:
        return "you" if self.viewer == seat else seat_name(self.names, seat)


def _start(c: _Ctx) -> str:
    return f"{c.who} {c.v('go', 'goes')} first"


def _draw(c: _Ctx) -> str:
    if c.a["src"] == "discard":
        return f"{c.who} {c.v('take')} {label(c.a['card'])} from the discard pile"
    if c.you:
        return f"You draw {label(c.a['card'])} from the deck"
    return f"{c.who} draws a card from the deck"


def _nodraw(c: _Ctx) -> str:
    return f"{c.who} cannot draw: the deck and the discard pile are empty"


def _invite(c: _Ctx) -> str:
    return f"{c.who} {c.v('invite')} {label(c.a['card'])} to {c.of(c.a['to'])} party"


def _kill(c: _Ctx) -> str:
    a = c.a
    heir = label(a["heir"])
    # H-Bomb deaths (card 0) have no acting subject: name the owner plainly
    of = c.of if a["card"] else (lambda s: whose(c.names, s, c.viewer))
    if a["to"] == -1:
        where = "is discarded (the morgue is full)"
    else:
        where = f"goes to {of(a['to'])} morgue"
    if not a["card"]:
        return f"{heir} at {of(a['owner'])} party dies and {where}"
    return (
        f"{c.who} {c.v('play')} {card_name(a['card'])} on {heir} at {of(a['owner'])} party: "
        f"it {where}"
    )


def _doozy_used(c: _Ctx) -> str:
    heir = label(c.a["heir"])
    if not c.a["card"]:
        return f"A Doozy saves {heir} at {whose(c.names, c.a['owner'], c.viewer)} party"
    return (
        f"{c.who} {c.v('play')} {card_name(c.a['card'])} on {heir} at {c.of(c.a['owner'])} "
        "party: the Doozy saves it and is discarded"
    )


def _hbomb(c: _Ctx) -> str:
    return f"{c.who} {c.v('drop')} the H-Bomb on every party"


def _holiday(c: _Ctx) -> str:
    extra = " with its Doozy" if c.a["doozy"] else ""
    return (
        f"{c.who} {c.v('send')} {label(c.a['heir'])} from {c.of(c.a['owner'])} party "
        f"on holiday (discarded{extra})"
    )


def _doozy(c: _Ctx) -> str:
    return f"{c.who} {c.v('give')} {label(c.a['heir'])} at {c.of(c.a['owner'])} party a Doozy"


def _misplaced(c: _Ctx) -> str:
    return (
        f"{c.who} {c.v('play')} Misplaced: {label(c.a['heir'])} leaves {c.of(c.a['owner'])} "
        "morgue (discarded)"
    )


def _discard(c: _Ctx) -> str:
    return f"{c.who} {c.v('discard')} {label(c.a['card'])}"


def _buy(c: _Ctx) -> str:
    paid = ", ".join(label(h) for h in c.a["paid"])
    return (
        f"{c.who} {c.v('buy', 'buys')} {label(c.a['grave'])} for {money(c.a['value'])}, "
        f"paying with {paid}"
    )


def _order(c: _Ctx) -> str:
    order = ", ".join(card_name(h) for h in c.a["order"])
    return f"{c.who} {c.v('order')} the H-Bomb victims into the morgue: {order}"


def _pass(c: _Ctx) -> str:
    return f"{c.who} {c.v('pass', 'passes')}: nothing to draw, play or buy"


def _reshuffle(c: _Ctx) -> str:
    return f"The discard pile is shuffled into a new deck ({c.a['count']} card{'s' if c.a['count'] != 1 else ''})"


def _end(c: _Ctx) -> str:
    return c.a["reason"]


_LINES: dict[str, Callable[[_Ctx], str]] = {
    "start": _start,
    "draw": _draw,
    "nodraw": _nodraw,
    "invite": _invite,
    "kill": _kill,
    "doozy_used": _doozy_used,
    "hbomb": _hbomb,
    "holiday": _holiday,
    "doozy": _doozy,
    "misplaced": _misplaced,
    "discard": _discard,
    "buy": _buy,
    "order": _order,
    "pass": _pass,
    "reshuffle": _reshuffle,
    "end": _end,
}


def describe(event: Event, viewer: int | None) -> str:
    """The log line for ``event`` as ``viewer`` (None = spectator) may read it. A card drawn
    from the deck is named only to its drawer (MAU-11.1, 11.3). Raises KeyError for an unknown
    event kind."""
    return _LINES[event.kind](_Ctx(event, viewer))


def outcome_reason(names: list[str] | None, end: str, winners: list[int], score: int) -> str:
    """Plain-words outcome: "Ann wins with a $10m mausoleum", "The shop is empty: Bob wins
    with $9m", "Turn cap reached: Ann and Bob share the win with $8m"."""
    who = " and ".join(seat_name(names, s) for s in winners)
    if end == "threshold":
        return f"{who} wins with a {money(score)} mausoleum"
    head = "The shop is empty" if end == "shop" else "Turn limit reached"
    if len(winners) == 1:
        return f"{head}: {who} wins with {money(score)}"
    return f"{head}: {who} share the win with {money(score)}"
