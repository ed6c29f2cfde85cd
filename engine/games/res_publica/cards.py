"""Res Publica card data: the 10 card types, the spec kinds and the score cards.

Provenance: transcribed by hand from ``shared/rules/res_publica.md`` RP-1.2 (people, 5 types x
12), RP-1.3 (civilization, 5 types x 12) and RP-1.4 (10 cities worth 9, 8, 8, 7, 7, 6, 6, 5, 5,
4; 10 settlements worth 3), which restate ``shared/seeds/res_publica.txt``. Kept as Python data
because file I/O under ``engine/`` is only allowed in ``engine/journal.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

PEOPLE = "PEOPLE"
CIVILIZATION = "CIVILIZATION"


@dataclass(frozen=True, slots=True)
class CardType:
    """One of the 10 card types (RP-1.2/1.3).

    Attributes:
        index: 0..9, the order used in hands (lists of 10 counts) and the canonical kind order.
        id: rulings id ("GOTHS"); code: two-letter code used in choice ids ("GO").
        name: plural display name ("Goths"); singular: "Goth" (civilizations: same as name).
        category: PEOPLE or CIVILIZATION.
    """

    index: int
    id: str
    code: str
    name: str
    singular: str
    category: str


TYPES: tuple[CardType, ...] = (
    CardType(0, "ANGLO_SAXONS", "AS", "Anglo-Saxons", "Anglo-Saxon", PEOPLE),
    CardType(1, "GOTHS", "GO", "Goths", "Goth", PEOPLE),
    CardType(2, "HUNS", "HU", "Huns", "Hun", PEOPLE),
    CardType(3, "LOMBARDS", "LO", "Lombards", "Lombard", PEOPLE),
    CardType(4, "VIKINGS", "VI", "Vikings", "Viking", PEOPLE),
    CardType(5, "ARCHITECTURE", "AR", "Architecture", "Architecture", CIVILIZATION),
    CardType(6, "CHEMISTRY", "CH", "Chemistry", "Chemistry", CIVILIZATION),
    CardType(7, "COMMERCE", "CO", "Commerce", "Commerce", CIVILIZATION),
    CardType(8, "METALWORK", "ME", "Metalwork", "Metalwork", CIVILIZATION),
    CardType(9, "SHIPBUILDING", "SH", "Shipbuilding", "Shipbuilding", CIVILIZATION),
)
NT = len(TYPES)
PEOPLE_TYPES = tuple(range(5))
CIV_TYPES = tuple(range(5, 10))
COPIES = 12
"""Cards per type (RP-1.2/1.3)."""
SET_SIZE = 5
"""Cards in a displayed set (RP-6.1)."""

BY_ID = {t.id: t.index for t in TYPES}
BY_CODE = {t.code: t.index for t in TYPES}
CODES = tuple(t.code for t in TYPES)

# Kinds (RP-5.2): the 10 types (kind index = type index), then the generic kinds.
K_PEOPLE, K_CIV, K_ANY, K_PAIR = 10, 11, 12, 13
NK = 14
KIND_IDS = (*(t.id for t in TYPES), "PEOPLE", "CIVILIZATION", "ANY", "PAIR")
KIND_CODES = (*CODES, "PEO", "CIV", "ANY", "PAIR")
KIND_BY_ID = {k: i for i, k in enumerate(KIND_IDS)}
KIND_BY_CODE = {k: i for i, k in enumerate(KIND_CODES)}


def kind_types(kind: int) -> tuple[int, ...]:
    """The type indices a card of ``kind`` may have (all 10 for ANY and PAIR)."""
    if kind < NT:
        return (kind,)
    if kind == K_PEOPLE:
        return PEOPLE_TYPES
    if kind == K_CIV:
        return CIV_TYPES
    return tuple(range(NT))


CITY_VALUES: tuple[int, ...] = (9, 8, 8, 7, 7, 6, 6, 5, 5, 4)
"""The city stack from the top (RP-1.4, RP-2.1)."""
SETTLEMENT_VALUE = 3
SETTLEMENT_COUNT = 10
HAND_DEAL = 4
"""People cards dealt to each player (RP-2.4)."""


def type_index(name: str) -> int:
    """A type index from its code ("GO"), id ("GOTHS") or display name ("Goths").

    Raises ValueError for anything else.
    """
    key = name.strip()
    up = key.upper()
    if up in BY_CODE:
        return BY_CODE[up]
    if up in BY_ID:
        return BY_ID[up]
    for t in TYPES:
        if key.lower() in (t.name.lower(), t.singular.lower()):
            return t.index
    raise ValueError(f"unknown card type {name!r}")
