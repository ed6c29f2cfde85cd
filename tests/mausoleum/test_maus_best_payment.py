"""The best legal payment of a morgue (MAU-8.1-8.4), which decides Buy & Bury's graves for
every price at once (``state.buyable``), against the hand-checked values and the brute force
``can_complete`` it replaces there."""

from __future__ import annotations

from itertools import combinations

from engine.games.mausoleum.state import best_payment, can_complete

HEIRS = [1, 3, 12, 4, 13, 104, 5, 6, 8, 18]  # Aunt, 2 Black Sheep, 2 Husbands, Wife, ...


def test_maus_8_4_best_payment_by_hand():
    """MAU-8.2, MAU-8.3, MAU-8.4: Black Sheep#3 (3), Husband#4 (2), Wife#13 (2), Brat#6 (1):
    without the Black Sheep 2 + 2 + 1 + 2 * 2 couple bonus = 9 beats the Black Sheep alone (3);
    two Black Sheep pay 6 together; an empty morgue pays nothing."""
    assert best_payment([3, 4, 13, 6]) == 9
    assert best_payment([3, 12]) == 6
    assert best_payment([3, 6]) == 3
    assert best_payment([8]) == 0  # a Gardener is a legal payment worth $0m
    assert best_payment([]) == -1


def test_maus_8_1_best_payment_agrees_with_can_complete():
    """MAU-8.1: a price is reachable exactly when the best payment reaches it, for every morgue
    of up to 4 of these heirs and every price 0-14."""
    for k in range(5):
        for morgue in combinations(HEIRS, k):
            best = best_payment(list(morgue))
            for price in range(15):
                assert (best >= price) == can_complete(list(morgue), [], price), (morgue, price)
