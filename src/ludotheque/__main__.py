"""``python -m ludotheque`` runs the ``ludotheque`` command."""

from .cli.main import run

run()
