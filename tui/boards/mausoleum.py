"""The Mausoleum board: every seat's party, morgue and mausoleum, the shop, the piles, your hand.

Drawn as one :class:`tui.boards.segments.SegmentBoard` from the view of
``engine/games/mausoleum/README.md``; it never reads game state. The layout and its marks are
in :mod:`tui.boards.mausoleum_layout`, the card texts in :mod:`tui.boards.mausoleum_text`,
colours in ``mausoleum.tcss`` (theme variables only).

Cards that arrived with the last move (a bot's invitation, a kill, a purchase) are marked
``✱`` until the next move, so the last move reads on the board even when the log is hidden.
They are found by diffing consecutive views; when the new view does not follow the previous one
by play (an undo, a reload, a fresh board) nothing is marked rather than something wrong.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Prompt
from tui.boards import mausoleum_text as txt
from tui.boards.mausoleum_layout import WIDE, Layout, arrivals, seat_label
from tui.boards.segments import Line, SegmentBoard, board_css

LAST_SEAT = "last_seat"
"""View field naming the seat that made the last decision, when the engine provides it (it does
not yet): then ``✱ just played`` needs no previous view and survives undo and reload."""


def _comparable(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "prompt"}


class MausoleumBoard(SegmentBoard):
    """The Mausoleum board widget (see :mod:`tui.boards.mausoleum_layout` for layout, marks
    and targets)."""

    DEFAULT_CSS = board_css(__file__)

    STYLE_PREFIX = "mausoleum"
    STYLES = (
        "label",
        "muted",
        "rule",
        "turn",
        "active",
        "active-seat",
        "deciding",
        "seat",
        "outcome",
        "chip",
        "heir",
        "dead",
        "grave",
        "card",
        "top",
        "safe",
        "victim",
        "chosen",
        "fresh",
        "selectable",
        "cursor",
        "value",
        "reached",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fresh: set[str] = set()

    def layout(self, view: dict[str, Any], width: int) -> list[Line]:
        """The board's lines from :class:`Layout`, marking what arrived with the last move."""
        return Layout(view, self._targets, self._cursor, width, self._fresh).lines()

    # ------------------------------------------------------------------ Board API

    def show(self, view: dict[str, Any], prompt: Prompt | None, cursor_target: str | None) -> None:
        """Redraw from ``view``; mark the targets of ``prompt``'s choices, highlight the cursor,
        and mark what arrived since the previous (different) view."""
        old = self._view
        if old is None or _comparable(old) != _comparable(view):
            self._fresh = arrivals(old, view)
        last = view.get(LAST_SEAT)
        if isinstance(last, int) and not isinstance(last, bool):  # the engine says who moved
            self._fresh = {t for t in self._fresh if not t.startswith("moved:")}
            self._fresh.add(f"moved:{last}")
        super().show(view, prompt, cursor_target)

    def inspect(self, target: str) -> str | None:
        """Markdown for the card at ``target`` (``hand:<c>``, ``heir:<s>:<i>``,
        ``morgue:<s>:<i>``, ``maus:<s>:<i>``, ``grave:<c>``, ``known:<s>:<c>``, ``open:<s>:<c>``,
        ``discard``, ``pile:<i>``), or None when nothing is there."""
        view = self._view
        if not view or not target:
            return None
        seats = view.get("seats") or []
        viewer = view.get("viewer")
        kind, _, rest = target.partition(":")

        def owner(seat: int, zone: str) -> str:
            return f"your {zone}" if seat == viewer else f"{seat_label(view, seat)}'s {zone}"

        def seat_index(raw: str) -> int | None:
            return int(raw) if raw.isdigit() and int(raw) < len(seats) else None

        if kind in ("heir", "morgue", "maus"):
            raw_seat, _, raw_i = rest.partition(":")
            seat = seat_index(raw_seat)
            zone = {"heir": "party", "morgue": "morgue", "maus": "mausoleum"}[kind]
            entries = seats[seat].get(zone) or [] if seat is not None else []
            if seat is None or not raw_i.isdigit() or int(raw_i) >= len(entries):
                return None
            entry = entries[int(raw_i)]
            notes: list[str] = []
            if kind == "heir":
                notes = self._heir_notes(seat, entry)
            where = f"At {owner(seat, 'party')}." if kind == "heir" else f"In {owner(seat, zone)}."
            return txt.card_markdown(entry.get("card"), where, notes)
        if kind == "hand" and rest.isdigit():
            cid = int(rest)
            mine = seats[viewer].get("hand") or [] if isinstance(viewer, int) else []
            if cid not in mine:
                return None
            notes = ["You drew it this turn."] if seats[viewer].get("drawn") == cid else []
            return txt.card_markdown(cid, "In your hand.", notes)
        if kind in ("known", "open"):
            raw_seat, _, raw_c = rest.partition(":")
            seat = seat_index(raw_seat)
            if seat is None or not raw_c.isdigit():
                return None
            cid = int(raw_c)
            zone = "known" if kind == "known" else "hand"
            if cid not in (seats[seat].get(zone) or []):
                return None
            where = f"In {owner(seat, 'hand')}"
            if kind == "known":
                where += ": taken from the discard pile, so everyone knows"
            return txt.card_markdown(cid, where + ".")
        if kind == "grave" and rest.isdigit():
            cid = int(rest)
            if all(g.get("card") != cid for g in view.get("shop") or []):
                return None
            return txt.card_markdown(cid, "In the shop, for sale.")
        pile = view.get("discard") or []
        if target == "discard" and pile:
            where = "On top of the discard pile: it may be taken."
            return txt.card_markdown(pile[-1], where, [txt.pile_markdown(pile)])
        if kind == "pile" and rest.isdigit() and int(rest) < len(pile):
            i = int(rest)
            down = len(pile) - 1 - i
            where = "On top of the discard pile." if down == 0 else f"In the discard pile, {down} "
            if down:
                where += f"card{'s' if down != 1 else ''} below the top."
            return txt.card_markdown(pile[i], where, [txt.pile_markdown(pile, i)])
        return None

    def _heir_notes(self, seat: int, entry: dict[str, Any]) -> list[str]:
        view = self._view or {}
        s = (view.get("seats") or [])[seat]
        notes = []
        doozy = entry.get("doozy")
        if doozy:
            notes.append(
                f"Carries a Doozy: the next time this heir would be killed, the Doozy is "
                f"discarded instead. (Doozy: {txt.EFFECTS['doozy']})"
            )
        if not entry.get("killable", True):
            notes.append("Cannot be killed now: a Clever or Meddling protection covers it.")
        if s.get("locked"):
            notes.append("A Grumpy Dowager locks this party: only a Dowager may be invited.")
        if txt.card(entry.get("card")) and txt.card(entry.get("card")).effect == "gardener":
            notes.append("While here, this party's owner counts $2m less.")
        return notes

    def inspectable(self) -> list[tuple[str, str]]:
        """Every card on the board in reading order: shop, discard pile (top first), each seat's
        mausoleum, party and morgue, known hand cards, then your hand."""
        view = self._view
        if not view:
            return []
        out: list[tuple[str, str]] = []
        for g in view.get("shop") or []:
            out.append((f"grave:{g['card']}", f"Shop · {txt.name(g['card'])}"))
        pile = view.get("discard") or []
        for i in reversed(range(len(pile))):
            where = "Discard top" if i == len(pile) - 1 else "Discard pile"
            out.append((f"pile:{i}", f"{where} · {txt.name(pile[i])}"))
        b = Layout(view, set(), None, WIDE)
        for seat in b.order():
            s = b.seats[seat]
            who = "Your" if seat == b.viewer else f"{seat_label(view, seat)}'s"
            for zone, kind in (("mausoleum", "maus"), ("party", "heir"), ("morgue", "morgue")):
                for i, e in enumerate(s.get(zone) or []):
                    out.append((f"{kind}:{seat}:{i}", f"{who} {zone} · {txt.name(e['card'])}"))
            if seat != b.viewer and s.get("hand") is not None:
                for c in s.get("hand") or []:
                    out.append((f"open:{seat}:{c}", f"{who} hand · {txt.name(c)}"))
            elif seat != b.viewer:
                for c in dict.fromkeys(s.get("known") or []):
                    out.append((f"known:{seat}:{c}", f"{who} hand · {txt.name(c)}"))
        if b.viewer is not None:
            for c in b.seats[b.viewer].get("hand") or []:
                out.append((f"hand:{c}", f"Your hand · {txt.name(c)}"))
        return out

    def scores_text(self, view: dict[str, Any], scores: Any, names: Any) -> str:
        """``"Mausoleum values: ◆ Ann $10m · ● Bot $7m ($9m − 2 gardener) (win at $10m)"``."""
        seats = view.get("seats") or []
        if not scores or len(seats) != len(scores):
            return super().scores_text(view, scores, names)
        parts = []
        for s, (name, score) in enumerate(zip(names, scores, strict=True)):
            printed, counted = seats[s].get("printed"), seats[s].get("counted")
            extra = ""
            if isinstance(printed, int) and isinstance(counted, int) and printed != counted:
                extra = f" (${printed}m − {printed - counted} gardener)"
            parts.append(f"{name} {score}{extra}")
        threshold = view.get("threshold", 10)
        return "Mausoleum values: " + " · ".join(parts) + f" (win at ${threshold}m)"

    def everything_view(self, views: Any, spectator: dict[str, Any]) -> dict[str, Any]:
        """The spectator's view with every seat's hand as that seat sees it."""
        seats = spectator.get("seats") or []
        if len(views) != len(seats):
            return spectator
        out = dict(spectator)
        merged = []
        for p, s in enumerate(seats):
            own = (views[p].get("seats") or [])[p] if len(views[p].get("seats") or []) > p else s
            merged.append({**s, "hand": own.get("hand"), "drawn": own.get("drawn")})
        out["seats"] = merged
        return out

    @classmethod
    def card_list_markdown(cls) -> str:
        """The card list as markdown (for the Rules screen)."""
        return txt.card_list_markdown()
