"""Inspector texts of Imperial Struggle's cards: the 41 Event cards (both halves or the one
both sides use, Era, the tile type they need, the bonus condition) and the 26 Ministry cards
(side, Eras, keywords, when they act, abilities), each with its present state from a view.

Markdown built from components.json (``board.EVENTS``, ``board.MINISTRIES``; DATA.md: the card
texts are the data's own paraphrases) and the words of the rulings (IS-3.4, IS-3.5, IS-5.2).
"""

from __future__ import annotations

from typing import Any

from engine.games.imperial_struggle import board as B

from . import imperial_struggle_words as W

View = dict[str, Any]

TIMING_WORDS: dict[str, str] = {
    "action_round": "Used in your own Action Rounds",
    "scoring": "Works at scoring (it must already be face up)",
    "passive": "Works all the time while face up",
    "end_of_turn": "Works at the end of each Peace Turn (it must already be face up)",
}
"""components.json ministry ``timing`` -> when the card acts (IS-3.5a)."""

MINISTRY_RULE = (
    "Chosen face down in the Ministry Phase; revealed for free in one of your own Action Rounds. "
    "Abilities and keywords count only while the card is face up; a once-per-turn ability is "
    "Exhausted until the next Reset."
)
"""How Ministry cards are used (IS-3.5)."""

EVENT_RULE = (
    "Play it from a tile with the Event symbol, before using the tile in any other way (one "
    "Event per round). The bonus condition is tested when you play it; the normal effect comes "
    "first, then the bonus. Points an Event gives join your tile's actions. Played cards leave "
    "the game."
)
"""How Event cards are played (IS-5.2, IS-3.4)."""


# ---------------------------------------------------------------------------- events
def _symbol_line(ev: dict[str, Any]) -> str:
    sym = ev.get("action_symbol")
    if sym:
        return (
            f"**Needs {'an' if sym == 'economic' else 'a'} {W.TYPE_NAMES[sym]} tile:** play it only from a tile whose Major action "
            f"is {W.TYPE_NAMES[sym]} ({W.TYPE_POINTS[sym]}) and that shows the Event symbol."
        )
    return "**Any tile** with the Event symbol may play it."


def _bonus_condition(ev: dict[str, Any]) -> str:
    bc = ev.get("bonus_condition")
    if not bc:
        return "**Bonus condition:** none (this card has no bonus)."
    return f"**Bonus condition:** {bc['text'].rstrip('.')}."


def _version(label: str, v: dict[str, Any], has_bonus: bool) -> str:
    title = f" — *{v['title']}*" if v.get("title") else ""
    text = f"**{label}{title}:** {v['effect']}"
    if has_bonus and v.get("bonus"):
        text += f"\n\n**Bonus:** {v['bonus']}"
    return text


def event_text(card: int, view: View | None = None) -> str | None:
    """Markdown for Event card ``card`` (1–41): number and Era, the tile type it needs (its
    action symbol), the bonus condition, each side's version (or the one both sides use) with
    its bonus and, with ``view``, where the card is. The viewer's own version comes first.
    None for an unknown id. Source: components.json ``event_cards`` (DATA.md: paraphrased),
    IS-3.4, IS-5.2, IS-14."""
    ev = B.EVENTS.get(card)
    if ev is None:
        return None
    lines = [
        f"# {ev['name']}",
        f"**Event card {card}** · {W.ERA_NAMES[ev['era']]} ({W.ERA_TURNS[ev['era']]})",
        _symbol_line(ev),
        _bonus_condition(ev),
    ]
    has_bonus = bool(ev.get("bonus_condition"))
    versions = ev["versions"]
    if "both" in versions:
        lines.append(_version("Both sides", versions["both"], has_bonus))
    else:
        order = ["france", "britain"]
        side = (view or {}).get("side")
        if side == 1:
            order.reverse()
        for key in order:
            label = f"{W.side_name(key)}'s version"
            if side in (0, 1) and W.SIDE_OF_KEY[key] == side:
                label = f"Your version ({W.side_name(key)})"
            lines.append(_version(label, versions[key], has_bonus))
    lines.append(EVENT_RULE)
    if view is not None:
        where = _event_place(view, card)
        if where:
            lines.append(f"**Now:** {where}.")
    lines.append(f"Rule: IS-EV{card:02d}")
    return "\n\n".join(lines)


def _event_place(view: View, card: int) -> str:
    hands = view.get("hands") or []
    for side, hand in enumerate(hands):
        if hand and card in hand:
            return "in your hand" if view.get("side") == side else f"in {W.possessive(side)} hand"
    if card in (view.get("discard") or []):
        return "in the discard pile"
    if card in (view.get("removed") or []):
        return "played or removed from the game"
    return ""


# ---------------------------------------------------------------------------- ministries
def ministry_text(mid: str, view: View | None = None) -> str | None:
    """Markdown for Ministry card ``mid`` (``M-1``…``M-26``): side, Eras, keywords, when it
    acts, its ability in full and, with ``view``, whether it is face up, face down (its owner
    only), Exhausted or removed. None for an unknown id. Source: components.json
    ``ministry_cards`` (DATA.md: paraphrased), IS-3.5, IS-15."""
    m = B.MINISTRIES.get(mid)
    if m is None:
        return None
    eras = W.join((W.ERA_NAMES[e] for e in m["eras"]), "and")
    kws = W.join(W.keyword(k) for k in m.get("keywords") or [])
    lines = [
        f"# {m['name']}",
        f"**{W.side_name(m['side'])}'s Ministry card** · {eras}",
        f"**Keyword{'s' if len(m.get('keywords') or []) > 1 else ''}:** {kws}."
        if kws
        else "**Keyword:** none.",
        f"**Ability:** {m['effect']}",
    ]
    timing = TIMING_WORDS.get(m.get("timing") or "", "")
    if timing:
        once = "; once per turn" if m.get("once_per_turn") else ""
        lines.append(f"{timing}{once}.")
    lines.append(MINISTRY_RULE)
    if view is not None:
        now = _ministry_state(view, mid)
        if now:
            lines.append(f"**Now:** {now}.")
    lines.append(f"Rule: IS-MIN{m['number']:02d}")
    return "\n\n".join(lines)


def _ministry_state(view: View, mid: str) -> str:
    if mid in (view.get("min_removed") or {}):
        return "removed from the game"
    for side, slots in enumerate(view.get("ministries") or []):
        for slot in slots or []:
            if slot.get("card") == mid:
                who = "your" if view.get("side") == side else W.possessive(side)
                face = "face up" if slot.get("up") else "face down"
                return f"in {who} ministry, {face}{_exhausted(view, mid)}"
    return ""


def _exhausted(view: View, mid: str) -> str:
    """``", Exhausted"``, ``", ability A Exhausted"`` or ``""`` from ``view["min_exhausted"]``
    (keys ``M-5``, ``M-4A``/``M-4B`` per ability; ``M-17`` counts its two uses, IS-3.5b)."""
    ex = view.get("min_exhausted") or {}
    if mid == "M-17":
        n = int(ex.get(mid) or 0)
        return ", Exhausted" if n >= 2 else (", one use left this turn" if n == 1 else "")
    if mid in ex:
        return ", Exhausted"
    parts = [k[-1] for k in sorted(ex) if k[:-1] == mid and k[-1] in "AB"]
    return f", ability {' and '.join(parts)} Exhausted" if parts else ""
