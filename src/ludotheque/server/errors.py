"""Refusals the web table answers with: a status, a stable code and a message in the asker's language."""

from __future__ import annotations

from typing import Any

from .words import say


class ApiError(Exception):
    """A request the table refuses; nothing was changed. ``code`` is also the words key."""

    def __init__(self, status: int, code: str, legal: list[str] | None = None, **params: Any) -> None:
        super().__init__(code)
        self.status, self.code, self.legal, self.params = status, code, legal, params

    def message(self, lang: str = "en") -> str:
        return say(self.code, lang, **self.params)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        body: dict[str, Any] = {"detail": self.message(lang), "code": self.code}
        if self.legal is not None:
            body["legal"] = self.legal
        return body
