"""Imperial Struggle Ministry hooks on purchases and payment (IS-5.3.2, IS-5.7c/e, IS-6.1, S4/S5).

Jacobite Uprisings purchases (M-4 A ``jacobite_shift:<space>``, B ``jacobite_vp``), card cost
reductions (M-6 a, M-22 b), the S5 options (``pitt``, ``choiseul``, ``burke``, ``papacy``,
2-MP Squadron abilities M-10 A / M-11 B / M-15 B, ``reveal:`` of discount cards), Burke's Europe
lock, Debt hooks (M-23 Turgot, M-17 Merchant Banks) and the Minor-action exceptions (M-6 b, M-21).
Public names are re-exported by ``ministries``.

Purchase dicts follow the shape of `purchases.py`: ``{"kind": "shift"|"build_squadron"|"deploy"|
"bonus_tile"|"jacobite_shift"|…, "type": "E"|"D"|"M", "space": id|None, "mode": …}``. Whether a
shift flags or unflags is read from the map (empty → flag, opposing → unflag).
"""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event

from . import board as B
from . import ministries_cards as M
from . import ministries_round as MR
from . import state as S

State = dict[str, Any]

BURKE_USA: tuple[str, ...] = ("sons_of_liberty", "usa_prestige_2", "usa_prestige_3")
"""Spaces Edmund Burke b makes 1 DP cheaper for Britain (IS-MIN22 b)."""

SQUADRON_TWO: tuple[tuple[str, str], ...] = (
    ("M-10A", "Edmond Halley"),
    ("M-11B", "Choiseul"),
    ("M-15B", "Pitt the Elder"),
)
"""Abilities that make one Squadron construction cost 2 MP (IS-5.6.5; not stacking)."""


def _grant(st: State, side: int, letter: str, pts: int, why: str) -> None:
    """Restricted points on the action being performed (IS-5.7c) via `round.grant`, through
    ``ministries_round._grant`` so that every ministry grant passes one function (the tests'
    ``grants`` fixture replaces it)."""
    MR._grant(st, side, letter, pts, why=why, to="current")


def _space(purchase: dict[str, Any]) -> str | None:
    return purchase.get("space")


def _is_shift(purchase: dict[str, Any], letter: str) -> bool:
    return (
        purchase.get("kind") == "shift"
        and purchase.get("type") == letter
        and bool(purchase.get("space"))
    )


def _country(space: str) -> str | None:
    return B.SPACES[space].get("country")


# ---------------------------------------------------------------------------- Jacobite (M-4)
def jacobite_a_ok(st: State) -> bool:
    """IS-MIN04 A, IS-A22: France has M-4 in a slot, and A is unused this turn or was already
    used in this very round (any number of shifts in its round), and B was not used this round."""
    md = M.mods(st)
    if not M.in_slot(st, S.FR, "M-4") or "M-4" in st["min_removed"] or md.get("m4B"):
        return False
    return not M.is_exhausted(st, "M-4A") or bool(md.get("m4A"))


def jacobite_b_ok(st: State) -> bool:
    """IS-MIN04 B, IS-A22: M-4 in a slot, B unused this turn, A not used this round."""
    return (
        M.usable(st, S.FR, "M-4B") and not M.mods(st).get("m4A") and "M-4" not in st["min_removed"]
    )


def jacobite_vp_value(st: State) -> int:
    """IS-MIN04 B: ``min(4, J + V)``; J = Scotland/Ireland spaces France controls (conflicted
    ignored, IS-A05), V = Jacobite Victory markers."""
    j = S.count_controlled(st, S.FR, M.SCOT_IRISH)
    return min(4, j + st["jacobite"]["victories"])


def _jacobite_targets(st: State, minor: bool) -> list[str]:
    out = []
    for sp in M.SCOT_IRISH:
        own = S.owner(st, sp)
        if own == S.FR or not S.available(st, sp):
            continue
        if minor and own is not None and sp not in st["conflict"]:
            continue  # IS-5.3.2(b): a Minor may not remove an unconflicted opposing flag
        out.append(sp)
    return out


