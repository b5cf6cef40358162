"""``ludotheque serve`` refuses bad settings with a message, never a traceback."""

from __future__ import annotations

from ludotheque.cli.testing import CliRunner


def test_serve_refuses_a_bad_database_url() -> None:
    result = CliRunner().invoke(["serve", "--db", "nosuchdb://x", "--port", "1"])
    assert result.exit_code == 1
    assert "database" in result.output and "Traceback" not in result.output


def test_serve_refuses_a_negative_bot_delay() -> None:
    result = CliRunner().invoke(["serve", "--bot-delay", "-1", "--db", "sqlite://"])
    assert result.exit_code == 1 and "bot-delay" in result.output


def test_serve_refuses_a_port_in_use() -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(["serve", "--db", "sqlite://", "--port", str(port)])
    assert result.exit_code == 1 and "cannot listen" in result.output
