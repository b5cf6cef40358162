"""Players' names: what a name may be, the one form names are compared in, and how a name
rides in an address."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from ..bots.registry import bot_names
from ..core.registry import game_ids
from .errors import ApiError
from .limits import MAX_PLAYER_NAME
from .views import bot_name
from .words import LANGS, Phrase

#: Characters a name may not hold: control, format (bidi overrides, zero-width), surrogates,
#: private use, unassigned, and line or paragraph separators.
_NOT_IN_NAMES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def plain_text(text: str, limit: int, code: str) -> str:
    """``text`` trimmed, its spaces single, in Unicode's composed form (NFC), if it is 1 to
    ``limit`` characters of plain text (else ApiError 400 ``code``, its ``problem`` saying why)."""
    text = unicodedata.normalize("NFC", text)
    clean = " ".join(part for part in text.split(" ") if part)  # spaces trimmed and single
    if any(unicodedata.category(c) in _NOT_IN_NAMES for c in text):
        problem = Phrase("name_control")
    elif not clean:
        problem = Phrase("name_empty")
    elif len(clean) > limit:
        problem = Phrase("name_long", {"n": len(clean)})
    else:
        return clean
    raise ApiError(400, code, limit=limit, problem=problem)


def plain_name(name: str) -> str:
    """A name as written, trimmed and in Unicode's composed form (NFC), if it is 1 to
    MAX_PLAYER_NAME characters of plain text (else ApiError 400 ``bad_name``). Composed, "Zoé"
    is one name however a keyboard typed its "é". What a player's past games are looked up by."""
    return plain_text(name, MAX_PLAYER_NAME, "bad_name")


def check_name(name: str) -> str:
    """The name a person takes at a seat: ``plain_name``'s, and not a bot's (400 ``bad_name``):
    a person named like a bot would read as one on every page, and used to be rated as one."""
    clean = plain_name(name)
    if looks_like_a_bot(clean):
        raise ApiError(400, "bad_name", limit=MAX_PLAYER_NAME, problem=Phrase("name_bot"))
    return clean


_NUMBERED = re.compile(r" \d+$")  # "Random bot 2": several bots of a kind at one table


def _folded(name: str) -> str:
    """A name as compared with bots' names: compatibility form (a full-width "ｂｏｔ" is "bot"),
    case folded, spaces single."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def bot_lookalike() -> Callable[[str], bool]:
    """Whether a name starts with ``bot:`` (a seat kind) or is a bot's name as the pages show it,
    in either language, numbered or not ("Heuristic bot", "robot aléatoire 2"), whatever its
    case: for the bots known now (asked once, for a whole leaderboard)."""
    kinds = {kind for game_id in game_ids() for kind in bot_names(game_id)}
    shown = {_folded(bot_name(kind, lang)) for kind in kinds for lang in LANGS}
    seen: dict[str, bool] = {}  # (a leaderboard meets each name many times)

    def bot_like(name: str) -> bool:
        if name not in seen:
            folded = _folded(name)
            seen[name] = folded.replace(" ", "").startswith("bot:") or _NUMBERED.sub("", folded) in shown
        return seen[name]

    return bot_like


def looks_like_a_bot(name: str) -> bool:
    """``bot_lookalike()(name)``."""
    return bot_lookalike()(name)


#: Marks a path segment whose name was escaped: "." and ".." cannot be path segments (browsers
#: resolve them, even percent-encoded), nor can a name starting with the mark be read unmarked.
ESCAPE = "~"


def composed(name: str) -> str:
    """A stored name in the form names are compared in (NFC; older rows may be decomposed)."""
    return unicodedata.normalize("NFC", name)


def name_of_segment(segment: str) -> str:
    """The name a ``/players/{segment}`` address names (``playerUrl`` in web/js/api.js)."""
    return segment[len(ESCAPE):] if segment.startswith(ESCAPE) else segment
