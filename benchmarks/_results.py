"""A long benchmark row's finished games, kept in a JSON-lines file so that a stopped run (before a
test run, at a session's end) can be taken up again: a first line of settings, then a line a game.
Used by ``ismcts_strength.py``, ``ismcts_vs_openspiel.py`` and ``paired_rows.py``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from ludotheque.sim.stats import wilson


def revision() -> str:
    """The commit the figures come from, ``-dirty`` if the tree was changed ("" outside git)."""
    try:
        return subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True,
                              text=True, check=True, cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def read_lines(path: Path) -> list[dict[str, Any]]:
    """Every whole line of a results file (the settings first); a line cut short when a run was
    stopped is skipped, and its game is played again."""
    lines = []
    for line in path.read_text().splitlines():
        try:
            lines.append(json.loads(line))
        except ValueError:
            pass
    return lines


class Results:
    """The finished games of a run, by (game, index), kept in ``path`` when one is named; games
    from an earlier run with the same settings count, a file of other settings is refused."""

    def __init__(self, path: Path | None, settings: dict[str, Any]) -> None:
        self.path = path
        self.games: dict[tuple[str, int], dict[str, Any]] = {}
        self.revision = revision()
        if path is None:
            return
        if not path.exists():
            path.write_text(json.dumps({"settings": settings}) + "\n")
            return
        if not path.read_text().endswith("\n"):
            with path.open("a") as out:  # the next game starts a line of its own
                out.write("\n")
        lines = read_lines(path)
        if not lines or lines[0].get("settings") != settings:
            print(f"{path} holds games played with other settings "
                  f"({lines[0].get('settings') if lines else 'none'}): name another file", file=sys.stderr)
            raise SystemExit(0)  # figures only: a benchmark never fails a build
        for record in lines[1:]:
            self.games[record["game"], record["index"]] = record

    def todo(self, game_id: str, games: int) -> list[int]:
        """The indices among the row's first ``games`` not played yet."""
        return [i for i in range(games) if (game_id, i) not in self.games]

    def add(self, game_id: str, index: int, **figures: Any) -> None:
        """A finished game, with the revision it was played at."""
        record = {"game": game_id, "index": index, **figures, "revision": self.revision}
        self.games[game_id, index] = record
        if self.path is not None:
            with self.path.open("a") as out:
                out.write(json.dumps(record) + "\n")

    def of(self, game_id: str, games: int) -> list[dict[str, Any]]:
        """The finished games among the row's first ``games``."""
        return [self.games[game_id, i] for i in range(games) if (game_id, i) in self.games]

    def revisions(self, game_id: str, games: int) -> list[str]:
        """The revisions the row's games were played at."""
        return sorted({r["revision"] for r in self.of(game_id, games)})


def win_share(records: list[dict[str, Any]]) -> str:
    """The records' mean ``share`` with its 95% interval (Wilson): ``41.8% [37.0%, 46.6%]``."""
    wins = sum(r["share"] for r in records)
    low, high = wilson(wins, len(records))
    return f"{wins / len(records):.1%} [{low:.1%}, {high:.1%}]"
