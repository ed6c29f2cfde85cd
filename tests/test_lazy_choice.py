"""engine.rules.LazyChoice: a choice whose detail is made when first read (issue 17), equal
to the plain Choice of the same values."""

from __future__ import annotations

import copy
import pickle

from engine.rules import Choice, LazyChoice


def _counting(text: str) -> tuple[list[int], object]:
    calls: list[int] = []

    def make() -> str:
        calls.append(1)
        return text

    return calls, make


def test_detail_made_once_when_read():
    calls, make = _counting("3 EP: base 2, new Region +1")
    c = LazyChoice("shift:bavaria", "Flag Bavaria", "bavaria", "shift", make)
    assert calls == []  # building the prompt does not make the detail
    assert c.id == "shift:bavaria" and c.label == "Flag Bavaria" and calls == []
    assert c.detail == "3 EP: base 2, new Region +1"
    assert c.detail == "3 EP: base 2, new Region +1"
    assert calls == [1]


def test_equal_and_hashed_as_the_plain_choice():
    _, make = _counting("d")
    lazy = LazyChoice("a", "A", None, "g", make)
    plain = Choice("a", "A", None, "g", "d")
    assert lazy == plain and plain == lazy
    assert hash(lazy) == hash(plain)
    assert lazy != Choice("a", "A", None, "g", "other")
    assert repr(lazy) == repr(plain)


def test_copies_and_pickles_are_plain_choices():
    _, make = _counting("d")
    lazy = LazyChoice("a", "A", None, "g", make)
    for other in (copy.copy(lazy), copy.deepcopy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert type(other) is Choice
        assert other == Choice("a", "A", None, "g", "d")
