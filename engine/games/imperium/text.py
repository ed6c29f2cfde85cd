"""iMperium player-facing text: :func:`describe` turns an event into plain English for one viewer,
hiding the opponent's draws and face-down Wonder identities (IMP-11); the ``*_detail`` helpers
write the second line of a choice (what taking it does now). No rule IDs reach players here:
they stay in docstrings, the README and the card inspector."""

from __future__ import annotations

from collections.abc import Callable

from engine.rules import Event

from .cards import ARMY, CIVILIZATION, FLIP_COST, NAVY, WONDER, Card, name


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
"""Why a counter was gained or a card drawn, as a parenthesis after the line."""

_DRAW_WHY = {
    "redraw": " (navy redraw)",
    "extra": " (extra draw)",
}
"""Draw reasons that are not a card; every card source reads "(from <card>)"."""


def _draw_why(why: str) -> str:
    if not why:
        return ""
    if why in _DRAW_WHY:
        return _DRAW_WHY[why]
    return f" (from {name(why)})"


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
    why = _draw_why(c.a.get("why", ""))
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
    """The roll line, saying stolen dice (IMP-4.4): "You roll 3 dice (3 stolen by Greece's Army
    Dominance): 6 5 1 — energy 11"; for the holder "Greece rolls 7 dice (+3 stolen): ..."."""
    dice = " ".join(str(d) for d in sorted(c.a["dice"], reverse=True))
    n = len(c.a["dice"])
    note = ""
    if c.a.get("stolen"):
        note = f" ({c.a['stolen']} stolen by {c.oposs} Army Dominance)"
    elif c.a.get("gained"):
        note = f" (+{c.a['gained']} stolen)"
    return (
        f"{c.who} {c.v('roll')} {n} {'die' if n == 1 else 'dice'}{note}: {dice} — "
        f"energy {c.a['energy']}"
    )


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


_DOMINANCE = {"army": "Army Dominance", "navy": "Navy Dominance"}


def _tap(c: _Ctx) -> str:
    """The tap line with the cost paid and what the attack does: "Greece taps Hoplite (6): land
    attack — pursuit" (``result``: gain / take / pursuit, known at the tap). Gaining or taking
    Dominance is left to the Dominance line that follows ("Greece takes Army Dominance from
    you"), so it is never said twice."""
    a = c.a
    charge = ", Homeros charge" if a.get("charge") else ""
    line = f"{c.who} {c.v('tap')} {name(a['card'])} ({a['cost']}{charge}): {a['ability']}"
    if a.get("kind") in _DOMINANCE and a.get("result") == "pursuit":
        line += " — pursuit"
    return line


def _coin_toss(c: _Ctx) -> str:
    """The coin toss (IMP-2.3, IMP-2.4): "Coin toss: Rome goes first (draws 6; Greece draws 7)"."""
    first, second = c.a.get("first_hand", 6), c.a.get("second_hand", 7)
    if c.you:
        return f"Coin toss: you go first (you draw {first}; {c.opp} draws {second})"
    other = f"you draw {second}" if c.opp == "you" else f"{c.opp} draws {second}"
    return f"Coin toss: {c.who} goes first (draws {first}; {other})"


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
    "tap": _tap,
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
    "win": lambda c: f"{c.who} {c.v('win')}: {c.a.get('text') or c.a['reason']}",
    "coin_toss": _coin_toss,
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


# ---------------------------------------------------------------- choice details
# The second line of a choice: what taking it does now, in a few plain words.

_RETURN = "return an opposing card (cost 7 or less)"

PLAY_DETAIL: dict[str, str] = {
    # Rome
    "legion": "Enters play; tap it later (5) for a land attack",
    "catapult": "Enters play; tap it later (6): land attack ignoring Defenses",
    "praetorian": f"Now: {_RETURN}; tap it later (7) for a land attack",
    "farm": "+1 die on your energy rolls (can be stolen)",
    "granary": "+1 die (can be stolen); tap it to sell without discarding",
    "walls": "Guards 1 of your Farm dice from being stolen",
    "fort": "Guards 1 Farm die; if destroyed it returns to your hand",
    "caravan": "Draw 2 cards; then Caravan goes to your discard pile",
    "barracks": "Draw 2 cards, then take a Legion back from your discard pile",
    "galley": "Enters play; tap it later (5) for a naval attack",
    "corvus": "Enters play; tap it later (6) for a naval attack and a draw",
    "caesar": f"Now: {_RETURN}, then a land attack; 1/4 point",
    "cicero": "Now: recover a card; +1 die that can't be stolen; 1/4 point",
    # Greece
    "hoplite": "Enters play; tap it later (5; 6 with Army Dominance) for a land attack",
    "cavalry": "Enters play; tap it later (6) for a land attack and a draw",
    "orchard": "+1 die (can be stolen); tap it later (5) to draw 2",
    "trader": "Draw 2 cards; then your deck's top card goes to your discard pile",
    "port": "Draw 2 cards; then put a discarded card on top of your deck",
    "trireme": "Enters play; tap it later (5) for a naval attack",
    "heavy_galley": "Enters play; tap it later (6): naval attack, then return a card",
    "fire_raft": "Enters play; tap it later (4) for a naval attack; dodges naval attacks",
    "alexander": "Now: a land attack, then an Army card from hand free; 1/6 point",
    "aristotle": "Now: draw 4 cards; 1/6 point",
    "archimedes": "Now: a naval attack, then a Navy card from hand free; 1/6 point",
    "pericles": "Now: a Wonder from hand face up, or flip one, free; 1/6 point",
}
"""What playing a card does now (Wonders, Governments and Homeros are built below)."""

