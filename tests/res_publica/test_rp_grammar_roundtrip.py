"""CardSpec grammar (RP-5): parse/format round trips, validity, satisfaction and feasibility.

The DP in ``trade._alt_ok`` is checked against an independent brute force over sub-multisets.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.res_publica import trade as tr
from engine.games.res_publica.cards import K_ANY, K_CIV, K_PAIR, K_PEOPLE, NK, NT

VALID = [  # RP-5.9: every request, response and trade-rule example of the seed
    "2 GOTHS AND 1 HUNS",
    "2 ARCHITECTURE OR 3 PEOPLE",
    "1 METALWORK AND 2 ANY",
    "2 PAIR OR 3 CIVILIZATION",
    "3 CHEMISTRY OR 3 METALWORK",
    "1 VIKINGS",
    "1 ANGLO_SAXONS AND 1 SHIPBUILDING",
    "1 HUNS",
    "2 ANGLO_SAXONS AND 2 COMMERCE",
    "2 SHIPBUILDING OR 2 ARCHITECTURE",
]
INVALID = [  # RP-5.9, RP-S05
    "1 GOTHS AND 1 HUNS AND 1 ANGLO_SAXONS",
    "1 CIVILIZATION except CHEMISTRY",
    "1 GOTHS for 1 HUNS",
    "2 GOTHS AND 1 GOTHS",
    "0 VIKINGS",
    "1 SETTLEMENT",
    "13 GOTHS",
    "61 ANY",
    "01 GOTHS",
    "1 goths",
    "",
    "AND",
]


@pytest.mark.parametrize("text", VALID)
def test_rp_5_9_valid_examples_round_trip(text):
    spec = tr.parse(text)
    assert tr.format(spec) == text
    assert tr.parse_short(tr.short(spec)) == spec
    assert tr.from_json(tr.to_json(spec)) == spec


@pytest.mark.parametrize("text", INVALID)
def test_rp_5_3_invalid_specs_rejected(text):
    with pytest.raises(tr.SpecError):
        tr.parse(text)


@pytest.mark.parametrize(
    "text", ["2GO+1GO", "1GO+1HU+1AS", "0VI", "1SETTLEMENT", "1GO+1HU/1AS", "GO", "13GO", ""]
)
def test_rp_5_3_invalid_short_forms_rejected(text):
    with pytest.raises(tr.SpecError):
        tr.parse_short(text)


def test_rp_5_1_statements_and_responses():
    assert tr.parse_statement("REQUEST 1 GOTHS") == ("request", tr.parse("1 GOTHS"))
    assert tr.parse_statement("OFFER 2 ARCHITECTURE")[0] == "offer"
    assert tr.parse_response("PASS") is None
    with pytest.raises(tr.SpecError):  # RP-S05 (c): two modes
        tr.parse_statement("OFFER 1 GOTHS for 1 HUNS")
    with pytest.raises(tr.SpecError):
        tr.parse_statement("REQUEST 1 GOTHS OFFER 1 HUNS")


def test_rp_5_8_display_text():
    assert tr.text(tr.parse("2 GOTHS")) == "2 Goths"
    assert tr.text(tr.parse("2 ARCHITECTURE OR 3 PEOPLE")) == "2 Architecture OR 3 people cards"
    assert tr.text(tr.parse("1 METALWORK AND 2 ANY")) == "1 Metalwork AND 2 any cards"
    assert tr.text(tr.parse("2 PAIR OR 3 CIVILIZATION")) == "2 pairs OR 3 civilization cards"


def test_rp_5_8_canonical_form_sorts_by_kind():
    a = tr.parse("3 CIVILIZATION OR 2 PAIR")
    b = tr.parse("2 PAIR OR 3 CIVILIZATION")
    assert a != b and a.canonical() == b.canonical()
    assert tr.short(b.canonical()) == "3CIV/2PAIR"


def ms(text: str) -> list[int]:
    return tr.parse_multiset(text)


def test_rp_5_5_or_mixing_alternatives_fails_rp_s03():
    spec = tr.parse("3 CHEMISTRY OR 3 METALWORK")
    assert tr.satisfies(ms("ME×3"), spec)
    assert tr.satisfies(ms("CH×3"), spec)
    assert not tr.satisfies(ms("CH×2, ME"), spec)
    assert not tr.satisfies(ms("ME×4"), spec)  # counts are exact (RP-A09)


def test_rp_a07_two_pairs_may_share_a_type():
    spec = tr.parse("2 PAIR")
    assert tr.satisfies(ms("GO×4"), spec)
    assert tr.satisfies(ms("GO×2, CH×2"), spec)
    assert not tr.satisfies(ms("GO×3, HU"), spec)


def test_rp_a08_other_cards_may_repeat_the_named_type():
    spec = tr.parse("1 METALWORK AND 2 ANY")
    assert tr.satisfies(ms("ME×3"), spec)
    assert tr.satisfies(ms("ME, GO, SH"), spec)
    assert not tr.satisfies(ms("GO, SH, AR"), spec)


def test_rp_5_6_and_needs_disjoint_cards_halls_condition():
    spec = tr.parse("1 GOTHS AND 2 PEOPLE")
    assert not tr.can_fulfil(ms("GO×2"), spec)
    assert tr.can_fulfil(ms("GO×3"), spec)
    assert tr.can_fulfil(ms("GO, HU, LO, CH"), spec)
    pairs = tr.parse("1 CHEMISTRY AND 1 PAIR")
    assert not tr.can_fulfil(ms("CH×2"), pairs)
    assert tr.can_fulfil(ms("CH×3"), pairs)


def test_rp_11_3_selections_lists_each_satisfying_vector_once():
    got = list(tr.selections(ms("CH×3, ME×4, VI"), tr.parse("3 CHEMISTRY OR 3 METALWORK")))
    assert sorted(tr.multiset_text(v) for v in got) == ["CH×3", "ME×3"]


def test_rp_4_11_onlooker_bounds():
    lo, hi = tr.given_bounds(tr.parse("1 GOTHS"), 1)
    assert lo[1] == hi[1] == 1 and sum(hi) == 1
    lo, hi = tr.given_bounds(tr.parse("2 ARCHITECTURE OR 3 PEOPLE"), 3)  # the count shows: people
    assert lo == [0] * NT and hi[:5] == [3] * 5 and hi[5:] == [0] * 5


# ----------------------------------------------------------------------------- brute force
def _term_match(part: list[int], count: int, kind: int) -> bool:
    size = sum(part)
    if kind == K_PAIR:
        return size == 2 * count and all(c % 2 == 0 for c in part)
    if size != count:
        return False
    if kind < NT:
        return part[kind] == count
    if kind == K_PEOPLE:
        return sum(part[:5]) == count
    if kind == K_CIV:
        return sum(part[5:]) == count
    return True


def _subs(m: list[int]):
    for combo in itertools.product(*(range(c + 1) for c in m)):
        yield list(combo)


def brute_satisfies(m: list[int], spec: tr.Spec) -> bool:
    for alt in spec.alternatives():
        if len(alt) == 1:
            if _term_match(m, *alt[0]):
                return True
            continue
        for p in _subs(m):
            q = [a - b for a, b in zip(m, p, strict=True)]
            if _term_match(p, *alt[0]) and _term_match(q, *alt[1]):
                return True
    return False


small_hand = st.lists(st.integers(0, 2), min_size=NT, max_size=NT).filter(lambda h: sum(h) <= 7)
term = st.tuples(st.integers(1, 3), st.integers(0, NK - 1))


@st.composite
def specs(draw):
    t1 = draw(term)
    if draw(st.booleans()):
        return tr.make([t1])
    t2 = draw(term.filter(lambda t: t[1] != t1[1]))
    return tr.make([t1, t2], draw(st.sampled_from(["AND", "OR"])))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(hand=small_hand, spec=specs())
def test_rp_5_5_dp_matches_brute_force(hand, spec):
    assert tr.satisfies(hand, spec) == brute_satisfies(hand, spec)
    feasible = any(brute_satisfies(s, spec) for s in _subs(hand))
    assert tr.can_fulfil(hand, spec) == feasible
    assert K_ANY == 12  # kind numbering used by the brute force
