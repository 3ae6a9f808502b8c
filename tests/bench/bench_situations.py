"""One engine-made quiz question (practice position + answer + misconceptions)."""

from __future__ import annotations

import statistics
import time

from app.model.situations import make_situation
from app.rules.atlantis import practice_situation

TARGET_MS = 20.0
SEEDS = range(1, 201)


def _median_ms(function) -> float:
    times = []
    for seed in SEEDS:
        started = time.perf_counter()
        function(seed)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def run() -> list[str]:
    baseline = _median_ms(lambda seed: practice_situation(seed * 1000, 3))
    question = _median_ms(make_situation)
    verdict = "ok" if question <= TARGET_MS else "ZU LANGSAM"
    return [
        f"baseline: one practice position alone: {baseline:.2f} ms (median of {len(SEEDS)})",
        f"one situation question: {question:.2f} ms median (target ≤ {TARGET_MS:.0f} ms) "
        f"{verdict}",
        f"ratio vs. the practice position alone: {question / baseline:.2f}×",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
