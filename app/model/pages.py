"""Page references as a reader expects them; no pydantic, so the first frame stays light."""

from __future__ import annotations

import re
from typing import Any


def format_pages(pages: list[Any]) -> str:
    """Render page refs as a reader expects them: ``[3, 4]`` → ``S. 3–4``.

    Runs of consecutive pages collapse to a range; references to other
    sources (strings such as ``"engl. 3"``) follow after a semicolon.
    """
    numbers = sorted({p for p in pages if isinstance(p, int)})
    others = [p for p in pages if not isinstance(p, int)]
    parts: list[str] = []
    run_start = prev = None
    for page in numbers:
        if prev is not None and page == prev + 1:
            prev = page
            continue
        if run_start is not None:
            parts.append(_run(run_start, prev))
        run_start = prev = page
    if run_start is not None:
        parts.append(_run(run_start, prev))
    chunks = []
    if parts:
        chunks.append("S. " + ", ".join(parts))
    for other in others:
        match = re.match(r"^(.*?)\s*(\d[\d–-]*)$", other)
        chunks.append(f"{match.group(1)} S. {match.group(2)}".strip() if match else other)
    return "; ".join(chunks)


def _run(start: int, end: int) -> str:
    return str(start) if start == end else f"{start}–{end}"
