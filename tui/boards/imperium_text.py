"""Player-facing card text for the iMperium board: full effects in plain words, the inspector
markdown of one card, and the card list of both decks for the Rules screen.

Card data (names, costs, categories, rule IDs) comes from :mod:`engine.games.imperium.cards`;
only the wording here is the UI's own (rulings IMP-9.x / IMP-10.x restated for players).
"""

from __future__ import annotations

from engine.games.imperium.cards import (
    CATEGORY_NAMES,
    CIVILIZATION,
    DECK_CARDS,
    DECKS,
    FLIP_COST,
    MERCHANT,
    UNSTEALABLE,
    WONDER,
    Card,
)

KEYWORDS: dict[str, str] = {
    "land attack": (
        "take Army Dominance; if you already hold it, pursue instead: gain 1 army counter, "
        "then destroy one opposing Defense (a Fort first) or, if they have none, gain a second "
        "counter. 5 army counters win."
    ),
    "naval attack": (
        "the opponent's untapped Fire Rafts first escape to their hand; then take Navy "
        "Dominance, or if you already hold it, pursue instead: recover 1 card and gain 1 navy "
        "counter. At 2 navy counters the opponent discards their whole hand and your counters "
        "go back to 0."
    ),
    "return": (
        "send one card from the opponent's play area with printed cost 7 or less back to its "
        "owner's hand. You must if one qualifies; face-down Wonders qualify (and stay secret), "
        "Great Persons never."
    ),
    "recover": "take any card of your choice from your own discard pile into your hand.",
}
"""Game terms used by several cards, explained once (inspector notes, card list intro)."""

_RETURN = "return an opposing card (printed cost 7 or less) to its owner's hand"
_FARM = (
    "While in play (tapped or not) it adds one bonus die to your energy roll. While your "
    "opponent holds Army Dominance this die is stolen unless one of your Defenses guards it."
)
_WALLS = (
    "Guards one of your stealable bonus dice from being stolen. When an opposing land pursuit "
    "hits you, it destroys one of your Defenses instead of taking its second counter."
)
_WONDER = (
    f"Wonder: played face down for 5 (hidden, no effect, no points), then turned face up "
    f"for {FLIP_COST}."
)

