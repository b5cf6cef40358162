"""Typed errors: every refusal says what was wrong, and a refused action changes nothing."""

from __future__ import annotations

from collections.abc import Sequence


class LudothequeError(Exception):
    """Base of every error the library raises for a user's mistake (never a bug)."""


class UnknownGameError(LudothequeError):
    """No registered game has that id."""


class OptionsError(LudothequeError):
    """Game options are unknown, of the wrong type or out of range; ``option`` names the one
    whose value was refused, when it is one (front ends then say it in their own words)."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class SetupError(LudothequeError):
    """An explicit starting position is malformed or impossible."""


class NotationError(LudothequeError):
    """A text action cannot be parsed in the game's notation."""


class IllegalActionError(LudothequeError):
    """A well-formed action that the rules do not allow now."""

    def __init__(self, message: str, legal: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.legal = list(legal)


class RecordError(LudothequeError):
    """A game record is malformed (bad JSON, missing fields, bad options or setup)."""


class WordedError(LudothequeError):
    """A refusal a player reads, said in English (its message) and in French (``said``), for a
    front end that speaks the player's language."""

    def __init__(self, message: str, french: str | None = None) -> None:
        super().__init__(message)
        self.french = french

    def said(self, lang: str) -> str:
        return self.french if lang == "fr" and self.french else str(self)
