"""iMperium log lines: :func:`describe` turns an event into plain English for one viewer,
hiding the opponent's draws and face-down Wonder identities (IMP-11)."""

from __future__ import annotations

from collections.abc import Callable

from engine.rules import Event

from .cards import CIVILIZATION, name


def _civ(decks: list[str] | None, seat: int | None) -> str:
    if decks is None or seat is None:
        return "The game"
    n = CIVILIZATION[decks[seat]]
    return n if decks[0] != decks[1] else f"{n} {seat + 1}"


_WHY = {
    "temple_of_janus": " (The Temple of Janus)",
    "cavalry": " (Cavalry)",
    "corvus": " (Corvus)",
    "orchard": " (Orchard)",
    "aristotle": " (Aristotle)",
    "caravan": " (Caravan)",
    "barracks": " (Barracks)",
    "trader": " (Trader)",
    "port": " (Port)",
    "redraw": " (navy redraw)",
    "extra": " (extra draw)",
    "upkeep": " (upkeep)",
    "pursuit": " (pursuit)",
    "trajan": " (Trajan's Column)",
}


def _names(ids: list[str]) -> str:
    return ", ".join(name(c) for c in ids) if ids else "nothing"


class _Ctx:
    """Subject/object wording for one event and viewer."""

    __slots__ = ("a", "opp", "poss", "oposs", "you", "who")

    def __init__(self, e: Event, viewer: int | None):
        a = e.args
        self.a = a
        self.you = viewer is not None and viewer == e.seat
        them = viewer is not None and e.seat is not None and viewer == 1 - e.seat
        decks = a.get("decks")
        other = None if e.seat is None else 1 - e.seat
        self.who = "You" if self.you else _civ(decks, e.seat)
        self.poss = "your" if self.you else "its"
        self.opp = "you" if them else _civ(decks, other)
        self.oposs = "your" if them else f"{_civ(decks, other)}'s"

    def v(self, base: str, third: str | None = None) -> str:
        """Verb agreeing with the subject ("draw" / "draws")."""
        return base if self.you else (third or base + "s")


def _draw(c: _Ctx) -> str:
    why = _WHY.get(c.a.get("why", ""), "")
    if c.a.get("hidden") and not c.you:
        return f"{c.who} {c.v('draw')} a card{why}"
    return f"{c.who} {c.v('draw')} {name(c.a['card'])}{why}"


def _play(c: _Ctx) -> str:
    a = c.a
    if a.get("free"):
        return f"{c.who} {c.v('put')} {name(a['card'])} into play free"
    if a.get("face_down"):
        what = name(a["card"]) if c.you or not a.get("hidden") else "a Wonder"
        return f"{c.who} {c.v('play')} {what} face down ({a['cost']})"
    extra = ", Homeros charge" if a.get("charge") else ""
    return f"{c.who} {c.v('play')} {name(a['card'])} ({a['cost']}{extra})"


def _roll(c: _Ctx) -> str:
    dice = " ".join(str(d) for d in sorted(c.a["dice"], reverse=True))
    return f"{c.who} {c.v('roll')} {len(c.a['dice'])} dice: {dice} — energy {c.a['energy']}"


def _reroll(c: _Ctx) -> str:
    dice = " ".join(str(d) for d in sorted(c.a["dice"], reverse=True))
    pay = f"{c.v('discard')} {name(c.a['card'])} and " if c.a.get("card") else ""
    return f"{c.who} {pay}{c.v('reroll')} {len(c.a['dice'])} dice: {dice} — energy {c.a['energy']}"


def _counter(c: _Ctx) -> str:
    a = c.a
    return f"{c.who} {c.v('gain')} {'an army' if a['kind'] == 'army' else 'a navy'} counter{_WHY.get(a['why'], '')}: {a['value']}"


def _dominance(c: _Ctx) -> str:
    a = c.a
    what = "Army Dominance" if a["kind"] == "army" else "Navy Dominance"
    took = f" from {c.opp}" if a.get("took") else ""
    return f"{c.who} {c.v('take') if took else c.v('gain')} {what}{took}"


def _return(c: _Ctx) -> str:
    a = c.a
    if a.get("face_down"):
        what = (
            f"face-down {name(a['card'])}" if not c.you and c.opp == "you" else "face-down Wonder"
        )
    else:
        what = name(a["card"])
    return f"{c.who} {c.v('return')} {c.oposs} {what} to hand"