def purchase_options(st: State, side: int, action: dict[str, Any]) -> list[Choice]:
    """IS-17.6 S4 Military choices of Jacobite Uprisings: ``jacobite_shift:<space>`` (A; each
    Scotland/Ireland Political space France does not control; a Minor action only flags or
    unflags a conflicted space) and ``jacobite_vp`` (B; only when it would score ≥ 1 VP).
    ``action`` is the Military action being performed. `payment.py` pays
    :func:`purchase_cost` and then calls :func:`perform_purchase`."""
    if side != S.FR or action.get("type") != "M":
        return []
    out: list[Choice] = []
    if jacobite_a_ok(st):
        for sp in _jacobite_targets(st, action.get("kind") == "minor"):
            verb = "unflag" if S.owner(st, sp) is not None else "flag"
            out.append(
                Choice(
                    f"jacobite_shift:{sp}",
                    f"Jacobite Uprisings: {verb} {B.name_of(sp)}",
                    sp,
                    "jacobite",
                    f"{jacobite_shift_cost(st, sp)} Military",
                )
            )
    if jacobite_b_ok(st) and jacobite_vp_value(st) > 0:
        n = jacobite_vp_value(st)
        out.append(
            Choice(
                "jacobite_vp", f"Jacobite Uprisings: score {n} VP", "M-4", "jacobite", "3 Military"
            )
        )
    return out


def purchase_label(st: State, side: int, purchase: dict[str, Any]) -> str:
    """Player-facing name of a Jacobite purchase (``kind`` ``jacobite_shift`` / ``jacobite_vp``)
    for prompts: "Jacobite Uprisings: unflag Ireland (Prestige 3)", "Jacobite Uprisings: score 4
    VP". Raises ValueError for another kind."""
    kind = purchase.get("kind")
    if kind == "jacobite_shift":
        sp = purchase["space"]
        verb = "unflag" if S.owner(st, sp) is not None else "flag"
        return f"Jacobite Uprisings: {verb} {B.name_of(sp)}"
    if kind == "jacobite_vp":
        return f"Jacobite Uprisings: score {jacobite_vp_value(st)} VP"
    raise ValueError(f"not a ministry purchase: {kind!r}")


def jacobite_shift_cost(st: State, space: str) -> int:
    """IS-MIN04 A: the space's Political cost (printed DP, 1 if conflicted), no region surcharge;
    no card reduction applies (those are British)."""
    base = 1 if space in st["conflict"] else B.SPACES[space]["cost"]
    return max(1, base)


def purchase_cost(st: State, side: int, choice: str) -> int:
    """MP cost of a Jacobite purchase choice id (``jacobite_shift:<space>``: IS-MIN04 A;
    ``jacobite_vp``: 3). Raises ValueError for another id."""
    if choice.startswith("jacobite_shift:"):
        return jacobite_shift_cost(st, choice.split(":", 1)[1])
    if choice == "jacobite_vp":
        return 3
    raise ValueError(f"not a ministry purchase: {choice!r}")


def perform_purchase(st: State, side: int, choice: str, out: list[Event]) -> None:
    """Carry out a paid Jacobite purchase: reveals M-4 if needed; A shifts the space (unflag if
    British, else flag) and marks A used this turn and this round; B scores ``min(4, J + V)`` VP
    and marks B. Raises ValueError for another id."""
    md = M.mods(st)
    if choice.startswith("jacobite_shift:"):
        sp = choice.split(":", 1)[1]
        M.ensure_up(st, S.FR, "M-4", out)
        if not M.is_exhausted(st, "M-4A"):
            M.use(st, S.FR, "M-4A", out)
        md["m4A"] = 1
        if S.owner(st, sp) is not None:
            S.set_flag(st, sp, None, out, "jacobite")
            mode = "unflag"
        else:
            S.set_flag(st, sp, S.FR, out, "jacobite")
            mode = "flag"
        out.append(S.ev(st, "jacobite_shift", S.FR, space=sp, mode=mode))
        return
    if choice == "jacobite_vp":
        n = jacobite_vp_value(st)
        M.use(st, S.FR, "M-4B", out)
        md["m4B"] = 1
        S.score(st, S.FR, n, out, "jacobite")
        return
    raise ValueError(f"not a ministry purchase: {choice!r}")


# ---------------------------------------------------------------------------- costs (S5)
def _swift_a(st: State, side: int, purchase: dict[str, Any]) -> bool:
    sp = _space(purchase)
    return (
        side == S.BR and _is_shift(purchase, "D") and sp in M.SCOT_IRISH and S.owner(st, sp) is None
    )


