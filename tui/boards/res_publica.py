"""The Res Publica board: the supply, every seat's score cards and hand size, the trade in
progress (statement, answers in seat order, the words being composed), and your hand.

Drawn as one :class:`tui.boards.segments.SegmentBoard` from the view of
``engine/games/res_publica/README.md``; it never reads game state. The lines come from
:class:`tui.boards.res_publica_layout.RpLayout` (compact below :data:`WIDE` columns).

Meaning never relies on colour: ``▶`` deciding now, ``▸`` can be chosen now, reverse video for
the cursor, ``✓`` committed. Colours come from the component classes in ``res_publica.tcss``.

Board-thing targets (README "Choice ids"): ``type:<T>`` a card type of the hand, ``seat:<s>``
a player, ``deck:civ`` / ``deck:people`` the decks, ``stack:city`` / ``stack:settlement`` the
score stacks.
"""

from __future__ import annotations

from typing import Any

from tui.boards import res_publica_text as txt
from tui.boards.res_publica_layout import WIDE, RpLayout
from tui.boards.segments import Line, SegmentBoard, board_css
from tui.session import seat_mark

__all__ = ["WIDE", "ResPublicaBoard", "RpLayout"]


class ResPublicaBoard(SegmentBoard):
    """The Res Publica board widget (see the module docstring for layout and targets)."""

    DEFAULT_CSS = board_css(__file__)

    STYLE_PREFIX = "rp"

    STYLES = (
        "label",
        "muted",
        "chip",
        "selectable",
        "cursor",
        "active",
        "you",
        "points",
        "rule",
        "turn",
        "final",
        "outcome",
        "spec",
        "draft",
        "partner",
        "exchange",
        "zero",
        "set",
        "city",
        "settle",
    )

    def layout(self, view: dict[str, Any], width: int) -> list[Line]:
        """The board's lines from :class:`RpLayout`."""
        return RpLayout(view, self._targets, self._cursor, width).lines()

    # ------------------------------------------------------------------ Board API

    def _seat_name(self, seat: int) -> str:
        names = (self._view or {}).get("names") or []
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    def inspect(self, target: str) -> str | None:
        """Markdown for ``type:<T>``, ``h<s>:<T>``, ``seat:<s>``, the decks and the stacks."""
        view = self._view
        if not view or not target:
            return None
        kind, _, arg = target.partition(":")
        if kind == "type" or (kind.startswith("h") and kind[1:].isdigit()):
            return txt.type_markdown(arg, view)
        if kind == "seat" and arg.isdigit():
            seat = int(arg)
            return txt.seat_markdown(seat, view, f"{seat_mark(seat)} {self._seat_name(seat)}")
        return txt.pile_markdown(target, view)

    def inspectable(self) -> list[tuple[str, str]]:
        """Seats, the decks and stacks, then the card types, in reading order."""
        view = self._view
        if not view:
            return []
        b = RpLayout(view, set(), None, WIDE)
        out = [("deck:people", "People deck"), ("deck:civ", "Civilization deck")]
        out += [("stack:city", "City stack"), ("stack:settlement", "Settlements")]
        out += [(f"seat:{s}", b.who(s)) for s in b.seat_order()]
        out += [(f"type:{c}", txt.type_name(c)) for c in (*txt.PEOPLE_CODES, *txt.CIV_CODES)]
        return out

    def scores_text(self, view: dict[str, Any], scores: Any, names: Any) -> str:
        """``"Score: ◆ Ann 22 (score cards 18 + pairs 4) · …"`` (totals from the outcome)."""
        pairs = view.get("pairs") or []
        seats = view.get("seats") or []
        if not scores or len(seats) != len(scores):
            return super().scores_text(view, scores, names)
        parts = []
        for seat, (name, score) in enumerate(zip(names, scores, strict=True)):
            cards = seats[seat].get("score_cards", 0)
            p = pairs[seat] if seat < len(pairs) else 0
            parts.append(f"{name} {score} (score cards {cards} + pairs {p})")
        return "Score: " + " · ".join(parts)

    def everything_view(self, views: Any, spectator: dict[str, Any]) -> dict[str, Any]:
        """The spectator's view with every hand from its own seat's view, and the cards of an
        exchange from a partner's view."""
        seats = spectator.get("seats") or []
        if len(views) != len(seats):
            return spectator
        out = dict(spectator)
        out["seats"] = []
        for p, v in enumerate(views):
            own = (v.get("seats") or [])[p] if len(v.get("seats") or []) > p else seats[p]
            row = dict(seats[p])
            row["hand"] = own.get("hand")
            out["seats"].append(row)
        trade = spectator.get("trade")
        if trade and trade.get("gave") and any(g.get("cards") is None for g in trade["gave"]):
            partner_view = next(
                (
                    v
                    for v in views
                    if (v.get("trade") or {}).get("gave")
                    and all(g.get("cards") is not None for g in v["trade"]["gave"])
                ),
                None,
            )
            if partner_view is not None:
                out["trade"] = partner_view["trade"]
        out["viewer"] = None
        return out

    @classmethod
    def card_list_markdown(cls) -> str:
        """The card list for the Rules screen."""
        return txt.card_list_markdown()
