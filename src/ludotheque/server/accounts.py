"""Names a player may claim, so that only they can sit under them (accounts stay optional).

Playing needs no account: a seat's link is enough, and any unclaimed name may be taken at a seat,
as before. A player who *claims* a name gives a password; from then on a seat takes that name
only from a browser signed in as it (409 ``name_claimed`` otherwise), and the leaderboard ranks
the seats taken so. A name is claimed in the form names are compared in (``names.composed``),
once: the first claim wins.

- Passwords are hashed with argon2id (argon2-cffi's defaults, upgraded when they change) in a
  thread, at most two at a time (each takes 64 MiB and tens of milliseconds): never stored,
  never logged, 8 to 128 characters.
- Signing in gives a session: 32 random bytes in an ``HttpOnly``, ``SameSite=Lax`` cookie
  (``Secure`` when the page came over HTTPS), of which the store keeps only the SHA-256 digest,
  for ``SESSION_DAYS``. Signing out forgets it.
- Attempts to claim or sign in are limited per client address and per name (``limits.py``), and a
  wrong password and an unknown name get the same answer (401 ``bad_sign_in``).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time

from anyio import CapacityLimiter, to_thread
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from .errors import ApiError
from .limits import MAX_PASSWORD, MIN_PASSWORD, SESSION_DAYS, SIGN_INS_PER_MINUTE, AddressRates
from .names import check_name
from .store import Store

#: The cookie a signed-in browser sends.
COOKIE = "ludo_session"
SESSION_SECONDS = SESSION_DAYS * 24 * 3600


#: An address as a mail server takes it: one @, no spaces or control characters, 254 at most.
_EMAIL = re.compile(r"[^@\s\x00-\x1f\x7f]{1,64}@[^@\s\x00-\x1f\x7f]{1,189}\.[^@\s\x00-\x1f\x7f.]{1,63}")


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    """Claimed names and who is signed in, over the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.hasher = PasswordHasher()
        self.hashing = CapacityLimiter(2)
        self.attempts = AddressRates(SIGN_INS_PER_MINUTE)

    def _attempt(self, client: str | None, name: str) -> None:
        """One more attempt from ``client`` at ``name`` (429 ``too_many_sign_ins`` past the limits)."""
        for key in (f"client:{client}", f"name:{name}"):
            wait = self.attempts.wait(key)
            if wait > 0:
                raise ApiError(429, "too_many_sign_ins", retry_after=wait)

    @staticmethod
    def _check_password(password: str) -> None:
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise ApiError(400, "bad_password", low=MIN_PASSWORD, high=MAX_PASSWORD)

    async def claim(self, name: str, password: str, client: str | None) -> tuple[str, str]:
        """Claim ``name`` with ``password``: (the name as claimed, a new session's token). 400
        ``bad_name`` or ``bad_password``, 409 ``name_taken`` when it is claimed already."""
        clean = check_name(name)
        self._check_password(password)
        self._attempt(client, clean)
        hashed = await to_thread.run_sync(self.hasher.hash, password, limiter=self.hashing)
        if not await to_thread.run_sync(self.store.create_account, clean, hashed):
            raise ApiError(409, "name_taken", name=clean)
        return clean, await self._open(clean)

    async def sign_in(self, name: str, password: str, client: str | None) -> tuple[str, str]:
        """(the claimed name, a new session's token); 401 ``bad_sign_in`` whether the name is not
        claimed or the password is wrong."""
        clean = check_name(name)
        self._attempt(client, clean)
        if len(password) > MAX_PASSWORD:
            raise ApiError(401, "bad_sign_in")
        stored = await to_thread.run_sync(self.store.password_hash, clean)
        right = stored is not None and await to_thread.run_sync(self._verify, stored, password,
                                                                 limiter=self.hashing)
        if stored is None or not right:
            raise ApiError(401, "bad_sign_in")
        if self.hasher.check_needs_rehash(stored):
            rehashed = await to_thread.run_sync(self.hasher.hash, password, limiter=self.hashing)
            await to_thread.run_sync(self.store.set_password_hash, clean, rehashed)
        return clean, await self._open(clean)

    def _verify(self, stored: str, password: str) -> bool:
        try:
            return bool(self.hasher.verify(stored, password))
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    async def _open(self, name: str) -> str:
        token = secrets.token_urlsafe(32)
        await to_thread.run_sync(self.store.open_session, _digest(token), name, time.time() + SESSION_SECONDS)
        return token

    async def signed_in(self, token: str | None) -> str | None:
        """The claimed name a session cookie is signed in as (None: none, unknown or expired)."""
        if not token or len(token) > 100:
            return None
        return await to_thread.run_sync(self.store.session_name, _digest(token))

    async def who(self, token: str | None) -> str:
        """The claimed name a session is signed in as (401 ``signed_out`` when none)."""
        name = await self.signed_in(token)
        if name is None:
            raise ApiError(401, "signed_out")
        return name

    async def set_email(self, token: str | None, email: str | None) -> tuple[str, str | None]:
        """The address the signed-in claimed name is told at when it is their turn at a
        turn-based table (mail.py; None: nowhere). 400 ``bad_email``, 401 ``signed_out``."""
        name = await self.who(token)
        if email is not None:
            email = email.strip()
            if not _EMAIL.fullmatch(email):
                raise ApiError(400, "bad_email")
        await to_thread.run_sync(self.store.set_email, name, email or None)
        return name, email or None

    async def email_of(self, name: str) -> str | None:
        return await to_thread.run_sync(self.store.account_email, name)

    async def sign_out(self, token: str | None) -> None:
        if token and len(token) <= 100:
            await to_thread.run_sync(self.store.close_session, _digest(token))

    async def owner_check(self, name: str, token: str | None) -> str | None:
        """Whether the seat's person may take ``name`` (checked already): the claimed name, when
        it is claimed and they are signed in as it; None when nobody claimed it; 409
        ``name_claimed`` when somebody else did."""
        if not await to_thread.run_sync(self.store.is_claimed, name):  # (no secret read to tell)
            return None
        if await self.signed_in(token) != name:
            raise ApiError(409, "name_claimed", name=name)
        return name
