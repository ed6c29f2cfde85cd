"""Log lines of the Ministry event kinds (registered in ``text.py``'s registry at import).

Kinds: ``ministry_use`` {card, ability}, ``jacobite_defeat`` {}, ``ministry_removed`` {card},
``debt_limit_up`` {n, total}, ``huguenots`` {space, state}, ``huguenots_refresh`` {n, spaces},
``townshend`` {commodity}, ``jacobite_shift`` {space, mode}. All public (IS-16.1: face-up Ministry
cards, exhausted abilities, Huguenots and Townshend markers, Jacobite markers).
"""

from __future__ import annotations

from engine.rules import Event

from . import text as T

_ABILITY_WORDS: dict[str, str] = {
    "M-1": "for extra Diplomatic points",
    "M-4A": "to shift a space in Scotland or Ireland",
    "M-4B": "to score VP for the Jacobite cause",
    "M-5": "to draw an Event card",
    "M-8A": "to raise the Debt Limit",
    "M-9": "to place a Huguenots marker",
    "M-10A": "to build a Squadron for 2",
    "M-10B": "to discard a card for a Treaty Point",
    "M-11A": "for 1 Military point (Bonus War tiles or deployment)",
    "M-11B": "to build a Squadron for 2",
    "M-15A": "for 1 Diplomatic point (non-Prestige spaces)",
    "M-15B": "to build a Squadron for 2",
    "M-16": "to make unflags in Prussia, the German States and Russia cheaper this round",
    "M-17": "for 1 Economic point without Debt",
    "M-20": "for 2 Diplomatic points (Scotland and Ireland)",
    "M-21": "to mark a commodity",
    "M-22": "for Diplomatic points in Europe",
    "M-24": "for 1 extra Economic point",
}


def _use(e: Event, v: int | None) -> str:
    a = e.args
    key = a["card"] + (a.get("ability") or "")
    what = _ABILITY_WORDS.get(key) or _ABILITY_WORDS.get(a["card"], "")
    return f"{T.sv(e, v, 'uses')} {T.ministry_label(a['card'])} {what}".rstrip()


def _huguenots(e: Event, v: int | None) -> str:
    return f"France places a Huguenots marker in {T.space_name(e.args['space'])}"


def _refresh(e: Event, v: int | None) -> str:
    return f"North American Trade: {e.args['n']} spent Huguenots marker(s) become fresh"


def _townshend(e: Event, v: int | None) -> str:
    return f"Townshend Acts marker placed on {e.args['commodity'].capitalize()}"


def _jac_shift(e: Event, v: int | None) -> str:
    verb = "unflags" if e.args["mode"] == "unflag" else "flags"
    return f"{T.sv(e, v, verb)} {T.space_name(e.args['space'])} with Jacobite Uprisings"


def _limit(e: Event, v: int | None) -> str:
    owner = "Your" if T.own(e, v) else f"{T.side_name(T.actor(e))}'s"
    return f"{owner} Debt Limit rises by {e.args['n']} (now {e.args['total']})"


for _k, _f in {
    "ministry_use": _use,
    "jacobite_defeat": lambda e, v: "Jacobite Defeat: the Jacobite cause is lost",
    "ministry_removed": lambda e, v: f"{T.ministry_label(e.args['card'])} leaves the game",
    "debt_limit_up": _limit,
    "huguenots": _huguenots,
    "huguenots_refresh": _refresh,
    "townshend": _townshend,
    "jacobite_shift": _jac_shift,
}.items():
    T.register(_k, _f)
