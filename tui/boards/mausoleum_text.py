"""Player-facing card text for the Mausoleum board: short chip names, each card's effect in
plain words, the inspector markdown of one card, and the card list for the Rules screen.

Card data (names, kinds, values, effect types) comes from :mod:`engine.games.mausoleum.cards`
(generated from ``cards.json``); only the wording here is the UI's own, restating the rulings
MAU-1.4 to MAU-1.7, MAU-4 to MAU-9 for players (no rule IDs in player text).
"""

from __future__ import annotations

from engine.games.mausoleum.cards import ACCIDENT, CARDS, EVENT, GRAVE, HEIR, Card

SHOWN_SHORT: dict[str, str] = {"h_bomb": "H-Bomb", "botched_kidnapping": "Kidnapping"}
"""Chip names that differ from the engine's scenario short names (``Card.short``, MAU-15.1),
by card key: on the board there is room for the hyphen and the whole word."""

_KILL = (
    "Kill one heir at any party, yours or another player's. The victim goes to the morgue of "
    "that party's owner; if that morgue already holds 4 heirs, it is discarded instead. A Clever "
    "or Meddling protection stops it; a Doozy on the heir is used up instead."
)

EFFECTS: dict[str, str] = {
    "": "No special ability: just an inheritance.",
    "protected_clever": (
        "Cannot be killed while the party also holds an heir who is not a Clever Nephew or "
        "Clever Niece. Alone, or only with Clever heirs, he or she can be killed."
    ),
    "black_sheep": (
        "A payment with a Black Sheep may hold only Black Sheep: one pays for a $3m grave, two "
        "for up to $6m. Your other morgue heirs can still pay without it."
    ),
    "couple": (
        "The Beloved Husband and the Adoring Wife are worth $2m each, but spent on the same "
        "grave each counts $2m more: together they pay $8m."
    ),
    "meddling": (
        "While she is at a party, no other heir at that party can be killed (On Holiday still "
        "works). Meddling Cousins do not protect each other."
    ),
    "gardener": (
        "Worth nothing, but may be spent with other heirs to free a morgue place. While he sits "
        "at a party, its owner's mausoleum counts $2m less (never below $0)."
    ),
    "dowager": (
        "While she is at a party, nobody may invite any heir to that party except another Grumpy "
        "Dowager. She can still be killed, sent On Holiday or given a Doozy."
    ),
    "kill": _KILL,
    "kill_all": (
        "Every heir that can be killed, at every party, dies at once. Protected heirs survive "
        "(even if their protector dies), and a Doozy saves its heir once. Victims go to their "
        "owners' morgues; when a morgue overflows, its owner chooses the order and the rest "
        "are discarded."
    ),
    "kidnap": (
        "Kill one heir at any party: the victim goes to YOUR morgue, whoever's party it was at "
        "(discarded if your morgue is full). Protections and Doozies work as for any kill."
    ),
    "grave": (
        "Buy it on a Buy & Bury turn with heirs from your own morgue worth at least its value "
        "(no change is given). It stays in your mausoleum for good and counts toward winning."
    ),
    "holiday": (
        "Discard one heir from any party. Protections do not stop it, nor does a Doozy (the "
        "Doozy is discarded too)."
    ),
    "doozy": (
        "Attach it to one heir at any party that has no Doozy yet. The next time that heir would "
        "be killed, the Doozy is discarded instead and the heir stays. It does not stop On "
        "Holiday."
    ),
    "misplaced": "Discard one heir from any morgue, yours included.",
}
"""Each effect type (cards.json ``effect.type``) in plain words."""

KIND_NAMES = {HEIR: "Heir", ACCIDENT: "Accident", GRAVE: "Grave", EVENT: "Event"}


def card(cid: int) -> Card | None:
    """The card ``cid``, or None for an unknown id."""
    return CARDS.get(cid) if isinstance(cid, int) else None


def short(cid: int) -> str:
    """The compact chip name: ``"Uncle"``, ``"H-Bomb"`` (the card's short name from the engine's
    card data, but for :data:`SHOWN_SHORT`); "?" for an unknown id."""
    c = card(cid)
    return SHOWN_SHORT.get(c.key, c.short) if c else "?"


def name(cid: int) -> str:
    """The full card name: ``"Long-Lost Uncle"``; "?" for an unknown id."""
    c = card(cid)
    return c.name if c else "?"


