"""The rules contract every game implements, and its small value types.

A game is a :class:`Rules` object (static: data, options, seat counts) plus a state that is
plain msgpack-able data (dicts, lists, ints, strings, bools, None). The state holds the engine's
random generator cell under ``state["rng"]`` (see :mod:`engine.rng`).

Flow (DESIGN.md "Shape"): a seat's decision -> ``Match.act`` -> ``rules.apply`` -> events ->
every screen re-renders from ``rules.view(state, seat)``.

Decisions are *prompts*. At any moment zero, one or several seats are *waiting* (``waiting``).
Several seats wait at once for simultaneous decisions; when a prompt is ``secret`` each seat's
committed choice stays hidden from the others until all have chosen (iMperium IMP-2.5, Imperial
Struggle IS-16.4). Big decisions are broken into short steps (choose card -> choose target), each
a prompt with a short list of :class:`Choice` es whose ``id`` is stable and compact: it is what
the journal stores.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

from engine.gamekit import resolve_options as _resolve
from engine.rng import RandomSource, Rng

State = dict[str, Any]
"""A game state: plain data, mutated in place by ``apply``; ``state["rng"]`` is the RNG cell."""

View = dict[str, Any]
"""What one seat (or a spectator) may see: plain data, safe to send to a client."""


class IllegalAction(Exception):
    """A choice that is not legal now. ``apply`` raises it before changing anything."""


@dataclass(slots=True, unsafe_hash=True)
class Choice:
    """One option of a prompt.

    Attributes:
        id: stable, compact id (``"play:legion"``, ``"tap:3"``, ``"end"``); stored in journals.
        label: short text for the action bar ("Play Legion (5)").
        target: id of the board thing it points at (a card, a space, a die), so a board widget
            can highlight it and a click on that thing selects this choice; None if none.
        group: a short verb used to group choices in the UI ("play", "tap", "sell").
        detail: an optional second line (cost breakdown, effect summary).

    Read-only by convention, not frozen: a frozen dataclass's ``__init__`` sets each field
    through ``object.__setattr__``, four times slower, and prompts build thousands of choices
    a second (issue 17). Hashable and compared by value all the same.
    """

    id: str
    label: str
    target: str | None = None
    group: str = ""
    detail: str = ""


_DETAIL = Choice.detail  # the slot of Choice.detail (a member descriptor)


class LazyChoice(Choice):
    """A :class:`Choice` whose ``detail`` is made by ``make()`` when first read, for details
    that cost more than the rest of the choice (a payability check, a cost breakdown) in prompts
    that random play, search and replay build by the thousand and never read (issue 17).

    ``make`` must depend only on values that do not change afterwards (never on the live
    state, which the next choice mutates): e.g. ``functools.partial(cost_text, base, mods,
    total, unit)``. Equal to, hashed and copied as the plain :class:`Choice` of the same values
    (a copy or pickle is a plain Choice).
    """

    __slots__ = ("_make",)

    def __init__(
        self, id: str, label: str, target: str | None, group: str, make: Callable[[], str]
    ):
        Choice.__init__(self, id, label, target, group)
        self._make: Callable[[], str] | None = make

    @property  # type: ignore[override]
    def detail(self) -> str:
        make = self._make
        if make is not None:
            self._make = None
            _DETAIL.__set__(self, make())
        return _DETAIL.__get__(self)

    @detail.setter
    def detail(self, value: str) -> None:
        self._make = None
        _DETAIL.__set__(self, value)

    def _values(self) -> tuple[str, str, str | None, str, str]:
        return (self.id, self.label, self.target, self.group, self.detail)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Choice):
            return NotImplemented
        return self._values() == (other.id, other.label, other.target, other.group, other.detail)

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return "Choice(id={!r}, label={!r}, target={!r}, group={!r}, detail={!r})".format(
            *self._values()
        )

    def __reduce__(self) -> tuple[type[Choice], tuple[str, str, str | None, str, str]]:
        return (Choice, self._values())


@dataclass(slots=True, unsafe_hash=True)
class Prompt:
    """What one seat must decide now.

    Attributes:
        seat: the deciding seat (0-based).
        text: the question ("Choose an action", "Discard 2 cards (1/2 chosen)").
        choices: the legal choices; never empty.
        summary: a running summary shown with the prompt ("Energy 7 · sold: no").
        secret: True for a simultaneous secret decision: what this seat chooses is hidden from
            the other seats until every seat of the decision has committed.

    Read-only by convention (not frozen, for speed, like :class:`Choice`): a match hands the
    same prompt out until the state changes.
    """

    seat: int
    text: str
    choices: tuple[Choice, ...]
    summary: str = ""
    secret: bool = False

    def get(self, choice_id: str) -> Choice | None:
        """The choice with this id, or None."""
        for c in self.choices:
            if c.id == choice_id:
                return c
        return None


@dataclass(slots=True)
class Event:
    """A small record of something that happened, for the log.

    ``args`` may hold hidden details (the card drawn); :meth:`Rules.describe` decides what each
    viewer is told. Events are never saved: replaying the journal regenerates them.
    Read-only by convention (not frozen, for speed, like :class:`Choice`).
    """

    kind: str
    seat: int | None = None
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a match.

    Attributes:
        winners: winning seats; empty for a draw (in a one-seat match, empty means the seat
            lost: a solo game has no draw).
        reason: plain words ("Army victory: 5 army counters", "Turn cap reached: draw").
        scores: one display value per seat (a Fraction, int or short string), or empty.
        shared: True when the seats do not have scores of their own but share one score track
            (Imperial Struggle's single VP marker): every seat's ``scores`` entry is then that
            track's one value, and ``reason`` already speaks of it ("France wins: VP reached
            30 at the end of T3"), so a summary shows the reason and no per-seat scores.
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[Any, ...] = ()
    shared: bool = False


@dataclass(frozen=True, slots=True)
class RuleOption:
    """A rule option shown at setup.

    Attributes:
        key: option key (``"steal_mode"``).
        label: short name ("Stolen dice").
        default: the rulings' default value.
        values: allowed values (strings or ints), default first; empty when ``kind == "int"``.
        help: one-line explanation per value or overall.
        rule: the ruling ID it implements ("IMP-V1").
        kind: "choice" (one of ``values``) or "int" (an integer in ``[minimum, maximum]``);
            an "int" option may also accept the strings in ``values`` (e.g. "none").
    """

    key: str
    label: str
    default: Any
    values: tuple[Any, ...] = ()
    help: str = ""
    rule: str = ""
    kind: str = "choice"
    minimum: int = 0
    maximum: int = 10_000

    def parse(self, raw: Any) -> Any:
        """Validate ``raw`` (a value or its string form). Raises ValueError with a clear message."""
        if self.kind == "int":
            if raw in self.values or str(raw) in [str(v) for v in self.values]:
                return next(v for v in self.values if str(v) == str(raw))
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise ValueError(
                    f"option {self.key}: expected an integer"
                    + (f" or one of {', '.join(map(str, self.values))}" if self.values else "")
                    + f", got {raw!r}"
                ) from None
            if not self.minimum <= value <= self.maximum:
                raise ValueError(
                    f"option {self.key}: {value} is outside {self.minimum}..{self.maximum}"
                )
            return value
        for v in self.values:
            if str(v) == str(raw):
                return v
        raise ValueError(
            f"option {self.key}: {raw!r} is not one of {', '.join(map(str, self.values))}"
        )


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One seat at setup: a display name and who plays it ("human", "bot", "random", ...)."""

    name: str
    kind: str = "human"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True, slots=True)
