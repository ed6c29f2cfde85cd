"""Res Publica player text: log lines (``describe``) and choice labels, in plain words.

What a viewer is told follows RP-10: drawn cards only to the drawer; exchanged cards only to
the two partners (everyone under RP-V4 ``open``); statements, answers and passes to all.
"""

from __future__ import annotations

from engine.rules import Event, State

from . import trade as tr
from .cards import SET_SIZE, TYPES


def _name(e: Event, seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "?"
    return "You" if seat == viewer else e.args["names"][seat]


def _verb(you: bool, base: str, third: str) -> str:
    return base if you else third


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def display_label(st: State, t: int) -> str:
    """Label of ``display:<T>``: "Display 5 Goths (settlement, 3)" / "(city 9)"."""
    name = TYPES[t].name
    if t < 5:
        return f"Display {SET_SIZE} {name} (settlement, 3 points)"
    return f"Display {SET_SIZE} {name} (city {st['cities'][-1]})"


def draw_label(c: int, people: bool) -> str:
    """Label of a draw choice: "Draw 2 civilization cards and 1 people card"."""
    parts = []
    if c:
        parts.append(_n(c, "civilization card"))
    if people:
        parts.append("1 people card")
    return "Draw " + " and ".join(parts) if parts else "Draw nothing"


def describe(e: Event, viewer: int | None) -> str:
    """The log line of ``e`` for ``viewer`` (None = spectator); README "Events"."""
    k, a = e.kind, e.args
    you = e.seat is not None and e.seat == viewer
    who = _name(e, e.seat, viewer)
    if k == "start":
        return f"{who} {_verb(you, 'start', 'starts')}"
    if k == "turn":
        return (
            f"{'Final round: ' if a['final'] else ''}{'Your' if you else who + chr(39) + 's'} turn"
        )
    if k == "statement":
        verb = ("request", "requests") if a["mode"] == "request" else ("offer", "offers")
        return f"{who} {_verb(you, *verb)} {tr.text(tr.parse_short(a['spec']))}"
    if k == "respond":
        spec = tr.text(tr.parse_short(a["spec"]))
        if a["mode"] == "request":
            return f"{who} {_verb(you, 'answer', 'answers')}: {_verb(you, 'want', 'wants')} {spec}"
        return f"{who} {_verb(you, 'answer', 'answers')}: {_verb(you, 'give', 'gives')} {spec}"
    if k == "pass":
        return f"{who} {_verb(you, 'pass', 'passes')}{' (no cards)' if a['auto'] else ''}"
    if k == "accept":
        return f"{who} {_verb(you, 'accept', 'accepts')} {_name(e, a['partner'], viewer)}'s answer"
    if k == "reject":
        return f"{who} {_verb(you, 'reject', 'rejects')} every answer: no trade"
    if k == "no_trade":
        return "Nobody answered: no trade"
    if k == "notrade":
        return f"{who} {_verb(you, 'do', 'does')} not trade"
    if k == "flag":
        return f"{who} {_verb(you, 'flag', 'flags')} a leak by {_name(e, a['leaker'], viewer)}"
    if k == "exchange":
        p = a["partner"]
        ga, gp = a["gave"], a["got"]
        pname = _name(e, p, viewer)
        if a["open"] or viewer in (e.seat, p):
            return f"{who} {_verb(you, 'give', 'gives')} {tr.cards_text(ga)} to {pname} for {tr.cards_text(gp)}"
        return (
            f"{who} {_verb(you, 'give', 'gives')} {_n(sum(ga), 'card')} to {pname} "
            f"for {_n(sum(gp), 'card')}"
        )
    if k == "display":
        t = TYPES[a["type"]]
        score = (
            "a settlement (3 points)"
            if a["score_kind"] == "settlement"
            else f"the {a['score']} city"
        )
        return f"{who} {_verb(you, 'display', 'displays')} 5 {t.name} and {_verb(you, 'take', 'takes')} {score}"
    if k == "draw":
        civ, people = a["civ"], a["people"]
        if not civ and people is None:
            return f"{who} {_verb(you, 'draw', 'draws')} nothing"
        if you:
            got = [TYPES[people].singular] if people is not None else []
            got += [TYPES[t].name for t in civ]
            return f"You draw {', '.join(got)}"
        parts = []
        if people is not None:
            parts.append("1 people card")
        if civ:
            parts.append(_n(len(civ), "civilization card"))
        return f"{who} draws {' and '.join(parts)}"
    if k == "final_round":
        if a["why"] == "civ":
            return f"{who} drew the last civilization card: final round, ending with {who}"
        if a["why"] == "stall":
            return f"Nobody drew a card for a full round: final round, ending with {who}"
        return "Turn limit reached: final display"
    if k == "final_display":
        return "Final display: everyone may display sets once more"
    if k == "end":
        names = a["names"]
        scores = ", ".join(f"{names[s]} {t}" for s, t in enumerate(a["totals"]))
        return f"Game over: {scores}"
    return k
