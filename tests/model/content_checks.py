"""Small content checks shared by the per-game content tests.

The glossary, address and yes/no rules are checked for every shipped game at once in
tests/model/test_quality.py, through ``regelfrisch --check`` (app/model/quality.py).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from app.model.loader import load_game
from app.model.paths import content_root
from app.model.schema import Game, QuizItem


@cache
def game(game_id: str) -> Game:
    return load_game(content_root() / game_id).game


def folder(game_id: str) -> Path:
    return content_root() / game_id


def text_fields(g: Game) -> list[tuple[str, str]]:
    """Every text a player reads, with where it comes from (ids and codes left out)."""
    c = g.content
    out: list[tuple[str, str]] = [("summary", c.summary), ("starts", c.starts)]
    out += [(s.id, t) for s in c.steps for t in (s.title, s.text)]
    out += [(n.id, t) for n in c.numbers for t in (n.label, n.value)]
    out += [(p.id, t) for p in c.pitfalls for t in (p.title, p.wrong, p.right)]
    out += [(i.id, t) for i in c.interpretations for t in (i.title, i.ruling, i.reason)]
    out += [(o.id, o.text) for o in c.open_questions]
    out += [(v.id, t) for v in c.variants for t in (v.title, v.text)]
    out += [(q.id, t) for q in g.quiz for t in (q.question, q.answer, q.explanation)]
    out += [(e.id, t) for e in g.examples for t in (e.title, e.note or "")]
    return out


def quiz_text(item: QuizItem) -> str:
    return " ".join((item.question, item.answer, item.explanation))


def tested(g: Game) -> set[str]:
    return {t for q in g.quiz for t in q.tests}


def ruling_coverage(g: Game) -> float:
    ids = [i.id for i in g.content.interpretations]
    return sum(i in tested(g) for i in ids) / len(ids)