class Config:
    """What ``setup`` gets: the seats and the resolved rule options (every key present)."""

    seats: tuple[SeatConfig, ...]
    options: dict[str, Any]


class HiddenPlaces(NamedTuple):
    """One kind of place hidden from a seat (the ``hidden_places`` hook of :class:`Rules`).

    Attributes:
        paths: the places, each a path of keys and list indexes from the state's root to a
            scalar (``("deck", 3)``, ``("hands", 1, 0)``). Places of one kind may trade values
            in a world the seat cannot tell apart (the deck and the other seats' unknown hand
            cards); one place may belong to several kinds (a face-down Wonder slot and the
            Wonders among the hidden cards).
        spare: values a place of this kind may hold that no place holds now (the candidates
            for a face-down card drawn from a box); empty for most kinds.
        holders: paths of count vectors (a hand kept as one count per card type, Res Publica)
            between which one card may be exchanged for another (sizes kept); each count of a
            holder is a hidden place too. With ``accepts``, a holder may also exchange one of
            its cards with a place of ``paths`` (a deck card), which then holds the holder's
            card type.
        faces: what a value shows as when seen, where two values may look alike (iMperium's
            card instances: ``{instance: card id}``); trading two values of one face shows
            nothing, so partners of another face are chosen. None: every value is its face.
        floors: one count vector per holder: the cards of each type the seat knows the holder
            has, which no exchange may take away (Res Publica's ``known``); empty: none known.
        accepts: the card types (count indexes of the holders) a place of ``paths`` may hold,
            for the holder-place exchanges (a people deck holds only people cards).
    """

    paths: list[tuple[Any, ...]]
    spare: tuple[Any, ...] = ()
    holders: tuple[tuple[Any, ...], ...] = ()
    faces: dict[Any, Any] | None = None
    floors: tuple[tuple[int, ...], ...] = ()
    accepts: tuple[int, ...] = ()


