"""Atlantis engine speed: one move, one whole game, one practice situation.

Targets from the issue: ``legal_moves`` + ``apply`` per move ≤ 50 µs (median), a full random
4-player game ≤ 10 ms, one practice situation ≤ 15 ms. The baseline, measured in the same run,
is ``dataclasses.replace`` of a mid-game state (the cheapest possible "new state").

Each case is repeated and its fastest run kept (as ``timeit`` advises: slower runs measure the
other processes on the machine, not the engine); the figure is the median over the cases.
"""

from __future__ import annotations

import dataclasses
import statistics
import time
from collections.abc import Callable

from app.rules.atlantis import State, apply, legal_moves, practice_situation, random_game

REPEATS = 5
GAMES = 12


def _fresh(state: State) -> State:
    # A copy without the derived-facts cache, so every measurement starts from scratch.
    return State(state.path, state.players, state.turn, state.phase, state.pile, state.discard,
                 state.box, state.started)


def _median_of(samples: list[float]) -> float:
    return statistics.median(samples)


def _fastest(run: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def per_move() -> tuple[float, int]:
    steps = [step for seed in range(GAMES) for step in random_game(seed, players=4)]
    per_step: list[list[float]] = [[] for _ in steps]
    clock = time.perf_counter
    for _ in range(REPEATS):
        states = [_fresh(step.before) for step in steps]
        for k, (state, step) in enumerate(zip(states, steps, strict=True)):
            started = clock()
            legal_moves(state)
            apply(state, step.move)
            per_step[k].append(clock() - started)
    return _median_of([min(times) for times in per_step]), len(steps)


def per_game() -> float:
    return _median_of([_fastest(lambda seed=seed: list(random_game(seed, players=4)))
                       for seed in range(GAMES)])


def per_situation() -> float:
    return _median_of([_fastest(lambda seed=seed: practice_situation(seed, players=4))
                       for seed in range(GAMES)])


def baseline() -> float:
    state = next(step.after for n, step in enumerate(random_game(1, players=4)) if n == 30)

    def thousand() -> None:
        for turn in range(1000):
            dataclasses.replace(state, turn=turn % 4)

    return _fastest(thousand) / 1000


def _line(label: str, value: float, target: float, base: float) -> str:
    verdict = "ok" if value <= target else "ZU LANGSAM"
    unit, scale = ("µs", 1e6) if target < 1e-3 else ("ms", 1e3)
    return (f"{label}: {value * scale:.1f} {unit} (Ziel ≤ {target * scale:.0f} {unit}) {verdict}; "
            f"{value / base:.0f}× dataclasses.replace des Zustands")


def run() -> list[str]:
    base = baseline()
    move, count = per_move()
    return [
        f"Baseline dataclasses.replace eines Zustands: {base * 1e6:.2f} µs",
        _line(f"legal_moves + apply je Zug (Median über {count} Züge, je bester von {REPEATS})",
              move, 50e-6, base),
        _line(f"ganzes Zufallsspiel, 4 Spieler (Median über {GAMES})", per_game(), 10e-3, base),
        _line("eine Übungssituation, 4 Spieler", per_situation(), 15e-3, base),
    ]


if __name__ == "__main__":
    print("\n".join(run()))
