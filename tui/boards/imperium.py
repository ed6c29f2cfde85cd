"""The iMperium board: both civilizations, their play areas as card chips, the turn's dice.

Drawn as one widget (``render()`` returns a Rich ``Text``) from the view of
``engine/games/imperium/README.md``; it never reads game state. Layout, top to bottom: the
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

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size

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
from engine.rules import Prompt
from tui.boards import Board
from tui.boards import imperium_text as txt

WIDE = 100
"""Width (columns) from which the detailed layout is used."""

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
SELECTABLE = "▸"

_CSS = Path(__file__).with_suffix(".tcss")


@dataclass(frozen=True, slots=True)
class Seg:
    """A run of text on one board line: its component classes and the target it stands for."""

    text: str
    styles: tuple[str, ...] = ()
    target: str | None = None
    members: tuple[str, ...] = ()
    """Every target a chip of identical cards stands for (``target`` is the one clicked)."""

    @property
    def width(self) -> int:
        """Width in terminal cells."""
        return cell_len(self.text)


Line = list[Seg]


def _width(segs: list[Seg]) -> int:
    return sum(s.width for s in segs)


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


class BoardLayout:
    """Lays out one view at one width as lines of :class:`Seg`."""

    def __init__(
        self, view: dict[str, Any], targets: set[str], cursor: str | None, width: int
    ) -> None:
        self.view = view
        self.targets = targets
        self.cursor = cursor
        self.width = max(width, 20)
        self.wide = width >= WIDE
        seats = view.get("seats") or []
        self.seats: list[dict[str, Any]] = seats
        viewer = view.get("viewer")
        self.viewer: int | None = viewer if isinstance(viewer, int) else None
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
        styles: tuple[str, ...] = ("chip", *kind)
        if selectable:
            styles += ("selectable",)
        if cursor:
            styles += ("cursor",)
        marker = SELECTABLE if selectable or cursor else ""
        return [Seg(f"[{marker}{label}]", styles, target, tuple(members))]

    def flow(
        self, head: list[Seg], items: list[list[Seg]], indent: int, width: int = 0
    ) -> list[Line]:
        """Place ``items`` after ``head`` separated by spaces, wrapping onto lines indented by
        ``indent`` (within ``width`` columns, default the board's width)."""
        width = width or self.width
        lines: list[Line] = []
        line: Line = list(head)
        x = _width(line)
        for item in items:
            w = _width(item)
            if x + 1 + w > width and x > indent:
                lines.append(line)
                line, x = [Seg(" " * indent)], indent
            line += [Seg(" "), *item]
            x += 1 + w
        lines.append(line)
        return lines

    def fit(self, *candidates: list[Seg]) -> list[Seg]:
        """The first candidate that fits the width (the last one otherwise)."""
        for c in candidates:
            if _width(c) <= self.width:
                return c
        return candidates[-1]

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
                    row.append(Seg(" " * max(colw - _width(row), 1)))
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
            unit = _width(label) + sum(1 + _width(c) for c in chips)
            if line and x + 2 + unit > self.width:
                lines.append(line)
                line, x = [], 0
            sep = "  " if line else " "
            line += [Seg(sep), *label]
            x += len(sep) + _width(label)
            for chip in chips:
                if x + 1 + _width(chip) > self.width and x > 3:
                    lines.append(line)
                    line, x = [Seg("  ")], 2
                line += [Seg(" "), *chip]
                x += 1 + _width(chip)
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
            if used + 1 + _width(item) > room and items:
                break
            items.insert(0, item)
            used += 1 + _width(item)
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
        room = self.width - _width(head) - 2  # room for " …"
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
            segs.append(Seg(" " + rule * max(self.width - _width(segs) - 1, 0), ("rule",)))
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
        if not self.wide and _width(one) + 3 <= self.width:
            one.append(Seg(" " + rule * (self.width - _width(one) - 1), ("rule",)))
            one[0] = Seg(rule * 2 + " ", ("rule",))
            return [one]
        first = [Seg(rule * 2 + " ", ("rule",)), *turn]
        first.append(Seg(" " + rule * max(self.width - _width(first) - 1, 0), ("rule",)))
        lines = [first]
        if info:
            lines += self.flow([Seg("  ")], info, 3)
        return lines

    def legend(self) -> Line:
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


class ImperiumBoard(Board):
    """The iMperium board widget (see the module docstring for layout and targets)."""

    DEFAULT_CSS = _CSS.read_text(encoding="utf-8")

    COMPONENT_CLASSES = {
        f"imperium--{name}"
        for name in (
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
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._view: dict[str, Any] | None = None
        self._targets: set[str] = set()
        self._cursor: str | None = None
        self._cache: tuple[int, list[Line]] | None = None
        self._hits: list[list[tuple[int, int, str]]] = []

    # ------------------------------------------------------------------ Board API

    def show(self, view: dict[str, Any], prompt: Prompt | None, cursor_target: str | None) -> None:
        """Redraw from ``view``; mark the targets of ``prompt``'s choices, highlight the cursor."""
        self._view = view
        self._targets = {c.target for c in prompt.choices if c.target} if prompt else set()
        self._cursor = cursor_target
        self._cache = None
        self.clear_cached_dimensions()
        self.refresh(layout=True)

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

    # ------------------------------------------------------------------ drawing

    def _lines(self, width: int) -> list[Line]:
        if self._cache is None or self._cache[0] != width:
            if self._view is None:
                lines: list[Line] = [[Seg("Waiting for the match…", ("muted",))]]
            else:
                lines = BoardLayout(self._view, self._targets, self._cursor, width).lines()
            self._cache = (width, lines)
        return self._cache[1]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The board takes the whole width it is given."""
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One row per board line at ``width``."""
        return len(self._lines(width)) if width else 0

    def _style(self, names: tuple[str, ...]) -> Style:
        if not names:
            return Style()
        return self.get_component_rich_style(*(f"imperium--{n}" for n in names), partial=True)

    def render(self) -> Text:
        """The board as one Rich Text; also records where each target was drawn."""
        width = self.size.width or 80
        text = Text(no_wrap=True, overflow="crop", end="")
        hits: list[list[tuple[int, int, str]]] = []
        for y, line in enumerate(self._lines(width)):
            if y:
                text.append("\n")
            row: list[tuple[int, int, str]] = []
            x = 0
            for seg in line:
                text.append(seg.text, self._style(seg.styles))
                w = seg.width
                if seg.target:
                    row.append((x, x + w, seg.target))
                x += w
            hits.append(row)
        self._hits = hits
        return text

    def target_at(self, x: int, y: int) -> str | None:
        """The target drawn at content offset (x, y), or None."""
        if not 0 <= y < len(self._hits):
            return None
        for x0, x1, target in self._hits[y]:
            if x0 <= x < x1:
                return target
        return None

    def on_click(self, event: events.Click) -> None:
        """Post :class:`Board.TargetClicked` for the chip under the mouse."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.target_at(offset.x, offset.y)
        if target is not None:
            event.stop()
            self.post_message(self.TargetClicked(target))
