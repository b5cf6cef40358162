"""E-mail for games over days (``serve --smtp URL``): a claimed name that gave an address hears
when it is their turn at a turn-based table (clock mode ``days``), and once a day while a move
of theirs still waits.

The URL is ``smtp://[user:password@]host[:port]`` (``smtps://`` for TLS from the start; add
``?starttls=1`` to upgrade a plain connection) with ``?from=address``; ``--public-url`` gives the
address the mails link to (the lobby, where "Your tables, in every browser" opens the seat: a
mail never carries a seat's link). Mails are sent by one task, in a thread, from a bounded
queue: a slow or failing server delays no table, and what cannot be queued or sent is logged and
dropped. A claimed name gets at most ``MAILS_PER_DAY`` a day from one process.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
import time
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from anyio import to_thread

log = logging.getLogger("ludotheque.server")

#: Mails waiting to be sent; more are dropped (and logged).
QUEUE = 1000
#: Mails one claimed name may be sent a day by one process.
MAILS_PER_DAY = 20
DAY = 86_400.0


@dataclass(frozen=True)
class MailSettings:
    host: str
    port: int
    sender: str
    user: str | None = None
    password: str | None = None
    tls: bool = False  # TLS from the start (smtps)
    starttls: bool = False
    public_url: str = ""


def parse_smtp(url: str, public_url: str = "") -> MailSettings:
    """``--smtp``'s URL read (ValueError with what is wrong)."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ValueError("--smtp takes smtp://[user:password@]host[:port]?from=address (or smtps://)")
    query = parse_qs(parts.query)
    sender = (query.get("from") or [""])[0]
    if "@" not in sender:
        raise ValueError("--smtp needs ?from=address: the address the mails come from")
    tls = parts.scheme == "smtps"
    return MailSettings(parts.hostname, parts.port or (465 if tls else 25), sender,
                        unquote(parts.username) if parts.username else None,
                        unquote(parts.password) if parts.password else None,
                        tls, (query.get("starttls") or ["0"])[0] in ("1", "true"), public_url.rstrip("/"))


def turn_mail(game_name: str, name: str, reminder: bool, public_url: str) -> tuple[str, str]:
    """(subject, body) of a mail saying it is ``name``'s turn at ``game_name``, in both
    languages (an account has no language of its own)."""
    where = f"{public_url}/" if public_url else "the lobby / le salon"
    if reminder:
        subject = f"{game_name}: your move still waits · votre coup attend toujours"
    else:
        subject = f"{game_name}: your turn · à vous"
    body = (f"{name}, it is your turn at {game_name}. Sign in at {where} and open your table from "
            "\"Your tables, in every browser\".\n\n"
            f"{name}, c'est à vous de jouer à {game_name}. Connectez-vous sur {where} et ouvrez votre "
            "table depuis « Vos tables, dans tous vos navigateurs ».\n")
    return subject, body


class Mailer:
    """Sends the mails of one process (``settings`` None: none are sent)."""

    def __init__(self, settings: MailSettings | None) -> None:
        self.settings = settings
        self.queue: asyncio.Queue[EmailMessage] = asyncio.Queue(QUEUE)
        self.sent: dict[str, list[float]] = {}  # by claimed name: when, over the last day

    @property
    def on(self) -> bool:
        return self.settings is not None

    def turn(self, address: str, name: str, game_name: str, reminder: bool = False) -> None:
        """Queue the mail telling ``name`` (at ``address``) it is their turn at ``game_name``."""
        if self.settings is None:
            return
        now = time.time()
        recent = [at for at in self.sent.get(name, []) if now - at < DAY]
        if len(recent) >= MAILS_PER_DAY:
            log.info("no more mails today for %s", name)
            return
        self.sent[name] = [*recent, now]
        subject, body = turn_mail(game_name, name, reminder, self.settings.public_url)
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.settings.sender, address, subject
        message.set_content(body)
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            log.warning("the mail queue is full: a mail to %s is dropped", name)

    async def run(self) -> None:
        """Send what is queued, one at a time, for as long as the server runs."""
        while True:
            message = await self.queue.get()
            try:
                await to_thread.run_sync(self._send, message)
            except Exception as exc:  # the mail server is down or refused: logged, dropped
                log.warning("cannot send a mail: %s", exc)

    def _send(self, message: EmailMessage) -> None:
        settings = self.settings
        assert settings is not None
        if settings.tls:
            client: smtplib.SMTP = smtplib.SMTP_SSL(settings.host, settings.port, timeout=30,
                                                    context=ssl.create_default_context())
        else:
            client = smtplib.SMTP(settings.host, settings.port, timeout=30)
        with client:
            if settings.starttls:
                client.starttls(context=ssl.create_default_context())
            if settings.user:
                client.login(settings.user, settings.password or "")
            client.send_message(message)
