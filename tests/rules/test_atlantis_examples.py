"""The worked examples in content/atlantis/examples.yaml agree with the engine."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from app.model.schema import ExamplesFile
from app.rules.atlantis import EXAMPLE_FACT_KEYS, example_facts

EXAMPLES = Path(__file__).resolve().parents[2] / "content" / "atlantis" / "examples.yaml"

PITFALLS = ["bezahlen-zugbeginn", "zweite-karte", "breite-luecken", "welches-plaettchen",
            "bruecke-fuer-alle", "bruecke-aufheben", "festland-erreichen", "mehr-karten",
            "schlusszug", "kein-zug", "keine-randluecken", "kaufen-zuganfang"]
NUMBERS = ["zahl-startkarten", "zahl-kaufen", "zahl-luecke", "zahl-bezahlen", "zahl-bruecke",
           "zahl-nachziehen", "zahl-dritte-figur", "zahl-kein-zug", "zahl-wertung"]
STEPS = [f"schritt-{n}" for n in range(5)]
RULINGS = [f"r{n}" for n in range(1, 10)] + [f"e{n}" for n in range(1, 7)]


def _load() -> ExamplesFile:
    return ExamplesFile.model_validate(yaml.safe_load(EXAMPLES.read_text(encoding="utf-8")))


EXAMPLE_LIST = _load().examples


def test_examples_file_is_valid_and_big_enough() -> None:
    ids = [e.id for e in EXAMPLE_LIST]
    assert len(ids) >= 25 and len(set(ids)) == len(ids)
    assert all(i.startswith("bsp-") for i in ids)


def test_every_pitfall_and_number_row_has_an_example() -> None:
    covered = {t for e in EXAMPLE_LIST for t in e.tests}
    assert set(PITFALLS + NUMBERS) <= covered
    assert covered <= set(PITFALLS + NUMBERS + STEPS + RULINGS)


@pytest.mark.parametrize("example", EXAMPLE_LIST, ids=[e.id for e in EXAMPLE_LIST])
def test_example_agrees_with_the_engine(example) -> None:
    assert set(example.expect) <= set(EXAMPLE_FACT_KEYS)
    facts = example_facts(example.position, example.action)
    assert {key: facts.get(key) for key in example.expect} == example.expect
