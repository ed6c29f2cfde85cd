"""Render the iMperium board from sample views to SVG (and PNG when cairosvg is installed).

Usage: python scripts/board_preview.py [OUTDIR]   (default: <tmp>/imperia-board-preview)

A look-at tool for developers; the sample views live in tests/tui/imperium_views.py.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from textual.app import App, ComposeResult

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "tui"))

import imperium_views as views  # noqa: E402

from tui.boards import board_for  # noqa: E402


class Preview(App[None]):
    """One board, shown with a view and prompt."""

    def __init__(self, view: dict, prompt, cursor: str | None) -> None:
        super().__init__()
        self._args = (view, prompt, cursor)

    def compose(self) -> ComposeResult:
        yield board_for("imperium")()

    def on_mount(self) -> None:
        self.query_one("ImperiumBoard").show(*self._args)


CASES = {
    "mid_rome": (views.mid_game(0), views.action_prompt(), "p0.0"),
    "return_greek_targets": (views.mid_game(0), views.return_prompt(), "p1.9"),
    "recover": (views.mid_game(0), views.recover_prompt(), "d0:legion"),
    "greek_view": (views.mid_game(1), None, None),
    "spectator_over": (views.finished(None), None, None),
    "opening": (views.opening(1), None, None),
}


async def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, (view, prompt, cursor) in CASES.items():
        for size in ((80, 24), (120, 40)):
            app = Preview(view, prompt, cursor)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                stem = f"{name}_{size[0]}x{size[1]}"
                svg = out / f"{stem}.svg"
                app.save_screenshot(str(svg))
                try:
                    import cairosvg
                except ImportError:
                    continue
                # cairosvg does no per-glyph font fallback: Fira Code lacks ↷ ⚔ ⚓ ▸
                text = svg.read_text(encoding="utf-8").replace("Fira Code", "DejaVu Sans Mono")
                cairosvg.svg2png(bytestring=text.encode(), write_to=str(out / f"{stem}.png"))
    print(f"wrote {out}")


if __name__ == "__main__":
    default = Path(tempfile.gettempdir()) / "imperia-board-preview"
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else default))
