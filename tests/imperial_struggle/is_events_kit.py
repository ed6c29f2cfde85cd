"""Helpers for the Event-card tests: a set-up position (IS-3.11) moved to any Peace Turn, and a
driver that takes a tile and plays a card through the round's real S0/S1 frames."""

from __future__ import annotations

from typing import Any

import engine.games.imperial_struggle.rules  # noqa: F401  (registers every frame kind)
from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import round as R
from engine.games.imperial_struggle import state as S
from engine.games.imperial_struggle.position import build

FR, BR = S.FR, S.BR
SIDE_KEY = {FR: "france", BR: "britain"}
PAIRS = ("debt", "limit", "trp", "navy", "unbuilt")

# Investment tiles by Major type with the Event symbol (IS-3.4.4) and one without it.
TILE = {"E": 4, "D": 12, "M": 20, "E2": 6, "D2": 14, "M2": 22, "noevent_D": 8, "noevent_E": 0}


def game(turn: str = "T1", seed: int = 5, **spec: Any) -> dict[str, Any]:
    """The set-up position (IS-3.11) at Peace Turn ``turn`` built by ``position.build`` with an
    empty stack: era Debt Limits (IS-13.5), the next War laid out, all 24 tiles available, empty
    hands, no Ministry cards. ``spec`` keys (sides as 0/1): ``flags`` {space: code|None},
    ``squadrons`` {naval: side|None}, ``conflict`` {space: 1|2}, ``damaged`` [forts],
    ``debt``/``limit``/``trp``/``navy``/``unbuilt`` [fr, br] (exact, applied last),
    ``ministries`` {side: [(card, up), ...]}, ``hands`` {side: [cards]}, ``demand`` [...], ``vp``,
    ``opts``."""
    pairs = {k: {"france": v[0], "britain": v[1]} for k, v in spec.items() if k in PAIRS}
    _rules, st = build(
        {
            "turn": turn,
            "seed": seed,
            "at": "none",
            "inv_avail": list(range(24)),
            "demand": list(spec.get("demand", ["furs", "spice", "fish"])),
            "flags": spec.get("flags", {}),
            "squadrons": spec.get("squadrons", {}),
            "conflict": spec.get("conflict", {}),
            "damaged": spec.get("damaged", []),
            "ministries": {
                SIDE_KEY[s]: [[c, up] for c, up in cards]
                for s, cards in spec.get("ministries", {}).items()
            },
            "hands": {SIDE_KEY[s]: list(c) for s, c in spec.get("hands", {}).items()},
            "options": spec.get("opts", {}),
            **({"vp": spec["vp"]} if "vp" in spec else {}),
            **pairs,
        }
    )
    st["inv_avail"] = list(range(24))  # build fills it only for at="action"
    return st


def ids(st: dict[str, Any], side: int) -> list[str]:
    """Choice ids open to ``side`` now."""
    return [c.id for c in F.choices_of(st, side)]


def act(st: dict[str, Any], side: int, *cids: str) -> list:
    """Apply each choice (must be legal) and advance; returns the events."""
    out: list = []
    for cid in cids:
        legal = ids(st, side)
        assert cid in legal, f"{cid} not in {legal}"
        F.act(st, side, cid, out)
    return out


def start_round(st: dict[str, Any], side: int, tile: int) -> list:
    """Begin ``side``'s Action Round and take ``tile``; stops at S1 (pass/event/actions)."""
    out: list = []
    R.push_action_round(st, side)
    F.advance(st, out)
    out += act(st, side, f"tile:{tile}")
    return out


def play(st: dict[str, Any], side: int, card: int, tile: int, how: str = "event") -> list:
    """Take ``tile`` and play ``card`` (put in hand if missing); stops at the card's first
    decision or, when it needs none, at the round's action menu."""
    if card not in st["hands"][side]:
        st["hands"][side].append(card)
    out = start_round(st, side, tile)
    out += act(st, side, f"{how}:{card}")
    return out


def top(st: dict[str, Any]) -> str | None:
    """Kind of the top frame."""
    return st["stack"][-1]["k"] if st["stack"] else None


def in_event(st: dict[str, Any]) -> bool:
    """True while a card is still resolving."""
    return any(fr["k"] == "ev" for fr in st["stack"])


def actions(st: dict[str, Any]) -> list[tuple[str, str, int, list]]:
    """The round's actions as (type, kind, pts, restricted) tuples."""
    return [
        (a["type"], a["kind"], a["pts"], [(r["pts"], r["why"]) for r in a["restricted"]])
        for a in st["round"]["actions"]
    ]


def kinds(out: list) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in out]


KW = {
    (FR, "mercantilism"): "M-9",
    (FR, "finance"): "M-2",
    (FR, "governance"): "M-11",
    (FR, "style"): "M-3",
    (FR, "scholarship"): "M-14",
    (BR, "mercantilism"): "M-7",
    (BR, "finance"): "M-17",
    (BR, "governance"): "M-15",
    (BR, "style"): "M-6",
    (BR, "scholarship"): "M-18",
}
"""A Ministry card showing each keyword, per side, without start-of-round prompts."""


def kw_up(side: int, card_id: int) -> dict[int, list[tuple[str, bool]]]:
    """``ministries`` spec giving ``side`` a face-up card with ``card_id``'s bonus keyword."""
    kw = B.EVENTS[card_id]["bonus_condition"]["keyword"]
    return {side: [(KW[(side, kw)], True)]}


def finish(st: dict[str, Any], side: int, *cids: str) -> list:
    """Apply choices and check the card is over (the round's action menu is next)."""
    out = act(st, side, *cids)
    assert not in_event(st), (top(st), ids(st, side) or ids(st, 1 - side))
    return out
