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


def test_serve_refuses_a_bad_number_of_search_workers() -> None:
    result = CliRunner().invoke(["serve", "--search-workers", "0", "--db", "sqlite://"])
    assert result.exit_code == 1 and "search-workers" in result.output and "Traceback" not in result.output


def test_search_workers_size_the_pool_where_searching_bots_think() -> None:
    from ludotheque.server import create_app
    from ludotheque.server.workers import default_search_processes

    assert create_app("sqlite://", search_workers=3).state.service.bots.processes == 3
    assert create_app("sqlite://").state.service.bots.processes == default_search_processes()
