"""``ludotheque play`` in a real 80×24 pseudo-terminal, for every game: at each decision no line is
wider than 80 columns, and the box of the last events, the "Your turn" banner, the table from its
top border, the prompt and your hand are on the last 24 lines (the screen), in every phase the
game reaches. The player answers 1 (or the first choice typed) each time; where nothing is
numbered, the number is refused and the first choice is typed as listed."""

from __future__ import annotations

import codecs
import os
import re
import select
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.cells import cell_len

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

ROWS, COLS = 24, 80
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]")
ASK = {"en": "Your choice: ", "fr": "Votre choix : "}
PROMPT = re.compile(r"^» ")
#: The answers, in turn: varied, so that more phases are reached (a number out of range is
#: answered 1 without counting as a decision).
ANSWERS = ("1", "2", "1", "3", "1", "4")
OUT_OF_RANGE = re.compile(r"is not in the list|n'est pas dans la liste|nothing is numbered|"
                          r"rien n'est numéroté")
BANNER = {"en": "Your turn", "fr": "À vous"}
BOX = {"en": "╭─ What happened", "fr": "╭─ Ce qui s'est passé"}
#: How each game shows the reader's hand: a table row of its own or a line of the screen.
HAND = {"gargon": re.compile(r"^│ (You|Vous)\b|^(Your hand|Votre main) ?:"),
        "kagoun": re.compile(r"^│ (You|Vous)\b|^(Your hand|Votre main) ?:"),
        "drakon": re.compile(r"(Your hand|Votre main) ?: |Your hand is empty|Votre main est vide")}
#: Gargon: a card of the reader's hand in sight (its line, or its row of the table with values),
#: where the prompt asks to lay cards; a French screen never names a card by an English letter.
GARGON_PLACING = re.compile(r"^» (\(\w+ \w+\) )?(play|follow|posez|suivez)")
GARGON_OWN_CARDS = re.compile(r"^  (Your hand|Votre main) ?: "
                              r"|^│ (You|Vous)\b.*│ ([WBVRYG]|bla|ble|vio|rou|jau|ver)\d")
LETTER_CARD = re.compile(r"(?<![\w-])[WBVRYG](?:1[0-5]|[0-9]|\?)(?![\w?])")


#: The end of the output read for the screen: far more than 24 lines of 80 columns with their
#: colours (reading the whole output at every chunk made the test's own CPU grow as its square).
TAIL = 1 << 16


def _screen_lines(raw: str) -> list[str]:
    """The lines at the end of ``raw`` (its last ``TAIL`` characters), without escape sequences."""
    text = ANSI.sub("", raw[-TAIL:]).replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def play_in_pty(game: str, lang: str, tmp: Path, decisions: int = 40,
                extra: tuple[str, ...] = (), answers: tuple[str, ...] = ANSWERS) -> list[list[str]]:
    """Play ``game`` in an 80×24 pseudo-terminal; the screens (last 24 lines) at each decision."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update({"TERM": "xterm-256color", "LANG": "fr_FR.UTF-8" if lang == "fr" else "en_GB.UTF-8",
                "LC_ALL": "", "PYTHONIOENCODING": "utf-8"})
    script = Path(sys.executable).parent / "ludotheque"  # the installed command, when there is one
    start = [str(script)] if script.exists() else [sys.executable, "-c",
                                                   "from ludotheque.cli.main import run; run()"]
    command = [*start, "play", game, "--seed", "11", "--bots", "random", "--save",
               str(tmp / f"{game}.json"), *extra]
    process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                               close_fds=True)
    os.close(slave)
    raw, screens, answered, asked_at, numbering = "", [], 0, -1, False
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                raw += decoder.decode(chunk)
            elif process.poll() is not None:
                break
            # the question at the end (its last characters read first: most chunks end elsewhere)
            if len(raw) <= asked_at or not ANSI.sub("", raw[-256:]).endswith(ASK[lang]):
                continue
            lines = _screen_lines(raw)
            refused = [line for line in lines[-3:-1] if OUT_OF_RANGE.search(line)]
            if refused and ("numbered" in refused[-1] or "numéroté" in refused[-1]):
                answer = "more"  # nothing numbered: number them, then answer
                numbering = True
            elif refused:  # a number too large for this decision: take 1
                answer = "1"
            elif numbering:  # the choices' numbered page is on screen: the same answer again
                answer, numbering = answers[(answered - 1) % len(answers)], False
            else:
                screens.append(lines[-ROWS:])
                answer = answers[answered % len(answers)]
                if answered >= decisions:
                    answer = "quitter" if lang == "fr" else "quit"
                answered += 1
            os.write(master, (answer + "\n").encode())
            asked_at = len(raw)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        os.close(master)
    assert "Traceback" not in raw, raw[-2000:]
    assert "from 1 to 1" not in raw and "de 1 à 1" not in raw
    return screens


@pytest.mark.parametrize("game,lang,extra", [
    ("gargon", "en", ("--first-player", "0")),
    ("gargon", "fr", ("--players", "5")),
    ("drakon", "en", ()),
    ("drakon", "fr", ("--players", "6")),
    ("kagoun", "en", ()),
    ("kagoun", "fr", ()),
])
def test_every_decision_fits_an_80_by_24_terminal(game: str, lang: str, extra: tuple[str, ...],
                                                   tmp_path: Path) -> None:
    # Kagoun's first choice is to call Kagoun!, which puts a player out when it goes wrong.
    answers = ("2", "3", "2", "4", "5") if game == "kagoun" else ANSWERS
    screens = play_in_pty(game, lang, tmp_path, extra=extra, answers=answers)
    assert len(screens) >= 5
    phases = set()
    for number, screen in enumerate(screens, 1):
        wide = [line for line in screen if cell_len(line) > COLS]
        assert not wide, (number, wide)
        prompts = [line for line in screen if PROMPT.match(line)]
        assert prompts, (number, "\n".join(screen))
        if screen[-1].startswith(ASK[lang]) and not any(OUT_OF_RANGE.search(x) for x in screen):
            # a turn's screen as drawn: the box of events, the banner, then the table's top
            text = "\n".join(screen)
            banners = [i for i, line in enumerate(screen) if BANNER[lang] in line and "─" in line]
            assert banners, (number, text)
            banner = banners[-1]
            assert screen[banner + 1].startswith("╭"), (number, text)
            table = next(i for i, line in enumerate(screen) if i > banner and line.startswith("╰"))
            prompt = next(i for i, line in enumerate(screen) if PROMPT.match(line))
            # the board's lines, wrapped or not, stay indented under the table
            assert all(line.startswith("  ") for line in screen[table + 1:prompt]), (number, text)
            assert any(line.startswith(BOX[lang]) for line in screen[:banner]) or number == 1, (
                number, text)
        assert any(HAND[game].search(line) for line in screen), (number, "\n".join(screen))
        if game == "gargon" and any(GARGON_PLACING.search(line) for line in screen):
            assert any(GARGON_OWN_CARDS.search(line) for line in screen), (number, "\n".join(screen))
        if game == "gargon" and lang == "fr":
            assert not [line for line in screen if LETTER_CARD.search(line)], (number, "\n".join(screen))
        phases.add(prompts[-1].split(":")[0][:30])
    assert len(phases) >= (1 if game == "drakon" else 2), phases  # kinds of decision checked
