"""Atacama engine speed: a whole random game plus scoring, target ≤ 2 ms.

The baseline, measured in the same run, is the bare cost of any immutable random game of the
same length: 28 × (``random.choice`` from 81 squares + copying an 81-entry tuple with one
entry changed). The ratio says how much the rules themselves cost on top of that.
"""

from __future__ import annotations

import random
import statistics
import time

from app.rules.atacama import (
    Variant,
    apply,
    is_over,
    legal_moves,
    line_scores,
    new_game,
    practice_board,
    random_game,
    score,
)

TARGET_MS = 2.0
GAMES_PER_BATCH = 200
REPETITIONS = 7


def _median_ms(batch) -> float:
    """Median over repetitions of the per-item time of ``batch`` (which runs GAMES_PER_BATCH)."""
    batch()  # warm-up
    samples = []
    for _ in range(REPETITIONS):
        start = time.perf_counter()
        batch()
        samples.append((time.perf_counter() - start) * 1000 / GAMES_PER_BATCH)
    return statistics.median(samples)


def _baseline_batch() -> None:
    squares = list(range(81))
    for seed in range(GAMES_PER_BATCH):
        rng = random.Random(seed)
        cells = (0,) * 81
        for _ in range(28):
            i = rng.choice(squares)
            cells = (*cells[:i], 1, *cells[i + 1 :])


def _game_batch(variant: Variant):
    board = practice_board(1)

    def batch() -> None:
        for seed in range(GAMES_PER_BATCH):
            rng = random.Random(seed)
            state = new_game(variant, board)
            while not is_over(state):
                state, _ = apply(state, rng.choice(legal_moves(state)))
            score(state)

    return batch


def run() -> list[str]:
    baseline = _median_ms(_baseline_batch)
    lines = []
    variants = [
        ("2 players, base game", Variant()),
        ("2 players, Taktikvariante", Variant(2, tactical=True)),
        ("2 players, Aufbauspiel", Variant(2, buildup=True)),
        ("4 players", Variant(4)),
    ]
    for label, variant in variants:
        ms = _median_ms(_game_batch(variant))
        verdict = "ok" if ms <= TARGET_MS else "TOO SLOW"
        lines.append(
            f"Atacama random game + scoring ({label}): {ms:.3f} ms per game "
            f"(target ≤ {TARGET_MS:.0f} ms, {verdict}); "
            f"{ms / baseline:.1f}× the baseline of {baseline:.3f} ms "
            "(28 × random.choice + 81-tuple copy)"
        )
    finished = [random_game(seed) for seed in range(GAMES_PER_BATCH)]

    def score_batch() -> None:
        for state in finished:
            score(state)
            score(state, unit_values=True)

    def breakdown_batch() -> None:
        for state in finished:
            line_scores(state, 0)
            line_scores(state, 1)

    for label, batch in (
        ("score() both readings", score_batch),
        ("line_scores() both players", breakdown_batch),
    ):
        ms = _median_ms(batch)
        lines.append(
            f"Atacama {label}: {ms * 1000:.1f} µs per finished game "
            f"({ms / baseline:.2f}× the baseline of {baseline:.3f} ms)"
        )
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
