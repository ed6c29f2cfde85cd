"""Coverage cannot drift: every ruling of a playable game is cited by a test or listed.

The rule IDs come from ``tests/rulings/<game>.ids`` (frozen by ``scripts/rulings_coverage.py
--freeze``), so this runs where ``../shared/rules`` is absent; where it is present, the frozen
lists must equal the live ones. Checked games: every playable game, plus every game with a
``tests/rulings/<game>.allow`` file.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from engine import registry

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location(
    "rulings_coverage", ROOT / "scripts/rulings_coverage.py"
)
rc = importlib.util.module_from_spec(_spec)
sys.modules["rulings_coverage"] = rc
_spec.loader.exec_module(rc)

FROZEN = rc.frozen_rulings()
LIVE = rc.live_rulings()
REGISTERED = {g.id for g in registry.games()}
CHECKED = sorted(
    {g.id for g in registry.games(playable_only=True)} | {p.stem for p in rc.LISTS.glob("*.allow")}
)


@pytest.fixture(scope="module")
def report() -> dict:
    return rc.coverage({g: FROZEN[g] for g in CHECKED if g in FROZEN})


@pytest.mark.parametrize("game", CHECKED)
def test_checked_game_has_frozen_ids(game: str) -> None:
    assert game in FROZEN, f"no tests/rulings/{game}.ids: run scripts/rulings_coverage.py --freeze"
    assert FROZEN[game][0] and FROZEN[game][1], f"{game}.ids has no prefix line or no IDs"


@pytest.mark.parametrize("game", CHECKED)
def test_every_ruling_cited_or_listed(game: str, report: dict) -> None:
    cov = report[game]
    assert not cov.missing, (
        f"{game}: {len(cov.missing)} rulings neither cited by a test nor in "
        f"tests/rulings/{game}.allow or .todo: {' '.join(cov.missing)}"
    )


@pytest.mark.parametrize("game", CHECKED)
def test_lists_do_not_rot(game: str, report: dict) -> None:
    cov = report[game]
    for name, listed in (("allow", cov.allowed), ("todo", cov.todo)):
        unknown = [i for i in listed if i not in cov.ids]
        assert not unknown, f"{game}.{name} names IDs the rulings do not define: {unknown}"
        cited = [i for i in listed if i in cov.cited]
        assert not cited, f"{game}.{name} names IDs a test now cites (remove them): {cited}"
    both = sorted(set(cov.allowed) & set(cov.todo))
    assert not both, f"{game}: IDs both allow-listed and to do: {both}"


@pytest.mark.skipif(not LIVE, reason="../shared/rules is absent (frozen lists used)")
def test_frozen_ids_match_live_rulings() -> None:
    for game, (prefix, ids) in LIVE.items():
        if game not in REGISTERED:
            continue  # rulings for a game not shipped yet (Brazil: Imperial)
        assert game in FROZEN, f"no tests/rulings/{game}.ids: run --freeze"
        frozen_prefix, frozen = FROZEN[game]
        added, gone = sorted(set(ids) - set(frozen)), sorted(set(frozen) - set(ids))
        assert (frozen_prefix, added, gone) == (prefix, [], []), (
            f"tests/rulings/{game}.ids differs from shared/rules/{game}.md (new: {added}, "
            f"gone: {gone}): run scripts/rulings_coverage.py --freeze"
        )


def test_ids_and_citations_follow_the_rulings_spelling() -> None:
    """The parser on known text: definitions and citations are whole tokens, exactly spelled."""
    md = (
        "Prefix: **IS**.\n**IS-5.4 Moves.** x\n* **IS-5.4.1a Sub.** y (see IS-9.9)\n"
        "| ID | key |\n|---|---|\n| IS-V01 | `k` |\n"
    )
    assert rc.rulings_prefix(md) == "IS"
    assert rc.defined_ids(md, "IS") == ["IS-5.4", "IS-5.4.1a", "IS-V01"]
    text = "IS-5.4.1a then IS-5.4. and MAU-A1, xIS-5.4, IS-5.4.1"
    assert [t for _, t in rc.cited_tokens(text, "IS")] == ["IS-5.4.1a", "IS-5.4", "IS-5.4.1"]


def test_list_entries_need_a_reason(tmp_path: Path) -> None:
    """An allow-list or to-do line without a reason is refused, naming the line."""
    path = tmp_path / "x.allow"
    path.write_text("# comment\nIMP-1.1  a reason\nIMP-1.2\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"x.allow:3: IMP-1.2 has no reason"):
        rc.read_list(path)
    path.write_text("IMP-1.1  a reason\n\nIMP-1.2  another\n", encoding="utf-8")
    assert rc.read_list(path) == {"IMP-1.1": "a reason", "IMP-1.2": "another"}
