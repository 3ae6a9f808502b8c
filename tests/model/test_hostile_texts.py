"""Texts a pack holds: the verdict on a text never depends on what the process did before,
each check's cost follows the size of its input, and messages quote short excerpts (issue #30)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.model.markup import MAX_NESTING, MAX_REPORTS_PER_TEXT, render_markdown, text_problems
from tests.conftest import REPO

DEEP_NUMBERS = "1. " * 660 + "Text"


def _verdict_in_fresh_process(text: str, render_first: str | None) -> list:
    code = ("import json, sys\n"
            "from app.model.markup import render_markdown, text_problems\n"
            "text, first = json.loads(sys.stdin.read())\n"
            "if first is not None:\n"
            "    render_markdown(first)\n"
            "print(json.dumps([list(p) for p in text_problems(text)]))\n")
    result = subprocess.run([sys.executable, "-c", code], input=json.dumps([text, render_first]),
                            capture_output=True, text=True, cwd=REPO, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


@pytest.mark.parametrize("render_first", [None, "Hallo **du**.", "- a\n    - b"])
def test_deep_nesting_gets_the_same_verdict_in_a_fresh_process_and_after_rendering(
        render_first):
    verdict = _verdict_in_fresh_process(DEEP_NUMBERS, render_first)
    assert verdict == [[0, f"Der Text ist zu tief verschachtelt (Listen oder Zitate, höchstens "
                           f"{MAX_NESTING} Ebenen)."]]


def test_deep_nesting_renders_as_words_without_recursing():
    html = render_markdown(DEEP_NUMBERS)
    assert html.startswith("<p>1. 1. 1.") and "<ol>" not in html


def _levels(kind: str, depth: int) -> str:
    if kind == "list":
        return "\n".join("    " * level + f"- Ebene {level + 1}" for level in range(depth))
    if kind == "quote":
        return "> " * depth + "Zitat"
    # A list in a quote in a list …, as a player might write it.
    return "\n".join("    " * level + ("- " if level % 2 == 0 else "> ") + f"Ebene {level + 1}"
                     for level in range(depth))


@pytest.mark.parametrize("kind", ["list", "quote"])
def test_the_readme_promise_four_levels_of_lists_or_quotes_holds(kind):
    four, five = _levels(kind, MAX_NESTING), _levels(kind, MAX_NESTING + 1)
    assert list(text_problems(four)) == []
    assert [m for _, m in text_problems(five)] == [
        f"Der Text ist zu tief verschachtelt (Listen oder Zitate, höchstens {MAX_NESTING} "
        "Ebenen)."]
    # What is accepted is shown with all its levels, not flattened.
    html = render_markdown(four)
    assert html.count("<ul>") + html.count("<blockquote>") == MAX_NESTING
    assert "Ebene 4" in html or "Zitat" in html


def test_the_readme_states_the_rule_the_check_applies():
    readme = (REPO / "README.md").read_text("utf-8")
    assert f"at most {MAX_NESTING} levels of lists or quotes" in readme


def test_a_long_text_full_of_markup_is_checked_in_linear_time_with_few_messages():
    line = "<b>fett</b> und ![bild](x.png) und [link](http://x) <http://y>\n"
    small, large = line * 200, line * 8000  # 13 KB and 520 KB
    timings = []
    for text in (small, large):
        started = time.perf_counter()
        problems = list(text_problems(text))
        timings.append(time.perf_counter() - started)
        assert len(problems) <= 4 * MAX_REPORTS_PER_TEXT + 1
    # Forty times the text may cost forty times the work, not 1,600 times (generous bound).
    assert timings[1] < 200 * max(timings[0], 1e-3)


def test_a_long_value_in_a_checked_field_is_quoted_short(tmp_path):
    from app.model.loader import load_game
    from app.model.packs import create_pack
    from app.model.yaml_source import ContentError

    folder = create_pack(tmp_path, "Mein Spiel")
    game = folder / "game.yaml"
    # A colour has a form but no length limit: the 200,181-character line the issue saw.
    game.write_text(game.read_text("utf-8").replace(
        "meta:\n", f"meta:\n  accent: \"#{'X' * 200_000}\"\n"), "utf-8")
    with pytest.raises(ContentError) as caught:
        load_game(folder)
    lines = [str(p) for p in caught.value.problems]
    assert lines and max(map(len, lines)) < 500, max(map(len, lines))
    assert any("XXXX" in line and "erwartete Form" in line for line in lines), lines


def test_a_duplicate_long_key_is_quoted_short(tmp_path):
    from app.model.yaml_source import ContentError, read_yaml

    key = "k" * 100_000
    path = tmp_path / "x.yaml"
    path.write_text(f"{key}: 1\n{key}: 2\n", "utf-8")
    with pytest.raises(ContentError) as caught:
        read_yaml(path)
    assert max(len(str(p)) for p in caught.value.problems) < 500


def test_a_problem_message_is_never_longer_than_the_limit():
    from app.model.library import MAX_MESSAGE_CHARS, Problem

    problem = Problem(Path("x.yaml"), 3, "a" * 100_000)
    assert len(problem.message) == MAX_MESSAGE_CHARS