@runtime_checkable
class Rules(Protocol):
    """The contract every game implements (DESIGN.md "The rules contract").

    Attributes:
        id: registry id ("imperium").
        title: display name ("iMperium").
        rules_version: bumped whenever a rules change can alter a replay.
        min_seats, max_seats: seat counts supported.
        options: the rule options with their defaults.
        playable: shown in the app's game list.

    Optional methods (looked up with ``getattr``): ``setup_events(state) -> list[Event]`` (log
    lines of the set-up), ``apply_unchecked(state, seat, choice, rng) -> list[Event]``
    (``apply`` for a choice taken from ``prompt(state, seat).choices``, not checked again: the
    engine validates against the prompt it handed out), ``choice_ids(state, seat) ->
    Sequence[str]`` (the ids of that prompt's choices in order, [] when none, built without
    labels or texts: what a replay validates against), and
    ``choice_text(state, seat, choice, viewer, reveal) -> str | None``
    (a replay line for a choice that makes no event, such as a composing step, as ``viewer``
    may read it; ``reveal`` when the viewer may see the choice itself).

    Conformance hooks (optional; the conformance suite checks ``determinize`` and the log with
    them, tests/conformance.py):

    * ``secrets(state, seat) -> dict[str, Any]``: every zone hidden from ``seat`` (None = a
      spectator) whose content another world consistent with what ``seat`` knows could hold
      differently, as ``{zone name: content now}`` (plain comparable data: card ids in zone
      order, or sorted when only the composition is hidden). Include the viewer's own hidden
      zones (its deck or pool order) and cards held inside pending decisions (a drawn card
      awaiting placement, a card being played). Zone names are stable across positions
      (``"hand:1"``, ``"deck"``). ``determinize`` must vary each listed zone.
    * ``hidden_names(state, seat) -> set[str]``: display names that no log line given to
      ``seat`` may contain now: names of things hidden from ``seat`` that name nothing
      ``seat`` can see (a name several things share, some visible, is left out).
    * ``hidden_places(state, seat) -> dict[str, HiddenPlaces]``: every scalar place of the
      state whose value is hidden from ``seat`` (None = a spectator), by kind (see
      :class:`HiddenPlaces`); :mod:`engine.reveal` builds its worlds from it. Every place a
      ``determinize`` world can change must be listed (tests/test_reveal.py checks it).

    Teaching hook (optional; :func:`unavailable_choices` calls it, or gives ``[]``):

    * ``unavailable(state, seat) -> list[tuple[str, str]]``: the choices a player would expect
      to have now but has not, as ``(label, reason)`` pairs in the game's words, each reason
      naming the ruling it comes from ("Walls (cost 4): you have 3 energy (IMP-4.9)"). Built
      only from what ``seat`` may see: the pairs are the same in every world ``determinize``
      gives for ``seat``. ``[]`` when ``seat`` has no decision now.
    """

    id: str
    title: str
    rules_version: int
    min_seats: int
    max_seats: int
    options: tuple[RuleOption, ...]
    playable: bool

    def setup(self, config: Config, rng: Rng) -> State:
        """A new state for ``config``; must store ``rng.cell`` as ``state["rng"]``."""

    def waiting(self, state: State) -> tuple[int, ...]:
        """Seats that must decide now (several for a simultaneous decision); () when over."""

    def prompt(self, state: State, seat: int) -> Prompt | None:
        """The decision ``seat`` faces now, or None. Depends only on what ``seat`` can see."""

    def apply(self, state: State, seat: int, choice: str, rng: RandomSource) -> list[Event]:
        """Apply ``seat``'s ``choice`` in place and return the events.

        Raises IllegalAction (leaving ``state`` unchanged) when the choice is not legal.
        """

    def view(self, state: State, seat: int | None) -> View:
        """Everything ``seat`` may see (None = spectator; the whole state once the match is over
        and ``seat`` is None). Must include the seat's prompt, so leak tests cover it."""

    def describe(self, event: Event, viewer: int | None) -> str:
        """The log line for ``event`` as ``viewer`` may read it (None = spectator)."""

    def outcome(self, state: State) -> Outcome | None:
        """None while running; the :class:`Outcome` once over."""

    def determinize(self, state: State, seat: int | None, rng: RandomSource) -> State:
        """A new full state consistent with everything ``seat`` knows: every hidden card
        resampled and the RNG cell reseeded. ``view(result, seat)`` must equal
        ``view(state, seat)`` exactly (the leak test)."""

    def clone(self, state: State) -> State:
        """A deep copy of ``state`` (cheap: plain data)."""


