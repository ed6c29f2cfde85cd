"""iMperium card data: the Roman and Greek decks (IMP-1.10, IMP-1.11, card rules IMP-9.x/10.x).

Static, frozen data built once at import. A card *instance* in a game state is an int
``seat * 100 + i`` where ``i`` indexes :func:`expanded` of that seat's deck (README "State").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

# Categories (IMP-1.9).
ARMY = "army"
NAVY = "navy"
FARM = "farm"
DEFENSE = "defense"
MERCHANT = "merchant"
GOVERNMENT = "government"
GREAT_PERSON = "great_person"
WONDER = "wonder"

CATEGORY_NAMES = {
    ARMY: "Army",
    NAVY: "Navy",
    FARM: "Farm",
    DEFENSE: "Defense",
    MERCHANT: "Merchant",
    GOVERNMENT: "Government",
    GREAT_PERSON: "Great Person",
    WONDER: "Wonder",
}

# Dice bonus kinds (IMP-4.2).
NONE = "none"
STEALABLE = "stealable"
UNSTEALABLE = "unstealable"

ROMAN_DECK = "roman"
GREEK_DECK = "greek"
DECK_NAMES = (ROMAN_DECK, GREEK_DECK)
CIVILIZATION = {ROMAN_DECK: "Rome", GREEK_DECK: "Greece"}

FLIP_COST = 8  # IMP-5.5, never modified
GOVERNMENT_COST = 11  # IMP-5.8, never modified


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card (IMP-1.12).

    Attributes:
        id: card id ("legion"); "farm" and "walls" exist in both decks with the same rules.
        name: English display name.
        deck: "roman" or "greek".
        count: copies in the deck.
        category: one of the category constants (IMP-1.9).
        cost: printed play cost.
        tap_cost: printed tap cost, or None without a tap ability (Granary's sell tap is None).
        points: Fraction (0 if none), IMP-7.13.
        single_use: Merchant cards (IMP-7.5).
        dice_bonus: NONE / STEALABLE / UNSTEALABLE (IMP-4.2).
        is_defense: Walls and Fort (IMP-4.3).
        rule: the card's rule ID.
        ability: short text of the tap ability ("land attack"), "" if none.
        text: one-line summary for the UI.
    """

    id: str
    name: str
    deck: str
    count: int
    category: str
    cost: int
    tap_cost: int | None
    points: Fraction
    single_use: bool
    dice_bonus: str
    is_defense: bool
    rule: str
    ability: str
    text: str

    @property
    def pts12(self) -> int:
        """Points in twelfths (1/4 = 3, 1/6 = 2): integer arithmetic for fast victory checks."""
        return int(self.points * 12)


def _c(
    rule: str,
    cid: str,
    name: str,
    deck: str,
    count: int,
    cat: str,
    cost: int,
    tap: int | None = None,
    points: Fraction = Fraction(0),
    bonus: str = NONE,
    ability: str = "",
    text: str = "",
) -> Card:
    return Card(
        id=cid,
        name=name,
        deck=deck,
        count=count,
        category=cat,
        cost=cost,
        tap_cost=tap,
        points=points,
        single_use=cat == MERCHANT,
        dice_bonus=bonus,
        is_defense=cat == DEFENSE,
        rule=rule,
        ability=ability,
        text=text,
    )


_R = ROMAN_DECK
_G = GREEK_DECK
_Q = Fraction(1, 4)
_S = Fraction(1, 6)

