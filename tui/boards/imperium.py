"""The iMperium board: both civilizations, their play areas as card chips, the turn's dice.

Drawn as one :class:`tui.boards.segments.SegmentBoard` from the view of
``engine/games/imperium/README.md``; it never reads game state. The lines come from
:class:`tui.boards.imperium_layout.BoardLayout`. Layout, top to bottom: the
opponent's civilization (spectators: seat 1), the turn line, the viewer's own civilization
(spectators: seat 0). Below :data:`WIDE` columns a compact layout fits 80x24 in about 10-13
rows; from :data:`WIDE` columns each category gets its own row and more detail is shown.

Meaning never relies on colour: ``↷`` tapped, ``▒`` face down, ``▸`` selectable now, reverse
video for the cursor, and dominance tokens carry their names. Colours come from the component
classes in ``imperium.tcss`` (theme variables only).

Board-thing targets (README "Choice ids"): ``p<seat>.<i>`` play-area card, ``h:<card>`` a card
of the viewer's hand, ``d<seat>:<card>`` a discard. For inspection only: ``h<seat>:<card>`` a
card of another seat's open or known hand, ``t<seat>:<card>`` a known top card of a deck.
"""

from __future__ import annotations

from typing import Any

from tui.boards import imperium_text as txt
from tui.boards.imperium_layout import WIDE, BoardLayout, points_in_units
from tui.boards.segments import Line, SegmentBoard, board_css

__all__ = ["WIDE", "BoardLayout", "ImperiumBoard", "points_in_units"]


