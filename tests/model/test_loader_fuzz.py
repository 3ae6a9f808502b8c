"""Mutation fuzz of the shipped YAML: every variant loads or gives German ``file:line`` lines.

The suite runs a CI-sized number of variants (a few seconds); a larger run, e.g. the
10,000 variants of issue #13, is one environment variable away (see README)::

    REGELFRISCH_FUZZ_EXAMPLES=10000 .venv/bin/python -m pytest tests/model/test_loader_fuzz.py
"""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.model.library import FailedGame, LoadedGame
from app.model.loader import load_entry
from tests.conftest import REPO

EXAMPLES_FROM_ENV = os.environ.get("REGELFRISCH_FUZZ_EXAMPLES")
EXAMPLES = int(EXAMPLES_FROM_ENV or "120")
FILES = sorted((REPO / "content").glob("*/*.yaml"))
ORIGINAL = {path: path.read_bytes() for path in FILES}

# What hand-edited (or hostile) content tends to contain.
SNIPPETS = [
    b": ", b":", b"\t", b"- ", b"? ", b"#", b"&a ", b"*a", b"!!int zwei", b"!!binary x",
    b"!!python/object:os.system x", b"!foo ", b"2013-02-30", b"0b_", b"0x", b"1e9999",
    b"9" * 5000, b"-" * 3, b"...", b"'", b'"', b"\"\\q\"", b"\"\\e[2J\"", b"\x1b[2J",
    b"\x00", b"\xff\xfe", b"\x07", b"\r", b"[", b"]", b"{", b"}", b",", b"|", b">", b"%YAML 1.1",
    b"null", b"~", b"true", b"yes", b"[" * 60, b"{a: " * 40, b"\n  ", b"\n", b"  ", b"\xc3",
    b"id: doppelt", b"pages: [0]", b"pages: [1000]", b"year: 99999999", b"tests: []",
    "Grüße: „x“".encode(), b"<img src='/dev/zero'>", b"\\", b"@", b"`", b"%",
]

# Mutations: (kind, position 0..1, length 0..1, snippet index, second position)
MUTATION = st.tuples(
    st.sampled_from(["insert", "delete", "replace", "duplicate-line", "swap-lines",
                     "indent", "dedent", "flip-byte"]),
    st.floats(0, 1), st.floats(0, 1), st.integers(0, len(SNIPPETS) - 1), st.floats(0, 1),
)


def mutate(data: bytes, mutations) -> bytes:
    for kind, where, length, snippet_index, other in mutations:
        pos = int(where * len(data))
        snippet = SNIPPETS[snippet_index]
        if kind == "insert":
            data = data[:pos] + snippet + data[pos:]
        elif kind == "delete":
            data = data[:pos] + data[pos + 1 + int(length * 40):]
        elif kind == "replace":
            data = data[:pos] + snippet + data[pos + 1 + int(length * 10):]
        elif kind == "flip-byte" and data:
            pos = min(pos, len(data) - 1)
            data = data[:pos] + bytes([data[pos] ^ (1 << int(length * 7))]) + data[pos + 1:]
        else:
            lines = data.split(b"\n")
            i = min(int(where * len(lines)), len(lines) - 1)
            j = min(int(other * len(lines)), len(lines) - 1)
            if kind == "duplicate-line":
                lines.insert(j, lines[i])
            elif kind == "swap-lines":
                lines[i], lines[j] = lines[j], lines[i]
            elif kind == "indent":
                lines[i] = b"  " + lines[i]
            elif kind == "dedent":
                lines[i] = lines[i][2:]
            data = b"\n".join(lines)
    return data


ENGLISH = ("found ", "expected ", "while ", "could not", "not allowed", "Input should",
           "Field required", "invalid literal", "out of range", "Exceeds the limit",
           "object has no", "unacceptable character", "did not find")


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fuzz") / "content"
    shutil.copytree(REPO / "content", root)
    return root


@pytest.fixture(autouse=True, scope="module")
def _engine_verdicts_once():
    # Most variants leave examples.yaml as it is; its verdicts need computing only once.
    # Changed examples still go to the real engine.
    from app.model import examples

    real = examples.check_examples
    memo: dict[tuple[str, str], dict] = {}

    def check_examples(game_id, items):
        key = (game_id, "\n".join(item.model_dump_json() for item in items))
        if key not in memo:
            memo[key] = real(game_id, items)
        return memo[key]

    examples.check_examples = check_examples
    yield
    examples.check_examples = real


_timed_out: list[bool] = []


def _alarm(signum, frame):
    # Remembered too: raised inside a garbage-collector callback, the error would be lost.
    _timed_out.append(True)
    raise TimeoutError("a mutated file made the loader hang")


# CPU seconds, not wall seconds: on a busy machine a normal load may wait long for a core.
CPU_LIMIT = 20.0


@settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES_FROM_ENV is None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(file_index=st.integers(0, len(FILES) - 1),
       mutations=st.lists(MUTATION, min_size=1, max_size=4))
def test_mutated_content_never_gives_a_traceback_or_a_hang(games, file_index, mutations):
    source = FILES[file_index]
    folder = games / source.parent.name
    target = folder / source.name
    data = mutate(ORIGINAL[source], mutations)
    target.write_bytes(data)
    previous = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, CPU_LIMIT)
    try:
        entry = load_entry(folder)  # any exception here fails the test with its traceback
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        target.write_bytes(ORIGINAL[source])
    assert not _timed_out, "a mutated file made the loader hang"
    assert isinstance(entry, LoadedGame | FailedGame)
    if isinstance(entry, FailedGame):
        assert entry.problems
        for problem in entry.problems:
            text = str(problem)
            assert "interner Fehler" not in problem.message, text
            assert text.isprintable() and "\n" not in text, repr(text)
            assert problem.file.parent == folder, text
            assert problem.line is not None, text
            assert text.startswith(f"{problem.file}:{problem.line}: "), text
            assert not any(word in problem.message for word in ENGLISH), text
