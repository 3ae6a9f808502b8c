"""Survive engine: resolving one encounter (target ≤ 1 ms), against baselines from the same run.

Baseline: ``dataclasses.replace`` of the encounter's SpaceContents – the price of making one
small value object, so the ratio says how many such objects one resolution costs.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time

from app.rules.survive import (
    apply,
    legal_moves,
    new_game,
    parse_encounter,
    parse_position,
    removal_check,
    resolve_encounter,
)

TARGET_SECONDS = 1e-3
REPEATS = 7
SITUATIONS = [
    "hai: schwimmer rot, blau; boot [gelb, gelb, rot]",
    "wal: boot [rot, blau]; dort hai",
    "schlange: boot []; schwimmer gelb",
    "wal: schwimmer grün; boot [rot, rot]",
]


def _median_per_call(func, calls: int) -> float:
    """Median over REPEATS runs of ``calls`` calls, per call, in seconds."""
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        for _ in range(calls):
            func()
        times.append((time.perf_counter() - started) / calls)
    return statistics.median(times)


def _line(what: str, seconds: float, baseline: float, target: float | None,
          kind: str = "Median") -> str:
    ratio = seconds / baseline
    goal = "kein Ziel vorgegeben" if target is None else f"Ziel ≤ {target * 1e3:.0f} ms"
    verdict = "" if target is None else (" ok" if seconds <= target else " ZU LANGSAM")
    return (f"{what}: {seconds * 1e6:.1f} µs ({kind}) – {goal}{verdict} – "
            f"{ratio:.1f}× Basislinie")


def run() -> list[str]:
    parsed = [parse_encounter(text) for text in SITUATIONS]
    contents = parsed[0][1]
    baseline = _median_per_call(lambda: dataclasses.replace(contents), 20000)

    def resolve_all() -> None:
        for c, space_contents in parsed:
            resolve_encounter(c, space_contents)

    resolve = _median_per_call(resolve_all, 2000) / len(parsed)

    def from_text() -> None:
        for text in SITUATIONS:
            resolve_encounter(*parse_encounter(text))

    with_parse = _median_per_call(from_text, 1000) / len(SITUATIONS)

    state = parse_position("zug: ro entfernen; weg: f3; land: f4 bl3, e4 ro1")
    removal = _median_per_call(lambda: removal_check(state, "f4"), 5000)

    rng = random.Random(1)
    game = new_game(rng)
    steps = 0
    started = time.perf_counter()
    while game.ended is None:
        game, _ = apply(game, rng.choice(legal_moves(game)))
        steps += 1
    per_move = (time.perf_counter() - started) / steps

    return [
        f"Basislinie dataclasses.replace(SpaceContents): {baseline * 1e6:.2f} µs",
        _line("Begegnung auflösen (resolve_encounter)", resolve, baseline, TARGET_SECONDS),
        _line("Begegnung aus Text (parse_encounter + resolve_encounter)", with_parse, baseline,
              TARGET_SECONDS),
        _line("Entfernen-Trainer (removal_check)", removal, baseline, TARGET_SECONDS),
        _line(f"Zufallspartie, ein Zug (legal_moves + apply, {steps} Züge)", per_move, baseline,
              None, "Mittel"),
    ]


if __name__ == "__main__":
    print("\n".join(run()))
