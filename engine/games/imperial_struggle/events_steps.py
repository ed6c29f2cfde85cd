"""Imperial Struggle Event cards: the small step language the 41 card programs are written in.

A card version is a :class:`Version` — a list of *standard* steps and a list of *bonus* steps
(IS-5.2 step 3: standard fully, then bonus fully). The ``ev`` frame (``events.py``) runs the
steps in order; each step's :meth:`Step.enter` returns True when the step is finished, or False
after pushing an ``ev_ask`` decision frame (the frame's choice re-enters the step). Per-step
scratch lives in the event frame under ``"s"``, card-wide values under ``"vars"`` (plain data).

Steps:
* :class:`Do` — an automatic effect ``fn(st, fr, out)``.
* :class:`Ask` — ``n`` single choices (counter "1/3" shown), compulsory while options exist
  unless ``optional`` (then ``stop`` is offered: "may"/"up to", IS-5.2 step 3). ``options`` gives
  the choice ids of IS-17.7 (``space:<id>``, ``choice:<a|b>``, ``theater:<n>``, ``demand:<id>``,
  ``adv:<id>``, ``squadron:<naval|navy_box>``, ``option:...``, ``tile:<id>``); ``who`` may hand
  the choice to the opponent (IS-EV12).
* :func:`grant` — an AP grant, collected and handed to ``round.grant`` when the card ends
  (IS-5.2 step 4, IS-5.7b).

Effect helpers (no AP: connection, Minor and surcharge rules do not apply, IS-5.2 step 3):
:func:`place_conflict`, :func:`shift`, :func:`unflag`, :func:`damage_fort`,
:func:`squadron_home`, :func:`park_squadron`, plus target filters. Log event kinds of the card programs (lines in
``events_text.py``): ``conflict`` {card, space, plus}, ``damage`` {card, space}, ``park`` {card,
owner, src, back}, ``adv_refresh`` / ``adv_exhaust`` {card, adv}, ``demand_add`` {commodity},
``demand_draw`` {commodity}, ``demand_swap`` {old, new}, ``limit`` {n, total}, ``ev_grant``
{card, type, n, why}, ``ev_note`` {card, what} (an effect that did nothing, or a test result);
war.py's ``byng`` / ``bonus_return`` and the state's ``flag`` / ``squadron`` / ``vp`` /
``debt`` / ``trp`` events come from the functions called.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import geometry
from . import state as S
from .frames import push

St = dict[str, Any]
Fr = dict[str, Any]
Out = list[Event]

PROGRAMS: dict[int, dict[str, Version]] = {}
"""Card id -> version key (``both``, ``france``, ``britain``) -> program (filled by the
``events_<era>.py`` modules at import)."""


@dataclass
class Version:
    """One version of a card: standard steps, then bonus steps (IS-5.2 step 3)."""

    std: list[Step]
    bonus: list[Step] = field(default_factory=list)


class Step:
    """A program step; ``enter`` returns True when finished (see the module docstring)."""

    def enter(self, st: St, fr: Fr, out: Out) -> bool:  # pragma: no cover - interface
        raise NotImplementedError


class Do(Step):
    """Automatic effect ``fn(st, fr, out)``."""

    def __init__(self, fn: Callable[[St, Fr, Out], Any]):
        self.fn = fn

    def enter(self, st: St, fr: Fr, out: Out) -> bool:
        self.fn(st, fr, out)
        return True


OptionsFn = Callable[[St, Fr], list[Choice]]
ApplyFn = Callable[[St, Fr, str, Out], Any]


class Ask(Step):
    """``n`` single choices of ``options`` (ids already prefixed), each applied by ``apply``.

    ``n``: int or ``fn(st, fr) -> int`` (computed once on entry). ``optional``: offer ``stop``.
    ``who``: ``fn(st, fr) -> side`` (default the card's player). ``distinct``: an id chosen once
    in this step is not offered again (different spaces). ``prompt``: the question in plain words.
    """

    def __init__(
        self,
        prompt: str,
        options: OptionsFn,
        apply: ApplyFn,
        *,
        n: int | Callable[[St, Fr], int] = 1,
        optional: bool = False,
        who: Callable[[St, Fr], int] | None = None,
        distinct: bool = True,
    ):
        self.prompt = prompt
        self.options_fn = options
        self.apply_fn = apply
        self.n = n
        self.optional = optional
        self.who = who
        self.distinct = distinct

    def options(self, st: St, fr: Fr) -> list[Choice]:
        """The legal choices now (already-picked ids removed when ``distinct``)."""
        picked = fr.get("s", {}).get("picked", [])
        return [c for c in self.options_fn(st, fr) if not (self.distinct and c.id in picked)]

    def enter(self, st: St, fr: Fr, out: Out) -> bool:
        s = fr.get("s")
        if s is None:
            n = self.n(st, fr) if callable(self.n) else self.n
            s = fr["s"] = {"i": 0, "n": n, "picked": []}
        if s["i"] >= s["n"] or not self.options(st, fr):
            return True
        side = self.who(st, fr) if self.who else fr["side"]
        push(st, "ev_ask", side=side, region=None)
        return False


# ---------------------------------------------------------------------------- grants
def grant(typ: str, pts: int | Callable[[St, Fr], int], why: str | None = None) -> Do:
    """A deferred AP grant of ``typ`` (E/D/M) with an optional restriction predicate id
    (IS-5.7b, IS-3.4.5). ``pts`` may be computed; 0 grants nothing."""

    def fn(st: St, fr: Fr, out: Out) -> None:
        n = pts(st, fr) if callable(pts) else pts
        if n > 0:
            fr["grants"].append([typ, n, why])
            out.append(S.ev(st, "ev_grant", fr["side"], card=fr["card"], type=typ, n=n, why=why))

    return Do(fn)


def note(st: St, fr: Fr, out: Out, what: str, **args: Any) -> None:
    """Log a card-specific outcome line (``ev_note``)."""
    out.append(S.ev(st, "ev_note", fr["side"], card=fr["card"], what=what, **args))


# ---------------------------------------------------------------------------- space facts
def opp(fr: Fr) -> int:
    """The card player's opponent."""
    return S.other(fr["side"])


opposing = S.opposing
"""The space carries a flag ``side`` may unflag (``state.opposing``)."""


def in_region(region: str) -> Callable[[str], bool]:
    """Filter: the space lies in ``region``."""
    return lambda s: B.SPACES[s]["region"] == region


def in_sub(sub: str) -> Callable[[str], bool]:
    """Filter: the space lies in sub-region ``sub``."""
    return lambda s: B.SPACES[s].get("sub_region") == sub


def of_countries(*countries: str) -> Callable[[str], bool]:
    """Filter: a Political space of one of ``countries``."""
    return lambda s: B.SPACES[s].get("country") in countries


def commodity(com: str) -> Callable[[str], bool]:
    """Filter: a Market of commodity ``com``."""
    return lambda s: B.SPACES[s].get("commodity") == com


def kinds(*ks: str) -> Callable[[str], bool]:
    """Filter: the space type is one of ``ks``."""
    return lambda s: B.SPACES[s]["type"] in ks


def local_alliance(s: str) -> bool:
    """Filter: a Local Alliance (Political space outside Europe, IS-3.2.1d)."""
    return bool(B.SPACES[s].get("local_alliance"))


def all_of(*fs: Callable[[str], bool]) -> Callable[[str], bool]:
    """Filter conjunction."""
    return lambda s: all(f(s) for f in fs)


def protected(st: St, space: str) -> bool:
    """IS-3.2.8 Protection (``geometry.protected``)."""
    return geometry.protected(st, space)


def space_choice(st: St, s: str) -> Choice:
    """``space:<id>`` with the space name and its current flag as detail."""
    code = S.owner(st, s)
    who = "empty" if code is None else S.FLAG_NAMES[code]
    extra = " · Conflict" if s in st["conflict"] else ""
    detail = f"{B.REGION_NAMES[B.SPACES[s]['region']]} · {who}{extra}"
    return Choice(f"space:{s}", B.name_of(s), target=s, group="space", detail=detail)


def spaces(st: St, pred: Callable[[str], bool], kinds_: Iterable[str] | None = None) -> list[str]:
    """Available spaces (IS-3.2.1c) satisfying ``pred``, data order."""
    ks = tuple(kinds_) if kinds_ else None
    return [
        s
        for s in B.SPACE_ORDER
        if (ks is None or B.SPACES[s]["type"] in ks) and S.available(st, s) and pred(s)
    ]


# ---------------------------------------------------------------------------- effects
def place_conflict(st: St, fr: Fr, space: str, out: Out, plus: bool = False) -> None:
    """Put a normal (or plus-one, IS-EV32) Conflict marker on ``space`` (IS-3.8.1)."""
    st["conflict"][space] = 2 if plus else 1
    out.append(S.ev(st, "conflict", fr["side"], card=fr["card"], space=space, plus=plus))


def conflict_targets(st: St, pred: Callable[[str], bool]) -> list[str]:
    """Legal Conflict targets: available Market/Political spaces without a marker (IS-3.8.1)."""
    return spaces(st, lambda s: s not in st["conflict"] and pred(s), ("market", "political"))


def shift(st: St, fr: Fr, space: str, out: Out, side: int | None = None) -> None:
    """Shift ``space`` for ``side`` (default the card's player): unflag if opposing, flag if
    empty (IS-3.2.8). Never called on a space the side controls."""
    side = fr["side"] if side is None else side
    why = f"event:{fr['card']}"
    if S.owner(st, space) is None:
        S.set_flag(st, space, side, out, why)
    else:
        S.set_flag(st, space, None, out, why)


def unflag(st: St, fr: Fr, space: str, out: Out) -> None:
    """Remove the flag on ``space`` (IS-3.2.8 unflag / remove a flag)."""
    S.set_flag(st, space, None, out, f"event:{fr['card']}")


def take_control(st: St, fr: Fr, space: str, out: Out) -> None:
    """Unflag and flag in one step (IS-3.2.8)."""
    S.set_flag(st, space, fr["side"], out, f"event:{fr['card']}")


def damage_fort(st: St, fr: Fr, space: str, out: Out) -> None:
    """Put a Damaged marker on an intact Fort (IS-3.2.5)."""
    st["damaged"][space] = 1
    out.append(S.ev(st, "damage", fr["side"], card=fr["card"], space=space))


def squadron_home(st: St, fr: Fr, side: int, naval: str, out: Out) -> None:
    """Move ``side``'s Squadron on ``naval`` to its Navy Box."""
    S.move_squadron(st, side, naval, "navy", out, f"event:{fr['card']}")


def next_peace_ti(st: St) -> int:
    """Index of the next Peace Turn on the track after the current one (IS-A43)."""
    for j in range(st["ti"] + 1, len(B.TURN_IDS)):
        if B.TURN_IDS[j].startswith("T"):
            return j
    return len(B.TURN_IDS)


def park_squadron(st: St, fr: Fr, side: int, src: str, out: Out) -> None:
    """Park one of ``side``'s Squadrons (from ``src``: a Naval space or ``navy``) on the Turn
    Track until the next Peace Turn's Reset Phase (IS-EV18, IS-EV25, IS-A43)."""
    S.move_squadron(st, side, src, "parked", out, f"event:{fr['card']}")
    back = next_peace_ti(st)
    st["parked"].append([side, 1, back])
    out.append(S.ev(st, "park", fr["side"], card=fr["card"], owner=side, src=src, back=back))


def squadron_sources(st: St, side: int, navy_box: bool) -> list[Choice]:
    """``squadron:<naval>`` for ``side``'s Squadrons on the map (+ ``squadron:navy_box``)."""
    ch = [
        Choice(f"squadron:{n}", B.name_of(n), target=n, group="squadron")
        for n in B.spaces_in(None, "naval")
        if st["squadrons"].get(n) == side
    ]
    if navy_box and st["navy"][side] > 0:
        ch.append(Choice("squadron:navy_box", "Navy Box", group="squadron"))
    return ch


def src_of(cid: str) -> str:
    """``squadron:<x>`` -> a ``move_squadron`` source (``navy`` for the Navy Box)."""
    x = cid.split(":", 1)[1]
    return "navy" if x == "navy_box" else x


def sid(cid: str) -> str:
    """The part of a choice id after the colon."""
    return cid.split(":", 1)[1]


# ---------------------------------------------------------------------------- step builders
def pick_spaces(
    prompt: str,
    targets: Callable[[St, Fr], list[str]],
    effect: Callable[[St, Fr, str, Out], Any],
    **kw: Any,
) -> Ask:
    """An :class:`Ask` over ``space:<id>`` targets applying ``effect(st, fr, space, out)``."""

    def options(st: St, fr: Fr) -> list[Choice]:
        return [space_choice(st, s) for s in targets(st, fr)]

    def apply(st: St, fr: Fr, cid: str, out: Out) -> None:
        effect(st, fr, sid(cid), out)

    return Ask(prompt, options, apply, **kw)


def conflict_step(
    prompt: str, pred: Callable[[St, Fr, str], bool], plus: bool = False, **kw: Any
) -> Ask:
    """Place Conflict markers on legal targets matching ``pred(st, fr, space)``."""
    return pick_spaces(
        prompt,
        lambda st, fr: conflict_targets(st, lambda s: pred(st, fr, s)),
        lambda st, fr, s, out: place_conflict(st, fr, s, out, plus),
        **kw,
    )


def shift_step(prompt: str, pred: Callable[[str], bool], **kw: Any) -> Ask:
    """Shift one available space matching ``pred`` that the player does not control and that
    it may shift (empty or opposing; never a USA flag)."""

    def targets(st: St, fr: Fr) -> list[str]:
        side = fr["side"]
        return spaces(st, lambda s: pred(s) and (S.owner(st, s) is None or opposing(st, side, s)))

    return pick_spaces(prompt, targets, shift, **kw)


def unflag_step(
    prompt: str, pred: Callable[[str], bool], flag: int | None = None, **kw: Any
) -> Ask:
    """Unflag one space matching ``pred`` carrying an opposing flag (``flag`` = a specific side's
    flag only, e.g. "a British Cotton Market")."""

    def targets(st: St, fr: Fr) -> list[str]:
        side = fr["side"]
        if flag is None:
            return spaces(st, lambda s: pred(s) and opposing(st, side, s))
        return spaces(st, lambda s: pred(s) and S.owner(st, s) == flag)

    return pick_spaces(prompt, targets, unflag, **kw)


def score_step(n: int | Callable[[St, Fr], int], why: str = "event") -> Do:
    """The player scores ``n`` VP (computed when run)."""

    def fn(st: St, fr: Fr, out: Out) -> None:
        k = n(st, fr) if callable(n) else n
        S.score(st, fr["side"], k, out, f"event:{fr['card']}")

    return Do(fn)


def reduce_debt_step(n: int) -> Do:
    """The player reduces its Debt by ``min(n, Debt)`` (IS-6.2)."""
    return Do(lambda st, fr, out: S.reduce_debt(st, fr["side"], n, out, f"event:{fr['card']}"))


def forced_debt_step(n: int, on_opponent: bool = True) -> Do:
    """Forced Debt (IS-6.3a) on the opponent (or the player)."""

    def fn(st: St, fr: Fr, out: Out) -> None:
        who = opp(fr) if on_opponent else fr["side"]
        S.forced_debt(st, who, n, out, f"event:{fr['card']}")

    return Do(fn)


def unbuilt_to_navy(st: St, fr: Fr, out: Out) -> None:
    """Move one of the player's Unbuilt Squadrons to its Navy Box, free (if any)."""
    if st["unbuilt"][fr["side"]] > 0:
        S.move_squadron(st, fr["side"], "unbuilt", "navy", out, f"event:{fr['card']}")
    else:
        note(st, fr, out, "no_unbuilt")


def choice(cid: str, label: str, detail: str = "") -> Choice:
    """A ``choice:<a|b>`` (or other fixed id) option."""
    return Choice(cid, label, group="choice", detail=detail)
