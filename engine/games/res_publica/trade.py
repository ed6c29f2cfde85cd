"""The CardSpec grammar of Res Publica trades (RP-5) and the checks on card multisets.

A :class:`Spec` is one or two terms ``(count, kind)`` joined by AND or OR. Kinds are ints: the
10 card types 0..9, then PEOPLE 10, CIVILIZATION 11, ANY 12, PAIR 13 (``cards.KIND_IDS``).
Hands and selections are lists of 10 counts by type index.

Text forms (README "CardSpec text forms"): the long form of the rulings' EBNF (``2 GOTHS AND 1
HUNS``), the short form used in choice ids and the state (``2GO+1HU``, ``/`` for OR), display
text for players ("2 Goths AND 1 Hun"), and the JSON of RP-5.8.

All feasibility questions (RP-5.5 satisfaction, RP-5.6 can-fulfil, "can this partial selection
still be completed") reduce to one exact dynamic programme over the 10 types, :func:`_alt_ok`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from engine.choices import split_choice

from .cards import (
    CODES,
    COPIES,
    K_ANY,
    K_CIV,
    K_PAIR,
    K_PEOPLE,
    KIND_BY_CODE,
    KIND_BY_ID,
    KIND_CODES,
    KIND_IDS,
    NK,
    NT,
    TYPES,
    kind_types,
    type_index,
)

MAX_TYPE_COUNT = COPIES
MAX_OTHER_COUNT = 60
OPS = ("AND", "OR")


class SpecError(ValueError):
    """A CardSpec (or statement/response) the grammar of RP-5.1/5.3 does not allow."""


class Spec(NamedTuple):
    """A CardSpec (RP-5.1): ``terms`` as said, ``op`` None (one term), "AND" or "OR".

    Build with :func:`make` (validates) or a parser; never holds an invalid spec. A named
    tuple: the feasibility caches hash specs by the thousand, and a tuple hashes in C.
    """

    op: str | None
    terms: tuple[tuple[int, int], ...]

    def canonical(self) -> Spec:
        """The same spec with its terms sorted by kind order (RP-5.8), for comparison."""
        return Spec(self.op, tuple(sorted(self.terms, key=lambda t: t[1])))

    def alternatives(self) -> list[tuple[tuple[int, int], ...]]:
        """RP-5.4: ``[terms]`` for one term or AND, ``[[t1], [t2]]`` for OR."""
        if self.op == "OR":
            return [(t,) for t in self.terms]
        return [self.terms]

    def sizes(self) -> list[int]:
        """Card count of each alternative (PAIR terms count 2 cards per pair)."""
        return [sum(term_size(t) for t in alt) for alt in self.alternatives()]


def term_size(term: tuple[int, int]) -> int:
    """Cards a term stands for: ``count``, or ``2 * count`` for PAIR (RP-5.4)."""
    count, kind = term
    return 2 * count if kind == K_PAIR else count


def check_term(count: int, kind: int) -> None:
    """Raise SpecError unless ``(count, kind)`` is a valid term (RP-5.3)."""
    if not 0 <= kind < len(KIND_IDS):
        raise SpecError(f"not a kind: {kind!r}")
    if count < 1:
        raise SpecError("every count must be at least 1")
    limit = MAX_TYPE_COUNT if kind < NT else MAX_OTHER_COUNT
    if count > limit:
        raise SpecError(f"at most {limit} {KIND_IDS[kind]}")


def make(terms: Sequence[tuple[int, int]], op: str | None = None) -> Spec:
    """A validated Spec. Raises SpecError for what RP-5.3 forbids (three terms, the same kind
    twice, counts out of range, a connector without two terms)."""
    terms = tuple((int(c), int(k)) for c, k in terms)
    if not 1 <= len(terms) <= 2:
        raise SpecError("a spec has one or two terms")
    for c, k in terms:
        check_term(c, k)
    if len(terms) == 2:
        if op not in OPS:
            raise SpecError("two terms need AND or OR")
        if terms[0][1] == terms[1][1]:
            raise SpecError("the two terms must have different kinds")
    elif op is not None:
        raise SpecError("a connector needs two terms")
    return Spec(op, terms)


# ----------------------------------------------------------------------------- text forms
_COUNT = re.compile(r"[1-9][0-9]*")


def parse(text: str) -> Spec:
    """Parse the long form of RP-5.1 (``2 GOTHS AND 1 HUNS``). Raises SpecError."""
    if not isinstance(text, str):
        raise SpecError("a spec is text")
    words = text.split()
    if len(words) not in (2, 5):
        raise SpecError(f"not a card spec: {text!r}")
    terms = []
    op = None
    for i in range(0, len(words), 3):
        count, kind = words[i], words[i + 1]
        if not _COUNT.fullmatch(count):
            raise SpecError(f"bad count {count!r}")
        if kind not in KIND_BY_ID:
            raise SpecError(f"not a kind: {kind!r}")
        terms.append((int(count), KIND_BY_ID[kind]))
        if i + 2 < len(words):
            op = words[i + 2]
            if op not in OPS:
                raise SpecError(f"not a connector: {op!r}")
    return make(terms, op)


def parse_statement(text: str) -> tuple[str, Spec]:
    """``REQUEST <spec>`` or ``OFFER <spec>`` -> ("request"|"offer", Spec). Raises SpecError."""
    mode, _, rest = text.strip().partition(" ")
    if mode not in ("REQUEST", "OFFER"):
        raise SpecError("a statement starts with REQUEST or OFFER")
    return mode.lower(), parse(rest)


def parse_response(text: str) -> Spec | None:
    """``PASS`` -> None, else a spec in long form. Raises SpecError."""
    return None if text.strip() == "PASS" else parse(text)


def format(spec: Spec) -> str:  # noqa: A001 - the grammar's own word
    """The long form (RP-5.1) of ``spec``: ``2 GOTHS AND 1 HUNS``."""
    parts = [f"{c} {KIND_IDS[k]}" for c, k in spec.terms]
    return f" {spec.op} ".join(parts)


_SHORT_TERM = re.compile(r"([1-9][0-9]*)([A-Z]+)")


def parse_short(text: str) -> Spec:
    """Parse the short form (``2GO+1HU``, ``2AR/3PEO``, ``1VI``). Raises SpecError."""
    if not isinstance(text, str) or not text:
        raise SpecError("empty spec")
    return _parse_short_cached(text)


@lru_cache(maxsize=1 << 12)
def _parse_short_cached(text: str) -> Spec:
    """:func:`parse_short` of a non-empty string (specs are immutable; errors are not cached)."""
    has_and, has_or = "+" in text, "/" in text
    if has_and and has_or:
        raise SpecError("one connector only")
    op = "AND" if has_and else "OR" if has_or else None
    parts = re.split(r"[+/]", text)
    terms = []
    for p in parts:
        m = _SHORT_TERM.fullmatch(p)
        if not m or m.group(2) not in KIND_BY_CODE:
            raise SpecError(f"not a term: {p!r}")
        terms.append((int(m.group(1)), KIND_BY_CODE[m.group(2)]))
    return make(terms, op)


def short(spec: Spec) -> str:
    """The short form of ``spec`` (choice ids, state): ``2GO+1HU``."""
    sep = "+" if spec.op == "AND" else "/"
    return sep.join(f"{c}{KIND_CODES[k]}" for c, k in spec.terms)


def term_text(count: int, kind: int) -> str:
    """Player text of one term: "2 Goths", "1 people card", "2 pairs"."""
    if kind < NT:
        t = TYPES[kind]
        return f"{count} {t.name if count != 1 else t.singular}"
    noun = {K_PEOPLE: "people card", K_CIV: "civilization card", K_ANY: "any card"}.get(kind)
    if noun is None:
        return f"{count} pair{'s' if count != 1 else ''}"
    return f"{count} {noun}{'s' if count != 1 else ''}"


def text(spec: Spec) -> str:
    """Player text of a spec (RP-5.8): "2 Architecture OR 3 people cards"."""
    return f" {spec.op} ".join(term_text(c, k) for c, k in spec.terms)


def to_json(spec: Spec) -> dict:
    """RP-5.8 JSON: ``{"op": None|"AND"|"OR", "terms": [{"count", "kind"}]}``."""
    return {"op": spec.op, "terms": [{"count": c, "kind": KIND_IDS[k]} for c, k in spec.terms]}


def from_json(data: dict) -> Spec:
    """Inverse of :func:`to_json`. Raises SpecError for invalid content."""
    try:
        terms = [(int(t["count"]), KIND_BY_ID[t["kind"]]) for t in data["terms"]]
        return make(terms, data.get("op"))
    except (KeyError, TypeError, ValueError) as err:
        if isinstance(err, SpecError):
            raise
        raise SpecError(f"bad spec JSON: {err}") from None


def multiset_text(counts: Sequence[int]) -> str:
    """Counts as the rulings write hands: ``"VI×2, HU, AR"`` (type order); "" when empty."""
    parts = []
    for i, n in enumerate(counts):
        if n:
            parts.append(CODES[i] if n == 1 else f"{CODES[i]}×{n}")
    return ", ".join(parts)


def cards_text(counts: Sequence[int]) -> str:
    """Counts in plain words for players: "3 Metalwork", "1 Hun, 1 Lombard"; "nothing"."""
    parts = []
    for t, n in enumerate(counts):
        if n:
            parts.append(f"{n} {TYPES[t].name if n != 1 else TYPES[t].singular}")
    return ", ".join(parts) or "nothing"


def parse_multiset(text: str) -> list[int]:
    """``"GO×2, HU"`` (also ``x``/``*``; codes, ids or names) or short ``2GO+1HU`` -> counts.

    Raises ValueError for unknown types or malformed parts."""
    counts = [0] * NT
    text = text.strip()
    if not text:
        return counts
    if "," not in text and re.fullmatch(r"([1-9][0-9]*[A-Z]{2}\+?)+", text):
        for m in re.finditer(r"([1-9][0-9]*)([A-Z]{2})", text):
            counts[type_index(m.group(2))] += int(m.group(1))
        return counts
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"(.+?)\s*[×x*]\s*([0-9]+)", part)
        name, n = (m.group(1), int(m.group(2))) if m else (part, 1)
        counts[type_index(name)] += n
    return counts


# ----------------------------------------------------------------------------- feasibility
def _allowed(kind: int, t: int) -> bool:
    return (
        kind == t
        or kind in (K_ANY, K_PAIR)
        or (kind == K_PEOPLE and t < 5)
        or (kind == K_CIV and t >= 5)
    )


_ALLOWS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(_allowed(k, t) for t in range(NT)) for k in range(NK)
)
"""``_ALLOWS[kind][t]`` is ``_allowed(kind, t)`` (a table: the feasibility loops ask it for
every type)."""


def _alt_ok(alt: Sequence[tuple[int, int]], lo: Sequence[int], hi: Sequence[int]) -> bool:
    """Cached :func:`_alt_ok_dp` (hands repeat a lot: prompts, views, determinized worlds)."""
    return _alt_ok_cached(tuple(alt), tuple(lo), tuple(hi))


@lru_cache(maxsize=1 << 16)
def _alt_ok_cached(alt: tuple, lo: tuple, hi: tuple) -> bool:
    return _alt_ok_fast(alt, lo, hi)


def _alt_ok_fast(alt: Sequence[tuple[int, int]], lo: Sequence[int], hi: Sequence[int]) -> bool:
    """:func:`_alt_ok_dp` in closed form where there is one (the same answer, faster): the
    per-type choices only meet in the sums, so sums of integer intervals decide. One term:
    its allowed types' bounds (even bounds for PAIR) must bracket its size. Two terms without
    PAIR: cards of types only the first (second) term allows go to it, types both allow are
    split freely. Two terms with a PAIR, or bounds crossing, use the DP."""
    if len(lo) != len(hi):
        raise ValueError("lo and hi need one count per card type")
    for t in range(NT):
        if lo[t] > hi[t]:
            return _alt_ok_dp(alt, lo, hi)
    if len(alt) == 1:
        (count, kind) = alt[0]
        size = term_size(alt[0])
        allows = _ALLOWS[kind]
        low = high = 0
        pair = kind == K_PAIR
        for t in range(NT):
            if not allows[t]:
                if lo[t] > 0:
                    return False
                continue
            a, b = lo[t], hi[t]
            if pair:
                a, b = a + a % 2, b - b % 2
                if a > b:
                    return False
            low += a
            high += b
        return low <= size <= high
    (c1, k1), (c2, k2) = alt
    if K_PAIR in (k1, k2):
        if any(lo):
            return _alt_ok_dp(alt, lo, hi)
        # Nothing forced (can-fulfil): the other term takes n cards of its types, a free
        # first card from each odd count, then every two cards cost at most one pair.
        n, kind, pairs = (c1, k1, c2) if k2 == K_PAIR else (c2, k2, c1)
        usable = odd = have = 0
        allows = _ALLOWS[kind]
        for t in range(NT):
            h = hi[t]
            have += h // 2
            if allows[t]:
                usable += h
                odd += h % 2
        if usable < n:
            return False
        return have - max(0, n - odd + 1) // 2 >= pairs
    s1, s2 = c1, c2
    la = ha = lb = hb = lc = hc = 0
    allows1, allows2 = _ALLOWS[k1], _ALLOWS[k2]
    for t in range(NT):
        a1, a2 = allows1[t], allows2[t]
        if a1 and a2:
            lc += lo[t]
            hc += hi[t]
        elif a1:
            la += lo[t]
            ha += hi[t]
        elif a2:
            lb += lo[t]
            hb += hi[t]
        elif lo[t] > 0:
            return False
    if la > s1 or lb > s2:
        return False
    return la + lb + lc <= s1 + s2 <= min(ha, s1) + min(hb, s2) + hc


def _alt_ok_dp(alt: Sequence[tuple[int, int]], lo: Sequence[int], hi: Sequence[int]) -> bool:
    """Is there a multiset y with ``lo <= y <= hi`` (per type) that splits exactly into the
    terms of ``alt`` (RP-5.5)? Exact DP over types on the cards assigned to each term."""
    sizes = [term_size(t) for t in alt]
    kinds = [k for _, k in alt]
    if sum(lo) > sum(sizes) or sum(hi) < sum(sizes):
        return False
    two = len(alt) == 2
    s1 = sizes[0]
    s2 = sizes[1] if two else 0
    states = {(0, 0)}
    for t in range(NT):
        a1 = _allowed(kinds[0], t)
        a2 = two and _allowed(kinds[1], t)
        low, high = lo[t], hi[t]
        if not a1 and not a2:
            if low > 0:
                return False
            continue
        p1 = kinds[0] == K_PAIR
        p2 = two and kinds[1] == K_PAIR
        nxt = set()
        for x1, x2 in states:
            for y in range(low, high + 1):
                for b1 in range(0, y + 1) if a1 else (0,):
                    b2 = y - b1
                    if b2 and not a2:
                        continue
                    if (p1 and b1 % 2) or (p2 and b2 % 2):
                        continue
                    n1, n2 = x1 + b1, x2 + b2
                    if n1 <= s1 and n2 <= s2:
                        nxt.add((n1, n2))
        states = nxt
        if not states:
            return False
    return (s1, s2) in states


def satisfies(cards: Sequence[int], spec: Spec) -> bool:
    """RP-5.5: does the multiset ``cards`` (10 counts) satisfy ``spec`` exactly?"""
    return any(_alt_ok(alt, cards, cards) for alt in spec.alternatives())


def _cnt(hand: Sequence[int], kind: int) -> int:
    """Cards of ``hand`` a term of ``kind`` may use (pairs: cards in whole pairs)."""
    if kind < NT:
        return hand[kind]
    if kind == K_PEOPLE:
        return hand[0] + hand[1] + hand[2] + hand[3] + hand[4]
    if kind == K_CIV:
        return hand[5] + hand[6] + hand[7] + hand[8] + hand[9]
    if kind == K_PAIR:
        return 2 * sum(c // 2 for c in hand)
    return sum(hand)


def _feasible(alt: Sequence[tuple[int, int]], hand: Sequence[int]) -> bool:
    """RP-5.6 closed forms: one term; AND of two non-PAIR terms by Hall's condition for two
    demands; an AND with a PAIR term falls back to the exact DP."""
    if len(alt) == 1:
        return _cnt(hand, alt[0][1]) >= term_size(alt[0])
    (n1, k1), (n2, k2) = alt
    if K_PAIR in (k1, k2):
        return _alt_ok(alt, [0] * NT, hand)
    union = sum(c for t, c in enumerate(hand) if _allowed(k1, t) or _allowed(k2, t))
    return _cnt(hand, k1) >= n1 and _cnt(hand, k2) >= n2 and union >= n1 + n2


def can_fulfil(hand: Sequence[int], spec: Spec) -> bool:
    """RP-5.6: does some sub-multiset of ``hand`` satisfy ``spec``?"""
    hand = tuple(hand)
    try:
        return _can_fulfil_cached(hand, spec)
    except TypeError:  # an unhashable spec built by hand: compute directly
        return _can_fulfil(hand, spec)


def _can_fulfil(hand: Sequence[int], spec: Spec) -> bool:
    return any(_feasible(alt, hand) for alt in spec.alternatives())


_can_fulfil_cached = lru_cache(maxsize=1 << 16)(_can_fulfil)
"""Cached :func:`_can_fulfil` (the composer asks the same hand about the same terms a lot)."""


def extendable(sel: Sequence[int], hand: Sequence[int], spec: Spec) -> bool:
    """Can the partial selection ``sel`` (``<= hand``) be completed within ``hand`` to a
    multiset satisfying ``spec``? (Used by the step-by-step card selection, RP-4.10.)"""
    if any(s > h for s, h in zip(sel, hand, strict=True)):
        return False
    return any(_alt_ok(alt, sel, hand) for alt in spec.alternatives())


def selections(hand: Sequence[int], spec: Spec, limit: int = 10_000) -> Iterator[list[int]]:
    """Every distinct multiset within ``hand`` satisfying ``spec`` (10 counts each), in
    lexicographic order of counts, at most ``limit`` of them (RP-11.3 count-vectors)."""
    lo = [0] * NT
    hi = list(hand)
    found = 0

    alts = spec.alternatives()

    def rec(t: int) -> Iterator[list[int]]:
        nonlocal found
        if t == NT:
            found += 1
            yield list(lo)
            return
        if t and not hand[t]:  # lo and hi do not change: the check of type t - 1 holds
            yield from rec(t + 1)
            return
        for v in range(hand[t] + 1):
            lo[t] = hi[t] = v
            if any(_alt_ok(alt, lo, hi) for alt in alts):
                yield from rec(t + 1)
                if found >= limit:
                    break
        lo[t], hi[t] = 0, hand[t]

    yield from rec(0)


# ----------------------------------------------------------------------------- knowledge
def given_bounds(spec: Spec, count: int) -> tuple[list[int], list[int]]:
    """For a hidden hand-over of ``count`` cards satisfying ``spec``: per type the fewest and
    the most cards of that type it can contain (what an onlooker can deduce, RP-4.11).

    Only alternatives of size ``count`` are considered (the count is public)."""
    alts = [a for a, s in zip(spec.alternatives(), spec.sizes(), strict=True) if s == count]
    if not alts:
        alts = spec.alternatives()
    mins = [COPIES] * NT
    maxs = [0] * NT
    for alt in alts:
        for t in range(NT):
            lo = sum(c for c, k in alt if k == t)
            hi = sum(term_size((c, k)) for c, k in alt if t in kind_types(k))
            mins[t] = min(mins[t], lo)
            maxs[t] = max(maxs[t], min(hi, count))
    return mins, maxs


def proven_cards(spec: Spec) -> list[int]:
    """Per type, the cards a seat that can pay ``spec`` surely holds: for each alternative
    the cards its type terms name, the least over the alternatives (RP-4.6, RP-5.6)."""
    out = [COPIES] * NT
    for alt in spec.alternatives():
        for t in range(NT):
            out[t] = min(out[t], sum(c for c, k in alt if k == t))
    return out


def parse_draft(tokens: Sequence[str]) -> tuple[list[tuple[int, int]], str | None, int | None]:
    """A draft's tokens after the first (``n:<count>``, ``k:<kind code>``, ``and``/``or``, as the
    composer builds them, RP-5.3) -> (finished terms, connector or None, pending count or None)."""
    terms: list[tuple[int, int]] = []
    op = None
    pending = None
    for tok in tokens[1:]:
        if tok.startswith("n:"):
            pending = int(split_choice(tok, "n"))
        elif tok.startswith("k:"):
            terms.append((pending, KIND_BY_CODE[split_choice(tok, "k")]))
            pending = None
        elif tok in ("and", "or"):
            op = tok.upper()
    return terms, op, pending
