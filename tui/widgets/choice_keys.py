"""Which key picks which choice: one meaning for ``e``, a key for every choice, keys that stay
put within a step, and long lists folded into sub-lists.

Pure functions over :class:`~engine.rules.Prompt` (no widgets), shared by the prompt panel,
the sub-list dialog and the tests.

* **End/pass** (:func:`is_end`): the choice that ends the turn or passes, in every game —
  iMperium "End turn", Mausoleum "Pass", Res Publica "Pass", "No trade" and "Done
  displaying", Imperial Struggle "Pass" and "End the round" — is pinned first with the key
  ``e``.
* **Fixed keys** (:data:`FIXED_KEYS`): the recurring control choices keep one key on every
  screen of every game — ``y`` Confirm, ``x`` Back, ``a`` Imperial Struggle's "Take actions" —
  so a learned key never does the opposite on the next screen; these letters are never handed
  to another choice.
* **Keys** (:data:`KEYS`): ``1``-``9``, ``0``, then the letters the match screen does not use
  for anything else.
* **Stable keys** (:class:`KeyMemory`): within one step a choice keeps its key; a choice that
  appears later gets a key no other choice of the step has had, and a removed choice's key is
  not reused, so picking one card (or revealing one Minister among an action's choices) never
  renumbers the rest. The step lasts while the prompts have the same seat and at least half
  their choices were already listed in the step; it is told by its choices, never by the
  wording of its question, which games change as the picks go on ("Choose 2 more Ministry
  cards", "Choose 1 more Ministry card", "Confirm your Ministry cards").
* **Home keys**: a board may give some choices a key of their own on every prompt
  (:meth:`tui.boards.Board.home_keys`: Brazil: Imperial's seven arches are always 1-7, the one
  under the action token just missing); no other choice of the prompt gets those keys.
* **Sub-lists** (:func:`fold`): when a prompt has more choices than :data:`FOLD_ABOVE`, each
  related group of at least :data:`FOLD_MIN` choices (same ``group``) but the first-listed
  collapses into one row, largest first, until the list is short enough.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rules import Choice, Prompt

END_KEY = "e"
"""The fixed key of the pinned end/pass choice."""
END_GROUPS = frozenset({"end", "pass"})
"""Choice groups that end a turn or pass."""
END_IDS = frozenset({"end", "pass", "notrade", "done", "end_round"})
"""Choice ids that end a turn or a step, or pass (Res Publica's "No trade" and "Pass")."""

FIXED_KEYS: dict[str, str] = {"confirm": "y", "back": "x", "actions": "a"}
"""Choice id -> its key on every screen: Confirm (Imperial Struggle's payments and Ministers,
iMperium's discard, Res Publica's gift), Back, and Imperial Struggle's "Take actions"."""

LETTERS = "bcdhjknvwz"
"""Letters free on the match screen (e, u, r, o, i, s, l, g, f, q are its other keys; m, p and
t are left to the boards' own keys, :attr:`tui.boards.Board.KEYS`: Imperial Struggle's region,
pane and theater; a, x and y are :data:`FIXED_KEYS`)."""
KEYS = "1234567890" + LETTERS
"""Every choice key, in the order they are handed out."""
CHOICE_LETTERS = LETTERS + "".join(sorted(set(FIXED_KEYS.values())))
"""Every letter that picks a choice: the handed-out ones and the fixed ones."""

FOLD_ABOVE = 9
"""A list longer than this folds related choices into sub-lists."""
FOLD_MIN = 3
"""The fewest related choices folded into a sub-list."""
GROUP_PREFIX = "group:"
"""Id prefix of a folded row (``group:sell``); never an engine choice id."""


def is_end(choice: Choice) -> bool:
    """True when ``choice`` ends the turn, ends a step or passes (see the module docstring)."""
    return choice.group in END_GROUPS or choice.id in END_IDS


def end_choice(prompt: Prompt | None) -> Choice | None:
    """The first end/pass choice of ``prompt``, or None."""
    if prompt is None:
        return None
    return next((c for c in prompt.choices if is_end(c)), None)


def group_label(members: list[Choice]) -> str:
    """The row of a folded group: ``"Sell… (4 choices)"`` (the members' shared first word,
    else the group's name)."""
    words = {c.label.split(" ", 1)[0] for c in members}
    head = words.pop() if len(words) == 1 else members[0].group.replace("_", " ").capitalize()
    return f"{head}… ({len(members)} choices)"


def fold(choices: list[Choice]) -> tuple[list[Choice], dict[str, list[Choice]]]:
    """``(rows, groups)``: ``choices`` with related groups folded into one row each (a
    :class:`Choice` whose id is ``group:<group>``) while the list is longer than
    :data:`FOLD_ABOVE`; ``groups`` maps such a row's id to its members, in game order."""
    by_group: dict[str, list[Choice]] = {}
    for c in choices:
        by_group.setdefault(c.group, []).append(c)
    first = choices[0].group if choices else ""
    candidates = sorted(
        (g for g, m in by_group.items() if g and g != first and len(m) >= FOLD_MIN),
        key=lambda g: -len(by_group[g]),
    )
    folded: set[str] = set()
    count = len(choices)
    for g in candidates:
        if count <= FOLD_ABOVE:
            break
        folded.add(g)
        count -= len(by_group[g]) - 1
    rows: list[Choice] = []
    groups: dict[str, list[Choice]] = {}
    for c in choices:
        if c.group not in folded:
            rows.append(c)
        elif GROUP_PREFIX + c.group not in groups:
            members = by_group[c.group]
            row = Choice(GROUP_PREFIX + c.group, group_label(members), None, c.group)
            groups[row.id] = members
            rows.append(row)
    return rows, groups


@dataclass
class KeyMemory:
    """The keys handed out in the current step (see the module docstring).

    ``keys`` maps a choice id to its key; ``by_target`` a board target to the key of the
    choice that pointed at it (a "Discard Legion" that became "Take back Legion" keeps it)."""

    seat: int | None = None
    """The seat of the step's prompts (None before the first)."""
    keys: dict[str, str] = field(default_factory=dict)
    by_target: dict[str, str] = field(default_factory=dict)
    used: int = 0
    """How many keys of :data:`KEYS` the step has handed out (new choices get the next)."""

    def forget(self) -> None:
        """Start afresh (no prompt now: the next one is a new step)."""
        self.seat, self.keys, self.by_target, self.used = None, {}, {}, 0

    def assign(
        self, prompt: Prompt, rows: list[Choice], home: dict[str, str] | None = None
    ) -> list[tuple[str, Choice]]:
        """``(key, choice)`` for ``rows`` of ``prompt`` (``""`` when no key is left),
        remembering them for the next prompt of the same step. ``home``: choice id -> a key
        of :data:`KEYS` that choice always has (kept from every other choice)."""
        home = {cid: k for cid, k in (home or {}).items() if k in KEYS}
        if prompt.seat != self.seat or self._worn(rows):
            self.seat, self.keys, self.by_target, self.used = prompt.seat, {}, {}, 0
        taken: set[str] = set(home.values())
        out: list[tuple[str, Choice]] = []
        for c in rows:
            if c.id in home:
                out.append((home[c.id], c))
                continue
            key = FIXED_KEYS.get(c.id)
            if key is None:
                key = self.keys.get(c.id) or (self.by_target.get(c.target) if c.target else None)
            if key in taken:
                key = None
            out.append((key or "", c))
            if key:
                taken.add(key)
        for n, (key, c) in enumerate(out):
            if key:
                continue
            while self.used < len(KEYS) and KEYS[self.used] in taken:
                self.used += 1
            if self.used < len(KEYS):
                key = KEYS[self.used]
                self.used += 1
                taken.add(key)
                out[n] = (key, c)
        for key, c in out:
            if key and c.id not in FIXED_KEYS:
                self.keys[c.id] = key
                if c.target:
                    self.by_target[c.target] = key
        return out

    def _worn(self, rows: list[Choice]) -> bool:
        """True when keeping the step's keys would not help: fewer than half of ``rows`` had a
        key before (another list: a new step), or the keys would run out. Gaps
        are kept: a key never changes meaning within a step."""
        counted = [c for c in rows if c.id not in FIXED_KEYS]
        if not self.keys or not counted:
            return False
        new = sum(1 for c in counted if c.id not in self.keys)
        kept = len(counted) - new
        return kept * 2 < len(counted) or self.used + new > len(KEYS)


def arrange(
    prompt: Prompt | None, memory: KeyMemory | None = None, home: dict[str, str] | None = None
) -> list[tuple[str, Choice]]:
    """``(key, choice)`` in display order: the first end/pass choice pinned first with
    :data:`END_KEY`, then the others (folded, see :func:`fold`) with their keys (``""`` when
    none is left; ``home``: keys some choices always have, see :meth:`KeyMemory.assign`).
    Folded rows are :class:`Choice` s whose id starts with :data:`GROUP_PREFIX`. Without
    ``memory`` keys are handed out in order."""
    if prompt is None:
        return []
    choices = list(prompt.choices)
    pinned = end_choice(prompt)
    rest = [c for c in choices if c is not pinned]
    rows, _ = fold(rest)
    memory = memory if memory is not None else KeyMemory()
    out: list[tuple[str, Choice]] = [(END_KEY, pinned)] if pinned is not None else []
    return out + memory.assign(prompt, rows, home)


def groups_of(prompt: Prompt | None) -> dict[str, list[Choice]]:
    """The folded groups of ``prompt``'s list (row id -> members), as :func:`arrange` folds."""
    if prompt is None:
        return {}
    pinned = end_choice(prompt)
    return fold([c for c in prompt.choices if c is not pinned])[1]
