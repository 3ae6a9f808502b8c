"""Small content checks shared by the per-game content tests.

The glossary, address, ruling-link and yes/no rules are those of ``regelfrisch --check``
(app/model/quality.py); these helpers only phrase their results for the per-game tests.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from app.model.loader import load_game
from app.model.paths import content_root
from app.model.quality import answer_kind, is_yes_no_question, review_game
from app.model.schema import Game, QuizItem


@cache
def game(game_id: str) -> Game:
    return load_game(content_root() / game_id).game


def folder(game_id: str) -> Path:
    return content_root() / game_id


def glossary(game_id: str) -> dict:
    return yaml.safe_load((folder(game_id) / "glossary.yaml").read_text("utf-8"))


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


def _errors(game_id: str, marker: str) -> list[str]:
    found = review_game(game(game_id), folder(game_id)).errors
    return [str(p) for p in found if marker in p.message]


def avoid_hits(game_id: str) -> list[str]:
    return _errors(game_id, "dieses Spiel sagt „")


def plural_address_hits(game_id: str) -> list[str]:
    return _errors(game_id, "spricht mit")


def quiz_text(item: QuizItem) -> str:
    return " ".join((item.question, item.answer, item.explanation))


def tested(g: Game) -> set[str]:
    return {t for q in g.quiz for t in q.tests}


def ruling_link_problems(g: Game) -> list[str]:
    """A quiz item naming a ruling code must list that ruling's id in ``tests``."""
    found = review_game(g, folder(g.id)).errors
    return [str(p) for p in found if "nennt die Auslegung" in p.message]


def yes_no_answers(g: Game) -> list[str]:
    kinds = (answer_kind(q.answer) for q in g.quiz)
    return ["Ja" if kind else "Nein" for kind in kinds if kind is not None]


def yes_no_question_problems(g: Game) -> list[str]:
    """A question asking yes or no gets an answer starting Ja or Nein."""
    return [f"{item.id}: Antwort „{item.answer[:20]}…“" for item in g.quiz
            if is_yes_no_question(item.question) and answer_kind(item.answer) is None]


def ruling_coverage(g: Game) -> float:
    ids = [i.id for i in g.content.interpretations]
    return sum(i in tested(g) for i in ids) / len(ids)