def has_value(cid: int) -> bool:
    """True for heirs and graves (the cards with a $ value)."""
    c = card(cid)
    return c is not None and c.kind in (HEIR, GRAVE)


def effect_text(c: Card) -> str:
    """The card's effect in plain words."""
    return EFFECTS.get(c.effect, "")


def card_markdown(cid: int, where: str = "", notes: list[str] | None = None) -> str | None:
    """Inspector markdown of card ``cid``: name, kind and value, effect, then ``where`` it is and
    ``notes`` on its state (Doozy, protection). None for an unknown id."""
    c = card(cid)
    if c is None:
        return None
    kind = KIND_NAMES.get(c.kind, c.kind)
    head = f"{kind} · ${c.value}m" if c.kind in (HEIR, GRAVE) else kind
    if c.kind == ACCIDENT and c.effect == "kill":
        head += " (all sixteen plain accidents work the same way)"
    out = [f"# {c.name}", "", f"*{head}*", "", effect_text(c)]
    if where:
        out += ["", where]
    for note in notes or []:
        out += ["", note]
    return "\n".join(out)


def pile_markdown(pile: list[int], mark: int | None = None) -> str:
    """The whole discard pile as markdown, top first (every card in it is public): a heading
    line and one numbered item per card, the card at pile index ``mark`` in bold."""
    out = [f"The discard pile, top first ({len(pile)} card{'s' if len(pile) != 1 else ''}):", ""]
    for k, i in enumerate(reversed(range(len(pile)))):
        c = card(pile[i])
        label = name(pile[i])
        if c is not None and has_value(pile[i]):
            label += f" ${c.value}m"
        if i == mark:
            label = f"**{label}**"
        out.append(f"{k + 1}. {label}" + (" (top)" if k == 0 else ""))
    return "\n".join(out)


def card_list_markdown() -> str:
    """The card list of the deck as markdown (Rules screen): heirs, accidents, events, graves,
    with how many copies of each (one deck; six or more players add a second copy of all)."""
    groups: dict[str, dict[str, list[Card]]] = {HEIR: {}, ACCIDENT: {}, EVENT: {}, GRAVE: {}}
    for c in sorted(CARDS.values(), key=lambda c: c.id):
        if c.id > 100:
            continue
        groups[c.kind].setdefault(c.key, []).append(c)
    out = [
        "# Mausoleum cards",
        "",
        "One deck holds 18 heirs, 18 accidents, 9 events and 9 graves. With six or more players "
        "a second deck is shuffled in, so every card below comes twice as often.",
        "",
        "## Heirs",
        "",
        "Heirs are invited to parties, killed into morgues, and spent from your morgue on "
        "graves. An heir's value is what it pays.",
        "",
    ]
    for cards in sorted(groups[HEIR].values(), key=lambda cs: (-cs[0].value, cs[0].name)):
        c = cards[0]
        copies = f" ×{len(cards)}" if len(cards) > 1 else ""
        out.append(f"- **{c.name}** ${c.value}m{copies}: {effect_text(c)}")
    out += ["", "## Accidents", "", "Accidents kill heirs; the card is then discarded.", ""]
    plain = [cs[0].name for cs in groups[ACCIDENT].values() if cs[0].effect == "kill"]
    copies = sum(len(cs) for cs in groups[ACCIDENT].values() if cs[0].effect == "kill")
    out.append(
        f"- **{copies} plain accidents** ({', '.join(plain)}; two of each): {EFFECTS['kill']}"
    )
    for cs in groups[ACCIDENT].values():
        if cs[0].effect != "kill":
            out.append(f"- **{cs[0].name}**: {effect_text(cs[0])}")
    out += ["", "## Events", ""]
    for cs in groups[EVENT].values():
        out.append(f"- **{cs[0].name}** ×{len(cs)}: {effect_text(cs[0])}")
    out += ["", "## Graves", "", EFFECTS["grave"], ""]
    for cs in sorted(groups[GRAVE].values(), key=lambda cs: (cs[0].value, cs[0].id)):
        out.append(f"- **{cs[0].name}** ${cs[0].value}m")
    total = sum(cs[0].value for cs in groups[GRAVE].values())
    out += ["", f"The nine graves are worth ${total}m in all."]
    return "\n".join(out) + "\n"
