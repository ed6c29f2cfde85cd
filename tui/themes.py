"""The app's own themes: a colour-blind-safe one (the Okabe-Ito palette).

Meaning never rests on colour alone in Imperia (marks such as ▶ ◆ ● ↶ carry it too); this theme
also keeps the colours themselves apart for red-green and blue-yellow colour blindness: Okabe
and Ito, "Color Universal Design" (2002), the eight colours distinguishable by all.
"""

from __future__ import annotations

from textual.theme import Theme

from tui.settings import COLOUR_SAFE_THEME

COLOUR_SAFE = Theme(
    name=COLOUR_SAFE_THEME,
    primary="#56B4E9",  # sky blue
    secondary="#0072B2",  # blue
    accent="#E69F00",  # orange
    warning="#F0E442",  # yellow
    error="#D55E00",  # vermillion
    success="#009E73",  # bluish green
    foreground="#F2F2F2",
    background="#111417",
    surface="#1B2026",
    panel="#262D35",
    dark=True,
)
"""Dark, with Okabe-Ito colours for every theme colour (errors vermillion, success bluish
green: never told apart by red against green)."""

THEMES: tuple[Theme, ...] = (COLOUR_SAFE,)
"""The themes the app registers at start."""
