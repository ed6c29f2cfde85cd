"""The headless CLI: play, replay --verify, inspect, bad input (one clear line, exit 2)."""

from __future__ import annotations

import msgpack

from engine import journal as jr
from engine.session import load_match
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def highcard(capsys, seed: int, *extra: str):
    """``imperia play highcard --seats random,random --seed SEED --headless EXTRA...``."""
    argv = ["play", "highcard", "--seats", "random,random", "--seed", str(seed), "--headless"]
    return run(capsys, *argv, *extra)


def test_headless_play_then_verify_and_inspect(tmp_path, capsys):
    save = tmp_path / "m.imperia"
    code, out, _ = highcard(capsys, 11, "--save", str(save), "--option", "rounds=4")
    assert code == 0
    lines = dict(line.split(": ", 1) for line in out.strip().splitlines())
    assert lines["seed"] == "11" and lines["reason"] == "highest score"
    state_hash = lines["state hash"]
    assert len(state_hash) == 16

    code, again, _ = highcard(capsys, 11, "--option", "rounds=4")
    assert code == 0 and f"state hash: {state_hash}" in again  # same seed, same match

    code, out, _ = run(capsys, "replay", str(save), "--verify")
    assert (
        code == 0 and f"state hash: {state_hash}" in out and f"entries: {lines['entries']}" in out
    )

    code, out, _ = run(capsys, "inspect", str(save), "--entries")
    assert code == 0 and "game: highcard" in out and "options: rounds=4" in out
    assert "    1 act    Random: pick:" in out


def test_verify_reports_the_first_divergence(tmp_path, capsys):
    save = tmp_path / "m.imperia"
    highcard(capsys, 2, "--save", str(save))
    loaded = jr.read(save)
    records = list(loaded.records)
    records[3] = (jr.ACT, records[3][1], "pick:0")
    jr.write_atomic(save, loaded.header, records)
    code, _, err = run(capsys, "replay", str(save), "--verify")
    assert code == 2 and "entry 4" in err and err.count("\n") == 1


def test_bad_input_is_one_line_exit_2(tmp_path, capsys):
    garbage = tmp_path / "g.imperia"
    garbage.write_bytes(b"\x00\x01garbage" * 50)
    newer = tmp_path / "n.imperia"
    newer.write_bytes(msgpack.packb({"format": "imperia-journal", "version": 9}))
    cases = [
        (["replay", str(garbage), "--verify"], "not an Imperia save"),
        (["inspect", str(newer)], "format 9"),
        (["replay", str(tmp_path / "missing.imperia"), "--verify"], "no such save file"),
        (["play", "chess", "--headless", "--seats", "random,random"], "unknown game"),
        (["play", "highcard", "--headless", "--seats", "random,wizard"], "unknown player kind"),
        (
            ["play", "highcard", "--headless", "--seats", "random,random", "--option", "x=1"],
            "unknown option",
        ),
        (
            ["play", "highcard", "--headless", "--seats", "random,random", "--option", "rounds=99"],
            "outside",
        ),
        (["play", "highcard", "--headless", "--seats", "human,random"], "needs bots"),
    ]
    for argv, message in cases:
        code, _, err = run(capsys, *argv)
        assert code == 2, argv
        assert message in err and err.count("\n") == 1, (argv, err)


def test_game_without_a_board_plays_headless_only(tmp_path, capsys):
    """A game the app does not open (the tiny test game, not playable): `play` without
    --headless says how to play it (one line, exit 2). Imperial Struggle headless random play
    runs a whole game to its end and its save verifies."""
    code, _, err = run(capsys, "play", "highcard", "--seats", "human,random")
    assert code == 2
    assert "no board in the app yet" in err and "--headless" in err
    save = tmp_path / "is.imperia"
    argv = ["play", "imperial_struggle", "--seats", "random,random", "--seed", "3"]
    code, out, _ = run(capsys, *argv, "--headless", "--save", str(save))
    assert code == 0
    lines = dict(line.split(": ", 1) for line in out.strip().splitlines())
    assert lines["reason"].split()[0] in ("France", "Britain")
    code, again, _ = run(capsys, "replay", str(save), "--verify")
    assert code == 0 and lines["state hash"] in again


def test_headless_defaults_and_hints_follow_the_games_bots(tmp_path, capsys):
    """With no --seats, headless play seats the game's best bot everywhere; a human seat gets a
    hint naming seats that exist (Imperial Struggle's heuristic bot: ``--seats bot,bot``)."""
    code, out, _ = run(capsys, "play", "highcard", "--seed", "5", "--headless")
    assert code == 0 and "reason: " in out
    code, _, err = run(capsys, "play", "imperial_struggle", "--seats", "human,bot", "--headless")
    assert code == 2 and "--seats bot,bot" in err
    code, _, err = run(capsys, "bench", "imperium", "--steps", "0")
    assert code == 2 and "--steps must be at least 1" in err


