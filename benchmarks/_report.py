"""What every benchmark does when run: report, and never fail a build."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console


def report_and_exit(main: Callable[[], object]) -> None:
    """Run ``main``; whatever happens (even an error, shown), exit with status 0."""
    try:
        main()
    except KeyboardInterrupt:
        pass
    except Exception:  # a benchmark reports, it never fails a build
        Console(stderr=True).print_exception()
    raise SystemExit(0)