def resolve_options(rules: Rules, raw: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every option of ``rules`` with its default, overridden by ``raw`` (validated): see
    :func:`engine.gamekit.resolve_options`.

    Raises ValueError naming an unknown key or a bad value.
    """
    return _resolve(rules.options, raw, rules.id)


def unavailable_choices(rules: Rules, state: State, seat: int | None) -> list[tuple[str, str]]:
    """The game's ``unavailable`` hook for ``seat`` (see :class:`Rules`): ``[(label, reason)]``
    of the choices missing from ``seat``'s prompt now, or ``[]`` for a spectator, a seat with
    no prompt, or a game without the hook."""
    hook = getattr(rules, "unavailable", None)
    if hook is None or seat is None:
        return []
    return list(hook(state, seat))


def prompt_dict(prompt: Prompt | None) -> dict[str, Any] | None:
    """``prompt`` as the plain data a view carries under ``"prompt"`` (None stays None):
    ``{"seat", "text", "choices": [{"id", "label", "target", "group", "detail"}], "summary",
    "secret"}``."""
    if prompt is None:
        return None
    return {
        "seat": prompt.seat,
        "text": prompt.text,
        "choices": [
            {"id": c.id, "label": c.label, "target": c.target, "group": c.group, "detail": c.detail}
            for c in prompt.choices
        ],
        "summary": prompt.summary,
        "secret": prompt.secret,
    }


def outcome_dict(outcome: Outcome | None) -> dict[str, Any] | None:
    """``outcome`` as the plain data a view carries under ``"outcome"`` (None stays None):
    ``{"winners": [seat], "reason": str, "scores": [str per seat], "shared": bool}``."""
    if outcome is None:
        return None
    return {
        "winners": list(outcome.winners),
        "reason": outcome.reason,
        "scores": [str(x) for x in outcome.scores],
        "shared": outcome.shared,
    }
