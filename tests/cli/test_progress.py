"""cli.progress: on a terminal a bar with games/s and the time left; elsewhere a plain line now
and then (none for a short run), with the same figures."""

from __future__ import annotations

import io

from ludotheque.cli.progress import ProgressLines, clock_time, progress_bar, rate_text


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_on_a_terminal_shows_games_per_second_and_the_time_left() -> None:
    screen = Terminal()
    with progress_bar(1000, "tournoi", "parties/s", stream=screen) as advance:
        for _ in range(10):
            advance(50)
    shown = screen.getvalue()
    assert "tournoi" in shown and "500/1000" in shown
    assert "parties/s" in shown and "games" not in shown
    assert "0:00:0" in shown  # the time left, as H:MM:SS


def test_elsewhere_a_plain_line_every_few_seconds() -> None:
    now = [0.0]
    log = io.StringIO()
    advance = ProgressLines(20_000, "simulating", log, every=10.0, clock=lambda: now[0])
    french = io.StringIO()
    en_francais = ProgressLines(20_000, "tournoi", french, "parties/s", every=10.0, clock=lambda: now[0])
    with progress_bar(20_000, stream=log) as quiet:  # a short run in a pipe writes nothing
        quiet(20_000)
    assert log.getvalue() == ""
    now[0] = 4.0
    advance(2_000)
    assert log.getvalue() == ""  # not yet ten seconds
    now[0] = 10.0
    advance(3_000)
    en_francais(5_000)
    assert log.getvalue() == "simulating 5000/20000 500 games/s 0:00:30\n"
    assert french.getvalue() == "tournoi 5000/20000 500 parties/s 0:00:30\n"  # no English word
    now[0] = 15.0
    advance(15_000)  # the end: the summary follows, no line
    assert log.getvalue().count("\n") == 1


def test_durations_read_as_on_a_clock() -> None:
    assert clock_time(0) == "0:00:00"
    assert clock_time(65.4) == "0:01:05"
    assert clock_time(3 * 3600 + 59) == "3:00:59"


def test_a_slow_rate_is_not_zero_and_a_start_up_is_not_playing_time() -> None:
    assert [rate_text(r) for r in (0.031, 0.4, 2.345, 24.8, 500.0)] == ["0.031", "0.40", "2.3", "25", "500"]
    now = [0.0]
    log = io.StringIO()
    advance = ProgressLines(100, "simulating", log, every=10.0, clock=lambda: now[0])
    now[0] = 240.0  # Ray started for four minutes: the games begin now
    advance(0)
    now[0] = 250.0
    advance(10)  # 10 games in 10 s of play, not in 250 s
    assert log.getvalue() == "simulating 10/100 1.0 games/s 0:01:30\n"