def _burke_b(st: State, side: int, purchase: dict[str, Any]) -> bool:
    return side == S.BR and _is_shift(purchase, "D") and _space(purchase) in BURKE_USA


def cost_mods(st: State, side: int, purchase: dict[str, Any]) -> list[tuple[str, str, int]]:
    """Passive card reductions of a purchase, as ``(card, label, delta)`` (IS-5.5.2 step 2):
    Jonathan Swift a (M-6, face up: flagging an empty Scotland/Ireland space −1 DP) and Edmund
    Burke b (M-22, face up: shifting Sons of Liberty / USA spaces −1 DP). Hanbury Williams (round
    mod ``min16``), IS-EV04 and IS-EV17 are applied by `payment.py`, not here."""
    out: list[tuple[str, str, int]] = []
    if _swift_a(st, side, purchase) and S.face_up(st, S.BR, "M-6"):
        out.append(("M-6", "Jonathan Swift", -1))
    if _burke_b(st, side, purchase) and S.face_up(st, S.BR, "M-22"):
        out.append(("M-22", "Edmund Burke", -1))
    return out


def squadron_base(st: State, side: int) -> int | None:
    """IS-5.6.5: 2 when Halley A / Choiseul B / Pitt B was chosen for this round's next Squadron
    construction (see :func:`cost_options`), else None (base 4). Does not stack with Slaving
    Contracts; IS-EV04 subtracts afterwards."""
    return 2 if M.mods(st).get("min_sq2") else None


def _ireland_count(st: State) -> int:
    return S.count_controlled(st, S.BR, M.IRELAND)


def _outside_europe(action: dict[str, Any]) -> bool:
    regs = action.get("regions")
    if regs is not None:
        return any(r != "europe" for r in regs)
    return bool(action.get("min_outside"))


def burke_ok(st: State, side: int, action: dict[str, Any], purchase: dict[str, Any]) -> bool:
    """IS-MIN22 a: Britain, M-22 in a slot, not yet used this round, a Major Diplomatic action
    (tile Major or Event action) with no DP spent outside Europe, a Diplomatic purchase in Europe,
    and at least one Ireland space controlled (conflicted ignored)."""
    sp = _space(purchase)
    return (
        side == S.BR
        and M.in_slot(st, S.BR, "M-22")
        and not M.mods(st).get("min22")
        and action.get("type") == "D"
        and action.get("kind") in ("major", "event")
        and purchase.get("type") == "D"
        and sp is not None
        and B.region_of(sp) == "europe"
        and not _outside_europe(action)
        and _ireland_count(st) > 0
    )


def _britain_options(
    st: State, side: int, action: dict[str, Any], purchase: dict[str, Any]
) -> list[Choice]:
    """Britain's part of :func:`cost_options`: ``pitt``, ``papacy``, ``burke``, and the
    ``reveal:`` options of Swift (M-6), Burke (M-22) and Merchant Banks (M-17)."""
    out: list[Choice] = []
    sp = _space(purchase)
    if (
        M.usable(st, S.BR, "M-15A")
        and action.get("type") == "D"
        and _is_shift(purchase, "D")
        and B.kind_of(sp) == "political"
        and not B.SPACES[sp]["prestige"]
    ):
        out.append(Choice("pitt", "Pitt the Elder: +1 Diplomatic", "M-15", "ministry"))
    if (
        M.usable(st, S.BR, "M-20")
        and action.get("type") == "D"
        and _is_shift(purchase, "D")
        and sp in M.SCOT_IRISH
    ):
        out.append(Choice("papacy", "Papacy-Hanover: +2 Diplomatic", "M-20", "ministry"))
    if burke_ok(st, side, action, purchase):
        n = min(2, _ireland_count(st))
        out.append(
            Choice(
                "burke",
                f"Edmund Burke: +{n} Diplomatic",
                "M-22",
                "ministry",
                "This action's Diplomatic points then stay in Europe",
            )
        )
    for card, test in (("M-6", _swift_a), ("M-22", _burke_b)):
        if card in S.face_down_cards(st, S.BR) and test(st, side, purchase):
            out.append(Choice(f"reveal:{card}", f"Reveal {M.name(card)}: 1 less", card, "reveal"))
    if "M-17" in S.face_down_cards(st, S.BR) and purchase.get("type") == "E":
        out.append(Choice("reveal:M-17", "Reveal Merchant Banks", "M-17", "reveal"))
    return out