EFFECTS: dict[tuple[str, str], str] = {
    # ---------------------------------------------------------------- Rome (IMP-9.x)
    ("roman", "legion"): "Tap and pay 5: land attack.",
    ("roman", "catapult"): (
        "Tap and pay 6: land attack in which the opponent counts as having no Defenses, so a "
        "pursuit gives 2 army counters. Afterwards destroy one opposing Defense (a Fort must go "
        "first), even if the attack just took dominance."
    ),
    ("roman", "praetorian"): (
        f"When it enters play, {_RETURN}. Tap and pay 7: land attack (as Legion)."
    ),
    ("roman", "farm"): _FARM,
    ("roman", "granary"): (
        f"{_FARM} When you sell you may tap this Granary instead of discarding a card from "
        "your hand; that is still your one sell of the turn."
    ),
    ("roman", "walls"): _WALLS,
    ("roman", "fort"): (
        "Guards one of your stealable bonus dice. Whenever one of your Defenses must be "
        "destroyed and the Fort is in play, the Fort is the one. A destroyed Fort comes back "
        "to your hand, and you then discard one card of your choice (the Fort may be it)."
    ),
    ("roman", "caravan"): "Single use: draw 2 cards, then it goes to your discard pile.",
    ("roman", "barracks"): (
        "Single use: draw 2 cards, then take a Legion from your discard pile into your hand "
        "(if there is one). Then it goes to your discard pile."
    ),
    ("roman", "galley"): "Tap and pay 5: naval attack.",
    ("roman", "corvus"): "Tap and pay 6: naval attack (as Galley), then draw 1 card.",
    ("roman", "republic"): (
        "Playable only while you have 5 or more dice-increasing cards in your play area "
        "(Farm, Granary, Cicero; stolen dice do not matter). Playing it wins the game."
    ),
    ("roman", "principatus"): (
        "Playable only while you hold Army Dominance and have 4 or more Army cards in your "
        "play area (tapped ones count). Playing it wins the game."
    ),
    ("roman", "caesar"): (
        f"When he enters play, first {_RETURN}, then make a land attack. Worth 1/4 point."
    ),
    ("roman", "cicero"): (
        "When he enters play, recover 1 card. While in play he adds one bonus die that can "
        "never be stolen. Worth 1/4 point."
    ),
    ("roman", "hadrians_wall"): (
        f"{_WONDER} Face up: your opponent's Army cards cost 2 more to tap (not to play, and "
        "not the attacks of Great Persons). Worth 1/4 point face up."
    ),
    ("roman", "trajans_column"): (
        f"{_WONDER} Face up: whenever you take a dominance you did not hold, you also gain "
        "one counter of that kind (army or navy); pursuits do not trigger it. Worth 1/4 point "
        "face up."
    ),
    ("roman", "colosseum"): (
        f"{_WONDER} Face up: in your energy phase you may reroll all your dice as often as "
        "you like, but each reroll uses one die fewer (you need 2 dice to reroll). Worth 1/4 "
        "point face up."
    ),
    ("roman", "temple_of_janus"): (
        f"{_WONDER} Face up: whenever you put an Army or Navy card into play (paid or free), "
        "draw 1 card after its own effect. Worth 1/4 point face up."
    ),
    # ---------------------------------------------------------------- Greece (IMP-10.x)
    ("greek", "hoplite"): "Tap and pay 5, or 6 while you already hold Army Dominance: land attack.",
    ("greek", "cavalry"): "Tap and pay 6: land attack (as Hoplite), then draw 1 card.",
    ("greek", "farm"): _FARM,
    ("greek", "orchard"): (
        f"{_FARM} Tap and pay 5: draw 2 cards (a tapped Orchard still gives its die)."
    ),
    ("greek", "walls"): _WALLS,
    ("greek", "trader"): (
        "Single use: draw 2 cards, then put the top card of your deck face up on your "
        "discard pile. Then it goes to your discard pile."
    ),
    ("greek", "port"): (
        "Single use: draw 2 cards, then put one card from your discard pile on top of your "
        "deck (both players know which). Then it goes to your discard pile."
    ),
    ("greek", "trireme"): (
        "Tap and pay 5: naval attack. Also, free during your action phase: scuttle it (tapped "
        "or not) to your discard pile, from where a recover can bring it back fresh."
    ),
    ("greek", "heavy_galley"): (f"Tap and pay 6: naval attack (as Trireme), then {_RETURN}."),
    ("greek", "fire_raft"): (
        "Tap and pay 4: naval attack (as Trireme). If it is untapped when the opponent makes "
        "a naval attack, it escapes back to your hand before the attack does anything else."
    ),
    ("greek", "democracy"): (
        "Playable only while you hold Navy Dominance and have 4 or more Navy cards in your "
        "play area (tapped ones count). Playing it wins the game."
    ),
    ("greek", "oligarchy"): (
        "Playable only while you hold Navy Dominance and have 3 or more Great Persons in your "
        "play area. Playing it wins the game. The Parthenon does not make it cheaper."
    ),
    ("greek", "alexander"): (
        "When he enters play, make a land attack; then you may put one Army card from your "
        "hand into play for free (it can still tap this turn). Worth 1/6 point."
    ),
    ("greek", "aristotle"): "When he enters play, draw 4 cards. Worth 1/6 point.",
    ("greek", "archimedes"): (
        "When he enters play, make a naval attack; then you may put one Navy card from your "
        "hand into play for free. Worth 1/6 point."
    ),
    ("greek", "pericles"): (
        "When he enters play, either put a Wonder from your hand into play face up for free, "
        "or turn one of your face-down Wonders face up for free. Worth 1/6 point."
    ),
    ("greek", "homeros"): (
        "When he enters play you get 3 Homeros charges for the rest of this turn: each one "
        "makes the play or tap cost of one Army or Navy card 0. Worth 1/6 point. (With the "
        "Homeros rule option set to three_turns: instead, on up to 3 of your turns, declare all "
        "Army/Navy costs 0 for the turn.)"
    ),
    ("greek", "great_lighthouse"): (
        f"{_WONDER} Face up: in your energy phase you may reroll all your dice as often as "
        "you like, discarding one card from your hand for each reroll. Worth 1/6 point face "
        "up."
    ),
    ("greek", "colossus"): (
        f"{_WONDER} Face up: adds one bonus die that can never be stolen. Worth 1/6 point face up."
    ),
    ("greek", "parthenon"): (
        f"{_WONDER} Face up: your Great Persons cost 1 less to play (11 instead of 12); not "
        "Governments, Wonders or flips. Worth 1/6 point face up."
    ),
}


