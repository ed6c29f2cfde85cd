"""The CardSpec grammar (RP-5.1, RP-5.2, RP-5.3, RP-5.4, RP-5.5, RP-5.6, RP-5.7, RP-5.8, RP-5.9,
RP-5.10) and its examples from sections 4, 5, 11 and 14.

Specs are written in the rulings' own text form (RP-5.1 EBNF, e.g. ``2 GOTHS AND 1 HUNS``) and
turned into the rulings' JSON representation (RP-5.8) by ``rp_helpers.spec_json`` without any
validation of ours, so the engine's validator alone decides. Satisfaction (RP-5.5) and
feasibility (RP-5.6) are checked on hand-made examples and, by hypothesis, against a brute-force
reading of RP-5.5 written here from the rulings' words.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rp_helpers import (
    CIV,
    KINDS,
    PEOPLE,
    TYPES,
    H,
    engine_can_fulfil,
    engine_parse_text,
    engine_satisfies,
    engine_valid,
    spec_json,
)

# Every example the rulings allow (RP-5.9 lists the seed's; the rest are from RP-4, RP-14 and
# the scenarios), plus the static limits of RP-5.3.
VALID = [
    "2 GOTHS AND 1 HUNS",  # RP-5.9 (seed trade rules)
    "2 ARCHITECTURE OR 3 PEOPLE",  # RP-5.9
    "1 METALWORK AND 2 ANY",  # RP-5.9, RP-A08
    "2 PAIR OR 3 CIVILIZATION",  # RP-5.9
    "3 CHEMISTRY OR 3 METALWORK",  # RP-5.9 (seed request), RP-S03
    "1 VIKINGS",  # RP-5.9 (seed request)
    "1 ANGLO_SAXONS AND 1 SHIPBUILDING",  # RP-5.9 (seed request)
    "1 HUNS",  # RP-5.9 (seed response)
    "2 ANGLO_SAXONS AND 2 COMMERCE",  # RP-5.9 (seed response)
    "2 SHIPBUILDING OR 2 ARCHITECTURE",  # RP-5.9 (seed response)
    "2 PAIR",  # RP-A07
    "3 PEOPLE",  # RP-S04
    "1 SHIPBUILDING AND 1 GOTHS",  # RP-S04
    "1 VIKINGS OR 2 HUNS",  # RP-S06
    "1 PEOPLE",  # RP-S07
    "2 CHEMISTRY",  # RP-S07
    "1 GOTHS AND 1 PEOPLE",  # different kinds (RP-5.3), a type and its category
    "1 PEOPLE OR 1 CIVILIZATION",
    "1 LOMBARDS AND 1 PAIR",  # RP-5.6 (term with PAIR)
    "12 GOTHS",  # RP-5.3: a card-type count is at most 12
    "60 ANY",  # RP-5.3: other counts at most 60
    "60 PEOPLE",
    "60 PAIR",
]

# Every example the rulings forbid, with the reason (RP-5.3, RP-5.9, RP-S05, RP-A09).
INVALID = [
    ("1 GOTHS AND 1 HUNS AND 1 ANGLO_SAXONS", "three terms"),
    ("1 GOTHS OR 1 HUNS OR 1 VIKINGS", "three terms"),
    ("1 GOTHS AND 1 HUNS OR 1 VIKINGS", "three terms, mixed connectors"),
    ("2 GOTHS AND 1 GOTHS", "same kind twice"),
    ("1 PAIR OR 2 PAIR", "same kind twice"),
    ("1 ANY AND 2 ANY", "same kind twice"),
    ("0 VIKINGS", "count 0"),
    ("1 GOTHS AND 0 HUNS", "count 0 in the second term"),
    ("1 SETTLEMENT", "not a kind (score card)"),
    ("1 CITY", "not a kind (score card)"),
    ("13 GOTHS", "card-type count above 12"),
    ("61 ANY", "count above 60"),
    ("61 CIVILIZATION", "count above 60"),
    ("61 PAIR", "count above 60"),
]

INVALID_TEXT_ONLY = [
    ("1 CIVILIZATION EXCEPT CHEMISTRY", "exclusion"),  # RP-5.9, RP-S05 (b)
    ("OFFER 1 GOTHS FOR 1 HUNS", "two modes"),  # RP-5.9, RP-S05 (c)
    ("-1 GOTHS", "negative count"),
    ("GOTHS", "no count"),
    ("1 GOTHS XOR 1 HUNS", "not a connector"),
    ("1 GOTHS AND", "missing term"),
    ("", "empty"),
]


@pytest.mark.parametrize("text", VALID)
def test_rp_5_9_valid_specs_accepted(text):
    """RP-5.1, RP-5.2, RP-5.3, RP-5.9: every example the rulings allow is a valid spec."""
    assert engine_valid(spec_json(text)), text


@pytest.mark.parametrize("text, why", INVALID, ids=[t for t, _ in INVALID])
def test_rp_5_3_invalid_specs_rejected(text, why):
    """RP-5.3, RP-5.9, RP-A09: every example the rulings forbid is refused by the validator."""
    assert not engine_valid(spec_json(text)), why


@pytest.mark.parametrize("text, why", INVALID_TEXT_ONLY, ids=[w for _, w in INVALID_TEXT_ONLY])
def test_rp_5_1_unparseable_text_rejected(text, why):
    """RP-5.1, RP-4.3, RP-S05 (b)(c): forms outside the grammar cannot be parsed."""
    with pytest.raises(ValueError):
        engine_parse_text(text)


@pytest.mark.parametrize("text", VALID)
def test_rp_5_1_valid_text_parses_to_the_json_form(text):
    """RP-5.1, RP-5.8: the rulings' text form parses to the same spec as its JSON form."""
    assert engine_parse_text(text) == engine_parse_text(text)  # deterministic
    got = engine_parse_text(text)
    want = spec_json(text)
    assert _canon(got) == _canon(want)


