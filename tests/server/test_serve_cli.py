"""``ludotheque serve`` refuses bad settings with a message, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

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


def test_serve_refuses_a_sqlite_sync_for_another_database_or_unknown() -> None:
    result = CliRunner().invoke(["serve", "--sqlite-sync", "normal", "--db", "postgresql://u@nowhere.invalid/x",
                                 "--port", "1"])
    assert result.exit_code == 1 and "--sqlite-sync is for a SQLite database" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(["serve", "--sqlite-sync", "off", "--db", "sqlite://"])
    assert result.exit_code == 2 and "invalid choice" in result.output


def test_the_apps_store_syncs_as_serve_says(tmp_path: Path) -> None:
    from sqlalchemy import text

    from ludotheque.server import create_app

    for sync, pragma in (("full", 2), ("normal", 1)):
        store = create_app(f"sqlite:///{tmp_path / sync}.db", sqlite_sync=sync).state.service.store
        with store.engine.connect() as db:
            assert db.execute(text("PRAGMA synchronous")).scalar() == pragma
        store.close()


def test_search_workers_size_the_pool_where_searching_bots_think() -> None:
    from ludotheque.server import create_app
    from ludotheque.server.workers import default_search_processes

    assert create_app("sqlite://", search_workers=3).state.service.bots.processes == 3
    assert create_app("sqlite://").state.service.bots.processes == default_search_processes()


@pytest.mark.parametrize(("args", "said"), [
    (["--request-timeout", "0"], "--request-timeout"),
    (["--request-timeout", "nan"], "--request-timeout"),
    (["--max-connections-per-address", "-1"], "--max-connections-per-address"),
    (["--tables-per-minute", "-5"], "--tables-per-minute"),
    (["--expire-days", "-1"], "--expire-days"),
    (["--expire-finished-days", "inf"], "--expire-finished-days"),
    (["--root-path", "ludo"], "--root-path"),
    (["--root-path", "/api"], "a path of the web table itself"),
    (["--root-path", "/a/../b"], "--root-path"),
    (["--forwarded-allow-ips", "10.0.0.1"], "needs --proxy-headers"),
    (["--proxy-headers", "--forwarded-allow-ips", "10.0.0.1,caddy"], "'caddy'"),
    (["--proxy-headers", "--forwarded-allow-ips", "10.0.0.1/8"], "'10.0.0.1/8'"),  # host bits set
    (["--proxy-headers", "--forwarded-allow-ips", "*,10.0.0.1"], "'*'"),
])
def test_serve_refuses_bad_hosting_options(args: list[str], said: str) -> None:
    result = CliRunner().invoke(["serve", "--db", "sqlite://", *args])
    assert result.exit_code == 1 and said in result.output and "Traceback" not in result.output


def test_the_hosting_options_check_and_carry_what_they_are_given() -> None:
    from ludotheque.cli.serve import hosting_of
    from ludotheque.server import limits

    defaults = hosting_of(False, None, "", False, None, None, None, None, 0.0)
    assert (defaults.request_timeout, defaults.per_address, defaults.tables_per_minute,
            defaults.expire_days) == (limits.REQUEST_SECONDS, limits.CONNECTIONS_PER_ADDRESS,
                                      limits.TABLES_PER_MINUTE, limits.EXPIRE_DAYS)
    assert defaults.uncapped == "" and defaults.root_path == "" and defaults.expire_finished_days == 0
    proxied = hosting_of(True, "172.16.0.0/12, ::1", "/play/ludo/", True, 2.5, 0, 0, 0, 365)
    assert proxied.uncapped == "172.16.0.0/12, ::1" and proxied.root_path == "/play/ludo"
    assert hosting_of(True, None, "", False, None, None, None, None, 0.0).uncapped == "127.0.0.1,::1"
    from ludotheque.server.hosting import Hosting

    assert Hosting.from_env(proxied.to_env()) == proxied  # what every worker process reads


def test_the_help_states_the_defaults_of_limits() -> None:
    """The command line does not import the server (limits.py): its help repeats the numbers."""
    from ludotheque.server import limits

    text = CliRunner().invoke(["serve", "--help"], env={"COLUMNS": "200"}).output
    for option, default in (("--request-timeout", limits.REQUEST_SECONDS),
                            ("--max-connections-per-address", limits.CONNECTIONS_PER_ADDRESS),
                            ("--tables-per-minute", limits.TABLES_PER_MINUTE),
                            ("--expire-days", limits.EXPIRE_DAYS)):
        help_of = text.split(f"\n  {option}", 1)[1].split("\n  --", 1)[0]
        assert f"default {default:g}" in " ".join(help_of.split()), option
