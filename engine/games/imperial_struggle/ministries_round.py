"""Imperial Struggle Ministry abilities inside an Action Round (IS-5.0a, IS-5.1a, IS-17.6 S0/S1/S3).

Start-of-round and menu abilities (Walpole M-5, Bank of England A M-8, Townshend Acts M-21, Halley B
M-10, Hanbury Williams M-16, Huguenots placement M-9, reveals), the Cardinal Ministers offer after
the tile (M-1), North American Trade a (M-24) and the Advantage triggers (Pompadour M-13, Watt
M-19 b). Public names are re-exported by ``ministries``.

Frame kinds registered here (decision frames of the phasing side; each pops itself, the round's
frame below continues): ``min_walpole`` (``discard:<card>``), ``min_commodity``
(``commodity:<id>`` | ``back``), ``min_huguenots`` (``space:<territory>`` | ``back``),
``min_halley`` (``discard:<card>`` | ``back``), ``min_cardinal`` (``cardinal:yes|no``).
"""

from __future__ import annotations

from typing import Any

from engine.choices import split_choice
from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import ministries_cards as M
from . import round_record as R
from . import state as S

State = dict[str, Any]
Frame = dict[str, Any]

CARDINAL_SPACES: tuple[str, ...] = (
    "savoy",
    "sardinia",
    "austria_prestige_3_upper",
    "austria_prestige_3_lower",
    "spain_prestige_2",
    "spain_prestige_3",
)
"""The six Political spaces counted by The Cardinal Ministers (IS-MIN01)."""

HALLEY_NAVAL: tuple[str, ...] = ("biscay", "balearic")
"""Naval spaces that enable Edmond Halley B (IS-MIN10)."""

FUR_FISH: tuple[str, ...] = tuple(
    s for s in B.spaces_in(None, "market") if B.SPACES[s]["commodity"] in ("furs", "fish")
)
"""Fur and Fish Markets (IS-MIN24 a)."""


def _grant(
    st: State, side: int, letter: str, pts: int, why: str | None = None, to: str | None = None
) -> None:
    """Add ministry AP through `round.grant` (IS-5.7c): ``to="tile"`` raises the tile action
    of that type (or the first Event action of it, IS-A24); ``to="current"`` attaches restricted
    points to the action being performed."""
    R.grant(st, side, letter, pts, why=why, to=to)


def _draw_possible(st: State) -> bool:
    """IS-A06 / IS-V06: a Walpole draw needs a non-empty draw pile (or the reshuffle option)."""
    if st["deck"]:
        return True
    return st["opts"].get("midturn_draw_reshuffle") == "on" and bool(st["discard"])


def _reveal_choices(st: State, side: int) -> list[Choice]:
    return [
        Choice(f"reveal:{c}", f"Reveal {M.name(c)}", c, "reveal", "Turn this Ministry face up")
        for c in S.face_down_cards(st, side)
    ]


def _walpole(st: State, side: int) -> list[Choice]:
    if side == S.BR and M.usable(st, side, "M-5") and _draw_possible(st):
        return [
            Choice(
                "ability:M-5",
                "Robert Walpole: draw an Event card",
                "M-5",
                "ability",
                "Then discard one card from your hand",
            )
        ]
    return []


def _bank(st: State, side: int) -> list[Choice]:
    if side == S.BR and M.usable(st, side, "M-8A"):
        lim = st["limit"][S.BR]
        return [
            Choice(
                "ability:M-8A",
                "Bank of England: raise your Debt Limit",
                "M-8",
                "ability",
                f"Debt Limit {lim} → {lim + 1}",
            )
        ]
    return []


def _townshend(st: State, side: int) -> list[Choice]:
    if side == S.BR and M.usable(st, side, "M-21") and st["demand"]:
        return [
            Choice(
                "ability:M-21",
                "Townshend Acts: mark a commodity in demand",
                "M-21",
                "ability",
                "For the rest of the turn your Minor Economic actions may unflag its Markets",
            )
        ]
    return []


def round_start_choices(st: State, side: int) -> list[Choice]:
    """IS-17.6 S0 (before the tile, IS-5.0a): ``ability:M-5`` (Walpole), ``ability:M-8A`` (Bank
    of England A, IS-A46), ``ability:M-21`` (Townshend Acts), ``reveal:<M-x>`` for each face-down
    card. Apply any of them with :func:`apply_ability`."""
    return _walpole(st, side) + _bank(st, side) + _townshend(st, side) + _reveal_choices(st, side)


