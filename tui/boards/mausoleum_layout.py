"""Lays out one Mausoleum view as lines of styled, clickable segments (no widget here).

Layout, top to bottom: the turn line (turn number, who is to play, what they drew), the table
line (deck, discard pile with its top card, the winning value; from :data:`WIDE` columns the
rest of the pile, top first, on a line below: the whole pile is public), the shop's graves, then one
block per seat in turn order ending with the viewer's own seat, then the viewer's hand.
Below :data:`WIDE` columns each seat takes two lines with short card names (five seats fit
80x24); from :data:`WIDE` columns a seat takes three lines with full names and values. With six
or more seats (two decks) each seat takes a line fewer: ten seats fit 80x24 at one line each.

Marks (meaning never relies on colour): ``▶`` the seat to play, ``[▸…]`` can be chosen now,
reverse video the cursor, ``✓`` chosen (the card being played, payment picks in order), ``◈``
a Doozy on an heir, ``†`` an H-Bomb victim waiting to be ordered, ``✱`` arrived with the last
move (``✱ just played`` by the seat that made it), ``safe`` an heir that cannot be killed now.

Targets (engine README "Choice ids"): ``deck``, ``discard``, ``hand:<card>``, ``party:<seat>``,
``heir:<seat>:<i>``, ``morgue:<seat>:<i>``, ``grave:<card>``, ``seat:<seat>``; for the
inspector only: ``maus:<seat>:<i>`` (a bought grave), ``known:<seat>:<card>`` (a known card in
another hand), ``open:<seat>:<card>`` (a card in another hand once the match is over),
``pile:<i>`` (a discard pile card, 0 = bottom).
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len

from engine.seat_names import clean_name
from tui.boards import mausoleum_text as txt
from tui.boards.segments import SELECTABLE, WIDE, Line, Seg, SegLayout, width_of
from tui.session import seat_mark

__all__ = ["WIDE", "Layout", "Line", "Seg", "arrivals", "follows", "seat_label", "width_of"]

ACTIVE = "▶"
CHOSEN = "✓"
DOOZY = "◈"
VICTIM = "†"
NEW = "✱"
PARTY_MAX = 4  # MAU-4.2
MORGUE_MAX = 4  # MAU-5.4


def seat_label(view: dict[str, Any], seat: int) -> str:
    """``"● Ann"``: the seat's mark and name from the view (``"Player 2"`` without a name)."""
    seats = view.get("seats") or []
    raw = seats[seat].get("name", "") if 0 <= seat < len(seats) else ""
    return f"{seat_mark(seat)} {clean_name(raw or '') or f'Player {seat + 1}'}"


