"""``ludotheque train``: a tiny run (CPU, seconds) writes a checkpoint and networks that the
numpy side loads and plays with; a second run on the same folder goes on at the next generation,
self-play then guided by the network; without PyTorch the command says what to install."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque.bots import make_bot
from ludotheque.bots.expert import ExpertBot
from ludotheque.bots.network import Network, NetworkError, NetworkEvaluator
from ludotheque.cli.main import main
from ludotheque.core.registry import get_game
from ludotheque.sim.match import play_game

torch = pytest.importorskip("torch")

#: Two-player Kagoun cut short (three rounds): a few dozen decisions a game.
TINY = ["kagoun", "--players", "2", "-o", "max_rounds=3", "--games", "2", "--iterations", "4",
        "--hidden", "8,8", "--batch-size", "16", "--device", "cpu", "--seed", "3", "--lang", "en"]


def test_a_tiny_run_writes_networks_the_expert_loads_and_a_second_run_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["train", *TINY, "--out", str(out), "--generations", "1", "--gate-games", "0"]) == 0
    said = capsys.readouterr().out
    assert "generation 1: 2 games" in said and "promoted without a gate" in said
    saved = torch.load(out / "checkpoint.pt", weights_only=True)
    assert saved["counters"]["generation"] == 1 and saved["counters"]["best"] == 1
    assert set(saved["optimizer"]["state"])  # Adam's moments kept, so a resumed run goes on alike
    game = get_game("kagoun")
    options = game.resolve_options({"players": 2, "max_rounds": 3})
    for name in ("candidate.npz", "best.npz"):
        network = Network.load(out / name, game, options)
        assert network.meta["trained"]["generation"] == 1 and network.meta["hidden"] == [8, 8]
    # the expert plays with the run's best network: the search asks it for priors
    expert = ExpertBot(1, iterations=8, network=str(out / "best.npz"))
    bots = [expert, make_bot("kagoun", "random", 2)]
    played = play_game("kagoun", {"players": 2, "max_rounds": 3}, bots, seed=5)
    assert played.record.result is not None
    assert expert.last is not None and expert.last.root.prior is not None
    assert isinstance(expert.evaluator(), NetworkEvaluator)
    with pytest.raises(NetworkError, match="network of kagoun"):  # a network of another game
        other = ExpertBot(1, iterations=8, network=str(out / "best.npz"))
        play_game("gargon", {"players": 3}, [other, make_bot("gargon", "random", 2),
                                             make_bot("gargon", "random", 3)], seed=5)
    card = json.loads((out / "card.json").read_text(encoding="utf-8"))
    assert card["games"] == 2 and card["hardware"]["learner"].startswith("cpu")
    assert card["commands"][0].startswith("ludotheque train kagoun --out")
    assert "=None" not in card["commands"][0]  # an unset option (a random first player) left out
    assert "Fiche d'entraînement" in (out / "card.md").read_text(encoding="utf-8")

    # again, in two processes, the gate between the new candidate and the best network
    assert main(["train", *TINY, "--out", str(out), "--generations", "1", "--gate-games", "2",
                 "--jobs", "2"]) == 0
    said = capsys.readouterr().out
    assert "generation 2: 2 games" in said and "gate" in said
    history = [json.loads(line) for line in (out / "history.jsonl").read_text().splitlines()]
    assert [h["generation"] for h in history] == [1, 2] and history[1]["gate"]["games"] == 2
    card = json.loads((out / "card.json").read_text(encoding="utf-8"))
    assert card["generations"] == 2 and card["games"] == 4 and len(card["commands"]) == 2
    assert len(list((out / "buffer").glob("shard-*.npz"))) == 2
    kept = sorted(path.name for path in (out / "networks").iterdir())  # each generation's network
    assert kept == ["gen-001.npz", "gen-002.npz"]
    assert Network.load(out / "networks" / "gen-002.npz").meta["trained"]["generation"] == 2


def test_a_run_that_imitates_the_heuristic_first_trains_generation_1_on_from_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    command = ["train", *TINY, "--out", str(out), "--generations", "1", "--gate-games", "0",
               "--imitate", "3"]
    assert main(command) == 0
    said = capsys.readouterr().out
    assert "generation 0: 3 games" in said and "the heuristic imitated" in said
    assert "generation 1: 2 games" in said
    saved = torch.load(out / "checkpoint.pt", weights_only=True)
    assert saved["counters"]["imitated"] == 3 and saved["counters"]["generation"] == 1
    imitated = Network.load(out / "networks" / "gen-000.npz")
    assert imitated.meta["trained"]["imitated"] == 3 and imitated.meta["trained"]["generation"] == 0
    card = json.loads((out / "card.json").read_text(encoding="utf-8"))
    assert card["imitated"] == 3 and "--imitate 3" in card["commands"][0]
    assert "Parties de l'heuristique imitées d'abord | 3" in (out / "card.md").read_text(encoding="utf-8")
    # the imitation's samples trained generation 0 only: the buffer holds self-play's
    assert len(list((out / "buffer").glob("shard-*.npz"))) == 1

    assert main(command) == 0  # a folder imitates once: the same command goes on at generation 2
    said = capsys.readouterr().out
    assert "generation 0" not in said and "generation 2: 2 games" in said
    history = [json.loads(line) for line in (out / "history.jsonl").read_text().splitlines()]
    assert [h["generation"] for h in history] == [0, 1, 2]
    assert main(["train", *TINY, "--out", str(tmp_path / "other"), "--imitate", "-1"]) == 1
    assert "--imitate must be 0 or more" in capsys.readouterr().err


def test_a_run_that_reinforces_against_the_heuristic_checkpoints_each_round_and_goes_on_from_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    command = ["train", *TINY, "--out", str(out), "--generations", "1", "--gate-games", "0",
               "--imitate", "2", "--reinforce", "130"]
    assert main(command) == 0
    said = capsys.readouterr().out
    # rounds of 128 games: 128, then the 2 left
    assert "generation 0: 128 games" in said and "generation 0: 2 games" in said
    assert "games against the heuristic (fair 50%)" in said and "generation 1: 2 games" in said
    history = [json.loads(line) for line in (out / "history.jsonl").read_text().splitlines()]
    assert [(h["generation"], h["phase"], h["games"]) for h in history] == [
        (0, "imitation", 2), (0, "reinforcement", 128), (0, "reinforcement", 2), (1, "self-play", 2)]
    assert 0.0 <= history[1]["gate"]["share"] <= 1.0 and history[1]["gate"]["games"] == 128
    saved = torch.load(out / "checkpoint.pt", weights_only=True)
    assert saved["counters"]["reinforced"] == 130
    warm = Network.load(out / "networks" / "gen-000.npz")
    assert warm.meta["trained"]["reinforced"] == 130 and warm.meta["trained"]["imitated"] == 2
    # the last round's network also kept under its games, for the learning curve
    kept = sorted(p.name for p in (out / "networks").glob("gen-000*"))
    assert kept == ["gen-000-000130.npz", "gen-000.npz"]
    card = json.loads((out / "card.json").read_text(encoding="utf-8"))
    assert card["reinforced"] == 130 and "--reinforce 130" in card["commands"][0]
    assert main(command) == 0  # reinforced once: the same command goes on at generation 2
    said = capsys.readouterr().out
    assert "generation 0" not in said and "generation 2: 2 games" in said
    assert main(["train", *TINY, "--out", str(tmp_path / "other"), "--reinforce", "-1"]) == 1
    assert "--reinforce must be 0 or more" in capsys.readouterr().err
    warm_only = tmp_path / "warm"  # --generations 0: the warm start alone
    assert main(["train", *TINY, "--out", str(warm_only), "--generations", "0", "--imitate", "2"]) == 0
    assert "0 generation(s)" in capsys.readouterr().out
    assert [json.loads(line)["phase"] for line in (warm_only / "history.jsonl").read_text().splitlines()
            ] == ["imitation"]
    assert main(["train", *TINY, "--out", str(warm_only), "--generations", "-1"]) == 1
    assert "--generations must be 0 or more" in capsys.readouterr().err


def test_a_folder_of_other_options_and_a_budget_spent_before_it_starts_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["train", *TINY, "--out", str(out), "--generations", "1", "--gate-games", "0",
                 "--games", "1"]) == 0
    capsys.readouterr()
    assert main(["train", *TINY, "--out", str(out), "-o", "max_rounds=4"]) == 1
    assert "choose another --out" in capsys.readouterr().err
    assert main(["train", *TINY, "--out", str(out), "--hours", "0"]) == 1
    assert "--hours must be more than 0" in capsys.readouterr().err
    if not torch.cuda.is_available():
        assert main(["train", *TINY, "--out", str(out), "--device", "cuda"]) == 1
        assert "sees no GPU" in capsys.readouterr().err


def test_a_second_run_on_a_folder_being_trained_is_refused(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from ludotheque.learn.loop import only_run

    out = tmp_path / "run"
    with only_run(out):  # another run holds the folder (the lock is the process's: a child tries)
        code = ("import sys; from ludotheque.cli.main import main; "
                f"sys.exit(main(['train', *{TINY!r}, '--out', {str(out)!r}, '--generations', '1']))")
        tried = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert tried.returncode == 1 and "another run is training in" in tried.stderr
    assert not (out / "checkpoint.pt").exists()
    assert main(["train", *TINY, "--out", str(out), "--generations", "1", "--gate-games", "0"]) == 0


def test_without_torch_the_command_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch now fails as if not installed
    assert main(["train", "kagoun", "--lang", "fr"]) == 1
    err = capsys.readouterr().err
    assert "pip install 'ludotheque[learn]'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_actors_never_import_torch() -> None:
    """Self-play, the imitation, the reinforcement's games and the gate run in processes that load
    only numpy."""
    code = ("import sys; import ludotheque.learn.selfplay, ludotheque.learn.gate, "
            "ludotheque.learn.imitation, ludotheque.learn.reinforce; "
            "sys.exit('torch' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
