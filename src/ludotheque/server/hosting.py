"""How ``ludotheque serve`` hosts the web table beyond uvicorn's own settings (docs/hosting.md).

One value carries them all, so that the HTTP protocol (connections.py) and each worker process
of ``serve --workers N`` (``app.worker_app``) read what the command was given: ``serve`` puts it
in the environment as JSON, where every process finds it. Its defaults limit nothing: that is
the app ``create_app`` builds for tests and benchmarks; ``serve``'s options carry the defaults
of a public server (limits.py).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass

#: The environment variable that carries the settings to every process of one ``serve``.
HOSTING_ENV = "LUDOTHEQUE_SERVE_HOSTING"


@dataclass(frozen=True)
class Hosting:
    """``request_timeout``: seconds a client has to send a whole request (0: no deadline);
    ``per_address``: connections one address may hold at once (0: no cap); ``uncapped``: the
    addresses trusted to forward clients' addresses (uvicorn's ``forwarded_allow_ips``: they
    are proxies, which hold the connections of all their clients, so they are not capped; empty
    without ``--proxy-headers``); ``root_path``: the path prefix the app is served under (no
    trailing slash; empty: none); ``access_log``: one line per request on standard output;
    ``tables_per_minute``: new tables one address may make a minute (0: no limit);
    ``expire_days``, ``expire_finished_days``: days without an action after which an unfinished,
    or a finished, table is deleted (0: never); ``smtp``, ``public_url``: mail.py."""

    request_timeout: float = 0.0
    per_address: int = 0
    uncapped: str = ""
    root_path: str = ""
    access_log: bool = False
    tables_per_minute: int = 0
    expire_days: float = 0.0
    expire_finished_days: float = 0.0
    smtp: str = ""  # the mail server telling claimed names it is their turn (mail.py); "": none
    public_url: str = ""  # the address mails link to

    def to_env(self) -> dict[str, str]:
        return {HOSTING_ENV: json.dumps(dataclasses.asdict(self))}

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Hosting:
        """The settings ``serve`` put in ``env`` (none there: the defaults, which limit nothing)."""
        text = env.get(HOSTING_ENV)
        if not text:
            return cls()
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{name: value for name, value in json.loads(text).items() if name in names})