class ImperiumBoard(SegmentBoard):
    """The iMperium board widget (see the module docstring for layout and targets)."""

    DEFAULT_CSS = board_css(__file__)

    STYLE_PREFIX = "imperium"

    STYLES = (
        "rome",
        "greece",
        "label",
        "muted",
        "chip",
        "tapped",
        "hidden",
        "selectable",
        "cursor",
        "active",
        "army",
        "navy",
        "points",
        "rule",
        "turn",
        "outcome",
    )

    def layout(self, view: dict[str, Any], width: int) -> list[Line]:
        """The board's lines from :class:`BoardLayout`."""
        return BoardLayout(view, self._targets, self._cursor, width).lines()

    # ------------------------------------------------------------------ Board API

    def inspect(self, target: str) -> str | None:
        """Markdown for the card at ``target`` (``p<s>.<i>``, ``h:<card>``, ``d<s>:<card>``,
        ``h<s>:<card>``, ``t<s>:<card>``), or None when nothing is there."""
        view = self._view
        if not view or not target:
            return None
        seats = view.get("seats") or []
        viewer = view.get("viewer")
        b = BoardLayout(view, set(), None, 80)

        def seat_ok(raw: str) -> int | None:
            return int(raw) if raw.isdigit() and int(raw) < len(seats) else None

        if target.startswith("p") and "." in target:
            raw_seat, _, raw_i = target[1:].partition(".")
            seat = seat_ok(raw_seat)
            if seat is None or not raw_i.isdigit():
                return None
            entry = next(
                (e for e in seats[seat].get("play") or [] if e.get("i") == int(raw_i)), None
            )
            if entry is None:
                return None
            civ = b.civ(seat)
            card = txt.card_of(seats[seat].get("deck", ""), entry.get("card") or "")
            if card is None:
                return txt.hidden_wonder_markdown(civ)
            where = "your play area" if seat == viewer else f"{civ}'s play area"
            state = [f"in {where}"]
            if entry.get("face_down"):
                state.append("face down: no effect and no points until turned face up for 8")
            else:
                state.append("face up")
            if entry.get("tapped"):
                state.append("tapped (its tap ability is used for as long as it stays in play)")
            elif card.tap_cost is not None or card.id == "granary":
                state.append("untapped")
            return txt.card_markdown(card, ", ".join(state) + ".")
        kind, sep, cid = target.partition(":")
        if not sep or not cid:
            return None
        if kind == "h":
            seat = viewer if isinstance(viewer, int) else None
            where = "in your hand"
        elif kind.startswith("h"):
            seat = seat_ok(kind[1:])
            where = f"in {b.civ(seat)}'s hand" if seat is not None else ""
        elif kind.startswith("d"):
            seat = seat_ok(kind[1:])
            if seat is not None:
                pile = seats[seat].get("discard") or []
                n = pile.count(cid)
                owner = "your" if seat == viewer else f"{b.civ(seat)}'s"
                where = f"in {owner} discard pile" + (f" ({n} copies)" if n > 1 else "")
        elif kind.startswith("t"):
            seat = seat_ok(kind[1:])
            where = "on top of the deck (known to both players)"
        else:
            return None
        if seat is None:
            return None
        card = txt.card_of(seats[seat].get("deck", ""), cid)
        return txt.card_markdown(card, where + ".") if card else None

    def inspectable(self) -> list[tuple[str, str]]:
        """Every card on the board in reading order (including the whole discard piles)."""
        if not self._view:
            return []
        b = BoardLayout(self._view, self._targets, self._cursor, WIDE)
        if len(b.seats) != 2:
            return []
        out: list[tuple[str, str]] = []
        for seat in (b.top, b.bottom):
            s = b.seats[seat]
            civ = b.civ(seat)
            deck = s.get("deck", "")
            for e in s.get("play") or []:
                card = txt.card_of(deck, e.get("card") or "")
                name = card.name if card else "face-down Wonder"
                marks = [
                    m
                    for m, on in (
                        ("face down", card and e.get("face_down")),
                        ("tapped", e.get("tapped")),
                    )
                    if on
                ]
                out.append(
                    (
                        f"p{seat}.{e.get('i')}",
                        f"{civ} · {name}" + (f" ({', '.join(marks)})" if marks else ""),
                    )
                )
            hand = s.get("hand")
            cards = hand if hand is not None else s.get("known_hand") or []
            prefix = "h:" if seat == b.viewer else f"h{seat}:"
            for cid in dict.fromkeys(cards):
                card = txt.card_of(deck, cid)
                out.append((prefix + cid, f"{civ} hand · {card.name if card else cid}"))
            for cid in dict.fromkeys(s.get("known_top") or []):
                card = txt.card_of(deck, cid)
                out.append((f"t{seat}:{cid}", f"{civ} deck top · {card.name if card else cid}"))
            for cid in dict.fromkeys(reversed(s.get("discard") or [])):
                card = txt.card_of(deck, cid)
                out.append((f"d{seat}:{cid}", f"{civ} discard · {card.name if card else cid}"))
        return out

    def scores_text(self, view: dict[str, Any], scores: Any, names: Any) -> str:
        """``"Score: ◆ Ann (Rome) 1/4 points · ● Bot (Greece) 2/6 points (4/4 or 6/6 wins)"``:
        each civilization's points in its deck's units."""
        seats = view.get("seats") or []
        if not scores or len(seats) != len(scores):
            return super().scores_text(view, scores, names)
        b = BoardLayout(view, set(), None, WIDE)
        parts = []
        for seat, (name, score) in enumerate(zip(names, scores, strict=True)):
            deck = seats[seat].get("deck", "roman")
            if isinstance(score, str):
                value = score
            else:
                value = f"{points_in_units(str(score), deck)} points"
            parts.append(f"{name} ({b.civ(seat)}) {value}")
        return "Score: " + " · ".join(parts) + " (4/4 or 6/6 wins)"

    def everything_view(self, views: Any, spectator: dict[str, Any]) -> dict[str, Any]:
        """The spectator's view with each civilization as its own seat sees it (hand, face-down
        Wonders, opening picks)."""
        seats = spectator.get("seats") or []
        if len(views) != len(seats):
            return spectator
        out = dict(spectator)
        out["seats"] = [
            (v.get("seats") or seats)[p] if len(v.get("seats") or []) > p else seats[p]
            for p, v in enumerate(views)
        ]
        return out

    @classmethod
    def card_list_markdown(cls) -> str:
        """The card list of both decks as markdown (for the Rules screen)."""
        return txt.card_list_markdown()
