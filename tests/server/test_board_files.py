"""A game's board files are served from the folder it declares, and nothing outside it."""

from __future__ import annotations

from pathlib import Path

from ludotheque.server.app import board_file


def test_only_files_inside_the_board_folder_are_served(tmp_path: Path) -> None:
    board = tmp_path / "game" / "web"
    board.mkdir(parents=True)
    (board / "board.js").write_text("export {};")
    (board / "notes.txt").write_text("private")
    (tmp_path / "game" / "secret.js").write_text("nope")
    assert board_file(board, "board.js") == (board / "board.js").resolve()
    assert board_file(board, "../secret.js") is None
    assert board_file(board, "notes.txt") is None  # not a board file type
    assert board_file(board, "missing.js") is None
    assert board_file(None, "board.js") is None