def _huguenot_targets(st: State) -> list[str]:
    return [
        t
        for r in ("north_america", "caribbean")
        for t in B.spaces_in(r, "territory")
        if S.controls(st, S.FR, t) and t not in st["huguenots"]
    ]


def menu_choices(st: State, side: int) -> list[Choice]:
    """IS-17.6 S1/S3 (after the tile): abilities not tied to a purchase — Walpole, Bank of England
    A, Townshend Acts (only while no Event was played and the tile is unused, IS-MIN21), Halley B
    (British Squadron on ``biscay``/``balearic`` and a card in hand), Hanbury Williams (not yet
    active this round), Huguenots placement (a legal Territory exists) — and ``reveal:<M-x>``."""
    rd = st["round"] or {}
    out = _walpole(st, side) + _bank(st, side)
    if rd.get("event") is None and not rd.get("tile_used"):
        out += _townshend(st, side)
    if (
        side == S.BR
        and M.usable(st, side, "M-10B")
        and st["hands"][S.BR]
        and any(S.controls(st, S.BR, n) for n in HALLEY_NAVAL)
    ):
        out.append(
            Choice(
                "ability:M-10B",
                "Edmond Halley: discard a card for 1 Treaty Point",
                "M-10",
                "ability",
            )
        )
    if side == S.BR and M.usable(st, side, "M-16") and not M.mods(st).get("min16"):
        out.append(
            Choice(
                "ability:M-16",
                "Charles Hanbury Williams: cheaper unflags in Prussia, German States, Russia",
                "M-16",
                "ability",
                "For the rest of this round those unflags cost 1 Diplomatic point less",
            )
        )
    if side == S.FR and M.usable(st, side, "M-9") and _huguenot_targets(st):
        out.append(
            Choice(
                "ability:M-9",
                "New World Huguenots: place a Huguenots marker",
                "M-9",
                "ability",
                "On a French Territory in North America or the Caribbean",
            )
        )
    return out + _reveal_choices(st, side)


def apply_ability(st: State, side: int, choice: str, out: list[Event]) -> None:
    """Perform an S0/S1/S3 ministry choice (ids from :func:`round_start_choices` /
    :func:`menu_choices`, assumed legal). May push a ``min_*`` frame on top of the caller's
    frame. Raises ValueError for an unknown id."""
    if choice.startswith("reveal:"):
        M.reveal(st, side, split_choice(choice, "reveal"), out)
        return
    if choice == "ability:M-5":
        M.use(st, side, "M-5", out)
        S.draw_event(st, side, out)
        if st["hands"][side]:
            F.push(st, "min_walpole", side=side)
        return
    if choice == "ability:M-8A":
        M.use(st, side, "M-8A", out)
        st["limit"][side] += 1
        out.append(S.ev(st, "debt_limit_up", side, n=1, total=st["limit"][side]))
        return
    if choice == "ability:M-21":
        M.ensure_up(st, side, "M-21", out)  # the frame kind is public: reveal first (IS-16.2)
        F.push(st, "min_commodity", side=side)
        return
    if choice == "ability:M-10B":
        M.ensure_up(st, side, "M-10", out)
        F.push(st, "min_halley", side=side)
        return
    if choice == "ability:M-16":
        M.use(st, side, "M-16", out)
        M.mods(st)["min16"] = 1
        return
    if choice == "ability:M-9":
        M.ensure_up(st, side, "M-9", out)
        F.push(st, "min_huguenots", side=side)
        return
    if choice == "cardinal:yes":
        _cardinal_yes(st, cardinal_dp(st), out)
        return
    raise ValueError(f"unknown ministry choice {choice!r}")


# ---------------------------------------------------------------------------- frames
def _side(_st: State, fr: Frame) -> int:
    return fr["side"]


def _discard_choices(st: State, fr: Frame) -> list[Choice]:
    return [
        Choice(f"discard:{c}", f"Discard {B.EVENTS[c]['name']}", str(c), "discard")
        for c in st["hands"][fr["side"]]
    ]