def cost_options(
    st: State, side: int, action: dict[str, Any], purchase: dict[str, Any]
) -> list[Choice]:
    """IS-17.6 S5 ministry options for paying ``purchase`` inside ``action``, each only while it
    applies: ``pitt`` (M-15 A, +1 DP for a non-Prestige Political shift), ``choiseul`` (M-11 A,
    +1 MP for a Bonus War tile or Squadron deployment), ``papacy`` (M-20, +2 DP for a
    Scotland/Ireland shift), ``burke`` (M-22 a, +1 DP per Ireland space, max 2, Europe only),
    ``ability:M-10A|M-11B|M-15B`` (this Squadron costs 2 MP), ``reveal:M-6|M-22`` (face-down
    discount card that would apply), ``reveal:M-17`` (Merchant Banks for an Economic purchase),
    ``reveal:M-23`` (Turgot before France's first Debt of the round). Apply with
    :func:`apply_cost_option`."""
    out: list[Choice] = []
    kind = purchase.get("kind")
    if side == S.BR:
        out += _britain_options(st, side, action, purchase)
    if side == S.FR:
        if (
            M.usable(st, S.FR, "M-11A")
            and action.get("type") == "M"
            and kind in ("bonus_tile", "deploy")
        ):
            out.append(Choice("choiseul", "Choiseul: +1 Military", "M-11", "ministry"))
        if "M-23" in S.face_down_cards(st, S.FR) and not M.mods(st).get("min23"):
            out.append(Choice("reveal:M-23", "Reveal Turgot", "M-23", "reveal"))
    if kind == "build_squadron" and not M.mods(st).get("min_sq2"):
        for key, nm in SQUADRON_TWO:
            if _squadron_ability_ok(st, side, key):
                out.append(
                    Choice(f"ability:{key}", f"{nm}: this Squadron costs 2", key[:-1], "ministry")
                )
    return out


def _squadron_ability_ok(st: State, side: int, key: str) -> bool:
    if not M.usable(st, side, key):
        return False
    if key == "M-11B":
        return any(S.controls(st, S.FR, n) for n in B.spaces_in("north_america", "naval"))
    return True


def apply_cost_option(
    st: State,
    side: int,
    choice: str,
    action: dict[str, Any],
    purchase: dict[str, Any],
    out: list[Event],
) -> None:
    """Apply an S5 option of :func:`cost_options` (assumed legal). Points go to the current
    action as restricted points (IS-5.7c) with the predicates ``non_prestige_political`` (Pitt),
    ``bonus_or_deploy`` (Choiseul), ``scotland_ireland`` (Papacy-Hanover), ``region:europe``
    (Burke; the action is then locked to Europe, :func:`purchase_blocked`). Raises ValueError
    for an unknown id."""
    if choice.startswith("reveal:"):
        M.reveal(st, side, split_choice(choice, "reveal"), out)
    elif choice == "pitt":
        M.use(st, side, "M-15A", out)
        _grant(st, side, "D", 1, "non_prestige_political")
    elif choice == "choiseul":
        M.use(st, side, "M-11A", out)
        _grant(st, side, "M", 1, "bonus_or_deploy")
    elif choice == "papacy":
        M.use(st, side, "M-20", out)
        _grant(st, side, "D", 2, "scotland_ireland")
    elif choice == "burke":
        M.use(st, side, "M-22", out, once=False)
        M.mods(st)["min22"] = 1
        action["min_burke"] = 1
        _grant(st, side, "D", min(2, _ireland_count(st)), "region:europe")
    elif choice.startswith("ability:") and split_choice(choice, "ability") in dict(SQUADRON_TWO):
        key = split_choice(choice, "ability")
        M.use(st, side, key, out)
        M.mods(st)["min_sq2"] = key
    else:
        raise ValueError(f"unknown ministry payment option {choice!r}")


