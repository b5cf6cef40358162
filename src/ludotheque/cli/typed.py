"""An action typed as the screen lists it: ``Lay Map room (NE) at 0,1`` or ``Poser Salle des
cartes (NE) en 0,1``, in either language, with or without what the label adds in brackets at
its end (a strength, the room there) or after a dash."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..core.game import Action

LANGS = ("en", "fr")


def _plain(text: str) -> str:
    """Case and spacing do not matter."""
    return " ".join(text.casefold().split())


def _shorter(label: str) -> Iterator[str]:
    """The label, then the label without what it adds after `` — `` or in a last bracket."""
    yield label
    head = label.split(" — ")[0]
    yield head
    while head.endswith(")"):
        depth, index = 0, len(head) - 1
        for index in range(len(head) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(head[index], 0)
            if depth == 0:
                break
        if depth or index == 0:
            return
        head = head[:index].rstrip()
        yield head


def label_match(text: str, legal: Sequence[Action], label: Callable[[Action, str], str]) -> Action | None:
    """The one legal action whose label (``label(action, lang)``, in plain text), or a shorter
    form of it, is ``text``; None when none is, or when it could be more than one."""
    wanted = _plain(text)
    found: set[Action] = set()
    for action in legal:
        for lang in LANGS:
            if any(_plain(form) == wanted for form in _shorter(label(action, lang))):
                found.add(action)
                break
    return found.pop() if len(found) == 1 else None