def _discard(st: State, side: int, card: int, out: list[Event]) -> None:
    st["hands"][side].remove(card)
    st["discard"].append(card)
    out.append(S.ev(st, "discard", side, cards=[card]))


def _walpole_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    F.pop(st, fr)
    _discard(st, fr["side"], int(choice.split(":")[1]), out)


F.register(
    "min_walpole",
    side=_side,
    choices=_discard_choices,
    text=lambda st, fr: ("Robert Walpole: discard one card", ""),
    apply=_walpole_apply,
)


def _halley_choices(st: State, fr: Frame) -> list[Choice]:
    return _discard_choices(st, fr) + [Choice("back", "Back")]


def _halley_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    F.pop(st, fr)
    if choice == "back":
        return
    side = fr["side"]
    M.use(st, side, "M-10B", out)
    _discard(st, side, int(choice.split(":")[1]), out)
    S.gain_trp(st, side, 1, out, "halley")


F.register(
    "min_halley",
    side=_side,
    choices=_halley_choices,
    text=lambda st, fr: ("Edmond Halley: discard a card to gain 1 Treaty Point", ""),
    apply=_halley_apply,
)


def _commodity_choices(st: State, fr: Frame) -> list[Choice]:
    return [
        Choice(f"commodity:{c}", f"Townshend Acts on {c.capitalize()}", c, "commodity")
        for c in st["demand"]
    ] + [Choice("back", "Back")]


def _commodity_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    F.pop(st, fr)
    if choice == "back":
        return
    side = fr["side"]
    M.use(st, side, "M-21", out)
    st["townshend"] = choice.split(":")[1]
    out.append(S.ev(st, "townshend", side, commodity=st["townshend"]))


F.register(
    "min_commodity",
    side=_side,
    choices=_commodity_choices,
    text=lambda st, fr: ("Townshend Acts: choose a commodity in demand", ""),
    apply=_commodity_apply,
)


def _huguenots_choices(st: State, fr: Frame) -> list[Choice]:
    return [
        Choice(f"space:{t}", f"Huguenots in {B.name_of(t)}", t, "space")
        for t in _huguenot_targets(st)
    ] + [Choice("back", "Back")]


def _huguenots_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    F.pop(st, fr)
    if choice == "back":
        return
    side = fr["side"]
    M.use(st, side, "M-9", out)
    t = choice.split(":")[1]
    st["huguenots"][t] = 1
    out.append(S.ev(st, "huguenots", side, space=t, state="fresh"))


F.register(
    "min_huguenots",
    side=_side,
    choices=_huguenots_choices,
    text=lambda st, fr: ("New World Huguenots: choose a Territory", ""),
    apply=_huguenots_apply,
)


# ---------------------------------------------------------------------------- after the tile
def cardinal_dp(st: State) -> int:
    """IS-MIN01: +1 DP per Cardinal space France controls (conflicted ignored), at most 3."""
    return min(3, S.count_controlled(st, S.FR, CARDINAL_SPACES))


def _tile_has(tile: int | None, word: str) -> bool:
    if tile is None:
        return False
    t = B.INVEST[tile]
    return word in (t["major"]["type"], t["minor"]["type"])


def fur_fish_lead(st: State) -> bool:
    """IS-MIN24 a: France controls more Fur + Fish Markets (combined) than Britain."""
    return S.count_controlled(st, S.FR, FUR_FISH) > S.count_controlled(st, S.BR, FUR_FISH)


def after_tile(st: State, side: int, out: list[Event]) -> None:
    """IS-5.1a, right after ``side`` took its tile (``st["round"]["tile"]`` set):

    * North American Trade a (IS-MIN24, face up): with more Fur + Fish Markets than Britain,
      +1 EP to the tile's Economic action (`round.py` holds it for the first Economic Event
      action when the tile has none, IS-A24).
    * The Cardinal Ministers (IS-MIN01, face up, not exhausted, tile with a Diplomatic action,
      at least 1 DP to gain): pushes ``min_cardinal`` (``cardinal:yes|no``). Call this after the
      S1 frame is on the stack, so the question comes first. A face-down M-1 is offered inside
      S1 instead (:func:`s1_choices`).
    """
    if side != S.FR:
        return
    if S.face_up(st, S.FR, "M-24") and fur_fish_lead(st):
        _grant(st, S.FR, "E", 1, to="tile")
        out.append(S.ev(st, "ministry_use", S.FR, card="M-24", ability=None))
    if cardinal_ok(st) and S.face_up(st, S.FR, "M-1"):
        F.push(st, "min_cardinal", side=S.FR, n=cardinal_dp(st))


