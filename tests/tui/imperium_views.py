"""Hand-made iMperium views (README "View" schema) and prompts for the board tests and preview."""

from __future__ import annotations

import copy
from typing import Any

from engine.rules import Choice, Prompt


def _play(*cards: str) -> list[dict[str, Any]]:
    """Play-area entries from "card", "card(T)", "card(FD)", "?(FD)" (hidden Wonder)."""
    out = []
    for i, spec in enumerate(cards):
        name, _, flags = spec.partition("(")
        out.append(
            {
                "i": i,
                "card": None if name == "?" else name,
                "tapped": "T" in flags,
                "face_down": "FD" in flags,
            }
        )
    return out


def mid_game(viewer: int | None = 0) -> dict[str, Any]:
    """Turn 12, Rome (seat 0) in its Action phase; Rome holds Army, Greece Navy Dominance.

    ``viewer`` 0 sees Rome's hand, 1 sees Greece's, None is a spectator (no hands).
    """
    rome = {
        "deck": "roman",
        "hand": ["legion", "caravan", "farm", "hadrians_wall"],
        "hand_count": 4,
        "known_hand": [],
        "deck_count": 18,
        "known_top": [],
        "discard": ["farm", "galley", "caravan", "legion", "walls"],
        "army": 3,
        "navy": 0,
        "points": "1/2",
        "play": _play(
            "legion",
            "legion(T)",
            "catapult(T)",
            "galley",
            "farm",
            "farm",
            "farm",
            "granary(T)",
            "walls",
            "colosseum(FD)",
            "trajans_column",
            "caesar",
        ),
        "opening_done": True,
        "picks": None,
        "stolen": 0,
        "governments": [],
    }
    greece = {
        "deck": "greek",
        "hand": ["trireme", "pericles", "walls", "farm", "great_lighthouse"],
        "hand_count": 5,
        "known_hand": ["trireme"],
        "deck_count": 22,
        "known_top": [],
        "discard": ["farm", "walls", "trader", "port", "farm", "trader"],
        "army": 0,
        "navy": 1,
        "points": "1/3",
        "play": _play(
            "hoplite",
            "hoplite(T)",
            "cavalry(T)",
            "trireme",
            "fire_raft",
            "farm",
            "farm",
            "orchard(T)",
            "walls",
            "colossus(FD)",
            "parthenon",
            "aristotle",
        ),
        "opening_done": True,
        "picks": None,
        "stolen": 2,  # Rome holds Army Dominance: 3 Farm dice, 1 guarded by the Walls
        "governments": [],
    }
    seats = [rome, greece]
    for s, seat in enumerate(seats):
        if viewer != s:
            seat["hand"] = None
            # the opponent never learns a face-down Wonder's identity (IMP-11.2)
            for e in seat["play"]:
                if e["face_down"]:
                    e["card"] = None
    return {
        "game": "imperium",
        "viewer": viewer,
        "turn": 11,
        "active": 0,
        "first": 1,
        "phase": "action",
        "pool": 6,
        "dice": [6, 5, 4, 2, 1, 1],
        "energy": 7,
        "sold": False,
        "homeros": 0,
        "stolen_in": None,  # Rome has acted since its roll
        "army_dom": 0,
        "navy_dom": 1,
        "waiting": [0],
        "seats": seats,
        "prompt": None,
        "outcome": None,
        "pending": "",
    }


def action_prompt() -> Prompt:
    """Rome's action prompt in :func:`mid_game`."""
    return Prompt(
        seat=0,
        text="Choose an action",
        choices=(
            Choice("play:legion", "Play Legion (5)", "h:legion", "play"),
            Choice("play:caravan", "Play Caravan (5)", "h:caravan", "play"),
            Choice("play:farm", "Play Farm (4)", "h:farm", "play"),
            Choice("play:hadrians_wall", "Play Hadrian's Wall (5)", "h:hadrians_wall", "play"),
            Choice("tap:0", "Tap Legion (5)", "p0.0", "tap"),
            Choice("tap:3", "Tap Galley (5)", "p0.3", "tap"),
            Choice("sell:legion", "Sell Legion (+1)", None, "sell"),
            Choice("end", "End turn"),
        ),
        summary="Energy 7 · sold: no",
    )


def return_prompt() -> Prompt:
    """Caesar's return-to-hand step: any Greek card of printed cost 7 or less."""
    eligible = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    return Prompt(
        seat=0,
        text="Return an opposing card to its owner's hand",
        choices=tuple(Choice(f"ret:{i}", f"Return #{i}", f"p1.{i}", "ret") for i in eligible),
    )


def recover_prompt() -> Prompt:
    """Cicero's recover: any card of Rome's discard pile."""
    cards = ["farm", "galley", "caravan", "legion", "walls"]
    return Prompt(
        seat=0,
        text="Recover a card",
        choices=tuple(Choice(f"recover:{c}", f"Recover {c}", f"d0:{c}", "recover") for c in cards),
    )


def finished(viewer: int | None = None) -> dict[str, Any]:
    """The mid-game position after Rome won by army counters."""
    v = copy.deepcopy(mid_game(viewer))
    v["seats"][0]["army"] = 5
    v["outcome"] = {
        "winners": [0],
        "reason": "Rome wins: Army victory — 5 army counters",
        "scores": ["2/4 points", "2/6 points"],
    }
    v["phase"] = "over"
    return v


def opening(viewer: int = 1) -> dict[str, Any]:
    """The opening discard: Greece (seat 1, second player) has picked one card."""
    v = mid_game(viewer)
    v.update(turn=0, phase="opening", dice=[], pool=0, energy=0, army_dom=None, navy_dom=None)
    v["waiting"] = [0, 1]
    for s in v["seats"]:
        s.update(play=[], discard=[], army=0, navy=0, points="0", known_hand=[])
    v["seats"][0].update(hand_count=6, deck_count=32, opening_done=True)
    greece = v["seats"][1]
    greece.update(hand_count=7, deck_count=32, opening_done=False, picks=["farm"])
    greece["hand"] = ["farm", "farm", "hoplite", "trader", "walls", "alexander", "parthenon"]
    return v
