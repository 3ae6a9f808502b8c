"""Small content checks shared by the per-game content tests.

They mirror the rules the lead adds to ``regelfrisch --check`` (glossary, plural address,
ruling links, quiz coverage and yes/no balance), computed here from the loaded content so the
shipped games are held to them even before those checks exist.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

from app.model.loader import load_game
from app.model.paths import content_root
from app.model.schema import Game, QuizItem

YES_NO_FIRST = re.compile(r"^(Ja|Nein|Nichts|Kein\w*)\b")
RULING_CODE = re.compile(r"\b([A-Z]{1,2}[0-9]{1,2})\b")
PLURAL_ADDRESS = re.compile(
    r"\b(euch|euer|eure|euren|eurem|eurer|eures)\b"
    r"|\b[Ii]hr\s+[a-zäöüß]+t\b"
    r"|\b[a-zäöüß]+t\s+ihr\b")


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


def whole_word(word: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.IGNORECASE)


def avoid_hits(game_id: str) -> list[str]:
    hits = []
    fields = text_fields(game(game_id))
    for term in glossary(game_id)["terms"]:
        for word in term["avoid"]:
            pattern = whole_word(word)
            hits += [f"{where}: „{word}“ statt „{term['term']}“"
                     for where, text in fields if pattern.search(text)]
    return hits


def plural_address_hits(game_id: str) -> list[str]:
    return [f"{where}: {m.group(0)}" for where, text in text_fields(game(game_id))
            for m in PLURAL_ADDRESS.finditer(text)]


def quiz_text(item: QuizItem) -> str:
    return " ".join((item.question, item.answer, item.explanation))


def tested(g: Game) -> set[str]:
    return {t for q in g.quiz for t in q.tests}


def ruling_link_problems(g: Game) -> list[str]:
    """A quiz item naming a ruling code must list that ruling's id in ``tests``."""
    by_code = {i.code: i.id for i in g.content.interpretations}
    problems = []
    for item in g.quiz:
        for code in set(RULING_CODE.findall(quiz_text(item))):
            if code in by_code and by_code[code] not in item.tests:
                problems.append(f"{item.id} nennt {code}, testet aber nicht {by_code[code]}")
    return problems


def yes_no_answers(g: Game) -> list[str]:
    return [m.group(1) for q in g.quiz if (m := YES_NO_FIRST.match(q.answer.strip()))]


YES_NO_QUESTION = re.compile(
    r"^(Darfst|Darf|Dürfen|Zählt|Zählen|Kommen|Kommt|Ist|Sind|Kannst|Kann|Bleibt|Geht|Musst|"
    r"Schaffst|Überlebt|Leben|Erreicht|Schwimmen|Bringst|Hat|Hast|Gilt|Stimmt)\b")


def yes_no_question_problems(g: Game) -> list[str]:
    """A question whose last sentence asks yes or no gets an answer starting Ja or Nein."""
    problems = []
    for item in g.quiz:
        last = re.split(r"(?<=[.!?:])\s+", item.question.strip())[-1]
        if YES_NO_QUESTION.match(last) and not item.answer.startswith(("Ja", "Nein")):
            problems.append(f"{item.id}: „{last}“ – Antwort „{item.answer[:20]}…“")
    return problems


def ruling_coverage(g: Game) -> float:
    ids = [i.id for i in g.content.interpretations]
    return sum(i in tested(g) for i in ids) / len(ids)