def cardinal_ok(st: State) -> bool:
    """IS-MIN01 / IS-A47: The Cardinal Ministers can be used now — France's round, right after
    the tile (no Event, tile unused), the tile has a Diplomatic action, M-1 in a slot and not
    exhausted, and at least 1 DP to gain."""
    rd = st["round"]
    return (
        rd is not None
        and rd["side"] == S.FR
        and rd.get("event") is None
        and not rd.get("tile_used")
        and M.usable(st, S.FR, "M-1")
        and _tile_has(rd.get("tile"), "diplomatic")
        and cardinal_dp(st) > 0
    )


def s1_choices(st: State, side: int) -> list[Choice]:
    """IS-17.6 S1 extras (after the tile, before any Event): ``cardinal:yes`` while The Cardinal
    Ministers is face down (choosing it reveals the card; a face-up card gets the public
    ``min_cardinal`` frame from :func:`after_tile` instead, so the stack never shows that France
    holds a face-down M-1, IS-16.2) and ``ability:M-21`` (Townshend Acts). Apply with
    :func:`apply_ability`; the S1 frame stays (``cardinal:yes`` uses the tile: no ``pass``)."""
    out: list[Choice] = []
    if side == S.FR and cardinal_ok(st) and not S.face_up(st, S.FR, "M-1"):
        n = cardinal_dp(st)
        out.append(
            Choice(
                "cardinal:yes",
                f"The Cardinal Ministers: +{n} Diplomatic",
                "M-1",
                "cardinal",
                "Reveals the card and uses the tile: you can no longer pass this round",
            )
        )
    rd = st["round"] or {}
    if rd.get("event") is None and not rd.get("tile_used"):
        out += _townshend(st, side)
    return out


def _cardinal_choices(st: State, fr: Frame) -> list[Choice]:
    n = fr["n"]
    return [
        Choice(
            "cardinal:yes",
            f"The Cardinal Ministers: +{n} Diplomatic",
            "M-1",
            "cardinal",
            "Uses the tile: you can no longer pass this round",
        ),
        Choice("cardinal:no", "Not now (not later this round)", "M-1", "cardinal"),
    ]


def _cardinal_yes(st: State, n: int, out: list[Event]) -> None:
    M.use(st, S.FR, "M-1", out)
    st["round"]["tile_used"] = True
    _grant(st, S.FR, "D", n, to="tile")


def _cardinal_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    F.pop(st, fr)
    if choice == "cardinal:yes":
        _cardinal_yes(st, fr["n"], out)


F.register(
    "min_cardinal",
    side=_side,
    choices=_cardinal_choices,
    text=lambda st, fr: ("Use The Cardinal Ministers now?", f"+{fr['n']} Diplomatic points"),
    apply=_cardinal_apply,
)


# ---------------------------------------------------------------------------- advantages
def on_advantage_used(st: State, side: int, adv: str, out: list[Event]) -> None:
    """Call after ``side`` exhausted Advantage ``adv`` by a normal use (not an Event-ordered
    use that does not exhaust, IS-8.2c; not IS-EV34, IS-A29).

    * Pompadour & Du Barry (IS-MIN13, France face up): the first French use of a Europe Advantage
      in each Action Round gives France 1 TRP.
    * James Watt b (IS-MIN19, Britain face up): the first French use of any Advantage in each
      Action Round gives Britain 1 TRP.
    A use while the card is face down still counts as the round's first use."""
    if side != S.FR:
        return
    md = M.mods(st)
    if B.ADVANTAGES[adv]["region"] == "europe" and not md.get("min13"):
        md["min13"] = 1
        if S.face_up(st, S.FR, "M-13"):
            S.gain_trp(st, S.FR, 1, out, "pompadour")
    if not md.get("min19"):
        md["min19"] = 1
        if S.face_up(st, S.BR, "M-19"):
            S.gain_trp(st, S.BR, 1, out, "james_watt")
