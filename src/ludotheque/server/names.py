"""Players' names: what a name may be, the one form names are compared in, and how a name
rides in an address."""

from __future__ import annotations

import unicodedata

from .errors import ApiError
from .limits import MAX_PLAYER_NAME
from .words import Phrase

#: Characters a name may not hold: control, format (bidi overrides, zero-width), surrogates,
#: private use, unassigned, and line or paragraph separators.
_NOT_IN_NAMES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def check_name(name: str) -> str:
    """A player's name, trimmed and in Unicode's composed form (NFC), if it is 1 to
    MAX_PLAYER_NAME characters of plain text (else ApiError 400 ``bad_name``). Composed, "Zoé"
    is one name however a keyboard typed its "é"."""
    name = unicodedata.normalize("NFC", name)
    clean = " ".join(part for part in name.split(" ") if part)  # spaces trimmed and single
    if any(unicodedata.category(c) in _NOT_IN_NAMES for c in name):
        problem = Phrase("name_control")
    elif not clean:
        problem = Phrase("name_empty")
    elif len(clean) > MAX_PLAYER_NAME:
        problem = Phrase("name_long", {"n": len(clean)})
    else:
        return clean
    raise ApiError(400, "bad_name", limit=MAX_PLAYER_NAME, problem=problem)


#: Marks a path segment whose name was escaped: "." and ".." cannot be path segments (browsers
#: resolve them, even percent-encoded), nor can a name starting with the mark be read unmarked.
ESCAPE = "~"


def composed(name: str) -> str:
    """A stored name in the form names are compared in (NFC; older rows may be decomposed)."""
    return unicodedata.normalize("NFC", name)


def name_of_segment(segment: str) -> str:
    """The name a ``/players/{segment}`` address names (``playerUrl`` in web/js/api.js)."""
    return segment[len(ESCAPE):] if segment.startswith(ESCAPE) else segment