def card_of(deck: str, card_id: str) -> Card | None:
    """The card ``card_id`` of ``deck`` ("roman"/"greek"), or None if unknown."""
    return DECK_CARDS.get(deck, {}).get(card_id)


def effect(card: Card) -> str:
    """The full effect of ``card`` in plain words."""
    return EFFECTS.get((card.deck, card.id), card.text or card.ability)


def points_text(card: Card) -> str:
    """ "1/4", "1/6" or "—"."""
    if not card.points:
        return "—"
    return f"{card.points.numerator}/{card.points.denominator}"


def cost_text(card: Card) -> str:
    """Play cost, with the flip cost for Wonders ("5, flip 8")."""
    return f"{card.cost}, flip {FLIP_COST}" if card.category == WONDER else str(card.cost)


def tap_text(card: Card) -> str:
    """The tap ability as "5: land attack", Granary's sell tap, or "—"."""
    if card.id == "hoplite":  # its tap cost rises while you hold Army Dominance
        return f"{card.tap_cost} (6 while you hold Army Dominance): {card.ability}"
    if card.tap_cost is not None:
        return f"{card.tap_cost}: {card.ability}" if card.ability else str(card.tap_cost)
    if card.id == "granary":
        return "0: sell without discarding"
    return "—"


def category_text(card: Card) -> str:
    """ "Army", "Merchant (single use)", ..."""
    name = CATEGORY_NAMES[card.category]
    return f"{name} (single use)" if card.category == MERCHANT else name


def keywords_in(text: str) -> list[str]:
    """The :data:`KEYWORDS` that ``text`` uses, in table order."""
    low = text.lower()
    return [k for k in KEYWORDS if k in low]


def card_markdown(card: Card, state: str = "") -> str:
    """Inspector markdown of one card; ``state`` is a sentence about where it is now."""
    dice = ""
    if card.dice_bonus != "none":
        kind = "unstealable" if card.dice_bonus == UNSTEALABLE else "stealable"
        dice = f"\n- Bonus die: +1 ({kind})"
    text = effect(card)
    lines = [
        f"## {card.name}",
        "",
        f"**{CIVILIZATION[card.deck]}** · {category_text(card)} · "
        f"{card.count} in the deck · rule {card.rule}",
        "",
        f"- Play cost: {cost_text(card)}",
        f"- Tap ability: {tap_text(card)}",
        f"- Points: {points_text(card)}{dice}",
        "",
        text,
    ]
    for k in keywords_in(text):
        lines += ["", f"*{k.capitalize()}:* {KEYWORDS[k]}"]
    if state:
        lines += ["", f"**Now:** {state}"]
    return "\n".join(lines)


def hidden_wonder_markdown(civ: str) -> str:
    """Inspector markdown of an opposing face-down Wonder (its identity is hidden)."""
    return "\n".join(
        [
            "## A face-down Wonder (identity hidden)",
            "",
            f"**{civ}** paid 5 to start building a Wonder. Face down it has no effect and "
            "gives no points; its owner can turn it face up for 8 energy (or for free with "
            "Pericles).",
            "",
            "It can be sent back to hand by a return effect (printed cost 5), and then its "
            "identity stays hidden.",
        ]
    )


def card_list_markdown() -> str:
    """The card list of both decks as markdown, for the Rules screen."""
    out = [
        "# iMperium card list",
        "",
        "**Cost** is the energy to play a card (a Wonder: 5 to play it face down, 8 more to "
        "turn it face up). **Tap** is the energy to use its tap ability; the card then stays "
        "tapped for as long as it is in play. **Points** count only while the card is face up "
        "in your play area; 1 point wins.",
        "",
    ]
    out += [f"- **{k.capitalize()}:** {v}" for k, v in KEYWORDS.items()]
    for deck, cards in DECKS.items():
        total = sum(c.count for c in cards)
        out += ["", f"## {CIVILIZATION[deck]} ({deck.title()} deck, {total} cards)", ""]
        for c in cards:
            facts = [f"×{c.count}", CATEGORY_NAMES[c.category], f"cost {cost_text(c)}"]
            if c.tap_cost is not None:
                facts.append(f"tap {c.tap_cost}")
            if c.points:
                facts.append(f"{points_text(c)} point")
            out += [f"- **{c.name}** · {' · '.join(facts)}  ", f"  {effect(c)}", ""]
    return "\n".join(out).rstrip() + "\n"
