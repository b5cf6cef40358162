"""``ludotheque tournament``: tables, JSON, records and plots; the same games whatever --jobs; French
headings; bad input refused with a message."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from ludotheque.cli.testing import CliRunner
from ludotheque.core import GameRecord, replay

runner = CliRunner()
ENV = {"COLUMNS": "120", "LANG": "en_GB.UTF-8", "LC_ALL": ""}
ENGLISH = re.compile(r"\b(Tournament|Standings|Head|head|rank|bot|games|wins|win|share|interval|rating|"
                     r"against|ahead|behind|tied|even|match|heuristic|random|seed|jobs|lineups|Lineups|"
                     r"players|rounds?|records|plot)\b")


def tournament(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(["tournament", *args], env={**ENV, **(env or {})})
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("game", ["gargon", "drakon", "kagoun"])
def test_each_game_end_to_end_with_records_that_replay(game: str, tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    code, out, err = tournament(game, "--bots", "heuristic,random", "--games", "6", "--seed", "2",
                                "--out", str(records))
    assert code == 0, err
    for heading in ("Standings", "Head to head", "win share", "95% interval", "μ", "σ", "rating",
                    "games/s", "seed 2"):
        assert heading in out, heading
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 6
    for line in lines:  # every record replays to its own result
        record = GameRecord.loads(line)
        assert record.result is not None and replay(record).winners() == record.result["winners"]


def test_json_shape() -> None:
    code, out, _ = tournament("gargon", "--bots", "random,heuristic", "--players", "3", "--games", "5",
                              "--seed", "1", "--json")
    assert code == 0
    obj = json.loads(out)
    assert {"game", "options", "players", "bots", "seed", "jobs", "games_asked", "games", "rounds",
            "lineups", "elapsed", "even_share", "rating_model", "standings", "head_to_head"} <= set(obj)
    assert (obj["games_asked"], obj["games"], obj["rounds"], obj["players"]) == (5, 6, 3, 3)
    assert obj["lineups"] == [["random", "heuristic", "random"], ["heuristic", "random", "heuristic"]]
    assert [s["bot"] for s in obj["standings"]] == ["heuristic", "random"]  # best first
    for standing in obj["standings"]:
        assert {"bot", "games", "seats", "wins", "win_share", "interval95", "mu", "sigma",
                "ordinal"} <= set(standing)
        low, high = standing["interval95"]
        assert 0 <= low <= standing["win_share"] <= high <= 1
    (pair,) = obj["head_to_head"]
    assert pair["bot"] == "heuristic" and pair["other"] == "random" and pair["games"] == 6
    assert pair["ahead"] + pair["behind"] + pair["tied"] == 6


def test_two_jobs_play_the_same_games_as_one(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ["kagoun", "--bots", "heuristic,random", "--players", "2", "--games", "4", "--seed", "9"]
    first = tournament(*args, "--out", str(one), "--json")
    second = tournament(*args, "--jobs", "2", "--out", str(two), "--json")
    assert first[0] == second[0] == 0
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8")
    figures = [{k: v for k, v in json.loads(out).items() if k not in ("jobs", "elapsed")}
               for _, out, _ in (first, second)]
    assert figures[0] == figures[1]


@pytest.mark.parametrize("kind", ["png", "svg"])
def test_the_plot_is_a_real_image(kind: str, tmp_path: Path) -> None:
    path = tmp_path / f"plot.{kind}"
    code, out, err = tournament("kagoun", "--bots", "heuristic,random", "--games", "2", "--seed", "1",
                                "--plot", str(path))
    assert code == 0, err
    assert str(path) in out
    data = path.read_bytes()
    if kind == "png":
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
    else:
        assert b"<svg" in data[:1000] and data.rstrip().endswith(b"</svg>")


def test_french_headings_have_no_english_word(tmp_path: Path) -> None:
    # the bots by the names the French tables give them
    code, out, err = tournament("gargon", "--bots", "heuristique,hasard", "--games", "2", "--seed", "1",
                                "--plot", str(tmp_path / "p.png"), env={"LANG": "fr_FR.UTF-8"})
    assert code == 0, err
    assert "Classement" in out and "Face-à-face" in out and "heuristique" in out and "parties/s" in out
    assert "50,0\u202f%" in out
    slips = [f"{word}: {line}" for line in out.splitlines() if "p.png" not in line
             for word in ENGLISH.findall(line)]
    assert slips == []
    # the same command in English does use those words: the check can fail
    english = tournament("gargon", "--bots", "heuristic,random", "--games", "2", "--seed", "1")[1]
    assert ENGLISH.search(english)


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "heuristic,nobody"], "no bot 'nobody'"),
    (["--bots", "heuristic"], "at least two different bots"),
    (["--bots", "random,random"], "random given more than once"),
    (["--bots", "heuristic,random,heuristic"], "heuristic given more than once"),
    (["--bots", "heuristic,,random"], "expected bot names separated by commas"),
    (["--bots", "heuristic,random", "--games", "0"], "--games must be at least 1"),
    (["--bots", "heuristic,random", "--jobs", "0"], "--jobs must be at least 1"),
    (["--bots", "heuristic,random", "-o", "nope=1"], "nope"),
    (["--bots", "heuristic,random", "--players", "9"], "3 to 5 players"),
    (["--bots", "heuristic,random", "--plot", "x.pdf"], "must end in .png or .svg"),
    (["--bots", "heuristic,random", "--lang", "de"], "unknown language"),
])
def test_bad_input_is_refused_with_a_message(args: list[str], message: str) -> None:
    code, out, err = tournament("gargon", *args)
    assert code == 1 and message in err, (args, err)
    assert out == ""


def test_french_errors_and_a_missing_bot_list() -> None:
    code, _, err = tournament("gargon", "--bots", "heuristic,random", "--games", "0", "--lang", "fr")
    assert code == 1 and "erreur :" in err and "--games doit valoir au moins 1" in err
    code, _, err = tournament("gargon", "--bots", "heuristic,random,heuristic", "--lang", "fr")
    assert code == 1 and "heuristique donné plus d'une fois" in err
    code, _, err = tournament("gargon", "--bots", "random", "--lang", "fr")
    assert code == 1 and "au moins deux robots différents" in err
    code, _, err = tournament("kagoun", "--bots", "heuristic,random", "--games", "1", "--lang", "fr",
                              "--plot", "/nonexistent/plot.png")
    assert code == 1 and "impossible d'écrire /nonexistent/plot.png" in err
    code, _, err = tournament("gargon")
    assert code == 2 and "--bots" in err  # argparse: the list is required
    code, _, err = tournament("nogame", "--bots", "heuristic,random")
    assert code == 1 and "nogame" in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_games_per_second_in_the_players_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ludotheque.cli.simulate import progress_bar

    screen = _Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    with progress_bar(4, "tournoi", "parties/s") as advance:
        assert advance is not None
        advance(2)
        advance(2)
    drawn = screen.getvalue()
    assert "tournoi" in drawn and "4/4" in drawn and re.search(r"[\d.]+ parties/s", drawn)
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)  # not a terminal: a plain line every 10 s (cli/progress.py)
    with progress_bar(4) as advance:
        advance(4)
    assert log.getvalue() == ""  # none in a short run
