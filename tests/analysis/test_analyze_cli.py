"""``imperia analyze``: the planted blunder reported, the save's bytes unchanged, resuming,
Ctrl-C keeping what is done, and bad input as one line (exit 2)."""

from __future__ import annotations

import json

from analysis_kit import PLANTED, PLANTED_PLY, WINNING

from engine import analysis as an
from engine.session import new_match, parse_seats
from tui.analysis_file import analysis_path, read_analysis
from tui.analyze_cli import load_for_analysis
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_planted_blunder_is_reported_and_the_save_is_untouched(planted_save, capsys):
    before = planted_save.read_bytes()
    code, out, _ = run(
        capsys, "analyze", str(planted_save), "--budget", "100", "--jobs", "2", "--json"
    )
    assert code == 0
    assert planted_save.read_bytes() == before  # analysing never changes the save
    data = json.loads(out)
    greece = data["seats"][0]
    last = [b for b in greece["blunders"] if b["entry"] == 63]
    assert last and last[0]["choice"] == PLANTED and last[0]["best"] == WINNING
    assert last[0]["top"] == 1.0 and last[0]["loss"] >= an.BLUNDER_LOSS
    assert data["evaluated"] == data["decisions"] == len(data["evaluations"])
    stored = read_analysis(planted_save)
    assert stored is not None and stored.budget == 100
    assert len(stored.evaluations) == data["decisions"]
    # a worker process gives what this process gives: evaluations do not depend on --jobs
    match = load_for_analysis(planted_save)
    (task,) = [t for t in an.tasks(match, 100) if t.decision.ply == PLANTED_PLY]
    assert an.evaluate(task) == stored.evaluations[PLANTED_PLY]


def test_text_report_names_accuracy_blunder_and_turning_point(planted_save, capsys):
    code, out, _ = run(capsys, "analyze", str(planted_save), "--budget", "60", "--jobs", "1")
    assert code == 0
    assert "accuracy" in out and "turning point at entry" in out
    assert "blunder at entry 63: End turn" in out and "better Tap Cavalry" in out


def test_resume_evaluates_only_what_is_missing(highcard_save, capsys, monkeypatch):
    code, _, _ = run(capsys, "analyze", str(highcard_save), "--budget", "30", "--jobs", "1")
    assert code == 0
    path = analysis_path(highcard_save)
    data = json.loads(path.read_text())
    full = data["evaluations"]
    assert len(full) >= 3
    data["evaluations"] = full[:-2]  # as if stopped two decisions before the end
    path.write_text(json.dumps(data))
    calls = []
    real = an.evaluate

    def counting(task):
        calls.append(task.decision.ply)
        return real(task)

    monkeypatch.setattr(an, "evaluate", counting)
    code, _, _ = run(capsys, "analyze", str(highcard_save), "--budget", "30", "--jobs", "1")
    assert code == 0
    assert calls == [full[-2]["ply"], full[-1]["ply"]]
    assert json.loads(path.read_text())["evaluations"] == full  # the same evaluations again
    calls.clear()
    code, _, err = run(capsys, "analyze", str(highcard_save), "--budget", "40", "--jobs", "1")
    assert code == 0 and len(calls) == len(full)  # another budget starts afresh
    assert "starting afresh at 40" in err


def test_ctrl_c_keeps_what_is_done(highcard_save, capsys, monkeypatch):
    real = an.evaluate
    calls = []

    def stopping(task):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(an, "evaluate", stopping)
    before = highcard_save.read_bytes()
    code, _, err = run(capsys, "analyze", str(highcard_save), "--budget", "30", "--jobs", "1")
    assert code == 130
    assert "2 evaluations are kept" in err
    assert len(read_analysis(highcard_save).evaluations) == 2
    assert highcard_save.read_bytes() == before


def test_bad_input_is_one_line_exit_2(tmp_path, capsys):
    garbage = tmp_path / "g.imperia"
    garbage.write_bytes(b"\x00\x01garbage" * 50)
    code, _, err = run(capsys, "analyze", str(garbage))
    assert code == 2 and err.startswith("imperia: ") and err.count("\n") == 1
    code, _, err = run(capsys, "analyze", str(tmp_path / "none.imperia"))
    assert code == 2 and "no such save file" in err and err.count("\n") == 1
    assert not analysis_path(garbage).exists()


def test_a_match_still_being_played_is_refused(tmp_path, capsys):
    save = tmp_path / "live.imperia"
    match = new_match("highcard", parse_seats("random,random", "highcard"), None, 3, save_path=save)
    match.act(0, match.prompt(0).choices[0].id)
    match.close_journal()
    code, _, err = run(capsys, "analyze", str(save), "--budget", "10")
    assert code == 2 and "still being played" in err and err.count("\n") == 1
    assert not analysis_path(save).exists()


def test_bad_budget_or_jobs(highcard_save, capsys):
    code, _, err = run(capsys, "analyze", str(highcard_save), "--budget", "0")
    assert code == 2 and "--budget" in err
    code, _, err = run(capsys, "analyze", str(highcard_save), "--jobs", "0")
    assert code == 2 and "--jobs" in err


def test_a_damaged_analysis_file_is_replaced_with_a_warning(highcard_save, capsys):
    path = analysis_path(highcard_save)
    path.write_text("{not json")
    code, out, err = run(capsys, "analyze", str(highcard_save), "--budget", "20", "--jobs", "1")
    assert code == 0 and "accuracy" in out
    assert "is not an Imperia analysis file: starting afresh" in err
    assert read_analysis(highcard_save).budget == 20


def test_an_analysis_of_another_match_is_not_used(highcard_save, tmp_path, capsys):
    code, _, _ = run(capsys, "analyze", str(highcard_save), "--budget", "20", "--jobs", "1")
    data = json.loads(analysis_path(highcard_save).read_text())
    data["seed"] += 1
    analysis_path(highcard_save).write_text(json.dumps(data))
    code, _, err = run(capsys, "analyze", str(highcard_save), "--budget", "20", "--jobs", "1")
    assert code == 0 and "of another match" in err
    assert read_analysis(highcard_save).seed == data["seed"] - 1
