"""Keys typed ahead are dropped when the prompt changes under them (issue: a number pressed
while a bot moved, or while forced steps ran, picked a choice of the next prompt).

Textual stamps every key event with the time the terminal's input was read
(:attr:`textual.message.Message.time`, Textual's own clock). The match screen notes when the
prompt shown last changed (another seat, question or set of choices); a choice key read before
that moment was meant for a prompt no longer there, so it is dropped and the footer says so;
so is one that arrives after a choice was sent and before the picture it leads to is shown.
Keys that only move the cursor or open a panel are never dropped.
"""

from __future__ import annotations

from textual import _time, events

from engine.rules import Prompt
from tui.widgets.choice_keys import CHOICE_LETTERS, END_KEY, KEYS

PICK_KEYS = frozenset((*KEYS, *CHOICE_LETTERS, END_KEY, "enter"))
"""Keys that take a choice of the prompt (its keys, ``e`` and Enter on the cursor's row)."""


def prompt_key(prompt: Prompt | None) -> tuple[object, ...] | None:
    """What tells one prompt from the next: its seat, question and choice ids."""
    if prompt is None:
        return None
    return (prompt.seat, prompt.text, tuple(c.id for c in prompt.choices))


class TypeAheadGuard:
    """Remembers when the prompt shown changed (:meth:`shown`) and tells a choice key read
    before that moment (:meth:`stale`)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._waiting = False
        self._typed: float | None = None
        self.changed_at = 0.0
        """Textual's clock (seconds) when the prompt shown last changed."""

    def chose(self) -> None:
        """A choice was sent: until the next picture is shown, the prompt on screen is gone."""
        self._waiting = True

    def shown(self, prompt: Prompt | None) -> None:
        """The screen now shows ``prompt``; a different one than before restarts the clock."""
        self._waiting = False
        key = prompt_key(prompt)
        if key != self._key:
            self._key = key
            self.changed_at = _time.get_time()

    def stale(self, event: events.Key) -> bool:
        """True when ``event`` would take a choice but was typed before the prompt changed, or
        comes after a choice and before the picture it leads to. A key that passes is noted
        for :meth:`late` (its binding runs later, when the prompt may have changed)."""
        if event.key not in PICK_KEYS:
            return False
        if self._waiting or event.time < self.changed_at:
            return True
        self._typed = event.time
        return False

    def late(self) -> bool:
        """True when the choice key whose binding runs now is stale after all: a choice was
        sent since, or the prompt changed after it was typed (two keys read at once both pass
        :meth:`stale` before either binding runs). Once per key."""
        typed, self._typed = self._typed, None
        return self._waiting or (typed is not None and typed < self.changed_at)
