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

from dataclasses import dataclass

from engine.rules import Choice, IllegalAction, State

from . import trade as tr
from .cards import CODES, KIND_BY_CODE, KIND_CODES, NK, NT, TYPES
from .state import BACK_LIMIT, hand_size

COUNT_MAX = 12
"""Counts per page of the count step; ``more`` shows the next 12 (up to the grammar's 60)."""


@dataclass(frozen=True, slots=True)
class Ctx:
    """What bounds a spec being composed.

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


def parse_draft(tokens: list[str]) -> tuple[list[tuple[int, int]], str | None, int | None]:
    """Tokens after the first -> (finished terms, connector or None, pending count or None)."""
    terms: list[tuple[int, int]] = []
    op = None
    pending = None
    for tok in tokens[1:]:
        if tok.startswith("n:"):
            pending = int(tok[2:])
        elif tok.startswith("k:"):
            terms.append((pending, KIND_BY_CODE[tok[2:]]))
            pending = None
        elif tok in ("and", "or"):
            op = tok.upper()
    return terms, op, pending


def _one(term: tuple[int, int]) -> tr.Spec:
    return tr.Spec(None, (term,))


def term_ok(ctx: Ctx, terms: list[tuple[int, int]], op: str | None, count: int, kind: int) -> bool:
    """May ``(count, kind)`` be the next term after ``terms`` (joined by ``op``)?

    Any term RP-5.3 allows, except that a giving side must stay payable (RP-4.4/4.6): a first
    term the hand cannot pay is allowed only as the first alternative of an OR (the composer
    then offers only ``or`` and a payable second term)."""
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
    return [k for k in range(NK) if term_ok(ctx, terms, op, count, k)]


def counts_for(ctx: Ctx, terms: list[tuple[int, int]], op: str | None) -> list[int]:
    """Counts possible for the next term, up to the grammar's 60 (above 12 only the generic
    kinds), keeping those for which some kind is allowed. Feasibility only shrinks as the
    count grows, so this is 1..the largest such count."""
    top = tr.MAX_OTHER_COUNT
    if ctx.giving and terms and (op == "AND" or not tr.can_fulfil(ctx.hand, _one(terms[0]))):
        top = min(top, sum(ctx.hand))  # the next term must be payable: never above the hand
    for c in range(top, 0, -1):
        if any(term_ok(ctx, terms, op, c, k) for k in (12, 10, 11, 13, *range(NT))):
            return list(range(1, c + 1))
    return []


def _kind_detail(ctx: Ctx, terms: list[tuple[int, int]], count: int, kind: int) -> str:
    if ctx.giving and not terms and not tr.can_fulfil(ctx.hand, _one((count, kind))):
        return "You cannot give this: only as the first choice of an OR"
    return ""


def compose_choices(st: State, seat: int) -> list[Choice]:
    """The choices of a seat with a non-empty draft (README "Choice ids": composing)."""
    tokens = st["draft"]
    ctx = context(st, seat, tokens[0])
    terms, op, pending = parse_draft(tokens)
    out: list[Choice] = []
    if pending is not None:
        for k in kinds_for(ctx, terms, op, pending):
            target = f"type:{CODES[k]}" if k < NT else f"kind:{KIND_CODES[k]}"
            detail = _kind_detail(ctx, terms, pending, k)
            out.append(
                Choice(f"k:{KIND_CODES[k]}", tr.term_text(pending, k), target, "compose", detail)
            )
    elif len(terms) == len([t for t in tokens[1:] if t in ("and", "or")]):
        page = 0
        while tokens[-1 - page] == "more":
            page += 1
        counts = counts_for(ctx, terms, op)
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
            if payable and counts_for(ctx, terms, "AND"):
                out.append(Choice("and", "AND a second term", None, "compose"))
            out.append(Choice("or", "OR a second term", None, "compose"))
    if st["backs"][seat] < BACK_LIMIT:
        out.append(Choice("back", "Back", None, "compose"))
    return out


def compose_step(st: State, seat: int, choice: str) -> tr.Spec | None:
    """Apply one composing choice; returns the finished Spec on ``send`` (the draft is then
    cleared by the caller). Raises IllegalAction for anything not offered now."""
    if choice not in {c.id for c in compose_choices(st, seat)}:
        raise IllegalAction(f"{choice!r} is not possible now")
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


def draft_text(tokens: list[str]) -> str:
    """Running summary of a draft: "Request: 2 Goths AND …"."""
    if not tokens:
        return ""
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
                        f"Give a {TYPES[t].singular}",
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


def only_selection(hand: list[int], spec: tr.Spec) -> list[int] | None:
    """The single multiset of ``hand`` satisfying ``spec``, or None when there are several
    (or none)."""
    found = list(tr.selections(hand, spec, limit=2))
    return found[0] if len(found) == 1 else None
