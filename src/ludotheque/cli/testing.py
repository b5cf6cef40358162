"""Run the ``ludotheque`` command in this process, as a test would: given arguments, standard
input and environment variables, get the exit status and what it wrote."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .main import main


@dataclass(frozen=True)
class Result:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        """Everything written, standard output then standard error."""
        return self.stdout + self.stderr


class CliRunner:
    """``CliRunner().invoke(["simulate", "gargon", "--games", "3"], input=..., env=...)``."""

    def invoke(self, args: Sequence[str], input: str | None = None,  # noqa: A002 - as click names it
               env: Mapping[str, str] | None = None) -> Result:
        saved = sys.stdin, sys.stdout, sys.stderr
        saved_env = {name: os.environ.get(name) for name in (env or {})}
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(input or ""), io.StringIO(), io.StringIO()
        os.environ.update(env or {})
        try:
            code = main(list(args))
        except SystemExit as exit_:  # argparse's usage errors
            code = exit_.code if isinstance(exit_.code, int) else 1
        finally:
            out, err = sys.stdout.getvalue(), sys.stderr.getvalue()
            sys.stdin, sys.stdout, sys.stderr = saved
            for name, value in saved_env.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        return Result(code, out, err)
