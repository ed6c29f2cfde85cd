"""Step-by-step composing of trade specs and card selections (RP-11.4 as short choice lists).

A spec is built from tokens kept in ``state["draft"]``: the first token is ``request``,
``offer`` (the active seat's statement) or ``respond`` (a response), then ``n:<count>`` and
``k:<kind code>`` per term, with ``and``/``or`` between the terms. ``back`` pops a token. The
choices offered never allow what RP-5.3 forbids, and never let a seat promise cards it does not
hold (RP-4.4, RP-4.6): its own giving side is filtered by its hand (an AND jointly; an OR's
second term only by hand size, since one payable alternative is enough, RP-5.6), the receiving
side is bounded by the giver's public hand size.

A fulfilment selection is a list of picked type indices in ``state["picks"][seat]``
(``pick:<T>``, ``back``, ``confirm``): every pick keeps the selection completable (RP-5.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from typing import NamedTuple

from engine.rules import Choice, IllegalAction, LazyChoice, State

from . import trade as tr
from .cards import CODES, KIND_BY_CODE, KIND_CODES, NK, NT
from .state import BACK_LIMIT, hand_size
from .text import NOT_HELD_DETAIL, give_label
from .trade import parse_draft

COUNT_MAX = 12
"""Counts per page of the count step; ``more`` shows the next 12 (up to the grammar's 60)."""


class Ctx(NamedTuple):
    """What bounds a spec being composed (a named tuple: the composer's caches hash it, and a
    tuple hashes in C, a dataclass in Python).

    Attributes:
        giving: True when the composer gives these cards (offer, counter-offer).
        hand: the composer's own hand (10 counts).
        bound: the most cards the giver can hold (own hand size, or the public hand size of
            the giver for a request / counter-request).
    """

    giving: bool
    hand: tuple[int, ...]
    bound: int


def context(st: State, seat: int, first: str) -> Ctx:
    """The composing context of ``seat`` whose draft starts with ``first``."""
    hand = tuple(st["hands"][seat])
    if first == "offer":
        return Ctx(True, hand, sum(hand))
    if first == "request":
        others = [hand_size(st, s) for s in range(st["n"]) if s != seat]
        return Ctx(False, hand, max(others, default=0))
    if st["trade"]["mode"] == "offer":
        return Ctx(True, hand, sum(hand))
    return Ctx(False, hand, hand_size(st, st["active"]))


def _one(term: tuple[int, int]) -> tr.Spec:
    return tr.Spec(None, (term,))


def term_ok(ctx: Ctx, terms: list[tuple[int, int]], op: str | None, count: int, kind: int) -> bool:
    """May ``(count, kind)`` be the next term after ``terms`` (joined by ``op``)?

    Any term RP-5.3 allows, except that a giving side must stay payable (RP-4.4/4.6): a first
    term the hand cannot pay is allowed only as the first alternative of an OR (the composer
    then offers only ``or`` and a payable second term)."""
    return _term_ok(ctx, tuple(terms), op, count, kind)


def _term_ok(
    ctx: Ctx, terms: tuple[tuple[int, int], ...], op: str | None, count: int, kind: int
) -> bool:
    """:func:`term_ok` on hashable arguments (not cached: in play almost every call is new,
    and the payability checks it makes are cached in ``trade``)."""
    if terms and terms[0][1] == kind:
        return False
    if count > (tr.MAX_TYPE_COUNT if kind < NT else tr.MAX_OTHER_COUNT):
        return False
    if not ctx.giving or not terms:
        return True
    if op == "AND":
        return tr.can_fulfil(ctx.hand, tr.Spec("AND", (terms[0], (count, kind))))
    return tr.can_fulfil(ctx.hand, _one(terms[0])) or tr.can_fulfil(ctx.hand, _one((count, kind)))


def kinds_for(ctx: Ctx, terms: list[tuple[int, int]], op: str | None, count: int) -> list[int]:
    """Kinds allowed for a next term of ``count`` cards/pairs."""
    return list(_kinds(ctx, tuple(terms), op, count))


def _kinds(
    ctx: Ctx, terms: tuple[tuple[int, int], ...], op: str | None, count: int
) -> tuple[int, ...]:
    """The kinds :func:`_term_ok` allows for a next term of ``count``, in kind order."""
    return tuple([k for k in range(NK) if _term_ok(ctx, terms, op, count, k)])


_COUNT_KINDS = (12, 10, 11, 13, *range(NT))
"""Kinds tried per count, most permissive first (ANY, PEOPLE, CIVILIZATION, PAIR, types)."""


def _count_top(ctx: Ctx, terms: tuple[tuple[int, int], ...], op: str | None) -> int:
    """The largest count the count step may consider (before asking for a kind)."""
    top = tr.MAX_OTHER_COUNT
    if ctx.giving and terms and (op == "AND" or not tr.can_fulfil(ctx.hand, _one(terms[0]))):
        top = min(top, sum(ctx.hand))  # the next term must be payable: never above the hand
    return top


def _count_ok(ctx: Ctx, terms: tuple[tuple[int, int], ...], op: str | None, c: int) -> bool:
    return any(_term_ok(ctx, terms, op, c, k) for k in _COUNT_KINDS)


@lru_cache(maxsize=1 << 12)
def _count_max(ctx: Ctx, terms: tuple[tuple[int, int], ...], op: str | None) -> int:
    """The largest count some kind allows (0 if none): :func:`counts_for` is 1..this.

    A count allowed stays allowed when it shrinks (a term of fewer cards is easier to pay and
    never above a bound the larger one met), so the largest is found by bisection: the top
    first (a receiving side allows it at once), then about log2(top) checks instead of one per
    count."""
    top = _count_top(ctx, terms, op)
    if top <= 0:
        return 0
    if _count_ok(ctx, terms, op, top):
        return top
    lo, hi = 0, top - 1  # the answer lies in lo..hi; every count <= lo is allowed
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _count_ok(ctx, terms, op, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _count_at_least(ctx: Ctx, terms: tuple[tuple[int, int], ...], op: str | None, low: int) -> bool:
    """Is ``_count_max(...) >= low``? (Counts shrink freely, see :func:`_count_max`: so some
    count in ``low..top`` is allowed exactly when ``max(low, 1)`` itself is.)"""
    c = max(low, 1)
    return c <= _count_top(ctx, terms, op) and _count_ok(ctx, terms, op, c)


def counts_for(ctx: Ctx, terms: list[tuple[int, int]], op: str | None) -> list[int]:
    """Counts possible for the next term, up to the grammar's 60 (above 12 only the generic
    kinds), keeping those for which some kind is allowed. Feasibility only shrinks as the
    count grows, so this is 1..the largest such count."""
    return list(range(1, _count_max(ctx, tuple(terms), op) + 1))


def _kind_detail(ctx: Ctx, terms: Sequence[tuple[int, int]], count: int, kind: int) -> str:
    if ctx.giving and not terms and not tr.can_fulfil(ctx.hand, _one((count, kind))):
        return NOT_HELD_DETAIL
    return ""


def _n_connectors(tokens: Sequence[str]) -> int:
    return sum(1 for t in tokens[1:] if t in ("and", "or"))


def _page(tokens: Sequence[str]) -> int:
    page = 0
    while tokens[-1 - page] == "more":
        page += 1
    return page


def compose_choices(st: State, seat: int) -> list[Choice]:
    """The choices of a seat with a non-empty draft (README "Choice ids": composing)."""
    tokens = st["draft"]
    out = list(_compose_core(context(st, seat, tokens[0]), tuple(tokens)))
    if st["backs"][seat] < BACK_LIMIT:
        out.append(_BACK)
    return out


_BACK = Choice("back", "Back", None, "compose")


@lru_cache(maxsize=1 << 12)
def _compose_core(ctx: Ctx, tokens: tuple[str, ...]) -> tuple[Choice, ...]:
    """The composing choices but ``back``: a pure function of the context and the draft."""
    terms, op, pending = parse_draft(tokens)
    terms_t = tuple(terms)
    out: list[Choice] = []
    if pending is not None:
        for k in _kinds(ctx, terms_t, op, pending):
            target = f"type:{CODES[k]}" if k < NT else f"kind:{KIND_CODES[k]}"
            label = tr.term_text(pending, k)
            if ctx.giving and not terms:  # the detail asks the hand: made when read
                detail = partial(_kind_detail, ctx, terms_t, pending, k)
                out.append(LazyChoice(f"k:{KIND_CODES[k]}", label, target, "compose", detail))
            else:
                out.append(Choice(f"k:{KIND_CODES[k]}", label, target, "compose", ""))
    elif len(terms) == _n_connectors(tokens):
        page = _page(tokens)
        counts = range(1, _count_max(ctx, terms_t, op) + 1)
        for c in counts[page * COUNT_MAX : (page + 1) * COUNT_MAX]:
            out.append(Choice(f"n:{c}", str(c), None, "compose"))
        if len(counts) > (page + 1) * COUNT_MAX:
            nxt = (page + 1) * COUNT_MAX + 1
            out.append(Choice("more", f"{nxt} or more…", None, "compose"))
    else:
        spec = tr.make(terms, op)
        payable = not ctx.giving or tr.can_fulfil(ctx.hand, spec)
        if payable:
            out.append(Choice("send", f"Send: {tr.text(spec)}", None, "compose"))
        if len(terms) == 1:
            if payable and _count_at_least(ctx, terms_t, "AND", 1):
                out.append(Choice("and", "AND a second term", None, "compose"))
            out.append(Choice("or", "OR a second term", None, "compose"))
    return tuple(out)


def compose_legal(st: State, seat: int, choice: str) -> bool:
    """Is ``choice`` one of :func:`compose_choices` now? Checks that one id only (no list)."""
    if choice == "back":
        return st["backs"][seat] < BACK_LIMIT
    tokens = st["draft"]
    ctx = context(st, seat, tokens[0])
    terms, op, pending = parse_draft(tokens)
    terms_t = tuple(terms)
    head, _, arg = choice.partition(":")
    if pending is not None:
        if head != "k" or arg not in KIND_BY_CODE:
            return False
        return _term_ok(ctx, terms_t, op, pending, KIND_BY_CODE[arg])
    if len(terms) == _n_connectors(tokens):
        low = _page(tokens) * COUNT_MAX  # this page shows counts low+1 .. low+COUNT_MAX
        if choice == "more":
            return _count_at_least(ctx, terms_t, op, low + COUNT_MAX + 1)
        if head != "n" or not (arg.isascii() and arg.isdigit()):
            return False
        c = int(arg)
        if choice != f"n:{c}" or not low < c <= low + COUNT_MAX:
            return False
        return _count_at_least(ctx, terms_t, op, c)
    spec = tr.make(terms, op)
    payable = not ctx.giving or tr.can_fulfil(ctx.hand, spec)
    if choice == "send":
        return payable
    if len(terms) == 1:
        if choice == "and":
            return payable and _count_at_least(ctx, terms_t, "AND", 1)
        return choice == "or"
    return False


def compose_step(st: State, seat: int, choice: str) -> tr.Spec | None:
    """Apply one composing choice; returns the finished Spec on ``send`` (the draft is then
    cleared by the caller). Raises IllegalAction for anything not offered now."""
    if not compose_legal(st, seat, choice):
        raise IllegalAction(f"{choice!r} is not possible now")
    return compose_do(st, seat, choice)


def compose_do(st: State, seat: int, choice: str) -> tr.Spec | None:
    """:func:`compose_step` for a choice already known to be legal."""
    tokens = st["draft"]
    if choice == "back":
        tokens.pop()
        st["backs"][seat] += 1
        return None
    if choice == "send":
        terms, op, _ = parse_draft(tokens)
        return tr.make(terms, op)
    tokens.append(choice)
    return None


_DRAFT_TEXT: dict[tuple[str, ...], str] = {}
"""draft_text by draft (a pure function of the tokens; drafts repeat a lot)."""


def draft_text(tokens: list[str]) -> str:
    """Running summary of a draft: "Request: 2 Goths AND …"."""
    if not tokens:
        return ""
    key = tuple(tokens)
    out = _DRAFT_TEXT.get(key)
    if out is None:
        if len(_DRAFT_TEXT) > 4096:
            _DRAFT_TEXT.clear()
        out = _DRAFT_TEXT[key] = _draft_text(tokens)
    return out


def _draft_text(tokens: list[str]) -> str:
    head = {"request": "Request", "offer": "Offer", "respond": "Your answer"}[tokens[0]]
    terms, op, pending = parse_draft(tokens)
    parts = [tr.term_text(c, k) for c, k in terms]
    body = f" {op} ".join(parts)
    if op and len(terms) == 1:
        body += f" {op} "
    if pending is not None:
        body += f"{pending} …"
    elif not terms or (op and len(terms) == 1):
        body += "…"
    return f"{head}: {body}"


def spec_ok(ctx: Ctx, spec: tr.Spec) -> bool:
    """Whole-spec legality for the shortcuts: a giving side must be payable from the hand
    (RP-4.4/4.6); a receiving side is any valid spec."""
    return tr.can_fulfil(ctx.hand, spec) if ctx.giving else True


# ----------------------------------------------------------------------------- selection
def selected(picks: list[int]) -> list[int]:
    """Picks (type indices) -> 10 counts."""
    out = [0] * NT
    for t in picks:
        out[t] += 1
    return out


def give_choices(st: State, seat: int, spec: tr.Spec) -> list[Choice]:
    """Choices of a giver selecting cards for ``spec`` (README "fulfil")."""
    hand = st["hands"][seat]
    picks = st["picks"][seat]
    sel = selected(picks)
    out = []
    for t in range(NT):
        if sel[t] < hand[t]:
            sel[t] += 1
            if tr.extendable(sel, hand, spec):
                out.append(
                    Choice(
                        f"pick:{CODES[t]}",
                        give_label(t),
                        f"type:{CODES[t]}",
                        "give",
                    )
                )
            sel[t] -= 1
    if tr.satisfies(sel, spec):
        out.insert(0, Choice("confirm", f"Confirm: give {tr.cards_text(sel)}", None, "give"))
    if picks and st["backs"][seat] < BACK_LIMIT:
        out.append(Choice("back", "Back", None, "give"))
    return out


def give_legal(st: State, seat: int, spec: tr.Spec, choice: str) -> bool:
    """Is ``choice`` one of :func:`give_choices` now? Checks that one id only (no list)."""
    picks = st["picks"][seat]
    if choice == "back":
        return bool(picks) and st["backs"][seat] < BACK_LIMIT
    sel = selected(picks)
    if choice == "confirm":
        return tr.satisfies(sel, spec)
    head, _, code = choice.partition(":")
    if head != "pick" or code not in CODES:
        return False
    hand = st["hands"][seat]
    t = CODES.index(code)
    if sel[t] >= hand[t]:
        return False
    sel[t] += 1
    return tr.extendable(sel, hand, spec)


def only_selection(hand: list[int], spec: tr.Spec) -> list[int] | None:
    """The single multiset of ``hand`` satisfying ``spec``, or None when there are several
    (or none)."""
    try:
        only = _only_selection(tuple(hand), spec)
    except TypeError:  # an unhashable spec built by hand
        only = _only_selection.__wrapped__(tuple(hand), spec)
    return list(only) if only is not None else None


@lru_cache(maxsize=1 << 12)
def _only_selection(hand: tuple[int, ...], spec: tr.Spec) -> tuple[int, ...] | None:
    found = list(tr.selections(hand, spec, limit=2))
    return tuple(found[0]) if len(found) == 1 else None