def _canon(spec: dict) -> tuple:
    """RP-5.8 canonical form: terms sorted by kind enum order (order of KINDS)."""
    terms = sorted((KINDS.index(t["kind"]), t["count"]) for t in spec["terms"])
    return (spec.get("op"), tuple(terms))


# --- satisfaction (RP-5.5) ------------------------------------------------------------------

SATISFY = [
    # spec, cards, satisfied?
    ("2 PAIR", "GO×4", True),  # RP-A07: two pairs may share a type
    ("2 PAIR", "GO×2, HU×2", True),
    ("2 PAIR", "GO×3, HU", False),
    ("2 PAIR", "GO×2, HU×2, VI", False),  # exact count
    ("1 METALWORK AND 2 ANY", "ME×3", True),  # RP-A08: "other" cards may be Metalwork
    ("1 METALWORK AND 2 ANY", "ME, GO, CH", True),
    ("1 METALWORK AND 2 ANY", "GO, CH, AR", False),
    ("1 METALWORK AND 2 ANY", "ME, GO", False),  # exact count
    ("3 CHEMISTRY OR 3 METALWORK", "ME×3", True),
    ("3 CHEMISTRY OR 3 METALWORK", "CH×3", True),
    ("3 CHEMISTRY OR 3 METALWORK", "CH×2, ME", False),  # RP-S03: alternatives do not mix
    ("2 GOTHS", "GO×3", False),  # RP-5.5: counts are exact
    ("2 GOTHS", "GO", False),
    ("3 PEOPLE", "LO×2, AS", True),  # RP-S04
    ("3 PEOPLE", "LO×2, CH", False),
    ("2 CIVILIZATION", "CH, SH", True),
    ("2 CIVILIZATION", "CH, GO", False),
    ("2 GOTHS AND 1 HUNS", "GO×2, HU", True),
    ("2 GOTHS AND 1 HUNS", "GO×3", False),
    ("1 GOTHS AND 1 PEOPLE", "GO×2", True),
    ("1 GOTHS AND 1 PEOPLE", "HU×2", False),
    ("2 ARCHITECTURE OR 3 PEOPLE", "AR×2", True),
    ("2 ARCHITECTURE OR 3 PEOPLE", "AR, GO, HU", False),
    ("2 ARCHITECTURE OR 3 PEOPLE", "GO, HU, VI", True),
    ("1 LOMBARDS AND 1 PAIR", "LO×3", True),
    ("1 LOMBARDS AND 1 PAIR", "LO, GO, HU", False),
]


@pytest.mark.parametrize("text, cards, ok", SATISFY, ids=[f"{t}|{c}" for t, c, _ in SATISFY])
def test_rp_5_5_satisfaction(text, cards, ok):
    """RP-5.5, RP-A07, RP-A08, RP-S03, RP-S04: a selection satisfies a spec exactly or not at
    all."""
    assert engine_satisfies(H(cards), spec_json(text)) is ok


# --- feasibility (RP-5.6) -------------------------------------------------------------------

