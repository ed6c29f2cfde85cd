"""The Res Publica layout's common ground (seat names, chips, name tags) and its trade panel:
the statement, the answers in seat order, the words being composed, the exchange or the
fulfilment. :class:`tui.boards.res_publica_layout.RpLayout` adds the rest of the board.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tui.boards import res_publica_text as txt
from tui.boards.segments import Line, Seg, SegLayout, width_of
from tui.session import seat_mark

DECIDING = "▶"


def plural(n: int, noun: str) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


class RpTradeLayout(SegLayout):
    """Lays out the parts of a Res Publica view that the trade panel needs (names, chips,
    tags) and the trade panel itself (:meth:`trade_lines`).

    Args: as :class:`SegLayout`. ``names`` are the seats' names (``"Player 3"`` when the view
    has none), ``waiting`` the seats deciding now, ``over`` the match is over.
    """

    WRAP_GAP: ClassVar[str] = ""

    def __init__(
        self, view: dict[str, Any], targets: set[str], cursor: str | None, width: int
    ) -> None:
        super().__init__(view, targets, cursor, width)
        self.names: list[str] = list(view.get("names") or [])
        while len(self.names) < len(self.seats):
            self.names.append(f"Player {len(self.names) + 1}")
        self.waiting = set(view.get("waiting") or [])
        self.over = bool(view.get("outcome")) or view.get("phase") == "over"

    # ------------------------------------------------------------------ helpers

    def who(self, seat: int) -> str:
        """ "◆ Ann" (the seat's mark and name)."""
        return f"{seat_mark(seat)} {self.names[seat]}"

    def chip(self, label: str, target: str, styles: tuple[str, ...] = ()) -> list[Seg]:
        """``[label]``; ``[▸label]`` when a prompt choice points at it; reversed at the cursor."""
        selectable = target in self.targets
        cursor = target == self.cursor
        marker, st = self.marks(selectable, cursor, ("chip", *styles))
        return [Seg(f"[{marker}{label}]", st, target, (target,))]

    def tag(self, label: str, target: str, styles: tuple[str, ...] = ()) -> list[Seg]:
        """A bracketless clickable label (a player's name): ``▸`` in front when a prompt
        choice points at it, a space otherwise (so columns stay aligned)."""
        selectable = target in self.targets
        cursor = target == self.cursor
        marker, st = self.marks(selectable, cursor, styles, blank=" ")
        return [Seg(f"{marker}{label}", st, target, (target,))]

    # ------------------------------------------------------------------ trade panel

    def draft_segs(self) -> Line:
        """The words being composed as slots: ``Request: [2] [Goths] AND [?] [?]``."""
        draft = self.view.get("draft") or {}
        tokens: list[str] = list(draft.get("tokens") or [])
        if not tokens:
            return []
        head = {"request": "Your request", "offer": "Your offer", "respond": "Your answer"}.get(
            tokens[0], "Your words"
        )
        if tokens[0] == "respond":
            mode = (self.view.get("trade") or {}).get("mode", "request")
            head += f" ({'you want' if mode == 'request' else 'you give'})"
        segs: Line = [Seg(f" {head}: ", ("label",))]
        pending: str | None = None
        step = "how many"
        terms = 0
        for tok in tokens[1:]:
            if tok.startswith("n:"):
                pending = tok[2:]
                step = "which cards (click them on the board, or pick below)"
            elif tok.startswith("k:"):
                text = txt.spec_text(f"{pending}{tok[2:]}") if pending else tok[2:]
                segs.append(Seg(f"[{text}]", ("draft",)))
                pending = None
                terms += 1
                step = "send it, or add a second term with AND / OR" if terms == 1 else "send it"
            elif tok in ("and", "or"):
                segs.append(Seg(f" {tok.upper()} ", ("turn",)))
                step = "how many"
        if pending is not None:
            segs.append(Seg(f"[{pending} ?]", ("draft",)))
        elif step == "how many":
            segs.append(Seg("[?]", ("draft",)))
        hint = [Seg(f"  next: {step}", ("muted",))]
        return self.fit(
            [*segs, *hint], [*segs, Seg(f"  next: {step.split(' (')[0]}", ("muted",))], segs
        )

    def trade_lines(self) -> list[Line]:
        """The statement, every answer so far in seat order, the acceptance and the exchange;
        the viewer's own words while composing; the fulfilment state."""
        v = self.view
        trade = v.get("trade")
        draft = self.draft_segs()
        if not trade and not draft:
            return []
        out: list[Line] = []
        if not trade:
            return [[], draft] if self.wide else [draft]  # your statement being composed
        active = int(trade.get("active", v.get("active", 0)))
        mode = trade.get("mode", "request")
        verb = ("request", "requests") if mode == "request" else ("offer", "offers")
        who = "You" if active == self.viewer else self.who(active)
        said = verb[0] if active == self.viewer else verb[1]
        title = [Seg(f"{who} {said} "), Seg(trade.get("text", ""), ("spec",))]
        out.append(self.rule(title))
        items: list[list[Seg]] = []
        answered = {r["seat"]: r for r in trade.get("responses") or []}
        n = len(self.seats)
        nxt = trade.get("next")
        partner = trade.get("partner")
        for k in range(1, n):
            s = (active + k) % n
            name = "You" if s == self.viewer else self.names[s]
            mark = seat_mark(s)
            if s in answered:
                r = answered[s]
                if r.get("spec") is None:
                    items.append([Seg(f"{mark} {name} passes", ("muted",))])
                else:
                    verb_s = txt.answer_verb(mode)
                    if s == self.viewer:
                        verb_s = "want" if mode == "request" else "give"
                    styles = ("partner",) if s == partner else ()
                    body = [
                        *self.chip(f"{mark} {name}", f"seat:{s}", styles),
                        Seg(f" {verb_s} "),
                        Seg(r.get("text", ""), ("spec",)),
                    ]
                    if s == partner:
                        body.append(Seg(" ✓ accepted", ("partner",)))
                    elif self.unpayable(s, active):
                        body.append(Seg(" (you cannot pay)", ("muted",)))
                    items.append(body)
            elif draft and s == self.viewer:
                continue  # composing: the draft line below shows it
            elif s == nxt:
                items.append([Seg(f"{DECIDING}{mark} {name} answering…", ("active",))])
            else:
                items.append([Seg(f"{mark} {name} —", ("muted",))])
        out += self.flow([Seg(" ")], items, 1, sep="  ·  " if not self.wide else "   ", lead="")
        if draft:
            out.append(draft)
        if trade.get("rejected"):
            out.append([Seg(" No trade: every answer was rejected.", ("muted",))])
        elif (
            nxt is None
            and partner is None
            and answered
            and not any(r.get("spec") for r in answered.values())
        ):
            out.append([Seg(" No trade: everybody passed.", ("muted",))])
        gave = trade.get("gave")
        if gave:
            parts = []
            for g in gave:
                s = g["seat"]
                name = "You" if s == self.viewer else self.names[s]
                what = plural(int(g.get("count", 0)), "card")
                if g.get("cards") is not None:
                    what += f" ({txt.cards_text(g['cards'])})"
                parts.append(f"{name} gave {what}")
            out.append([Seg(" Exchanged: " + " · ".join(parts), ("exchange",))])
        elif partner is not None and v.get("phase") == "fulfil":
            out += self.fulfil_lines(active, int(partner))
        return out

    def unpayable(self, seat: int, active: int) -> bool:
        """True when the viewer, choosing an answer, may not accept ``seat``'s: its accept
        choice is not offered (in a request the active player must be able to pay it)."""
        return (
            self.view.get("phase") == "accept"
            and self.viewer == active
            and active in self.waiting
            and f"seat:{seat}" not in self.targets
        )

    def fulfil_lines(self, active: int, partner: int) -> list[Line]:
        """What each side hands over, who is still choosing, the viewer's own selection."""
        trade = self.view.get("trade") or {}
        gives = {g.get("seat"): g.get("spec") for g in trade.get("gives") or []}
        if active not in gives or partner not in gives:  # views without "gives": RP-5.10
            answer = next(
                (r.get("spec") for r in trade.get("responses") or [] if r.get("seat") == partner),
                None,
            )
            statement = trade.get("spec")
            request = trade.get("mode") == "request"
            gives = {
                active: answer if request else statement,
                partner: statement if request else answer,
            }
        items: list[list[Seg]] = []
        for s in (active, partner):
            done = bool(self.seats[s].get("committed")) if s < len(self.seats) else False
            you = s == self.viewer
            name = "You" if you else self.names[s]
            segs = [
                Seg(f"{name} give{'' if you else 's'} "),
                Seg(txt.spec_text(gives[s]), ("spec",)),
            ]
            sel = self.view.get("selection")
            if you and sel is not None and not done:
                chosen = txt.cards_text(sel) if sel else "nothing yet"
                segs += [Seg(": "), Seg(chosen, ("draft",))]
            segs.append(Seg(" ✓ ready" if done else " (choosing…)", ("muted",)))
            items.append(segs)
        one = [Seg(" Handing over:", ("label",)), Seg(" ")]
        for k, item in enumerate(items):
            one += [Seg("  ·  ")] * bool(k) + item
        if width_of(one) <= self.width:
            return [one]
        return [[Seg(" Handing over:", ("label",))]] + [[Seg("   "), *item] for item in items]