WONDER_PLAY = f"Face down; flip later for {FLIP_COST}"
WIN_NOTE = " — you reach 1 point and win"


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def play_detail(c: Card, homeros_mode: str = "charges_this_turn", wins: bool = False) -> str:
    """The detail of playing ``c`` from hand (``wins``: its points bring you to 1 point)."""
    if c.category == WONDER:
        return f"{WONDER_PLAY} ({_lower(c.text)})"
    if c.id == "homeros":
        if homeros_mode == "three_turns":
            text = "Now: on 3 turns you may declare Army/Navy costs 0; 1/6 point"
        else:
            text = "Now: your next 3 Army/Navy costs this turn are 0; 1/6 point"
    else:
        text = PLAY_DETAIL.get(c.id, c.text)
    return text + WIN_NOTE if wins else text


def government_detail(progress: str) -> str:
    """The detail of playing a Government whose condition is met."""
    return f"Condition met ({progress}): playing it wins the game"


def flip_detail(c: Card, wins: bool = False) -> str:
    """The detail of turning a face-down Wonder face up."""
    pts = f"{c.points.numerator}/{c.points.denominator}"
    text = f"Face up: {_lower(c.text)}; {pts} point"
    return text + WIN_NOTE if wins else text


def free_detail(c: Card, wins: bool = False) -> str:
    """The detail of putting ``c`` into play without paying (Alexander, Archimedes, Pericles)."""
    if c.category == WONDER:
        return flip_detail(c, wins).replace("Face up:", "Face up, free:", 1)
    return "Free: " + play_detail(c, wins=wins)


def tap_detail(
    c: Card,
    held: bool,
    opp_holds: bool,
    trajan: bool,
    defense: int,
    raft: bool,
    threshold: bool,
) -> str:
    """What tapping ``c`` does now.

    Args:
        held: you hold the dominance of the attack's kind (a pursuit follows).
        opp_holds: the opponent holds it (you take it from them).
        trajan: your Trajan's Column is face up (+1 counter on gaining a dominance).
        defense: the opponent's Defenses in play: 0 none, 1 Walls only, 2 a Fort.
        raft: the opponent has an untapped Fire Raft (it escapes a naval attack first).
        threshold: a navy pursuit reaches 2 counters (the opponent discards the hand).
    """
    if c.category == ARMY:
        target = "their Fort" if defense == 2 else "a Walls"
        if held:
            if c.id == "catapult":
                text = "Pursuit: +2 army counters (Defenses ignored)"
                if defense:
                    text += f", then destroy {target}"
            elif defense:
                text = f"Pursuit: +1 army counter, then destroy {target}"
            else:
                text = "Pursuit: +2 army counters (no Defense to destroy)"
        else:
            text = "Take Army Dominance from the opponent" if opp_holds else "Gain Army Dominance"
            if trajan:
                text += ", +1 army counter (Trajan's Column)"
            if c.id == "catapult" and defense:
                text += f", then destroy {target}"
        if c.id == "cavalry":
            text += "; draw 1"
        return text
    if c.category == NAVY:
        if held:
            text = "Pursuit: recover a card, +1 navy counter"
            if threshold:
                text += " (2: the opponent discards the hand)"
        else:
            text = "Take Navy Dominance from the opponent" if opp_holds else "Gain Navy Dominance"
            if trajan:
                text += ", +1 navy counter (Trajan's Column)"
        if c.id == "corvus":
            text += "; draw 1"
        elif c.id == "heavy_galley":
            text += f"; then {_RETURN}"
        if raft:
            text = f"Their Fire Raft escapes to hand, then {_lower(text)}"
        return text
    if c.id == "orchard":
        return "Draw 2 cards"
    return c.ability
