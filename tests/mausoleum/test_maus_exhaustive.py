"""Small exhaustive checks against oracles written straight from the rulings' words.

* Killable (MAU-5.5, MAU-5.6, MAU-5.7, MAU-A20, MAU-A21): every party of 1-4 heirs drawn from one
  representative of each heir ability; the engine's accident targets must equal the oracle's, and
  every non-empty party has at least one killable heir.
* Payments (MAU-8.1, MAU-8.2, MAU-8.3, MAU-8.4, MAU-8.5, MAU-A03, MAU-A04, MAU-A05, MAU-A23): every
  subset of a morgue holding each payment-relevant heir against every grave value.
* Knowledge (MAU-11.1, MAU-11.4): a determinization keeps discard pickups in their holder's hand.
"""

from __future__ import annotations

from itertools import combinations

from mausoleum_helpers import RULES, build, can_pay, draw, heirs, targets

from engine.rng import Rng

# One heir per ability (MAU-1.4): plain, Nephew, Niece, Sheep, Cousin x2, Gardener, Dowager,
# Husband.
REPS = {1: "plain", 2: "clever", 11: "clever", 3: "plain", 7: "cousin", 16: "cousin",
        8: "plain", 18: "plain", 4: "plain"}  # fmt: skip


def oracle_killable(party: tuple[int, ...]) -> set[int]:
    """MAU-5.6: a Clever heir dies only when every heir present is Clever. MAU-5.7, MAU-A20: with a
    Meddling Cousin present only Cousins can die."""
    kinds = [REPS[h] for h in party]
    out = set()
    for h in party:
        if REPS[h] == "clever" and any(k != "clever" for k in kinds):
            continue
        if "cousin" in kinds and REPS[h] != "cousin":
            continue
        out.add(h)
    return out


def test_maus_5_5_killable_matches_the_rulings_for_every_small_party():
    """MAU-5.5, MAU-5.6, MAU-5.7, MAU-A20, MAU-A21 over all 255 parties of 1-4 representative
    heirs."""
    checked = 0
    for size in range(1, 5):
        for party in combinations(sorted(REPS), size):
            state = build(
                {"P0": {"hand": ["Croquet#19", "Aunt#10", "Brat#15"]}, "P1": {"party": party}}
            )
            draw(state, 0, "deck")
            expected = oracle_killable(party)
            assert expected, f"A21: every non-empty party has a killable heir: {party}"
            assert heirs(targets(state, 0, "Croquet#19"), "kill") == expected, party
            checked += 1
    assert checked == 255


MORGUES = [[3, 12, 8, 6], [4, 13, 8, 6], [3, 4, 13, 12]]  # Sheep, Husband, Wife, Gardener, Brat
VALUE = {3: 3, 12: 3, 4: 2, 13: 2, 8: 0, 6: 1}


def oracle_payment(payment: tuple[int, ...]) -> int | None:
    """MAU-8.2, MAU-8.3, MAU-8.4, MAU-8.5: the payment value, or None when the Black Sheep rule
    forbids it."""
    sheep = [h in (3, 12) for h in payment]
    if any(sheep) and not all(sheep):
        return None
    total = sum(VALUE[h] for h in payment)
    if 4 in payment and 13 in payment:
        total += 4
    return total


def test_maus_8_payments_match_the_rulings_for_every_subset():
    """MAU-8.1, MAU-8.2, MAU-8.3, MAU-8.4, MAU-8.5, MAU-8.6, MAU-A03, MAU-A04, MAU-A05, MAU-A23:
    each of the 15 payments from three full morgues (Black Sheep with a Gardener and a Brat; the
    couple with them; Sheep with the couple) against the graves worth 3, 4, 6 and 7 (Simple, Angel,
    Crypt, Chapel)."""
    for morgue in MORGUES:
        state = build({"P0": {"morgue": morgue}})
        for size in range(1, 5):
            for payment in combinations(morgue, size):
                value = oracle_payment(payment)
                for grave, price in ((37, 3), (39, 4), (43, 6), (45, 7)):
                    expected = value is not None and value >= price
                    assert can_pay(state, 0, grave, payment) == expected, (payment, price)


def test_maus_11_4_determinize_keeps_discard_pickups_in_their_hand():
    """MAU-11.1, MAU-11.4: P0 took Uncle#5 from the discard pile; every determinization for P1 or
    P2 leaves it in P0's hand and keeps hand and deck sizes."""
    state = build({"P0": {"hand": ["Aunt#1", "Brat#6", "Maze#21"]}, "discard": ["Uncle#5"]})
    draw(state, 0, "discard")
    for seat in (1, 2):
        for seed in range(5):
            det = RULES.determinize(state, seat, Rng.seeded(seed))
            assert 5 in det["hands"][0]
            assert [len(h) for h in det["hands"]] == [len(h) for h in state["hands"]]
            assert len(det["deck"]) == len(state["deck"])
            assert sorted(det["hands"][seat]) == sorted(state["hands"][seat])
            assert RULES.view(det, seat) == RULES.view(state, seat)