def test_load_refuses_a_game_the_app_cannot_show(tmp_path, capsys):
    """`imperia load` of a save of a game the app does not open (the tiny test game) says to
    replay it instead, one line, and leaves the file byte for byte as it was."""
    save = tmp_path / "hc.imperia"
    argv = ["play", "highcard", "--seats", "random,random", "--seed", "4"]
    assert run(capsys, *argv, "--headless", "--save", str(save))[0] == 0
    before = save.read_bytes()
    code, _, err = run(capsys, "load", str(save))
    assert code == 2 and "no board in the app yet" in err and "imperia replay" in err
    assert save.read_bytes() == before


def test_save_into_a_missing_folder_is_refused(tmp_path, capsys):
    """--save never creates folders: a mistyped folder gives one line and nothing is written."""
    save = tmp_path / "nope" / "m.imperia"
    code, _, err = run(
        capsys, "play", "highcard", "--seats", "random,random", "--headless", "--save", str(save)
    )
    assert code == 2 and "no folder" in err and not (tmp_path / "nope").exists()
    code, _, err = run(
        capsys, "play", "imperial_struggle", "--seats", "random,random,random", "--headless"
    )
    assert code == 2 and "needs exactly 2 seats, got 3" in err


def test_headless_summary_speaks_of_the_one_shared_vp_track(tmp_path, capsys):
    """IS-0.1 / IS-2.4: Imperial Struggle's seats share one VP marker, so the summary names the
    winner and gives the VP once, in the reason ("Britain wins: VP fell to … at the end of …"),
    with no per-seat scores line; the values match the saved match's final state."""
    save = tmp_path / "is.imperia"
    argv = ["play", "imperial_struggle", "--seats", "random,random", "--seed", "4"]
    code, out, _ = run(capsys, *argv, "--headless", "--save", str(save))
    assert code == 0
    lines = dict(line.split(": ", 1) for line in out.strip().splitlines())
    assert "scores" not in lines
    st = load_match(jr.read(save), verify=False).state
    assert st["over"] and st["reason"] == "vp_threshold"
    side = ("France", "Britain")[st["winner"]]
    verb = "reached" if st["winner"] == 0 else "fell to"
    turn = ("T1", "WSS", "T2", "T3", "WAS", "T4", "7YW", "T5", "AWI", "T6")[st["ti"]]
    assert turn.startswith("T")  # this seed ends in a Peace Turn's Victory Check
    assert lines["reason"] == f"{side} wins: VP {verb} {st['vp']} at the end of {turn}"
    assert lines["winner"].startswith(f"Random {st['side_seat'][st['winner']] + 1} (seat ")
    said = out.replace(lines["saved"], "")  # the tmp path may hold the digits ("pytest-420")
    assert said.count("VP") == 1 and said.count(str(st["vp"])) == 1


def test_the_unexpected_is_one_line_exit_2_and_logged(tmp_path, capsys, monkeypatch):
    import tui.cli as cli

    monkeypatch.setenv("IMPERIA_STATE_DIR", str(tmp_path / "state"))

    def broken(args):
        raise RuntimeError("a bug\nwith two lines")

    monkeypatch.setattr(cli, "cmd_games", broken)
    code, out, err = run(capsys, "games")
    assert code == 2 and out == ""
    log = tmp_path / "state" / "imperia.log"
    assert err == (
        f"imperia: unexpected error: RuntimeError: a bug with two lines (details in {log})\n"
    )
    text = log.read_text(encoding="utf-8")
    assert "imperia games" in text and "Traceback" in text and "raise RuntimeError" in text


def test_a_damaged_save_names_its_first_bad_entry(tmp_path, capsys):
    save = tmp_path / "d.imperia"
    assert highcard(capsys, 2, "--save", str(save))[0] == 0
    data = bytearray(save.read_bytes())
    data[-12] ^= 0x01  # inside the last act record (before the closing check)
    save.write_bytes(bytes(data))
    for argv in (["replay", "--verify", str(save)], ["inspect", str(save)], ["load", str(save)]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1 and "damaged at entry" in err, argv
        assert "intact part" in err
    assert save.read_bytes() == bytes(data)


def test_games_names_a_fixed_seat_count_once(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "(2-2 seats)" not in out
    assert lines["imperial_struggle"].endswith("(2 seats)")  # exactly two players, France/Britain


def test_a_closed_stdout_ends_quietly():
    import os
    import subprocess
    import sys
    from pathlib import Path

    save = Path(__file__).parent.parent / "saves" / "imperial_struggle-example.imperia"
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line, as `| head` after its lines
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tui.cli", "inspect", str(save), "--entries"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=Path(__file__).parent.parent,
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert done.stderr == b"" and done.returncode in (0, 141)
