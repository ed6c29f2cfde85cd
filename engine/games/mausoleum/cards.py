"""Mausoleum cards (MAU-1): the 54 printed cards and their second-deck copies.

Data comes from ``cards_data.py`` (generated from ``shared/data/mausoleum/cards.json``). A card
is an int: its printed number 1-54, or printed number + 100 for the second deck (MAU-1.10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards_data import CARDS as _RAW
from .cards_data import HAND_SIZE

HEIR, ACCIDENT, GRAVE, EVENT = "heir", "accident", "grave", "event"

SHORT: dict[str, str] = {
    "well_to_do_aunt": "Aunt",
    "clever_nephew": "Nephew",
    "black_sheep": "Sheep",
    "beloved_husband": "Husband",
    "long_lost_uncle": "Uncle",
    "petulant_brat": "Brat",
    "meddling_cousin": "Cousin",
    "bumbling_gardener": "Gardener",
    "loving_grandfather": "Grandpa",
    "clever_niece": "Niece",
    "adoring_wife": "Wife",
    "grumpy_dowager": "Dowager",
    "croquet_accident": "Croquet",
    "auto_trouble": "Auto",
    "lost_in_the_hedge_maze": "Maze",
    "tumble_down_the_stairs": "Stairs",
    "poisoned_punch": "Punch",
    "falling_chandelier": "Chandelier",
    "hunting_mishap": "Hunting",
    "boating_accident": "Boating",
    "h_bomb": "HBomb",
    "botched_kidnapping": "Kidnap",
    "simple_headstone": "Simple",
    "carved_headstone": "Carved",
    "weeping_angel": "Angel",
    "marble_cross": "Cross",
    "stone_obelisk": "Obelisk",
    "bronze_statue": "Statue",
    "family_crypt": "Crypt",
    "marble_sarcophagus": "Sarcophagus",
    "gothic_chapel": "Chapel",
    "on_holiday": "Holiday",
    "doozy": "Doozy",
    "misplaced": "Misplaced",
}
"""Short names used by scenarios (MAU-15.1), by card key."""


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("-", "_")).strip("_")


@dataclass(frozen=True, slots=True)
class Card:
    """One card (MAU-1.4 to 1.7).

    Attributes:
        id: printed number 1-54 (second deck: +100).
        key: snake-case name key (``"grumpy_dowager"``; MAU-1.4 "Key" column).
        name: English title.
        short: scenario short name (MAU-15.1), e.g. ``"Dowager"``.
        kind: ``heir``, ``accident``, ``grave`` or ``event``.
        value: $m (heirs and graves; 0 otherwise).
        effect: ``effect.type`` from cards.json (MAU-1.8) or ``""`` for a plain heir.
        text: the effect text from cards.json (our short wording).
        name_provenance, value_provenance: "FOUND: …" / "RECONSTRUCTED: …" from cards.json.
    """

    id: int
    key: str
    name: str
    short: str
    kind: str
    value: int
    effect: str
    text: str
    name_provenance: str
    value_provenance: str


def _build() -> dict[int, Card]:
    out: dict[int, Card] = {}
    for raw in _RAW:
        key = _key(raw["name"])
        for base in (0, 100):
            cid = raw["id"] + base
            out[cid] = Card(
                cid,
                key,
                raw["name"],
                SHORT[key],
                raw["kind"],
                int(raw["value"]),
                raw["effect"],
                raw["text"],
                raw["name_provenance"],
                raw["value_provenance"],
            )
    return out


CARDS: dict[int, Card] = _build()
"""Every card by id: 1-54 and the second deck's 101-154 (MAU-1.10)."""

FIRST_DECK: tuple[int, ...] = tuple(range(1, 55))
GRAVES: tuple[int, ...] = tuple(range(37, 46))
"""The first deck's graves, the default shop (MAU-2.2)."""


def card(cid: int) -> Card:
    """The card with id ``cid``. Raises KeyError for an unknown id."""
    return CARDS[cid]


def kind(cid: int) -> str:
    """The kind of card ``cid`` (MAU-1.2)."""
    return CARDS[cid].kind


def effect(cid: int) -> str:
    """The effect type of card ``cid`` (MAU-1.8)."""
    return CARDS[cid].effect


def value(cid: int) -> int:
    """The printed value of card ``cid`` in $m (heirs and graves; 0 for others)."""
    return CARDS[cid].value


def is_heir(cid: int) -> bool:
    """True for heirs (cards 1-18 and their copies)."""
    return CARDS[cid].kind == HEIR


def label(cid: int) -> str:
    """Player-facing name with value where it has one: ``"Long-Lost Uncle ($5m)"``."""
    c = CARDS[cid]
    if c.kind in (HEIR, GRAVE):
        return f"{c.name} (${c.value}m)"
    return c.name


def tag(cid: int) -> str:
    """Scenario notation ``Short#id`` (MAU-15.1), e.g. ``"Uncle#5"``."""
    return f"{CARDS[cid].short}#{cid}"


def parse_tag(text: str | int) -> int:
    """A card id from an int, ``"5"``, ``"#5"`` or ``"Uncle#5"``. The short name, if given,
    must match the id. Raises ValueError otherwise."""
    if isinstance(text, int):
        if text not in CARDS:
            raise ValueError(f"unknown card {text}")
        return text
    s = str(text).strip()
    name, _, num = s.rpartition("#")
    if not num.isdigit():
        raise ValueError(f"bad card {text!r} (want an id or Name#id)")
    cid = int(num)
    if cid not in CARDS:
        raise ValueError(f"unknown card {text!r}")
    if name and name.lower() not in (CARDS[cid].short.lower(), CARDS[cid].key):
        raise ValueError(f"card {text!r}: #{cid} is {CARDS[cid].short}")
    return cid


def hand_size(seats: int) -> int:
    """Cards dealt to each player (MAU-2.4): 5/5/4/3 for 2/3/4/5 seats, 5 for 6-10."""
    return HAND_SIZE.get(seats, 5)


__all__ = [
    "ACCIDENT",
    "CARDS",
    "EVENT",
    "FIRST_DECK",
    "GRAVE",
    "GRAVES",
    "HEIR",
    "Card",
    "card",
    "effect",
    "hand_size",
    "is_heir",
    "kind",
    "label",
    "parse_tag",
    "tag",
    "value",
]