def _threshold(c: _Ctx) -> str:
    hand = "your" if c.opp == "you" else "its"
    return (
        f"{c.who} {c.v('reach', 'reaches')} 2 navy counters: {c.opp} {'discard' if c.opp == 'you' else 'discards'} "
        f"{hand} hand ({_names(c.a['cards'])}); navy counters back to 0"
    )


def _reveal(e: Event, viewer: int | None) -> str:
    decks = e.args["decks"]
    parts = [
        f"{'You' if viewer == p else _civ(decks, p)}: {_names(e.args['cards'][p])}" for p in (0, 1)
    ]
    return "Opening discards revealed — " + "; ".join(parts)


_LINES: dict[str, Callable[[_Ctx], str]] = {
    "turn": lambda c: "Your turn" if c.you else f"{c.who}'s turn",
    "draw": _draw,
    "draw_empty": lambda c: f"{c.who} cannot draw: {c.poss} deck is empty",
    "reshuffle": lambda c: f"{c.who} {c.v('shuffle')} {c.poss} discard pile into a new deck",
    "redraw": lambda c: (
        f"{c.who} {c.v('discard')} {name(c.a['card'])} and {c.v('draw')} again (navy redraw)"
    ),
    "roll": _roll,
    "reroll": _reroll,
    "extra": lambda c: f"{c.who} {c.v('take')} the extra draw and {c.v('end')} the turn",
    "end": lambda c: f"{c.who} {c.v('end')} the turn",
    "play": _play,
    "tap": lambda c: (
        f"{c.who} {c.v('tap')} {name(c.a['card'])}: {c.a['ability']} ({c.a['cost']}{', Homeros charge' if c.a.get('charge') else ''})"
    ),
    "flip": lambda c: (
        f"{c.who} {c.v('flip')} {name(c.a['card'])} {'free' if not c.a['cost'] else '(8)'}"
    ),
    "sell": lambda c: (
        f"{c.who} {c.v('tap')} Granary to sell (+1 energy)"
        if c.a.get("granary")
        else f"{c.who} {c.v('sell')} {name(c.a['card'])} (+1 energy)"
    ),
    "scuttle": lambda c: f"{c.who} {c.v('scuttle')} a Trireme",
    "counter": _counter,
    "dominance": _dominance,
    "threshold": _threshold,
    "destroy": lambda c: f"{c.who} {c.v('destroy', 'destroys')} {c.oposs} {name(c.a['card'])}",
    "fire_raft": lambda c: (
        f"{'Your' if c.you else c.who + chr(39) + 's'} Fire Raft returns to hand"
    ),
    "return": _return,
    "recover": lambda c: f"{c.who} {c.v('recover')} {name(c.a['card'])}",
    "top": lambda c: f"{c.who} {c.v('put')} {name(c.a['card'])} on top of {c.poss} deck",
    "discard": lambda c: f"{c.who} {c.v('discard')} {name(c.a['card'])}",
    "mill": lambda c: (
        f"{'Your' if c.you else c.who + chr(39) + 's'} top card {name(c.a['card'])} goes to the discard pile"
    ),
    "charges": lambda c: f"{c.who} {c.v('gain')} 3 Homeros charges",
    "homeros_turns": lambda c: (
        f"Homeros: {c.who.lower() if c.you else c.who} may declare free Army/Navy costs on 3 turns"
    ),
    "homeros_declare": lambda c: (
        f"{c.who} {c.v('declare')} Homeros: Army and Navy costs are 0 this turn ({c.a['left']} left)"
    ),
    "opening_commit": lambda c: f"{c.who} {c.v('confirm')} {c.poss} opening discard",
    "win": lambda c: f"{c.who} {c.v('win')} — {c.a['reason']}",
}


def describe(e: Event, viewer: int | None) -> str:
    """The log line for ``e`` as ``viewer`` may read it (None = spectator)."""
    if e.kind == "opening_reveal":
        return _reveal(e, viewer)
    if e.kind == "draw_game":
        return e.args.get("reason", "Draw")
    fn = _LINES.get(e.kind)
    if fn is None:
        return e.kind.replace("_", " ")
    return fn(_Ctx(e, viewer))
