"""A matplotlib figure as an inline ``<svg>`` for the report's pages."""

from __future__ import annotations

import io
from typing import Any


def figure_svg(fig: Any, salt: str) -> str:
    """The figure as an inline ``<svg>`` element (its ids salted: several share the page)."""
    import matplotlib

    matplotlib.rcParams["svg.hashsalt"] = salt
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    start, end = text.find("<metadata>"), text.find("</metadata>")  # RDF of no use to a reader
    return text if start < 0 else text[:start] + text[end + len("</metadata>"):]
