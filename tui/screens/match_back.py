"""What ``x`` (Back) takes back on a step that has no Back choice: the player's own choices
back to the previous step, counted over the Back choices already made (a Back cancels the
choice before it, so going back from "Build where?" after a Back from the payment reaches
"Build: what?", not the payment again).

The screen keeps a mirror of the choices its player made (:meth:`BackSteps.chose`), trimmed by
every take-back (:meth:`BackSteps.undone`) and forgotten on a redo, a reload or another seat's
move (:meth:`BackSteps.forget`), when it can no longer be trusted.
"""

from __future__ import annotations

from tui.widgets.choice_keys import FIXED_KEYS

BACK_KEY = FIXED_KEYS["back"]
"""The key of Back (``x``) on every screen."""


class BackSteps:
    """The local player's recent choice ids and how many to take back for one Back."""

    def __init__(self) -> None:
        self._mine: list[tuple[str, bool]] = []

    def chose(self, choice_id: str, forced: bool = False) -> None:
        """The player made ``choice_id`` (``forced``: a forced step taken for the player)."""
        self._mine.append((choice_id, forced))

    def undone(self, n: int) -> None:
        """``n`` of the player's last choices were taken back."""
        del self._mine[len(self._mine) - n :]

    def forget(self) -> None:
        """The mirror no longer matches the match (a redo, another seat's move)."""
        self._mine.clear()

    def count(self) -> int:
        """How many of the player's last choices one Back takes back: back to before the last
        choice the player made (forced steps taken for the player count along with it) that
        no later Back cancelled; 1 when the mirror is empty."""
        pending = 0
        for n, (choice_id, forced) in enumerate(reversed(self._mine), start=1):
            if FIXED_KEYS.get(choice_id) == BACK_KEY:
                pending += 1
            elif forced:
                continue
            elif pending:
                pending -= 1
            else:
                return n
        return max(1, len(self._mine))
