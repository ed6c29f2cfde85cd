"""Lays out one iMperium view as lines of styled, clickable segments (no widget here).

Layout, top to bottom: the opponent's civilization (spectators: seat 1), the turn line, the
viewer's own civilization (spectators: seat 0). Below :data:`WIDE` columns a compact layout
fits 80x24 in about 10-13 rows; from :data:`WIDE` columns each category gets its own row and
more detail is shown. Marks and targets: see :mod:`tui.boards.imperium`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.cells import cell_len

from engine.games.imperium.cards import (
    ARMY,
    CIVILIZATION,
    DEFENSE,
    FARM,
    GOVERNMENT,
    GREAT_PERSON,
    MERCHANT,
    NAVY,
    WONDER,
)
from tui.boards import imperium_text as txt
from tui.boards.segments import SELECTABLE, WIDE, Line, Seg, SegLayout, width_of

__all__ = ["WIDE", "BoardLayout", "points_in_units"]

ARMY_WIN = 5  # IMP-6.6
NAVY_THRESHOLD = 2  # IMP-6.10

# (category, compact label, wide label), in reading order of the play area.
GROUPS: tuple[tuple[str, str, str], ...] = (
    (ARMY, "Army", "Army"),
    (NAVY, "Navy", "Navy"),
    (FARM, "Farm", "Farms"),
    (DEFENSE, "Def", "Defense"),
    (GREAT_PERSON, "Great", "Great"),
    (WONDER, "Wonder", "Wonders"),
    (MERCHANT, "Merch", "Merchant"),
    (GOVERNMENT, "Gov", "Govt"),
)

# phase -> (compact, wide) name
PHASES = {
    "opening": ("Opening discard", "Opening discard: both choose 2 cards"),
    "start": ("Start", "Start phase"),
    "energy": ("Energy roll", "Energy phase"),
    "extra": ("Extra draw?", "Extra-draw decision"),
    "action": ("Actions", "Action phase"),
    "end": ("End", "End phase"),
    "over": ("Game over", "Game over"),
}

TAPPED = "↷"
FACE_DOWN = "▒"


def points_in_units(points: str, deck: str) -> str:
    """A view points string ("1/3") in the deck's scoring units: "2/6" (Greek), "1/4" (Roman).

    Roman cards score 1/4 and Greek cards 1/6 (IMP-7.13), so the count of face-up scoring
    cards reads directly: 1 point (4/4 or 6/6) wins.
    """
    unit = 4 if deck == "roman" else 6
    try:
        value = Fraction(points) * unit
    except (ValueError, ZeroDivisionError):
        return points
    if value.denominator != 1:
        return points
    return f"{value.numerator}/{unit}"


class BoardLayout(SegLayout):
    """Lays out one iMperium view at one width as lines of :class:`Seg` (:meth:`lines`).

    Args: as :class:`SegLayout` (20 columns at the least). ``top`` and ``bottom`` are the
    seats drawn above and below the turn line; ``mirror`` is a match of two equal decks.
    """

    def __init__(
        self, view: dict[str, Any], targets: set[str], cursor: str | None, width: int
    ) -> None:
        super().__init__(view, targets, cursor, width, min_width=20)
        seats = self.seats
        self.bottom = self.viewer if self.viewer is not None else 0
        self.top = 1 - self.bottom
        self.mirror = len(seats) == 2 and seats[0].get("deck") == seats[1].get("deck")

    # ------------------------------------------------------------------ helpers

    def civ(self, seat: int) -> str:
        """Civilization name of a seat ("Rome", or "Rome 1" in a mirror match)."""
        deck = self.seats[seat].get("deck", "roman")
        name = CIVILIZATION.get(deck, deck.title())
        return f"{name} {seat + 1}" if self.mirror else name

    def civ_style(self, seat: int) -> str:
        """The style of a seat's civilization name: ``rome`` or ``greece``."""
        return "rome" if self.seats[seat].get("deck") == "roman" else "greece"

    def chip(self, label: str, members: list[str], kind: tuple[str, ...] = ()) -> list[Seg]:
        """A card chip ``[label]``, ``[▸label]`` when a prompt choice points at it.

        ``members`` are the targets the chip stands for (identical cards share a chip); a click
        picks the cursor's member, else the first selectable one, else the first.
        """
        selectable = [m for m in members if m in self.targets]
        cursor = self.cursor in members
        if cursor:
            target = self.cursor
        elif selectable:
            target = selectable[0]
        else:
            target = members[0]
        marker, styles = self.marks(bool(selectable), cursor, ("chip", *kind))
        return [Seg(f"[{marker}{label}]", styles, target, tuple(members))]

    # ------------------------------------------------------------------ parts

    def tokens(self, seat: int, form: int) -> list[Seg]:
        """Dominance tokens held by ``seat``; ``form`` 0 = longest, 2 = shortest."""
        s = self.seats[seat]
        out: list[Seg] = []
        for key, glyph, name, count, goal, style in (
            ("army_dom", "⚔", "Army", s.get("army", 0), ARMY_WIN, "army"),
            ("navy_dom", "⚓", "Navy", s.get("navy", 0), NAVY_THRESHOLD, "navy"),
        ):
            if self.view.get(key) != seat:
                continue
            dots = "●" * min(count, goal)
            if form == 0:
                text = f"{glyph} {name} Dominance {dots}{'○' * max(goal - count, 0)} {count}/{goal}"
            elif form == 1:
                text = f"{glyph} {name} Dominance {dots + ' ' if dots else ''}{count}"
            else:
                text = f"{glyph} {name} Dom. {count}"
            out += [Seg("  "), Seg(text, (style,))]
        return out

    def header(self, seat: int) -> list[Seg]:
        """Name, role, turn marker, points and dominance tokens of ``seat``."""
        s = self.seats[seat]
        deck = s.get("deck", "roman")
        name = [Seg(self.civ(seat).upper(), (self.civ_style(seat),))]
        role = ""
        if self.viewer is not None:
            role = "you" if seat == self.viewer else "opponent"
        active = (
            self.view.get("active") == seat
            and not self.view.get("outcome")
            and self.view.get("phase") != "opening"
        )
        pts = points_in_units(str(s.get("points", "0")), deck)
        goal = "4/4" if deck == "roman" else "6/6"

        def build(long: bool, form: int) -> list[Seg]:
            segs = list(name)
            if long:
                segs.append(Seg(f" — {deck.title()} deck", ("muted",)))
            if role:
                segs.append(Seg(f" · {role}", ("muted",)))
            if active:
                segs.append(Seg(" ▶ to play", ("active",)))
            segs += [Seg("  "), Seg(f"Points {pts}", ("points",))]
            if long:
                segs.append(Seg(f" ({goal} wins)", ("muted",)))
            return segs + self.tokens(seat, form)

        return self.fit(
            *(build(True, f) for f in (0, 1)) if self.wide else (),
            build(False, 0),
            build(False, 1),
            build(False, 2),
        )

    def play_area(self, seat: int) -> list[Line]:
        """The play area as chips grouped by category."""
        s = self.seats[seat]
        groups: dict[str, list[list[Seg]]] = {}
        # identical cards in the same state share a chip: key -> (label, kind, members)
        chips: dict[str, dict[tuple[Any, ...], tuple[str, tuple[str, ...], list[str]]]] = {}
        for entry in s.get("play") or []:
            i, cid = entry.get("i"), entry.get("card")
            tapped, down = bool(entry.get("tapped")), bool(entry.get("face_down"))
            target = f"p{seat}.{i}"
            card = txt.card_of(s.get("deck", ""), cid) if cid else None
            if card is None:
                category = WONDER
                label, kind = f"{FACE_DOWN} face-down Wonder", ("hidden",)
            else:
                category = card.category
                label = card.name
                kind = ()
                if down:
                    label = f"{FACE_DOWN} {label} (face down)"
                    kind = ("hidden",)
            if tapped:
                label += f" {TAPPED}"
                kind += ("tapped",)
            key = (cid, tapped, down)
            slot = chips.setdefault(category, {})
            if key in slot:
                slot[key][2].append(target)
            else:
                slot[key] = (label, kind, [target])
        for category, slot in chips.items():
            items = []
            for label, kind, members in slot.values():
                shown = f"{label}×{len(members)}" if len(members) > 1 else label
                items.append(self.chip(shown, members, kind))
            groups[category] = items
        if not groups:
            return [[Seg("  (no cards in play)", ("muted",))]]
        if self.wide:
            return self.columns(groups)
        return self.pack(
            [([Seg(f"{label}:", ("label",))], groups[c]) for c, label, _ in GROUPS if c in groups]
        )

    def columns(self, groups: dict[str, list[list[Seg]]]) -> list[Line]:
        """Wide play area: two columns of labelled category rows (Army | Navy, ...)."""
        colw = (self.width - 2) // 2
        present = [(c, label) for c, _, label in GROUPS if c in groups]
        lines: list[Line] = []
        for k in range(0, len(present), 2):
            cells = [
                self.flow([Seg(f"  {label:<8}", ("label",))], groups[cat], 11, colw)
                for cat, label in present[k : k + 2]
            ]
            for y in range(max(len(c) for c in cells)):
                row: Line = list(cells[0][y]) if y < len(cells[0]) else []
                if len(cells) > 1 and y < len(cells[1]):
                    row.append(Seg(" " * max(colw - width_of(row), 1)))
                    row += cells[1][y]
                lines.append(row)
        return lines

    def pack(self, groups: list[tuple[list[Seg], list[list[Seg]]]]) -> list[Line]:
        """Compact play area: labelled groups side by side; a group moves to a fresh line
        rather than split, unless it is wider than a whole line."""
        lines: list[Line] = []
        line: Line = []
        x = 0
        for label, chips in groups:
            unit = width_of(label) + sum(1 + width_of(c) for c in chips)
            if line and x + 2 + unit > self.width:
                lines.append(line)
                line, x = [], 0
            sep = "  " if line else " "
            line += [Seg(sep), *label]
            x += len(sep) + width_of(label)
            for chip in chips:
                if x + 1 + width_of(chip) > self.width and x > 3:
                    lines.append(line)
                    line, x = [Seg("  ")], 2
                line += [Seg(" "), *chip]
                x += 1 + width_of(chip)
        lines.append(line)
        return lines

    def hand_items(self, seat: int) -> list[list[Seg]]:
        """Chips of a hand the viewer may see (own, or open hands)."""
        s = self.seats[seat]
        hand = s.get("hand") or []
        counts: dict[str, int] = {}
        for cid in hand:
            counts[cid] = counts.get(cid, 0) + 1
        prefix = "h:" if seat == self.viewer else f"h{seat}:"
        items = []
        for cid, n in counts.items():
            card = txt.card_of(s.get("deck", ""), cid)
            name = card.name if card else cid
            items.append(self.chip(f"{name}×{n}" if n > 1 else name, [prefix + cid]))
        return items

    def discard_items(self, seat: int, room: int) -> tuple[list[list[Seg]], bool]:
        """Discard chips: every distinct card when the prompt targets this pile, else the
        newest cards that fit in ``room`` columns. Returns (items, truncated)."""
        s = self.seats[seat]
        pile: list[str] = s.get("discard") or []
        deck = s.get("deck", "")
        prefix = f"d{seat}:"

        def name(cid: str) -> str:
            card = txt.card_of(deck, cid)
            return card.name if card else cid

        if (
            any(t.startswith(prefix) for t in self.targets)
            or self.cursor
            and self.cursor.startswith(prefix)
        ):
            counts: dict[str, int] = {}
            for cid in pile:
                counts[cid] = counts.get(cid, 0) + 1
            return [
                self.chip(f"{name(c)}×{n}" if n > 1 else name(c), [prefix + c])
                for c, n in counts.items()
            ], False
        limit = 8 if self.wide else 4
        items: list[list[Seg]] = []
        used = 0
        for cid in reversed(pile[-limit:]):
            item = self.chip(name(cid), [prefix + cid])
            if used + 1 + width_of(item) > room and items:
                break
            items.insert(0, item)
            used += 1 + width_of(item)
        return items, len(items) < len(pile)

    def piles(self, seat: int, show_hand_count: bool) -> list[Line]:
        """Hand count (opponent), deck count, known cards and the discard pile of ``seat``."""
        s = self.seats[seat]
        head: list[Seg] = [Seg(" ")]
        if show_hand_count:
            head.append(Seg(f"hand {s.get('hand_count', 0)}", ("points",)))
            known = s.get("known_hand") or []
            if known:
                deck = s.get("deck", "")
                names = []
                for cid in dict.fromkeys(known):
                    card = txt.card_of(deck, cid)
                    n = known.count(cid)
                    nm = card.name if card else cid
                    names.append(f"{nm}×{n}" if n > 1 else nm)
                head.append(Seg(f" (known: {', '.join(names)})", ("muted",)))
            head.append(Seg(" · "))
        head.append(Seg(f"deck {s.get('deck_count', 0)}"))
        top = s.get("known_top") or []
        if top:
            deck = s.get("deck", "")
            names = [c.name if (c := txt.card_of(deck, t)) else t for t in top]
            head.append(Seg(f" (top: {', '.join(names)})", ("muted",)))
        stolen = int(s.get("stolen", 0) or 0)
        if stolen:  # bonus dice the opponent's Army Dominance takes from this seat's rolls
            head.append(Seg(f" · {stolen} {'die' if stolen == 1 else 'dice'} stolen", ("army",)))
        turns = int(s.get("homeros_turns", 0) or 0)
        if turns:  # IMP-V3: declarations left
            head.append(Seg(f" · Homeros turns left {turns}", ("muted",)))
        pile = s.get("discard") or []
        head.append(Seg(f" · discard {len(pile)}"))
        if self.view.get("phase") == "opening" and seat != self.viewer:
            done = s.get("opening_done")
            head.append(
                Seg(" · opening discard " + ("chosen" if done else "not chosen yet"), ("muted",))
            )
        if not pile:
            return [head]
        head.append(Seg(":"))
        room = self.width - width_of(head) - 2  # room for " …"
        items, truncated = self.discard_items(seat, room)
        if truncated:
            head.append(Seg(" …", ("muted",)))
        return self.flow(head, items, 2)

    def hand_line(self, seat: int) -> list[Line]:
        """The viewer's hand (or an open hand) as chips, with the opening picks."""
        s = self.seats[seat]
        hand = s.get("hand")
        label = "Hand" if seat == self.viewer else f"{self.civ(seat)} hand"
        head = [Seg(" "), Seg(f"{label} {s.get('hand_count', len(hand or []))}:", ("points",))]
        items = self.hand_items(seat)
        if not items:
            head.append(Seg(" (empty)", ("muted",)))
        lines = self.flow(head, items, 2)
        picks = s.get("picks") or []
        if picks:
            deck = s.get("deck", "")
            names = [c.name if (c := txt.card_of(deck, p)) else p for p in picks]
            lines.append([Seg(f"   Opening discard picks: {', '.join(names)}", ("muted",))])
        return lines + self.government_lines(seat)

    def government_lines(self, seat: int) -> list[Line]:
        """How far the Governments in the viewer's hand are from their condition (one short
        line, wrapped only if it must): "Republic 3/5 dice cards · Principatus ready ..."."""
        s = self.seats[seat]
        deck = s.get("deck", "")
        parts = []
        for g in s.get("governments") or []:
            card = txt.card_of(deck, g.get("card") or "")
            name = card.name if card else str(g.get("card"))
            if g.get("met"):
                parts.append(f"{name} ready: play it for 11 to win")
            else:
                parts.append(f"{name} {g.get('progress', '')}".rstrip())
        if not parts:
            return []
        if cell_len("   " + " · ".join(parts)) > self.width:
            parts = [
                p.replace("dice-increase cards", "dice cards").replace("Dominance", "Dom.")
                for p in parts
            ]
        items = [[Seg(("· " if k else "") + p, ("muted",))] for k, p in enumerate(parts)]
        return self.flow([Seg("  ")], items, 3)

    def turn_lines(self) -> list[Line]:
        """The turn line: turn, whose turn, phase; dice, energy, sold, Homeros; or the result."""
        v = self.view
        outcome = v.get("outcome")
        rule = "━"
        if outcome:
            winners = outcome.get("winners") or []
            who = " and ".join(self.civ(w) for w in winners if 0 <= w < len(self.seats))
            head = f"Game over · {who} wins" if who else "Game over · draw"
            reason = outcome.get("reason") or ""
            if reason.startswith((f"{who} wins", "Draw")):  # the reason names the result
                head, reason = f"Game over · {reason}", ""
            segs = [
                Seg(rule * 2 + " "),
                Seg(head + (f": {reason}" if reason else ""), ("outcome",)),
            ]
            segs.append(Seg(" " + rule * max(self.width - width_of(segs) - 1, 0), ("rule",)))
            return [segs]
        active = v.get("active", 0)
        phase = str(v.get("phase", ""))
        names = PHASES.get(phase) or (phase.replace("_", " ").title(),) * 2
        phase_text = names[1] if self.wide else names[0]
        turn = [Seg(f"Turn {int(v.get('turn', 0)) + 1}", ("turn",))]
        if phase != "opening" and 0 <= active < len(self.seats):
            turn += [Seg(" · "), Seg(f"{self.civ(active)} to play", ("active",))]
        turn.append(Seg(f" · {phase_text}"))
        waiting = [w for w in v.get("waiting") or [] if w != active and 0 <= w < len(self.seats)]
        if waiting and phase != "opening":
            turn.append(
                Seg(" · waiting for " + ", ".join(self.civ(w) for w in waiting), ("muted",))
            )
        dice = [int(d) for d in v.get("dice") or []]
        energy = int(v.get("energy", 0))
        info: list[list[Seg]] = []  # items, each after the first starting with "· "
        if dice:
            top = sorted(dice, reverse=True)[:2]
            rolled = sum(top)
            pool = v.get("pool")
            roll = [Seg("Dice " + " ".join(str(d) for d in sorted(dice, reverse=True)))]
            stolen_in = v.get("stolen_in")
            if isinstance(stolen_in, int) and stolen_in > 0:  # dice taken from the opponent
                roll.append(Seg(f" (+{stolen_in} stolen)", ("army",)))
            if self.wide and pool and pool != len(dice):
                roll.append(Seg(f" (pool {pool})", ("muted",)))
            if rolled == energy:
                roll.append(Seg(f" → energy {energy}", ("points",)))
                info.append(roll)
            else:
                roll.append(Seg(f" → {rolled}"))
                info += [roll, [Seg(f"· energy now {energy}", ("points",))]]
        elif phase == "action" or energy:
            info.append([Seg(f"Energy {energy}", ("points",))])
        if self.wide and phase in ("action", "end"):
            info.append([Seg("· sold this turn: " + ("yes" if v.get("sold") else "no"))])
        elif v.get("sold"):
            info.append([Seg("· sold ✓")])
        charges = int(v.get("homeros", 0) or 0)
        if charges:
            info.append([Seg(f"· Homeros charges {charges}", ("navy",))])
        if v.get("homeros_free"):  # IMP-V3 declaration
            info.append([Seg("· Homeros: Army/Navy costs 0", ("navy",))])
        one = [Seg(rule * 2 + " "), *turn]
        if info:
            one += [Seg(" " + rule)]
            for item in info:
                one += [Seg(" "), *item]
        if not self.wide and width_of(one) + 3 <= self.width:
            one.append(Seg(" " + rule * (self.width - width_of(one) - 1), ("rule",)))
            one[0] = Seg(rule * 2 + " ", ("rule",))
            return [one]
        first = [Seg(rule * 2 + " ", ("rule",)), *turn]
        first.append(Seg(" " + rule * max(self.width - width_of(first) - 1, 0), ("rule",)))
        lines = [first]
        if info:
            lines += self.flow([Seg("  ")], info, 3)
        return lines

    def legend(self) -> Line:
        """What the marks mean (wide layout only)."""
        return [
            Seg(
                f" {TAPPED} tapped · {FACE_DOWN} face down · [{SELECTABLE}…] can be chosen now · "
                "×2 identical cards",
                ("muted",),
            )
        ]

    # ------------------------------------------------------------------ whole board

    def lines(self) -> list[Line]:
        """Every line of the board."""
        if len(self.seats) != 2:
            return [[Seg("Waiting for the match…", ("muted",))]]
        top, bottom = self.top, self.bottom
        out: list[Line] = [self.header(top)]
        out += self.play_area(top)
        top_hand_open = self.seats[top].get("hand") is not None
        if top_hand_open:
            out += self.hand_line(top)
        out += self.piles(top, show_hand_count=not top_hand_open)
        gap: list[Line] = [[]] if self.wide else []
        out += gap + self.turn_lines() + gap
        out.append(self.header(bottom))
        out += self.play_area(bottom)
        bottom_hand_open = self.seats[bottom].get("hand") is not None
        if bottom_hand_open:
            out += self.hand_line(bottom)
        out += self.piles(bottom, show_hand_count=not bottom_hand_open)
        if self.wide:
            out += gap + [self.legend()]
        return out
