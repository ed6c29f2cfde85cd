"""Small modal dialogs that return a value (``push_screen(dialog, callback)``).

Every dialog sits in a :class:`Halo`: a band of plain background around its border, so the
dimmed screen behind never touches the border (text there read as if it bled through it).
"""

from __future__ import annotations

from textual.containers import Container


class Halo(Container):
    """A blank band around a dialog (see the module docstring)."""

    DEFAULT_CSS = """
    Halo {
        width: auto;
        height: auto;
        padding: 1 2;
        background: $background;
    }
    """
