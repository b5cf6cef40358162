"""The hosting files hold together (Dockerfile, .dockerignore, compose.yaml, deploy/Caddyfile):
read here without Docker, which neither this machine nor CI has. The image builds and runs its
compiled build only where ``docker`` works (the last test, skipped elsewhere)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from ludotheque.cli.main import parser

ROOT = Path(__file__).resolve().parent.parent


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile as (INSTRUCTION, arguments), continuation lines joined, comments dropped."""
    lines = [line for line in (ROOT / "Dockerfile").read_text().splitlines()
             if not line.lstrip().startswith("#")]
    out: list[tuple[str, str]] = []
    text = "\n".join(lines).replace("\\\n", " ")
    for line in text.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def stages() -> list[list[tuple[str, str]]]:
    found: list[list[tuple[str, str]]] = []
    for instruction in instructions():
        if instruction[0] == "FROM":
            found.append([])
        found[-1].append(instruction)
    return found


def serve_args(command: list[str]) -> dict[str, object]:
    """A ``ludotheque serve`` command line as the command's parser reads it (compose's ${X:-d}
    replaced by d, ${X} by a word): an unknown option fails here."""
    assert command[:2] == ["ludotheque", "serve"], command
    words = [re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", re.sub(r"\$\{(\w+)\}", r"\1", w)) for w in command[1:]]
    return vars(parser().parse_args(words))


def compose() -> dict[str, object]:
    loaded = yaml.safe_load((ROOT / "compose.yaml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def test_the_image_is_built_in_two_stages_and_runs_compiled_as_a_user() -> None:
    build, run = stages()
    assert build[0][1].startswith("python:3.11-slim") and run[0][1].startswith("python:3.11-slim")
    build_text = " ".join(args for _, args in build)
    assert "gcc" in build_text and "ludotheque.compiled" in build_text and "(compiled)" in build_text
    run_text = " ".join(args for _, args in run)
    assert "gcc" not in run_text  # the compiler stays in the first stage
    assert "COPY --from=build /opt/ludotheque /opt/ludotheque" in [f"{i} {a}" for i, a in run]
    users = [args for instruction, args in run if instruction == "USER"]
    assert users and users[-1] not in ("root", "0")


def test_the_image_checks_its_health_and_serves_behind_a_proxy() -> None:
    run = stages()[-1]
    health = " ".join(args for instruction, args in run if instruction == "HEALTHCHECK")
    assert "/api/health" in health
    cmd = json.loads(next(args for instruction, args in run if instruction == "CMD"))
    args = serve_args(cmd)
    assert args["host"] == "0.0.0.0" and args["proxy_headers"]
    exposed = next(args for instruction, args in run if instruction == "EXPOSE")
    assert exposed == str(args["port"]) in health


def test_nothing_built_or_private_enters_the_image() -> None:
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()}
    assert {".git", ".venv", "src/ludotheque/_mypyc", ".env"} <= ignored


def test_compose_runs_postgres_the_app_and_caddy_in_order() -> None:
    services = compose()["services"]
    assert isinstance(services, dict) and set(services) == {"postgres", "app", "caddy"}
    postgres, app, caddy = services["postgres"], services["app"], services["caddy"]
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    assert any(volume.endswith(":/var/lib/postgresql/data") for volume in postgres["volumes"])
    assert app["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert caddy["depends_on"]["app"]["condition"] == "service_healthy"
    assert "ports" not in app  # only Caddy reaches the app


def test_the_app_serves_postgres_with_workers_behind_the_proxy() -> None:
    app = compose()["services"]["app"]  # type: ignore[index]
    args = serve_args(app["command"])
    db = str(args["db"])
    assert db.startswith("postgresql://ludotheque:") and db.endswith("@postgres/ludotheque")
    assert "${WORKERS:-" in " ".join(app["command"]) and int(str(args["workers"])) >= 1
    assert args["proxy_headers"] and args["host"] == "0.0.0.0"


def test_caddy_proxies_to_the_app_service_and_port() -> None:
    services = compose()["services"]
    caddy, app = services["caddy"], services["app"]  # type: ignore[index]
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in caddy["volumes"]
    assert "DOMAIN" in caddy["environment"] and {"80:80", "443:443"} <= set(caddy["ports"])
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text()
    upstream = re.search(r"reverse_proxy\s+(\S+):(\d+)", caddyfile)
    assert upstream is not None
    assert upstream.group(1) in services and upstream.group(1) == "app"  # type: ignore[operator]
    assert int(upstream.group(2)) == serve_args(app["command"])["port"]
    assert re.search(r"^\{\$DOMAIN\} \{", caddyfile, re.MULTILINE)
    # a client has no longer to send its headers than the app gives it
    read_header = re.search(r"read_header (\d+)s", caddyfile)
    assert read_header is not None and float(read_header.group(1)) <= 10


@pytest.mark.skipif(shutil.which("docker") is None or subprocess.run(
    ["docker", "info"], capture_output=True).returncode != 0, reason="no Docker daemon here")
def test_the_image_builds_and_runs_its_compiled_build() -> None:  # pragma: no cover - needs Docker
    subprocess.run(["docker", "build", "-t", "ludotheque-test", str(ROOT)], check=True)
    version = subprocess.run(["docker", "run", "--rm", "ludotheque-test", "ludotheque", "--version"],
                             check=True, capture_output=True, text=True).stdout
    assert "(compiled)" in version
    user = subprocess.run(["docker", "run", "--rm", "ludotheque-test", "id", "-u"], check=True,
                          capture_output=True, text=True).stdout
    assert user.strip() != "0"
