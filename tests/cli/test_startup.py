"""The commands that do not serve import only what they use: neither the web server nor its
stack (FastAPI, pydantic, SQLAlchemy, uvicorn) is loaded by simulate, replay or play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("ludotheque.server", "fastapi", "pydantic", "starlette", "sqlalchemy", "uvicorn", "typer")


def imported(args: list[str], stdin: str = "") -> set[str]:
    """The modules a run of ``ludotheque ARGS`` imported (from ``python -X importtime``)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "ludotheque", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)
    return {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:") and "|" in line}


@pytest.mark.parametrize("args", [
    ["simulate", "gargon", "--games", "2", "--seed", "1"],
    ["simulate", "gargon", "--games", "2", "--seed", "1", "--json"],
    ["games"],
])
def test_commands_do_not_load_the_web_stack(args: list[str]) -> None:
    modules = imported(args)
    assert "ludotheque.sim.runner" in modules or args == ["games"]
    assert not {m for m in modules if m.split(".")[0] in HEAVY or m.startswith(HEAVY)}
    if args[0] == "simulate":  # plain-text tables, and no progress bar outside a terminal
        assert "rich" not in modules


def test_replay_and_play_do_not_load_the_web_stack(tmp_path: Path) -> None:
    record = {"game": "gargon", "options": {"players": 3}, "seed": 5, "actions": []}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    for args, stdin in ((["replay", str(path), "--json"], ""), (["replay", str(path)], ""),
                        (["play", "gargon", "--seed", "3"], "quit\n")):
        modules = imported(args, stdin)
        assert "ludotheque.core.record" in modules
        assert not {m for m in modules if m.startswith(HEAVY)}, args


def test_a_command_on_one_game_loads_that_game_alone() -> None:
    """Entry points name the games without importing them: simulating Gargon loads none of
    Drakon's or Kagoun's modules (each costs start-up time), while ``games`` still lists them all."""
    modules = imported(["simulate", "gargon", "--games", "1", "--seed", "1"])
    games = {m.split(".")[2] for m in modules if m.startswith("ludotheque.games.")}
    assert games == {"gargon"}
    assert "ludotheque.sim.backends" in modules and "ray" not in modules  # Ray only when chosen
    listed = subprocess.run([sys.executable, "-m", "ludotheque", "games"], capture_output=True, text=True,
                            timeout=120)
    assert all(name in listed.stdout for name in ("Gargon", "Drakon", "Kagoun"))