ROMAN: tuple[Card, ...] = (
    _c("IMP-9.1", "legion", "Legion", _R, 5, ARMY, 5, 5, ability="land attack"),
    _c(
        "IMP-9.2",
        "catapult",
        "Catapult",
        _R,
        1,
        ARMY,
        6,
        6,
        ability="land attack ignoring Defenses, then destroy a Defense",
    ),
    _c(
        "IMP-9.3",
        "praetorian",
        "Praetorian",
        _R,
        1,
        ARMY,
        7,
        7,
        ability="land attack",
        text="On enter: return an opposing card (cost 7 or less) to hand",
    ),
    _c("IMP-9.4", "farm", "Farm", _R, 8, FARM, 4, bonus=STEALABLE, text="+1 stealable die"),
    _c(
        "IMP-9.5",
        "granary",
        "Granary",
        _R,
        1,
        FARM,
        5,
        bonus=STEALABLE,
        text="+1 stealable die; tap to sell without discarding",
    ),
    _c("IMP-9.6", "walls", "Walls", _R, 3, DEFENSE, 4, text="Protects 1 bonus die"),
    _c(
        "IMP-9.7",
        "fort",
        "Fort",
        _R,
        1,
        DEFENSE,
        5,
        text="Protects 1 bonus die; destroyed first, returns to hand, then discard 1",
    ),
    _c("IMP-9.8", "caravan", "Caravan", _R, 4, MERCHANT, 5, text="Draw 2"),
    _c("IMP-9.9", "barracks", "Barracks", _R, 1, MERCHANT, 6, text="Draw 2, recover a Legion"),
    _c("IMP-9.10", "galley", "Galley", _R, 4, NAVY, 5, 5, ability="naval attack"),
    _c("IMP-9.11", "corvus", "Corvus", _R, 1, NAVY, 6, 6, ability="naval attack, draw 1"),
    _c(
        "IMP-9.12",
        "republic",
        "Republic",
        _R,
        1,
        GOVERNMENT,
        11,
        text="Needs 5 dice-increase cards in play; wins",
    ),
    _c(
        "IMP-9.13",
        "principatus",
        "Principatus",
        _R,
        1,
        GOVERNMENT,
        11,
        text="Needs 4 Army cards in play and Army Dominance; wins",
    ),
    _c(
        "IMP-9.14",
        "caesar",
        "Caesar",
        _R,
        1,
        GREAT_PERSON,
        12,
        points=_Q,
        text="On enter: return an opposing card (cost 7 or less), then land attack",
    ),
    _c(
        "IMP-9.15",
        "cicero",
        "Cicero",
        _R,
        1,
        GREAT_PERSON,
        12,
        points=_Q,
        bonus=UNSTEALABLE,
        text="On enter: recover 1; +1 unstealable die",
    ),
    _c(
        "IMP-9.16",
        "hadrians_wall",
        "Hadrian's Wall",
        _R,
        1,
        WONDER,
        5,
        points=_Q,
        text="Opponent's Army tap costs +2",
    ),
    _c(
        "IMP-9.17",
        "trajans_column",
        "Trajan's Column",
        _R,
        1,
        WONDER,
        5,
        points=_Q,
        text="+1 counter when you gain a dominance",
    ),
    _c(
        "IMP-9.18",
        "colosseum",
        "The Colosseum",
        _R,
        1,
        WONDER,
        5,
        points=_Q,
        text="Reroll energy, one die fewer each time",
    ),
    _c(
        "IMP-9.19",
        "temple_of_janus",
        "The Temple of Janus",
        _R,
        1,
        WONDER,
        5,
        points=_Q,
        text="Draw 1 when you put an Army or Navy card into play",
    ),
)

