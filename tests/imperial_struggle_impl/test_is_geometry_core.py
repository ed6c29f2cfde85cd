"""Geometry: protection (IS-3.2.8), isolation (IS-5.4.1b, IS-A01/IS-V08), Market links (IS-5.4.1),
Fort adjacency (IS-5.6.3, IS-A17/IS-V09), newly Isolated Markets (IS-EV04, IS-7.3c)."""

from __future__ import annotations

from is_round_kit import BR, FR, mk

from engine.games.imperial_struggle import geometry as G
from engine.games.imperial_struggle import state as S


def test_protected_by_squadron_and_intact_fort_only():
    """IS-3.2.8: Squadron or intact Fort of the same side; a Damaged Fort does not protect."""
    st = mk("T2", FR, squadrons={"gulf_of_maine": BR}, start=False)
    assert G.protected(st, "massachusetts_bay")
    st = mk("T2", FR, flags={"vandavasi": "france", "karaikal": "france"}, start=False)
    assert G.protected(st, "karaikal")
    st["damaged"]["vandavasi"] = 1
    assert not G.protected(st, "karaikal")
    assert not G.protected(st, "bavaria")  # Political spaces are never Protected


def test_isolation_chain_and_conflicted_start():
    """IS-S03 geometry: bahamas_run_north loses its chain when bahamas_run_west is unflagged."""
    flags = {"bahamas_run_west": "britain", "bahamas_run_north": "britain"}
    st = mk("T3", FR, flags=flags, start=False)
    assert "bahamas_run_north" not in G.isolated_now(st, BR)
    before = G.isolated_now(st)
    S.set_flag(st, "bahamas_run_west", None, [])
    assert G.newly_isolated(st, before) == ["bahamas_run_north"]
    # a conflicted middle Market breaks the chain, a conflicted start Market does not
    st = mk("T3", FR, flags=flags, conflict={"bahamas_run_west": 1}, start=False)
    assert "bahamas_run_north" in G.isolated_now(st, BR)
    assert "bahamas_run_west" not in G.isolated_now(st, BR)


def test_damaged_fort_anchor_option():
    """IS-A01 / IS-V08: a Damaged Fort anchors isolation chains unless the option is off."""
    st = mk("T2", FR, flags={"vandavasi": "france", "kanchipuram": "france"}, start=False)
    S.set_flag(st, "pondicherry", None, [])
    st["damaged"]["vandavasi"] = 1
    assert "kanchipuram" not in G.isolated_now(st, FR)
    st["opts"]["damaged_fort_anchor"] = "off"
    assert "kanchipuram" in G.isolated_now(st, FR)


def test_market_link_rules():
    """IS-5.4.1, IS-5.4.1a: a Market that changed this round is no link; a Territory gained is."""
    st = mk("T2", BR)
    assert G.market_link_ok(st, BR, "antigua")  # via st_lucia
    S.set_flag(st, "cumberland", BR, [])
    assert not G.market_link_ok(st, BR, "allegheny")


def test_fort_build_needs_unconflicted_market_held_since_start():
    """IS-5.6.3, IS-A17, IS-V09."""
    st = mk("T2", FR, flags={"georges_bank": "france"}, conflict={"georges_bank": 1})
    assert not G.fort_build_ok(st, FR, "halifax")
    st["opts"]["conflicted_market_adjacency"] = "on"
    assert G.fort_build_ok(st, FR, "halifax")
    st = mk("T2", FR)
    S.set_flag(st, "georges_bank", FR, [])
    assert not G.fort_build_ok(st, FR, "halifax")
