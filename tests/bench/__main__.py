"""Run every benchmark: ``python -m tests.bench`` (or ``python -m tests.bench startup``).

Each ``bench_*.py`` module has ``run() -> list[str]``; its lines carry the figure,
the target and a ratio against a baseline measured in the same run.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str]) -> int:
    names = sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
    if argv:
        names = [n for n in names if any(a in n for a in argv)]
    for name in names:
        module = importlib.import_module(f"tests.bench.{name}")
        print(f"== {name.removeprefix('bench_')}")
        for line in module.run():
            print(f"   {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
