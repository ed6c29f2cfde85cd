"""Layout of the Res Publica board: one view at one width as lines of :class:`Seg`.

Top to bottom: the turn line, the supply (decks, next city, settlements), one row per seat
(clockwise from the viewer), the trade panel (statement, answers in seat order, the words being
composed, the exchange or the fulfilment), the viewer's hand grouped by category. Below
:data:`WIDE` columns the layout is compact (80x24: 13 rows with 5 seats); from :data:`WIDE`
columns the hand shows all ten types and a legend is added. The view shape is
``engine/games/res_publica/README.md``; targets are the README's choice targets. The trade
panel, seat names and chips are in :mod:`tui.boards.res_publica_trade`.
"""

from __future__ import annotations

from rich.cells import cell_len

from engine.games.res_publica.cards import SET_SIZE
from tui.boards import res_publica_text as txt
from tui.boards.res_publica_trade import DECIDING, RpTradeLayout, plural
from tui.boards.segments import SELECTABLE, WIDE, Line, Seg, width_of

__all__ = ["WIDE", "Line", "RpLayout"]


class RpLayout(RpTradeLayout):
    """Lays out one Res Publica view at one width as lines of :class:`Seg`."""

    # ------------------------------------------------------------------ parts

    def header(self) -> list[Line]:
        """Turn, who plays, the step; the final round; the outcome."""
        v = self.view
        active = v.get("active")
        out = v.get("outcome")
        if out:
            winners = out.get("winners") or []
            names = " and ".join(self.names[w] for w in winners if 0 <= w < len(self.names))
            won = f"{names} win{'s' if len(winners) == 1 else ''}" if winners else "a draw"
            return [[Seg("Game over", ("outcome",)), Seg(f" · {won}", ("turn",))]]
        segs: Line = [Seg(f"Turn {int(v.get('turn', 0)) + 1}", ("turn",))]
        if isinstance(active, int) and 0 <= active < len(self.seats):
            who = "You" if active == self.viewer else self.who(active)
            phase = txt.PHASES.get(str(v.get("phase")), str(v.get("phase")))
            if v.get("phase") == "final_display":
                segs += [Seg(" · "), Seg("Final display", ("final",))]
            else:
                segs += [Seg(" · "), Seg(f"{who} to play", ("active",)), Seg(f" · {phase}")]
        if v.get("final_round"):
            left = int(v.get("final_left") or 0)
            last = v.get("final")
            tail = f", {self.names[last]} plays last" if isinstance(last, int) else ""
            segs += [Seg("  "), Seg(f"Final round: {plural(left, 'turn')} left{tail}", ("final",))]
        return [segs]

    def supply(self) -> list[Line]:
        """Decks (draw targets), the next city and the settlements left."""
        v = self.view
        people, civ = int(v.get("people_deck", 0)), int(v.get("civ_deck", 0))
        cities = v.get("cities") or []
        nxt = v.get("city_next")
        settle = int(v.get("settlements", 0))
        if self.wide:
            decks = [
                *self.chip(f"People deck {people}", "deck:people"),
                Seg(" "),
                *self.chip(f"Civilization deck {civ}", "deck:civ"),
            ]
            stack = " ".join(map(str, cities)) or "empty"
            scores = [
                *self.chip(f"City stack {stack}", "stack:city"),
                Seg(" "),
                *self.chip(f"Settlements {settle} left", "stack:settlement"),
            ]
            return [[Seg(" "), *decks, Seg("   "), *scores]]
        city_long = f"Next city {nxt} ({len(cities)} left)" if nxt is not None else "No city left"
        city_short = f"Next city {nxt}" if nxt is not None else "No city left"

        def line(p: str, c: str, city: str) -> list[Seg]:
            return [
                *self.chip(p, "deck:people"),
                Seg(" "),
                *self.chip(c, "deck:civ"),
                Seg(" "),
                *self.chip(city, "stack:city"),
                Seg(" "),
                *self.chip(f"Settlements {settle}", "stack:settlement"),
            ]

        return [
            self.fit(
                line(f"People deck {people}", f"Civilization deck {civ}", city_long),
                line(f"People deck {people}", f"Civilization deck {civ}", city_short),
                line(f"People {people}", f"Civ. {civ}", city_short),
            )
        ]

    def seat_order(self) -> list[int]:
        """Seats clockwise starting with the viewer (seat 0 for spectators)."""
        n = len(self.seats)
        first = self.viewer if self.viewer is not None else 0
        return [(first + k) % n for k in range(n)]

    def score_items(self, seat: int, full: bool) -> list[list[Seg]]:
        """``seat``'s displayed sets and score, the same form for every seat: each set with
        what it earned (``Lombards settlement (3)``, ``Commerce city (8)``; not ``full``: by
        kind, ``2 settlements (6)``, ``1 city (8)``), then ``= 11`` (at the end ``+ 2 pairs =
        13``); ``no sets = 0`` before the first set."""
        s = self.seats[seat]
        score = int(s.get("score_cards", 0))
        tableau = s.get("tableau") or []
        items: list[list[Seg]] = []
        if full:
            for e in tableau:
                kind = "settlement" if e.get("kind") == "settlement" else "city"
                style = "settle" if kind == "settlement" else "city"
                text = f"{txt.type_name(e['type'])} {kind} ({e['score']})"
                items.append([Seg(text, (style,))])
        else:
            for settled, one, many, style in (
                (True, "settlement", "settlements", "settle"),
                (False, "city", "cities", "city"),
            ):
                group = [e for e in tableau if (e.get("kind") == "settlement") == settled]
                if group:
                    worth = sum(int(e["score"]) for e in group)
                    word = one if len(group) == 1 else many
                    items.append([Seg(f"{len(group)} {word} ({worth})", (style,))])
        if not items:
            items.append([Seg("no sets", ("muted",))])
        totals, pairs = self.view.get("totals"), self.view.get("pairs")
        tail: Line = []
        total = score
        if totals and seat < len(totals):
            p = pairs[seat] if pairs and seat < len(pairs) else 0
            tail.append(Seg(f"+ {plural(p, 'pair')} ", ()))
            total = totals[seat]
        items[-1] = [*items[-1], Seg(" "), *tail, Seg("= "), Seg(f"{total}", ("points",))]
        return items

    def seat_head(self, seat: int, name_w: int) -> Line:
        """Deciding marker, name, hand size, readiness (a display step)."""
        s = self.seats[seat]
        deciding = seat in self.waiting and not self.over
        you = seat == self.viewer
        label = self.who(seat) + (" (you)" if you else "")
        name = self.tag(label.ljust(name_w), f"seat:{seat}", ("you",) if you else ())
        lead: Line = [Seg(DECIDING if deciding else " ", ("active",)), *name]
        hand = int(s.get("hand_count", 0))
        out: Line = [*lead, Seg(f" hand {hand:>2}", ())]
        committed = s.get("committed")
        if committed is not None:
            out.append(Seg(" ✓ ready" if committed else " … choosing", ("muted",)))
        return out

    def seat_row(self, seat: int, name_w: int, full: bool = True) -> list[Line]:
        """One player: deciding marker, name, hand size, sets and score (``full``: each set by
        type, else counted by kind; see :meth:`score_items`), known cards. Wide rows wrap."""
        s = self.seats[seat]
        head = self.seat_head(seat, name_w)
        items = self.score_items(seat, full)
        known = s.get("known") or {}
        known_segs = [Seg(f"  known: {txt.cards_text(known)}", ("muted",))] if known else []
        indent = name_w + 4
        if self.wide:
            lines = self.flow(head, items, indent, sep=" · ", lead=" · ")
            if known_segs and width_of(lines[-1]) + width_of(known_segs) <= self.width:
                lines[-1] = [*lines[-1], *known_segs]
            elif known_segs:
                lines.append([Seg(" " * indent), *known_segs])
            return lines
        row: Line = list(head)
        for item in items:
            row += [Seg(" · ", ("muted",)), *item]
        if known_segs and width_of(row) + width_of(known_segs) <= self.width:
            row += known_segs
        return [row]

    def seat_rows(self) -> list[Line]:
        """One row per seat, clockwise from the viewer, names padded to one column; compact,
        every seat lists its sets by type if all fit, else every seat counts them by kind."""
        name_w = max(
            (len(self.who(s)) + (6 if s == self.viewer else 0) for s in range(len(self.seats))),
            default=8,
        )
        order = self.seat_order()
        full = self.wide or all(
            width_of(self.seat_row(seat, name_w, True)[0]) <= self.width for seat in order
        )
        out: list[Line] = []
        for seat in order:
            out += self.seat_row(seat, name_w, full)
        return out

    # ------------------------------------------------------------------ hand

    def hand_lines(self) -> list[Line]:
        """The viewer's hand by category; for a spectator every hand it may see (all of them
        once the game is over, or in a replay's everything view), one line each."""
        if self.viewer is not None:
            hand = self.seats[self.viewer].get("hand")
            return self.one_hand(self.viewer, hand) if hand is not None else []
        shown = [s for s in range(len(self.seats)) if self.seats[s].get("hand") is not None]
        if not shown:
            return []
        out: list[Line] = [self.rule([Seg("Hands", ("label",))])]
        for seat in shown:
            hand = self.seats[seat]["hand"]
            head = [
                Seg(f" {self.who(seat)} {sum(hand.values())}", ("label",)),
                Seg(f" · {plural(txt.pairs_in(hand), 'pair')}:", ("muted",)),
            ]
            chips = [
                self.chip(
                    f"{txt.type_name(c)} {hand[c]}" + (" ★" if hand[c] >= SET_SIZE else ""),
                    f"h{seat}:{c}",
                    ("set",) if hand[c] >= SET_SIZE else (),
                )
                for c in (*txt.PEOPLE_CODES, *txt.CIV_CODES)
                if hand.get(c)
            ]
            out += self.flow(head, chips, 4) if chips else [[*head, Seg(" none", ("muted",))]]
        return out

    def one_hand(self, seat: int, hand: dict[str, int]) -> list[Line]:
        """The viewer's hand: a rule with size, pairs and sets, then the types by category
        (``type:<T>`` chips; with the selection being handed over), then the generic kinds
        when the prompt points at them (``kind:<K>``)."""
        sel = self.view.get("selection") if seat == self.viewer else None
        total = sum(hand.values())
        pairs = txt.pairs_in(hand)
        whose = "Your hand" if seat == self.viewer else f"{self.who(seat)}'s hand"
        head = f"{whose} {total} · {plural(pairs, 'pair')}"
        sets = [txt.type_name(c) for c, n in hand.items() if n >= SET_SIZE]
        if sets:
            head += " · set: " + ", ".join(sets)
        out: list[Line] = [self.rule([Seg(head, ("label",))])]

        def chips_of(codes: tuple[str, ...], zero_counts: bool) -> list[list[Seg]]:
            chips = []
            for code in codes:
                n = hand.get(code, 0)
                target = f"type:{code}"
                if not n and not self.wide and target not in self.targets:
                    continue
                text = txt.type_name(code) + (f" {n}" if n or zero_counts else "")
                if sel and sel.get(code):
                    text += f" (giving {sel[code]})"
                styles: tuple[str, ...] = ("zero",) if not n else ()
                if n >= SET_SIZE:
                    styles += ("set",)
                    text += " ★"
                chips.append(self.chip(text, target, styles))
            return chips

        groups = []
        for label, short, codes in (
            ("People", "People", txt.PEOPLE_CODES),
            ("Civilization", "Civ.", txt.CIV_CODES),
        ):
            chips = chips_of(codes, True)
            room = self.width - len(label) - 3
            if not self.wide and sum(1 + width_of(c) for c in chips) > room:
                # a compact row that would wrap (the kind step lists every type): shorter
                # label, and types not held show no "0" (they are dimmed)
                label, chips = short, chips_of(codes, False)
            groups.append((label, chips))
        kinds = [
            self.chip(words, f"kind:{code}")
            for code, words in txt.GENERIC_KINDS
            if f"kind:{code}" in self.targets
        ]
        if self.wide:
            for label, chips in groups:
                out += self.flow([Seg(f" {label:<13}", ("label",))], chips, 14)
            if kinds:
                out += self.flow([Seg(f" {'Other':<13}", ("label",))], kinds, 14)
            return out
        line: Line = []
        for label, chips in groups:
            if not chips:
                continue
            head = [Seg("  " if line else " "), Seg(f"{label}:", ("label",))]
            if (
                line
                and width_of(line) + width_of(head) + sum(1 + width_of(c) for c in chips)
                > self.width
            ):
                out.append(line)
                head[0] = Seg(" ")
                line = []
            flowed = self.flow([*line, *head], chips, 2)
            out += flowed[:-1]
            line = flowed[-1]
        if line:
            out.append(line)
        if kinds:  # the kind step: the generic kinds can be clicked too
            out += self.flow([Seg(" "), Seg("Other:", ("label",))], kinds, 2)
        if total == 0:
            out.append([Seg(" (no cards)", ("muted",))])
        return out

    def legend(self) -> Line:
        """What the marks mean (wide layout only)."""
        return [
            Seg(
                f" {DECIDING} deciding now · [{SELECTABLE}…] can be chosen now (click or number "
                "key) · ★ a set of 5 · ✓ ready",
                ("muted",),
            )
        ]

    # ------------------------------------------------------------------ whole board

    def lines(self) -> list[Line]:
        """Every line of the board."""
        if not self.seats:
            return [[Seg("Waiting for the match…", ("muted",))]]
        out = self.header() + self.supply() + self.seat_rows()
        out += self.trade_lines()
        out += self.hand_lines()
        if self.wide:
            out += [[], self.legend()]
        return [self.crop(line) for line in out]

    def crop(self, line: Line) -> Line:
        """``line`` cut to the width, ending in "…" when something had to go."""
        if width_of(line) <= self.width:
            return line
        out: Line = []
        x = 0
        for seg in line:
            if x + seg.width <= self.width - 1:
                out.append(seg)
                x += seg.width
                continue
            room = self.width - 1 - x
            text = seg.text
            while cell_len(text) > room:
                text = text[:-1]
            out.append(Seg(text + "…", seg.styles, seg.target, seg.members))
            break
        return out