GREEK: tuple[Card, ...] = (
    _c(
        "IMP-10.1",
        "hoplite",
        "Hoplite",
        _G,
        5,
        ARMY,
        5,
        5,
        ability="land attack",
        text="Tap cost +1 while you hold Army Dominance",
    ),
    _c("IMP-10.2", "cavalry", "Cavalry", _G, 1, ARMY, 6, 6, ability="land attack, draw 1"),
    _c("IMP-10.3", "farm", "Farm", _G, 8, FARM, 4, bonus=STEALABLE, text="+1 stealable die"),
    _c(
        "IMP-10.4",
        "orchard",
        "Orchard",
        _G,
        1,
        FARM,
        5,
        5,
        bonus=STEALABLE,
        ability="draw 2",
        text="+1 stealable die",
    ),
    _c("IMP-10.5", "walls", "Walls", _G, 3, DEFENSE, 4, text="Protects 1 bonus die"),
    _c(
        "IMP-10.6",
        "trader",
        "Trader",
        _G,
        4,
        MERCHANT,
        5,
        text="Draw 2, then your deck's top card goes to your discard",
    ),
    _c(
        "IMP-10.7",
        "port",
        "Port",
        _G,
        1,
        MERCHANT,
        5,
        text="Draw 2, then put a discarded card on top of your deck",
    ),
    _c(
        "IMP-10.8",
        "trireme",
        "Trireme",
        _G,
        4,
        NAVY,
        5,
        5,
        ability="naval attack",
        text="Free: scuttle it to your discard",
    ),
    _c(
        "IMP-10.9",
        "heavy_galley",
        "Heavy Galley",
        _G,
        1,
        NAVY,
        6,
        6,
        ability="naval attack, then return an opposing card (cost 7 or less)",
    ),
    _c(
        "IMP-10.10",
        "fire_raft",
        "Fire Raft",
        _G,
        1,
        NAVY,
        4,
        4,
        ability="naval attack",
        text="Returns to hand when attacked by sea while untapped",
    ),
    _c(
        "IMP-10.11",
        "democracy",
        "Democracy",
        _G,
        1,
        GOVERNMENT,
        11,
        text="Needs Navy Dominance and 4 Navy cards in play; wins",
    ),
    _c(
        "IMP-10.12",
        "oligarchy",
        "Oligarchy",
        _G,
        1,
        GOVERNMENT,
        11,
        text="Needs Navy Dominance and 3 Great Persons in play; wins",
    ),
    _c(
        "IMP-10.13",
        "alexander",
        "Alexander",
        _G,
        1,
        GREAT_PERSON,
        12,
        points=_S,
        text="On enter: land attack, then free-play an Army card",
    ),
    _c(
        "IMP-10.14",
        "aristotle",
        "Aristotle",
        _G,
        1,
        GREAT_PERSON,
        12,
        points=_S,
        text="On enter: draw 4",
    ),
    _c(
        "IMP-10.15",
        "archimedes",
        "Archimedes",
        _G,
        1,
        GREAT_PERSON,
        12,
        points=_S,
        text="On enter: naval attack, then free-play a Navy card",
    ),
    _c(
        "IMP-10.16",
        "pericles",
        "Pericles",
        _G,
        1,
        GREAT_PERSON,
        12,
        points=_S,
        text="On enter: a Wonder from hand face up, or flip one, free",
    ),
    _c(
        "IMP-10.17",
        "homeros",
        "Homeros",
        _G,
        1,
        GREAT_PERSON,
        12,
        points=_S,
        text="On enter: 3 Army/Navy costs become 0 this turn",
    ),
    _c(
        "IMP-10.18",
        "great_lighthouse",
        "The Great Lighthouse",
        _G,
        1,
        WONDER,
        5,
        points=_S,
        text="Reroll energy by discarding a hand card",
    ),
    _c(
        "IMP-10.19",
        "colossus",
        "The Colossus",
        _G,
        1,
        WONDER,
        5,
        points=_S,
        bonus=UNSTEALABLE,
        text="+1 unstealable die",
    ),
    _c(
        "IMP-10.20",
        "parthenon",
        "The Parthenon",
        _G,
        1,
        WONDER,
        5,
        points=_S,
        text="Your Great Persons cost 1 less",
    ),
)

DECKS: dict[str, tuple[Card, ...]] = {ROMAN_DECK: ROMAN, GREEK_DECK: GREEK}
"""The distinct cards of each deck, in table order."""

DECK_CARDS: dict[str, dict[str, Card]] = {d: {c.id: c for c in cs} for d, cs in DECKS.items()}
"""Card by id within one deck."""

CARDS: dict[str, Card] = {}
"""Card by id over both decks ("farm" and "walls", identical in both, map to the Roman entry)."""
for _cs in (ROMAN, GREEK):
    for _card in _cs:
        CARDS.setdefault(_card.id, _card)


def expanded(deck: str) -> tuple[str, ...]:
    """The card ids of ``deck`` with every copy, in table order (38 Roman, 39 Greek)."""
    return _EXPANDED_IDS[deck]


_EXPANDED_IDS: dict[str, tuple[str, ...]] = {
    d: tuple(c.id for c in cs for _ in range(c.count)) for d, cs in DECKS.items()
}
EXPANDED_CARDS: dict[str, tuple[Card, ...]] = {
    d: tuple(DECK_CARDS[d][cid] for cid in ids) for d, ids in _EXPANDED_IDS.items()
}
"""Card objects of every copy, indexed like :func:`expanded` (instance ``i`` of a seat)."""
PTS12: dict[str, tuple[int, ...]] = {
    d: tuple(c.pts12 for c in cs) for d, cs in EXPANDED_CARDS.items()
}
"""Points in twelfths of every copy, indexed like :func:`expanded` (fast victory checks)."""

assert len(_EXPANDED_IDS[ROMAN_DECK]) == 38 and len(_EXPANDED_IDS[GREEK_DECK]) == 39


def name(cid: str) -> str:
    """Display name of a card id ("hadrians_wall" -> "Hadrian's Wall")."""
    return CARDS[cid].name
