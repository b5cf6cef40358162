"""The web API of claimed names (accounts.py): claim one, sign in, who am I, sign out; the tables
its owner sat at, and another link to one of their seats for the browser they are on."""

from __future__ import annotations

from typing import Annotated, Any

from anyio import to_thread
from fastapi import FastAPI, Request, Response
from pydantic import BaseModel, ConfigDict, StringConstraints

from .accounts import COOKIE, SESSION_SECONDS
from .clients import client_of, host_of
from .limits import MAX_STRING
from .service import TableService
from .table import summary

#: The most tables "My games" lists for a claimed name.
MY_TABLES = 50


class Email(BaseModel):
    """Where to say it is your turn at a turn-based table (null: nowhere)."""

    model_config = ConfigDict(extra="forbid")
    email: Annotated[str, StringConstraints(max_length=254)] | None


class NameAndPassword(BaseModel):
    """A name to claim or sign in as (1 to 24 characters of plain text) and its password."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, StringConstraints(max_length=MAX_STRING)]
    password: Annotated[str, StringConstraints(max_length=MAX_STRING)]


def _signed_in(request: Request, response: Response, name: str, token: str) -> dict[str, Any]:
    response.set_cookie(COOKIE, token, max_age=SESSION_SECONDS, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path=_path(request))
    return {"name": name}


def _path(request: Request) -> str:
    """The cookie's path: the prefix the table is served under (prefix.py), or the root."""
    return str(request.scope.get("root_path", "")) or "/"


def add_account_routes(app: FastAPI, service: TableService) -> None:
    accounts = service.accounts

    @app.post("/api/accounts", status_code=201, tags=["accounts"])
    async def claim(body: NameAndPassword, request: Request, response: Response) -> dict[str, Any]:
        """Claim a name: from then on, a seat takes it only from a browser signed in as it, and
        the leaderboard ranks it. Signs this browser in (an HttpOnly cookie). 400 ``bad_name`` or
        ``bad_password`` (8 to 128 characters), 409 ``name_taken``, 429 ``too_many_sign_ins``."""
        name, token = await accounts.claim(body.name, body.password, client_of(host_of(request)))
        return _signed_in(request, response, name, token)

    @app.post("/api/session", tags=["accounts"])
    async def sign_in(body: NameAndPassword, request: Request, response: Response) -> dict[str, Any]:
        """Sign in as a claimed name (an HttpOnly cookie, for 30 days). 401 ``bad_sign_in``
        (the same whether the name is not claimed or the password is wrong), 429
        ``too_many_sign_ins``."""
        name, token = await accounts.sign_in(body.name, body.password, client_of(host_of(request)))
        return _signed_in(request, response, name, token)

    @app.get("/api/session", tags=["accounts"])
    async def whoami(request: Request) -> dict[str, Any]:
        """The claimed name this browser is signed in as (``null``: none)."""
        return {"name": await accounts.signed_in(request.cookies.get(COOKIE))}

    @app.delete("/api/session", tags=["accounts"])
    async def sign_out(request: Request, response: Response) -> dict[str, Any]:
        """Sign out (the session is forgotten by the server too)."""
        await accounts.sign_out(request.cookies.get(COOKIE))
        response.delete_cookie(COOKIE, path=_path(request), httponly=True, samesite="lax")
        return {"name": None}

    @app.put("/api/session/email", tags=["accounts"])
    async def set_email(body: Email, request: Request) -> dict[str, Any]:
        """The address the signed-in claimed name is mailed at when it is their turn at a
        turn-based table, and once a day while a move of theirs waits (only on a server started
        with ``--smtp``: ``mails`` says whether it was); null: no mails. 400 ``bad_email``, 401
        ``signed_out``."""
        name, email = await accounts.set_email(request.cookies.get(COOKIE), body.email)
        return {"name": name, "email": email, "mails": service.mailer.on}

    @app.get("/api/session/tables", tags=["accounts"])
    async def my_tables(request: Request) -> dict[str, Any]:
        """The tables where the signed-in claimed name took a seat, in any browser: those where
        it is to act first, then the other unfinished ones, then the finished, newest first
        (``seat``: its seat; ``my_turn``). 401 ``signed_out``."""
        name = await accounts.who(request.cookies.get(COOKIE))
        found = await to_thread.run_sync(service.store.account_tables, name, MY_TABLES)
        entries = [{**summary(row, row.revision, row.to_act, row.finished), "seat": seat,
                    "my_turn": not row.finished and row.to_act == seat} for row, seat in found]
        entries.sort(key=lambda e: not e["my_turn"])  # (stable: the store's order otherwise)
        return {"name": name, "tables": entries}

    @app.post("/api/tables/{table_id}/link", tags=["accounts"])
    async def another_link(table_id: str, request: Request) -> dict[str, Any]:
        """A new link to the seat the signed-in claimed name took at this table, for the browser
        asking (the seat's other links keep working; it keeps its 8 newest of these). 401
        ``signed_out``, 403 ``not_your_seat``."""
        name = await accounts.who(request.cookies.get(COOKIE))
        table = await service.get(table_id)
        seat, token = await table.another_link(name)
        return {"seat": seat, "url": f"/t/{table.id}#token={token}"}