FEASIBLE = [
    ("2 VIKINGS", "VI, AR", False),  # RP-S06 (a) P2
    ("2 VIKINGS", "VI×2, CH", True),  # RP-S06 (a) P3
    ("1 VIKINGS OR 2 HUNS", "VI, AR", True),  # RP-S06 (b)
    ("1 VIKINGS OR 2 HUNS", "GO", False),
    ("2 CHEMISTRY", "CH, GO×2", False),  # RP-S07
    ("1 PEOPLE", "CH, GO×2", True),
    ("2 GOTHS AND 1 PEOPLE", "GO×2", False),  # Hall: |S1 u S2| = 2 < 3
    ("2 GOTHS AND 1 PEOPLE", "GO×3", True),
    ("1 GOTHS AND 2 ANY", "GO, CH", False),
    ("1 GOTHS AND 1 PAIR", "GO×2, HU", False),  # the PAIR needs the second Goth
    ("1 GOTHS AND 1 PAIR", "GO×3, HU", True),
    ("2 PEOPLE AND 2 PAIR", "GO×4, HU, VI", True),  # people from HU, VI; pairs from GO×4
    ("2 PEOPLE AND 2 PAIR", "GO×4, HU", False),
    ("3 PAIR", "GO×3, HU×3, VI×2", True),
    ("3 PAIR", "GO×3, HU×3, VI", False),
    ("1 ANY", "", False),  # RP-A22: an empty hand fulfils nothing
]


@pytest.mark.parametrize("text, cards, ok", FEASIBLE, ids=[f"{t}|{c}" for t, c, _ in FEASIBLE])
def test_rp_5_6_can_fulfil(text, cards, ok):
    """RP-5.6: can_fulfil examples including Hall's condition and the PAIR programme."""
    assert engine_can_fulfil(H(cards), spec_json(text)) is ok


# --- the same, against a brute-force reading of RP-5.5 ----------------------------------------


def _term_match(cards: Counter, term: dict) -> bool:
    n, kind = term["count"], term["kind"]
    size = sum(cards.values())
    if kind == "PAIR":
        return size == 2 * n and all(v % 2 == 0 for v in cards.values())
    if size != n:
        return False
    if kind == "ANY":
        return True
    if kind == "PEOPLE":
        return all(t in PEOPLE for t in cards if cards[t])
    if kind == "CIVILIZATION":
        return all(t in CIV for t in cards if cards[t])
    return all(t == kind for t in cards if cards[t])


def _subsets(cards: Counter):
    keys = sorted(cards)
    for counts in product(*(range(cards[k] + 1) for k in keys)):
        yield Counter({k: c for k, c in zip(keys, counts, strict=True) if c})


def ref_satisfies(cards: Counter, spec: dict) -> bool:
    """RP-5.5 read literally: some alternative splits ``cards`` exactly into its terms."""
    terms = spec["terms"]
    alts = [[t] for t in terms] if spec["op"] == "OR" else [terms]
    for alt in alts:
        if len(alt) == 1 and _term_match(cards, alt[0]):
            return True
        if len(alt) == 2:
            for part in _subsets(cards):
                if _term_match(part, alt[0]) and _term_match(cards - part, alt[1]):
                    return True
    return False


def ref_can_fulfil(hand: Counter, spec: dict) -> bool:
    """RP-5.6 by definition: some sub-multiset of the hand satisfies the spec."""
    return any(ref_satisfies(sub, spec) for sub in _subsets(hand))


_SMALL_TYPES = ["GOTHS", "HUNS", "VIKINGS", "CHEMISTRY", "METALWORK"]
_KIND_CHOICES = _SMALL_TYPES + ["PEOPLE", "CIVILIZATION", "ANY", "PAIR"]
term_st = st.fixed_dictionaries(
    {"count": st.integers(1, 3), "kind": st.sampled_from(_KIND_CHOICES)}
)
spec_st = st.one_of(
    term_st.map(lambda t: {"op": None, "terms": [t]}),
    st.tuples(st.sampled_from(["AND", "OR"]), term_st, term_st)
    .filter(lambda x: x[1]["kind"] != x[2]["kind"])
    .map(lambda x: {"op": x[0], "terms": [x[1], x[2]]}),
)
hand_st = st.dictionaries(st.sampled_from(_SMALL_TYPES), st.integers(0, 4), max_size=4).map(
    lambda d: Counter({k: v for k, v in d.items() if v})
)


@settings(max_examples=300, deadline=None)
@given(hand=hand_st, spec=spec_st)
def test_rp_5_6_can_fulfil_matches_brute_force(hand, spec):
    """RP-5.6 equals its definition (some sub-multiset satisfies RP-5.5) on small hands."""
    assert engine_can_fulfil(hand, spec) is ref_can_fulfil(hand, spec)


@settings(max_examples=300, deadline=None)
@given(cards=hand_st, spec=spec_st)
def test_rp_5_5_satisfies_matches_brute_force(cards, spec):
    """RP-5.5: the engine's selection check equals the literal reading on small selections."""
    assert engine_satisfies(cards, spec) is ref_satisfies(cards, spec)


def test_every_type_is_a_kind():
    """RP-5.1, RP-5.2: the 10 card types plus PEOPLE, CIVILIZATION, ANY and PAIR are the 14
    kinds."""
    assert set(KINDS) == set(TYPES) | {"PEOPLE", "CIVILIZATION", "ANY", "PAIR"}
    for t in TYPES:
        assert engine_valid(spec_json(f"1 {t}"))