def after_purchase(
    st: State, side: int, action: dict[str, Any], purchase: dict[str, Any], out: list[Event]
) -> None:
    """Bookkeeping after a confirmed purchase: a Squadron built consumes the 2-MP ability of this
    round; a Diplomatic purchase outside Europe marks the action (Burke, IS-MIN22 a)."""
    md = M.mods(st)
    if purchase.get("kind") == "build_squadron" and md.get("min_sq2"):
        del md["min_sq2"]
    sp = _space(purchase)
    if purchase.get("type") == "D" and sp is not None and B.region_of(sp) != "europe":
        action["min_outside"] = 1


def purchase_blocked(
    st: State, side: int, action: dict[str, Any], purchase: dict[str, Any]
) -> str | None:
    """IS-MIN22 a: once Burke's points joined ``action``, its Diplomatic points may not be spent
    outside Europe this round. Returns a plain-words reason when ``purchase`` is so barred."""
    sp = _space(purchase)
    if (
        action.get("min_burke")
        and purchase.get("type") == "D"
        and sp is not None
        and B.region_of(sp) != "europe"
    ):
        return "Edmund Burke's points keep this action in Europe"
    return None


# ---------------------------------------------------------------------------- Debt
def debt_ap(st: State, side: int) -> int:
    """AP added by the voluntary Debt point just recorded (IS-6.1): 1, or 2 for Turgot
    (IS-MIN23, face up) on France's first Debt point of the round when France's Available Debt,
    counted after that Debt (IS-A26), exceeds Britain's. The first French point is marked even if
    Turgot is face down (a later point is never "the first")."""
    if side != S.FR:
        return 1
    md = M.mods(st)
    if md.get("min23"):
        return 1
    md["min23"] = 1
    if S.face_up(st, S.FR, "M-23") and S.available_debt(st, S.FR) > S.available_debt(st, S.BR):
        return 2
    return 1


def free_debt_left(st: State, side: int, purchase: dict[str, Any]) -> int:
    """IS-MIN17 Merchant Banks (Britain, face up): free Debt points left this turn (0–2) for an
    Economic purchase — each adds 1 EP without raising Debt, even at the Debt Limit."""
    if side != S.BR or purchase.get("type") != "E" or not S.face_up(st, S.BR, "M-17"):
        return 0
    return max(0, 2 - st["min_exhausted"].get("M-17", 0))


def use_free_debt(st: State, side: int, out: list[Event]) -> None:
    """Record one Merchant Banks free Debt point (the caller adds the 1 EP)."""
    st["min_exhausted"]["M-17"] = st["min_exhausted"].get("M-17", 0) + 1
    out.append(S.ev(st, "ministry_use", side, card="M-17", ability=None))


# ---------------------------------------------------------------------------- Minor exceptions
def _minor_card(st: State, side: int, purchase: dict[str, Any]) -> str | None:
    if side != S.BR or purchase.get("kind") != "shift":
        return None
    sp = _space(purchase)
    if sp is None or S.owner(st, sp) != S.FR:
        return None
    if (
        purchase.get("type") == "D"
        and B.kind_of(sp) == "political"
        and B.region_of(sp) == "europe"
        and M.in_slot(st, S.BR, "M-6")
        and S.count_controlled(st, S.BR, M.IRELAND) > 0
    ):
        return "M-6"
    if (
        purchase.get("type") == "E"
        and B.kind_of(sp) == "market"
        and st["townshend"] is not None
        and B.SPACES[sp]["commodity"] == st["townshend"]
    ):
        return "M-21"
    return None


def minor_exceptions(st: State, side: int, purchase: dict[str, Any]) -> bool:
    """IS-5.3.2(b) exceptions: True when a Minor ``purchase`` of Britain may unflag a French
    space — Jonathan Swift b (M-6 in a slot, Britain controls an Ireland space, a Diplomatic
    unflag of a French Political space in Europe) or Townshend Acts (an Economic unflag of a
    French Market of the marked commodity). Use :func:`use_minor_exception` when performing it."""
    return _minor_card(st, side, purchase) is not None


def use_minor_exception(st: State, side: int, purchase: dict[str, Any], out: list[Event]) -> None:
    """Reveal Jonathan Swift if the exception relies on it face down (IS-3.5a)."""
    card = _minor_card(st, side, purchase)
    if card is not None:
        M.ensure_up(st, side, card, out)
