"""Res Publica player text: log lines (``describe``) and choice labels, in plain words.

What a viewer is told follows RP-10: drawn cards only to the drawer; exchanged cards only to
the two partners (everyone under RP-V4 ``open``); statements, answers and passes to all.
"""

from __future__ import annotations

from engine.rules import Event, State

from . import trade as tr
from .cards import PEOPLE, SET_SIZE, TYPES
from .trade import parse_draft


def _name(e: Event, seat: int | None, viewer: int | None) -> str:
    """A seat as the subject of a line: "You" for the viewer, else the seat's name."""
    if seat is None:
        return "?"
    return "You" if seat == viewer else e.args["names"][seat]


def _obj(e: Event, seat: int | None, viewer: int | None) -> str:
    """A seat inside a line (after a verb or preposition): "you" for the viewer."""
    return "you" if seat is not None and seat == viewer else _name(e, seat, viewer)


def _poss(e: Event, seat: int | None, viewer: int | None) -> str:
    """A seat's possessive: "your" for the viewer, else "Ann's"."""
    return "your" if seat is not None and seat == viewer else f"{_name(e, seat, viewer)}'s"


def article(word: str) -> str:
    """ "an" before a vowel sound ("an Anglo-Saxon", "an Architecture card"), else "a".
    Every card type and kind name starts with a letter that is sounded as written."""
    return "an" if word[:1].upper() in "AEIOU" else "a"


def one_card(t: int) -> str:
    """One card of type ``t`` with its article: "an Anglo-Saxon", "a Goth", "an Architecture
    card" (civilization names are not counted nouns: "card" is added)."""
    ct = TYPES[t]
    word = ct.singular if ct.category == PEOPLE else f"{ct.name} card"
    return f"{article(word)} {word}"


def give_label(t: int) -> str:
    """Label of ``pick:<T>`` in fulfilment: "Give an Anglo-Saxon", "Give a Chemistry card"."""
    return f"Give {one_card(t)}"


NOT_HELD_DETAIL = (
    "You don't hold these: you may offer them only as the first half of an either/or offer, "
    "and then you must give the other half"
)
"""Detail of a kind choice for one's own giving side that the hand cannot pay (composer:
allowed only as the first alternative of an OR, README "Composer rules")."""


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
    line = _trade_line(e, viewer, who, you)
    if line is not None:
        return line
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
            last = _obj(e, e.seat, viewer)
            return f"{who} drew the last civilization card: final round, ending with {last}"
        if a["why"] == "stall":
            last = _obj(e, e.seat, viewer)
            return f"Nobody drew a card for a full round: final round, ending with {last}"
        return "Turn limit reached: final display"
    if k == "final_display":
        return "Final display: everyone may display sets once more"
    if k == "end":
        names = a["names"]
        scores = ", ".join(f"{names[s]} {t}" for s, t in enumerate(a["totals"]))
        return f"Game over: {scores}"
    return k


def _trade_line(e: Event, viewer: int | None, who: str, you: bool) -> str | None:
    """The log line of a trade event (RP-4: statement, answers, acceptance, leak flags, the
    exchange) for ``viewer``, or None for another kind of event."""
    k, a = e.kind, e.args
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
        return f"{who} {_verb(you, 'accept', 'accepts')} {_poss(e, a['partner'], viewer)} answer"
    if k == "reject":
        # ``answered`` (the seats whose answers stood) is optional: older events lack it
        whose = [_poss(e, s, viewer) for s in a.get("answered") or ()]
        if not whose:
            what = "every answer"
        elif len(whose) == 1:
            what = f"{whose[0]} answer"
        else:
            what = f"{', '.join(whose[:-1])} and {whose[-1]} answers"
        return f"{who} {_verb(you, 'reject', 'rejects')} {what}: no trade"
    if k == "no_trade":  # every other seat passed (or its answer was flagged: a pass)
        return "Everybody passed: no trade"
    if k == "notrade":
        return f"{who} {_verb(you, 'do', 'does')} not trade"
    if k == "flag":
        return f"{who} {_verb(you, 'flag', 'flags')} a leak by {_obj(e, a['leaker'], viewer)}"
    if k == "exchange":
        p = a["partner"]
        ga, gp = a["gave"], a["got"]
        pname = _obj(e, p, viewer)
        if a["open"] or viewer in (e.seat, p):
            return f"{who} {_verb(you, 'give', 'gives')} {tr.cards_text(ga)} to {pname} for {tr.cards_text(gp)}"
        return (
            f"{who} {_verb(you, 'give', 'gives')} {_n(sum(ga), 'card')} to {pname} "
            f"for {_n(sum(gp), 'card')}"
        )
    return None


# ----------------------------------------------------------------------------- replay lines
_DRAFT_NOUN = {"request": "a request", "offer": "an offer", "respond": "an answer"}


def _draft_words(tokens: list[str]) -> str:
    """The words of a draft so far, without its head: "2 Goths AND 1 …", "…"."""
    terms, op, pending = parse_draft(tokens)
    body = f" {op} ".join(tr.term_text(c, k) for c, k in terms)
    if op and len(terms) == 1:
        body += f" {op} "
    if pending is not None:
        body += f"{pending} …"
    elif not terms or (op and len(terms) == 1):
        body += "…"
    return body


def choice_text(st: State, seat: int, choice: str, viewer: int | None, reveal: bool) -> str | None:
    """A log-style line for a choice that makes no event, for replays: each composing step of
    a statement or an answer ("Bot composes a request: 2 Goths AND …"). ``st`` is the state
    before the choice. The words being composed are private until sent (RP-4.7): they are
    named only to the composer (``viewer == seat``) or when ``reveal`` (a finished match's
    everything view); the others read "Bot composes a request". None for any other choice
    (its event has a log line, or its prompt label reads well: "Request cards", "Pass")."""
    tokens = list(st["draft"]) if st["phase"] in ("trade", "respond") else []
    if not tokens or choice == "send":
        return None
    you = seat == viewer
    who = "You" if you else st["names"][seat]
    noun = _DRAFT_NOUN[tokens[0]]
    if choice == "back":
        tokens.pop()
        if not tokens:
            what = noun.split()[1]
            return f"{who} {_verb(you, 'take', 'takes')} back {_verb(you, 'your', 'their')} {what}"
        step = f"{who} {_verb(you, 'take', 'takes')} back a step of {noun}"
    else:
        step = f"{who} {_verb(you, 'compose', 'composes')} {noun}"
        if choice == "more":
            step += " (larger counts)"
        else:
            tokens.append(choice)
    if not (you or reveal):
        return step
    return f"{step}: {_draft_words(tokens)}"


def no_answer(st: State, seat: int) -> str:
    """Why "Pass" is ``seat``'s only answer to the trade (RP-4.6), for a seat that cannot
    answer: "You cannot give 2 Huns: you cannot answer" (the detail of its Pass choice)."""
    if not sum(st["hands"][seat]):
        return "Your hand is empty: you cannot answer"
    spec = tr.text(tr.parse_short(st["trade"]["spec"]))
    return f"You cannot give {spec}: you cannot answer"