def follows(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether ``new`` can come after ``old`` by play (one move, or a few bot moves), rather
    than by a take-back. The view has no move counter, so this checks what play never undoes:
    the turn counter never goes back and moves on by at most one; within one turn the seat to
    play stays, the deck never grows (reshuffles happen between turns), the draw is never taken
    back, and after it the drawer's hand never grows, nor do the discard pile or the
    mausoleums shrink. A finished match never resumes."""
    t0, t1 = old.get("turns"), new.get("turns")
    if not isinstance(t0, int) or not isinstance(t1, int) or t1 not in (t0, t0 + 1):
        return False
    if old.get("outcome") and not new.get("outcome"):
        return False
    if t1 != t0:
        return True
    if old.get("active") != new.get("active"):
        return False
    if int(new.get("deck_count", 0)) > int(old.get("deck_count", 0)):
        return False
    if old.get("drew"):
        if not new.get("drew"):
            return False

        def counts(v: dict[str, Any]) -> tuple[int, int, int]:
            seats = v.get("seats") or []
            active = v.get("active")
            hand = seats[active].get("hand_count", 0) if isinstance(active, int) else 0
            graves = sum(len(s.get("mausoleum") or []) for s in seats)
            return int(hand), len(v.get("discard") or []), graves

        (h0, d0, g0), (h1, d1, g1) = counts(old), counts(new)
        if h1 > h0 or d1 < d0 or g1 < g0:
            return False
    return True


def arrivals(old: dict[str, Any] | None, new: dict[str, Any]) -> set[str]:
    """Targets of the cards that arrived between two views of the same match (the last move):
    party heirs, Doozies (``doozy:<seat>:<i>``), morgue heirs, bought graves, the viewer's new
    hand cards and a new discard top; and ``moved:<seat>`` for the seat that decided in ``old``
    (who made the move). Empty when ``old`` is None, another table, or not a view before ``new``
    (:func:`follows`: after an undo the diff would name the wrong cards and seat)."""
    if not old or old.get("n") != new.get("n") or old.get("viewer") != new.get("viewer"):
        return set()
    if not follows(old, new):  # an undo, a reload or a jump: no valid previous view
        return set()

    def places(v: dict[str, Any]) -> dict[tuple[str, int], tuple[int, str]]:
        """(zone, card) -> (seat, target): where each public card lies."""
        out: dict[tuple[str, int], tuple[int, str]] = {}
        for s in v.get("seats") or []:
            seat = s.get("seat", 0)
            for i, h in enumerate(s.get("party") or []):
                out[("party", h["card"])] = (seat, f"heir:{seat}:{i}")
                if h.get("doozy"):
                    out[("doozy", h["doozy"])] = (seat, f"doozy:{seat}:{i}")
            for i, h in enumerate(s.get("morgue") or []):
                out[("morgue", h["card"])] = (seat, f"morgue:{seat}:{i}")
            for i, g in enumerate(s.get("mausoleum") or []):
                out[("maus", g["card"])] = (seat, f"maus:{seat}:{i}")
            for c in s.get("hand") or []:
                out[("hand", c)] = (seat, f"hand:{c}")
        return out

    before, after = places(old), places(new)
    # new in that zone, or moved there from another seat's (a shift within a zone is not news)
    fresh = {t for k, (seat, t) in after.items() if k not in before or before[k][0] != seat}
    top = new.get("discard_top")
    if top is not None and (
        old.get("discard_top") != top
        or len(old.get("discard") or []) != len(new.get("discard") or [])
    ):
        fresh.add("discard")
    waiting = old.get("waiting") or []
    if waiting and isinstance(waiting[0], int):
        fresh.add(f"moved:{waiting[0]}")  # who made the last move
    return fresh


class Layout(SegLayout):
    """Lays out one view at one width as lines of :class:`Seg`.

    Args:
        view: the engine view (README "View").
        targets: targets of the viewer's prompt choices (drawn selectable).
        cursor: the highlighted choice's target (drawn in reverse).
        width: columns available.
        fresh: targets that arrived with the last move (marked ``✱``).
    """

    def __init__(
        self,
        view: dict[str, Any],
        targets: set[str],
        cursor: str | None,
        width: int,
        fresh: set[str] | None = None,
    ) -> None:
        super().__init__(view, targets, cursor, width)
        self.seats = list(self.seats)
        self.dense = len(view.get("seats") or []) >= 6  # one line fewer per seat
        self.fresh = fresh or set()
        self.over = bool(view.get("outcome"))
        self.picks: list[int] = list(view.get("picks") or [])
        bomb = view.get("bomb") or {}
        self.victims: set[int] = set(bomb.get("victims") or [])

    # ------------------------------------------------------------------ helpers

    def name(self, cid: int, value: bool = True) -> str:
        """A card's chip text: short name (compact) or full name (wide), with its value."""
        text = txt.name(cid) if self.wide else txt.short(cid)
        if value and txt.has_value(cid):
            c = txt.card(cid)
            text += f" ${c.value}m" if self.wide else f" {c.value}"
        return text

    def chip(self, label: str, target: str | None, kind: tuple[str, ...] = ()) -> list[Seg]:
        """A card chip ``[label]``; ``[▸label]`` when a prompt choice points at it, reverse
        video under the cursor, ``✱`` when it arrived with the last move."""
        selectable = target is not None and target in self.targets
        cursor = target is not None and target == self.cursor
        styles: tuple[str, ...] = ("chip", *kind)
        if target in self.fresh:
            label += NEW
            styles += ("fresh",)
        marker, styles = self.marks(selectable, cursor, styles)
        return [Seg(f"[{marker}{label}]", styles, target)]

    def finish_rule(self, line: Line) -> Line:
        """``line`` with a rule to the right edge."""
        rest = self.width - width_of(line) - 1
        return [*line, Seg(" " + "─" * rest, ("rule",))] if rest > 0 else line

    def order(self) -> list[int]:
        """Seats in turn order, ending with the viewer (spectators: from seat 0)."""
        n = len(self.seats)
        if self.viewer is None or not 0 <= self.viewer < n:
            return list(range(n))
        return [(self.viewer + 1 + k) % n for k in range(n)]

    def money(self, m: int) -> str:
        return f"${m}m"

    # ------------------------------------------------------------------ parts

    def turn_line(self) -> Line:
        """Turn, who is to play (and who decides, when another seat must order H-Bomb victims),
        what they drew; or the result once the match is over."""
        v = self.view
        outcome = v.get("outcome")
        if outcome:
            reason = outcome.get("reason") or ""
            return self.rule([Seg(f"Game over · {reason}".rstrip(" ·"), ("outcome",))])
        active = int(v.get("active", 0))
        phase = str(v.get("phase", ""))
        segs: list[Seg] = [Seg(f"Turn {int(v.get('turns', 0)) + 1}", ("turn",)), Seg(" · ")]
        if phase == "choose_start":
            return self.rule([*segs, Seg("choosing who goes first", ("active",))])
        who = "You" if active == self.viewer else seat_label(v, active)
        verb = "are" if active == self.viewer else "is"
        segs.append(Seg(f"{ACTIVE} {who} {verb} to play", ("active",)))
        drew = v.get("drew") or ""
        if phase == "order":
            bomb = v.get("bomb") or {}
            owner = bomb.get("seat")
            if isinstance(owner, int):
                whom = "you order" if owner == self.viewer else f"{seat_label(v, owner)} orders"
                segs.append(Seg(f" · H-Bomb: {whom} the dead", ("muted",)))
        elif phase == "pay":
            grave = v.get("selected")
            what = self.name(grave) if isinstance(grave, int) else "a grave"
            segs.append(Seg(f" · buying {what}", ("muted",)))
        elif drew == "deck":
            segs.append(Seg(" · drew from the deck", ("muted",)))
        elif drew == "discard":
            segs.append(Seg(" · took the discard top", ("muted",)))
        elif drew == "none":
            segs.append(Seg(" · nothing to draw", ("muted",)))
        return self.rule(segs)

    def table_line(self) -> list[Line]:
        """Deck size, the discard pile (size and top card), the winning value, the shop."""
        v = self.view
        deck = int(v.get("deck_count", 0))
        pile = list(v.get("discard") or [])
        head: list[Seg] = []
        if "deck" in self.targets or self.cursor == "deck":
            head += self.chip(f"Deck {deck}", "deck")
        else:
            head.append(Seg(f"Deck {deck}", ("label",), "deck"))
        head.append(Seg(" · "))
        indent = width_of(head)
        head.append(Seg(f"Discard {len(pile)}" + (":" if pile else ""), ("label",)))
        if pile:
            head.append(Seg(" "))
            head += self.chip(self.name(pile[-1]), "discard", ("top",))
        threshold = int(v.get("threshold", 10))
        head.append(Seg(f" · win at {self.money(threshold)}", ("muted",)))
        lines = [head]
        if self.wide and len(pile) > 1:
            lines.append(self.pile_line(pile, indent))
        shop = list(v.get("shop") or [])
        label = [Seg("Shop", ("label",))]
        if not shop:
            return [*lines, [*label, Seg(" empty: the game ends after this turn", ("muted",))]]
        selected = v.get("selected")
        items = []
        for g in shop:
            chosen = g["card"] == selected and v.get("phase") == "pay"
            text = f"{CHOSEN} {self.name(g['card'])}" if chosen else self.name(g["card"])
            kind = ("grave", "chosen") if chosen else ("grave",)
            items.append(self.chip(text, f"grave:{g['card']}", kind))
        return lines + self.flow(label, items, 5)

    def pile_line(self, pile: list[int], indent: int) -> Line:
        """The whole discard pile below its top, top first (it is public, MAU-11.2), in short
        names on one line under the ``Discard`` label (``indent`` columns in):
        ``below it: Boating · Uncle 5 · … · +12 more``."""
        segs: Line = [Seg(" " * indent), Seg("below it: ", ("label",))]
        below = list(range(len(pile) - 2, -1, -1))  # pile indices, the top's neighbour first
        for k, i in enumerate(below):
            label = txt.short(pile[i])
            if txt.has_value(pile[i]):
                label += f" {txt.card(pile[i]).value}"
            item = [Seg(" · " if k else "", ("muted",)), Seg(label, ("muted",))]
            rest = len(below) - k - 1
            more = f" · +{rest} more" if rest else ""
            if width_of(segs) + width_of(item) + len(more) > self.width:
                segs.append(Seg(f" · +{len(below) - k} more", ("muted",)))
                break
            segs += [item[0], Seg(item[1].text, item[1].styles, f"pile:{i}")]
        return segs

    def header(self, seat: int) -> list[Seg]:
        """``▶ ● Ann (you) to play``, padded to the value column (``★ … wins`` once over,
        ``deciding`` for a seat ordering H-Bomb victims on another's turn)."""
        v = self.view
        active = not self.over and v.get("active") == seat and v.get("phase") != "choose_start"
        deciding = not self.over and seat in (v.get("waiting") or []) and not active
        winner = self.over and seat in ((v.get("outcome") or {}).get("winners") or [])
        lead = ACTIVE if active or deciding else ("★" if winner else " ")
        label = seat_label(v, seat)
        if seat == self.viewer:
            label += " (you)"
        styles: tuple[str, ...] = ("seat",)
        if active:
            styles += ("active-seat",)
        elif deciding:
            styles += ("deciding",)
        target = f"seat:{seat}"
        segs: list[Seg] = [Seg(lead + " ", ("active",) if active or deciding else ())]
        if target in self.targets or target == self.cursor:
            segs += self.chip(label, target)
        else:
            segs.append(Seg(label, styles))
        if active:
            segs.append(Seg(" to play", ("active",)))
        elif deciding:
            segs.append(Seg(" deciding", ("active",)))
        elif winner:
            segs.append(Seg(" wins", ("outcome",)))
        elif f"moved:{seat}" in self.fresh and seat != self.viewer:
            segs.append(Seg(f" {NEW} just played", ("fresh",)))
        pad = (26 if self.wide else 14 if self.dense else 21) - width_of(segs)
        segs.append(Seg(" " * max(pad, 2)))
        return segs

    def hand_segs(self, seat: int) -> list[Seg]:
        """``hand 3 (known: Uncle)``: hand size and the cards everyone knows are in it."""
        s = self.seats[seat]
        hand = [Seg(f"hand {int(s.get('hand_count', 0))}", ("label",))]
        open_hand = s.get("hand")
        if open_hand is not None and seat != self.viewer:  # a finished match: every hand shows
            hand[0] = Seg(f"hand {len(open_hand)}:" if open_hand else "hand 0", ("label",))
            for k, c in enumerate(open_hand):
                hand.append(Seg("," if k else "", ("muted",)))
                hand.append(Seg(" " + self.name(c), ("muted",), f"open:{seat}:{c}"))
            return hand
        known = [c for c in s.get("known") or [] if seat != self.viewer]
        if known:
            hand.append(Seg(" (known: " if self.wide else " (", ("muted",)))
            for k, c in enumerate(dict.fromkeys(known)):
                if k:
                    hand.append(Seg(", ", ("muted",)))
                hand.append(Seg(self.name(c, False), ("muted",), f"known:{seat}:{c}"))
            hand.append(Seg(")", ("muted",)))
        return hand

    def header_lines(self, seat: int) -> list[Line]:
        """Name, mausoleum value and graves, then the hand (at the right edge when it fits)."""
        head = self.header(seat) + self.value_segs(seat)
        graves = self.graves(seat)
        hand = self.hand_segs(seat)
        if self.seats[seat].get("hand") is not None and seat != self.viewer:
            return self.flow(head, graves, 4) + [[Seg("    " if self.wide else "   "), *hand]]
        one = width_of(head) + sum(1 + width_of(g) for g in graves)
        if one + 2 + width_of(hand) <= self.width:
            line = [*head]
            for g in graves:
                line += [Seg(" "), *g]
            gap = self.width - one - width_of(hand)
            return [[*line, Seg(" " * gap), *hand]]
        return self.flow(head, [*graves, [Seg(" "), *hand]], 4)

    def value_segs(self, seat: int) -> list[Seg]:
        """The mausoleum's counted value against the winning value (the gardener penalty shown
        when it applies)."""
        s = self.seats[seat]
        printed, counted = int(s.get("printed", 0)), int(s.get("counted", 0))
        threshold = int(self.view.get("threshold", 10))
        styles = ("value", "reached") if counted >= threshold else ("value",)
        out = [Seg(f"{self.money(counted)}", styles)]
        if self.wide or not self.dense:
            out.insert(0, Seg("Mausoleum " if self.wide else "mausoleum ", ("label",)))
        if printed != counted and self.wide:
            out.append(Seg(f" ({self.money(printed)} − {printed - counted} gardener)", ("muted",)))
        elif printed != counted:
            out.append(Seg(f" ({self.money(printed)}−{printed - counted})", ("muted",)))
        elif self.wide:
            out.append(Seg(f" of {self.money(threshold)}", ("muted",)))
        return out

    def graves(self, seat: int) -> list[list[Seg]]:
        """Chips of the graves in ``seat``'s mausoleum."""
        return [
            self.chip(self.name(g["card"]), f"maus:{seat}:{i}", ("grave",))
            for i, g in enumerate(self.seats[seat].get("mausoleum") or [])
        ]

    def party_items(self, seat: int) -> list[list[Seg]]:
        """Chips of ``seat``'s party: ``[Uncle 5◈]`` (Doozy), ``safe`` (cannot be killed),
        ``†`` (H-Bomb victim to order), ``✓2`` (ordered second)."""
        out = []
        for i, h in enumerate(self.seats[seat].get("party") or []):
            cid = h["card"]
            label = self.name(cid)
            kind: tuple[str, ...] = ("heir",)
            if cid in self.picks:
                label = f"{CHOSEN}{self.picks.index(cid) + 1} {label}"
                kind += ("chosen",)
            elif cid in self.victims:
                label = f"{VICTIM}{label}"
                kind += ("victim",)
            if h.get("doozy"):
                label += " +Doozy" if self.wide else DOOZY
                if f"doozy:{seat}:{i}" in self.fresh:
                    label += NEW
            if not h.get("killable", True) and self.wide:
                label += " safe"
                kind += ("safe",)
            out.append(self.chip(label, f"heir:{seat}:{i}", kind))
        return out

    def morgue_items(self, seat: int) -> list[list[Seg]]:
        """Chips of ``seat``'s morgue; payment picks show ``✓1``, ``✓2`` in pick order."""
        out = []
        for i, h in enumerate(self.seats[seat].get("morgue") or []):
            cid = h["card"]
            label = self.name(cid)
            kind: tuple[str, ...] = ("dead",)
            if cid in self.picks and self.view.get("phase") == "pay":
                label = f"{CHOSEN}{self.picks.index(cid) + 1} {label}"
                kind += ("chosen",)
            out.append(self.chip(label, f"morgue:{seat}:{i}", kind))
        return out

    def zone_head(self, seat: int, zone: str) -> list[Seg]:
        """The label of a party or morgue: ``party 2/4`` (a chip when heirs may be invited)."""
        s = self.seats[seat]
        n = len(s.get(zone) or [])
        word = zone.title() if self.wide else zone
        text = f"{word} {n}/{PARTY_MAX if zone == 'party' else MORGUE_MAX}"
        target = f"party:{seat}" if zone == "party" else None
        if target and (target in self.targets or target == self.cursor):
            return self.chip(f"invite here · {text}", target)
        return [Seg(text, ("label",), target)]

    def seat_lines(self, seat: int) -> list[Line]:
        """Compact: header (+ graves), party and morgue on one line. Wide: header + graves,
        party line, morgue line. Six or more seats: one line fewer (compact: one line)."""
        s = self.seats[seat]
        lines = self.header_lines(seat)
        party = self.party_items(seat)
        morgue = self.morgue_items(seat)
        locked = [Seg("locked by the Dowager" if self.wide else "locked", ("muted",))]
        extra = [locked] if s.get("locked") else []
        if not party:
            extra.insert(0, [Seg("—", ("muted",))])
        mvalue = int(s.get("morgue_value", 0))
        worth = [[Seg(f"= {self.money(mvalue)}", ("muted",))]] if morgue else []
        if not morgue:
            worth = [[Seg("—", ("muted",))]]
        if self.wide and not self.dense:
            lines += self.flow([Seg("    "), *self.zone_head(seat, "party")], party + extra, 15)
            lines += self.flow([Seg("    "), *self.zone_head(seat, "morgue")], morgue + worth, 15)
            return lines
        gap = [Seg("")]  # with the flow's space: two spaces before the morgue
        zones = [self.zone_head(seat, "party"), *party, *extra, gap]
        zones += [self.zone_head(seat, "morgue"), *morgue, *worth]
        if self.dense and not self.wide:  # one line a seat (wrapping only when it must)
            head = self.header(seat) + self.value_segs(seat)
            zones = [z for z in zones if z is not gap]
            return self.flow(head, [*self.graves(seat), self.hand_segs(seat), *zones], 4)
        indent = "    " if self.wide else "   "
        return lines + self.flow([Seg(indent), *zones[0]], zones[1:], 4)

    def hand_lines(self) -> list[Line]:
        """The viewer's hand as chips (the card being played marked ``✓``)."""
        if self.viewer is None or not 0 <= self.viewer < len(self.seats):
            return []
        s = self.seats[self.viewer]
        hand = s.get("hand")
        if hand is None:
            return []
        selected = self.view.get("selected")
        items = []
        for c in hand:
            label = self.name(c)
            kind: tuple[str, ...] = ("card",)
            if c == selected:
                label = f"{CHOSEN} {label}"
                kind += ("chosen",)
            items.append(self.chip(label, f"hand:{c}", kind))
        head = [Seg("Your hand", ("label",))]
        if not items:
            head.append(Seg(" is empty", ("muted",)))
        return self.flow(head, items, 4)

    def legend(self) -> Line:
        """What the marks mean (wide layout only; shortened to fit)."""
        parts = [
            f"[{SELECTABLE}…] can be chosen now",
            f"{ACTIVE} to play",
            f"{NEW} just arrived",
            f"{CHOSEN} chosen",
            "safe: cannot be killed now",
            "$ values in millions",
        ]
        if self.victims:
            parts.insert(1, f"{VICTIM} killed by the H-Bomb")
        while len(parts) > 1 and cell_len(" · ".join(parts)) > self.width:
            parts.pop()
        return [Seg(" · ".join(parts), ("muted",))]

    # ------------------------------------------------------------------ whole board

    def lines(self) -> list[Line]:
        """Every line of the board."""
        if not self.seats:
            return [[Seg("Waiting for the match…", ("muted",))]]
        out: list[Line] = [self.turn_line()]
        table = self.table_line()
        if not self.wide:
            for tail in (table[0], table[0][:-1]):  # the last part is "· win at $10m"
                joined = [*out[0][:-2], Seg(" ── ", ("rule",)), *tail]
                if width_of(joined) <= self.width:
                    out, table = [self.finish_rule(joined)], table[1:]
                    break
        out += table
        if self.wide and 3 < len(self.seats) < 6:
            out.append([])
        spaced = self.wide and len(self.seats) <= 3
        for seat in self.order():
            if spaced:
                out.append([])
            out += self.seat_lines(seat)
        hand = self.hand_lines()
        if hand:
            out += ([[]] if self.wide and not self.dense else []) + hand
        if self.wide:
            out += [[], self.legend()]
        return out
