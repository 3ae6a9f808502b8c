"""The text checker: every rule fails on a bad sample, and the whole app reports nothing.

The whole-app tests are split by where a text comes from (one case per module of ``app/`` and
one per engine source), so a failure names the module or engine it belongs to.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from app.model import text_check as tc
from app.model.check import run_check
from app.model.paths import content_root
from app.model.schema import GlossaryFile, GlossaryTerm
from tests.conftest import FIXTURES

ATLANTIS_LIKE = tc.TextRules(
    game_id="atlantis",
    avoid=(("Wasserfeld", "Wasserplättchen"),
           ("nehmen", "bekommst")),
    ruling_codes=frozenset({"R1", "E1", "E2"}),
    coloured_items=(("Fahne", "rosa"),),
)


def messages(text: str, rules: tc.TextRules = ATLANTIS_LIKE) -> list[str]:
    return [f.message for f in tc.findings(text, rules)]


# -- one rule at a time: a bad sample fails, its good twin passes -----------------------------


@pytest.mark.parametrize(("bad", "good", "said"), [
    ("Dort kommt ein Wasserplättchen hin.", "Dort wird das Feld zum Wasserfeld.",
     "dieses Spiel sagt „Wasserfeld“"),
    ("Dafür bekommst du zwei Karten.", "Dafür ziehst du zwei Karten.", "sagt „nehmen“"),
])
def test_glossary_variants(bad, good, said):
    assert any(said in m for m in messages(bad))
    assert messages(good) == []


@pytest.mark.parametrize("bad", [
    "Gleiche Nummer, gleicher Plan – so könnt ihr einen Plan teilen.",
    "Legt ihr die Brücke jetzt?",
    "Das gilt für euch alle.",
    "Hier können Sie die Stellung einfügen.",
    "Wir zeigen Ihnen die Lösung.",
])
def test_the_player_is_du(bad):
    assert any("spricht mit" in m and "„du“" in m for m in messages(bad))


@pytest.mark.parametrize("good", [
    "Die Brücke gehört Blau; mit ihr ist der Zug frei, ihr Besitzer zieht.",
    "Sie liegt auf Feld 3.",  # "she" at the start of a sentence
    "Du kannst sie jetzt legen.",
])
def test_her_and_she_are_not_an_address(good):
    assert messages(good) == []


def test_rulings_are_auslegungen_and_exist():
    assert any("„Auslegung“" in m for m in messages("Das Spiel endet (unsere Festlegung E1)."))
    assert any("keine Auslegung R6" in m for m in messages("Das verbietet Auslegung R6."))
    assert messages("Das verbietet Auslegung E2.") == []


@pytest.mark.parametrize(("bad", "good"), [
    ("Von den Strandplättchenn darfst du eines nehmen.",
     "Von den Strandplättchen darfst du eines nehmen."),
    ("Die Schwämme treiben im Meer.", "Die Schwimmer treiben im Meer."),
    ("Spiel den Delphin.", "Spiel den Delfin."),
    ("Du ziehst ziehst die Karte.", "Du ziehst die Karte, die die anderen sehen."),
    ("Du ziehst , dann zahlst du.", "Du ziehst, dann zahlst du."),
])
def test_known_slips(bad, good):
    assert messages(bad, tc.NEUTRAL)
    assert messages(good, tc.NEUTRAL) == []


@pytest.mark.parametrize(("bad", "good"), [
    ("Du ziehst 1 Karten.", "Du ziehst 1 Karte."),
    ("Ziehen beendet (3 Punkt(e) verfallen).", "Ziehen beendet (3 Punkte verfallen)."),
    ("Es bleiben 2 Lücke.", "Es bleiben 2 Lücken."),
    ("Du hast eine Karten.", "Du hast eine Karte."),
    ("Das kostet −1 Punkte.", "Das kostet −1 Punkt."),
])
def test_number_agreement(bad, good):
    assert any("Einzahl/Mehrzahl" in m for m in messages(bad, tc.NEUTRAL))
    assert messages(good, tc.NEUTRAL) == []


@pytest.mark.parametrize("good", [
    "Feld 1 Karte? Nein: Spieler 1 Punkte zählen später.",  # labels, not counts
    "Person 2 Punkte zählen erst am Ende.",  # Atacama names its players by number
    "Zu viert: 6 + 1 Türme je Person.",
    "1 : 1 : 1 ist Gleichstand.",
])
def test_labels_sums_and_ratios_are_not_counts(good):
    assert messages(good, tc.NEUTRAL) == []


@pytest.mark.parametrize("bad", [
    "Stellung: H2b S3 R4 | a: HS",
    "Spiel weiter mit zug:b und stapel:HRS.",
    "Ein Stapel R3/K5 liegt vorn.",
    "Der Zug 3:HR ist erlaubt.",
    "ro1 steht nicht auf g8.",
    "spieler: ro bl; zug: ro ziehen 3",
    "2p plan=übung:1 türme=e5",
])
def test_notation_stays_behind_fuer_tueftler(bad):
    assert any("Notation" in m for m in messages(bad, tc.NEUTRAL))


def test_quoted_notation_and_notation_texts_are_fine():
    assert messages("Schreib eine Stellung wie „H2b S3 R4 | a: HS“.", tc.NEUTRAL) == []
    assert messages("ro1 steht nicht auf g8.", tc.NEUTRAL.without_notation()) == []
    # A refusal of written notation quotes the input: no rule applies inside the quotes.
    assert messages("„spiele wind d3-b2“ kenne ich nicht.",
                    tc.TextRules(avoid=(("Rückenwind", "Wind"),),
                                 notation=False)) == []


def test_unconfirmed_items_carry_their_colour():
    assert any("„Fahne (rosa)“" in m for m in messages("Du nimmst Fahne 4 von Feld 9."))
    assert messages("Du nimmst Fahne 4 (rosa) von Feld 9.") == []
    assert messages("Du spielst Fahne (rosa) und ziehst.") == []
    assert messages("Du spielst die rosa Fahne.") == []


def test_check_text_names_file_and_line_of_each_problem():
    text = "Erste Zeile.\nHier bekommst du 1 Karten."
    problems = tc.check_text(text, "app/ui/x.py", 10, ATLANTIS_LIKE)
    assert [str(p) for p in problems] == [
        "app/ui/x.py:11: „bekommst“ – dieses Spiel sagt „nehmen“ (glossary.yaml).",
        "app/ui/x.py:11: „1 Karten“ – Zahl und Wort passen nicht zusammen (Einzahl/Mehrzahl).",
    ]


# -- finding the German text in the source ----------------------------------------------------


def test_literals_are_found_with_their_line_and_names_are_skipped(tmp_path):
    module = tmp_path / "atlantis_demo.py"
    module.write_text(
        '"""Docstring: hier bekommst du nichts, das ist kein Text."""\n'
        "def f(w, n):\n"
        '    w.setObjectName("so könnt ihr")\n'
        '    w.setStyleSheet("QLabel { color: red; }")\n'
        '    keys = {"bekommst du das": 1}\n'
        '    w.setToolTip("Gleiche Nummer – so könnt ihr teilen.")\n'
        '    return (f"Dafür bekommst du {n} Karten, "\n'
        '            "sagt die Regel.")\n', encoding="utf-8")
    texts = tc.AppTexts({"atlantis": ATLANTIS_LIKE})
    problems = tc.source_problems(texts, tmp_path)
    assert [(p.line, p.message.split(" – ")[0]) for p in problems] == [
        (6, "„könnt ihr“ spricht mit „ihr“ an; dieses Spiel sagt „du“ (glossary.yaml, address)."),
        (7, "„bekommst“"),
    ]


def test_a_module_belongs_to_the_game_its_path_names():
    texts = tc.AppTexts({"atlantis": ATLANTIS_LIKE, "survive": tc.NEUTRAL})
    assert texts.for_module(Path("app/ui/views/atlantis_board_view.py")) is ATLANTIS_LIKE
    assert texts.for_module(Path("app/rules/atlantis/explain.py")) is ATLANTIS_LIKE
    assert texts.for_module(Path("app/ui/main_window.py")) is tc.NEUTRAL


def test_notation_errors_and_notation_writers_may_show_notation(tmp_path):
    module = tmp_path / "demo.py"
    module.write_text('def f():\n    raise NotationError("Schreib es wie ro3, nicht anders.")\n'
                      'MESSAGE = "Die Figur ro3 steht nicht auf dem Feld."\n'
                      'def notation(b, t):\n    return f"2p plan={b} türme={t} für alle"\n',
                      encoding="utf-8")
    problems = tc.source_problems(tc.AppTexts(), tmp_path)
    assert [p.line for p in problems] == [3]


@pytest.mark.parametrize(("text", "german"), [
    ("Du ziehst 2 Karten.", True), ("QLabel#Muted", False), ("objectName", False),
    ("font-family: monospace;", False), ("Nummer der Übungsstellung", True),
    ("Stellung Nr. ", False), ("Not a German text", False),
])
def test_what_counts_as_german_prose(text, german):
    assert tc.is_german_sentence(text) is german


# -- --check on content uses the same rules ---------------------------------------------------


@pytest.fixture
def minigame(tmp_path) -> Path:
    folder = tmp_path / "minigame"
    shutil.copytree(FIXTURES / "minigame", folder)
    (folder / "glossary.yaml").write_text("address: du\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(("replacement", "said"), [
    ("Würfle einmal (unsere Festlegung X1).", "„Festlegung“"),
    ("Würfle 1 Punkte.", "Einzahl/Mehrzahl"),
    ("Würfle, dann zug:b.", "Notation"),
])
def test_check_reports_the_new_rules_in_content_at_file_and_line(minigame, replacement, said):
    game_yaml = minigame / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "Würfle einmal.", replacement), encoding="utf-8")
    out = io.StringIO()
    assert run_check(minigame, out) == 1
    line = next(x for x in out.getvalue().splitlines() if said in x)
    assert line.startswith(f"{game_yaml}:15: ")


def test_rules_come_from_the_games_content():
    rules = tc.shipped_rules()
    atlantis = rules.for_game("atlantis")
    assert ("Fahne", "rosa") in atlantis.coloured_items and ("Ring", "blau") not in \
        atlantis.coloured_items
    assert {"R1", "E1"} <= atlantis.ruling_codes
    assert any(term == "Wasserfeld" for term, _ in atlantis.avoid)
    glossary = GlossaryFile(terms=[GlossaryTerm(term="Würfel", avoid=["Kubus"])])
    assert tc.rules_for(None, glossary).avoid[0][0] == "Würfel"


# -- one word per thing: the three glossaries agree -------------------------------------------


def test_the_glossaries_name_the_source_one_way_and_vorlage_is_the_pack_template():
    import yaml

    terms = {}
    for game_id in tc.GAME_IDS:
        data = yaml.safe_load((content_root() / game_id / "glossary.yaml").read_text("utf-8"))
        terms[game_id] = {t["term"]: set(t["avoid"]) for t in data["terms"]}
    for game_id, game_terms in terms.items():
        assert "Vorlage" in set().union(*game_terms.values()), game_id
    assert "Anleitung" in terms["atlantis"] and "Anleitung" in terms["atacama"]
    assert "Regelvorstellung" in terms["survive"]
    # Survive's source is no publisher's rulebook, and the others' are no blog introduction.
    assert "Anleitung" in terms["survive"]["Regelvorstellung"]
    assert "Regelvorstellung" in terms["atacama"]["Anleitung"]


# -- the whole app reports nothing --------------------------------------------------------------

MODULES = sorted(str(tc.relative(p)) for p in tc.APP_ROOT.rglob("*.py"))


@pytest.fixture(scope="module")
def shipped() -> tc.AppTexts:
    return tc.shipped_rules()


@pytest.mark.parametrize("module", MODULES)
def test_every_literal_of_the_app_passes(shipped, module):
    path = tc.APP_ROOT.parent / module
    rules = shipped.for_module(Path(module))
    about_notation = path.stem in tc.NOTATION_MODULES
    problems = [p for lit in tc.literals(path)
                for p in tc.check_text(lit.text, module, lit.line,
                                       rules.without_notation()
                                       if lit.about_notation or about_notation else rules)]
    assert [str(p) for p in problems] == []


@pytest.mark.parametrize("game_id", tc.GAME_IDS)
def test_what_each_engine_says_in_random_games_passes(shipped, game_id):
    problems = tc._runtime_problems(shipped, tc._PACKAGES[game_id], game_id,
                                    tc._game_texts(game_id, tc.Budget().games,
                                                   tc.Budget().turns))
    assert [str(p) for p in problems] == []


@pytest.mark.parametrize("game_id", tc.GAME_IDS)
def test_every_worked_examples_facts_text_passes(shipped, game_id):
    problems = tc._runtime_problems(shipped, tc._PACKAGES[game_id], game_id,
                                    tc._example_texts(game_id))
    assert [str(p) for p in problems] == []


def test_the_survive_trainers_texts_pass(shipped):
    problems = tc._runtime_problems(shipped, Path("app/rules/survive"), "survive",
                                    tc._survive_trainer_texts(tc.Budget().trainer_positions))
    assert [str(p) for p in problems] == []


def test_the_practice_situations_pass(shipped):
    problems = tc._runtime_problems(shipped, Path("app/model/situations.py"), "atlantis",
                                    tc._situation_texts(tc.Budget().situations))
    assert [str(p) for p in problems] == []


def test_the_survive_practice_situations_pass(shipped):
    problems = tc._runtime_problems(shipped, Path("app/model/survive_situations.py"), "survive",
                                    tc._survive_situation_texts(tc.Budget().situations))
    assert [str(p) for p in problems] == []


def test_the_walk_reaches_explanations_refusals_and_trainers():
    # The sources are not empty: a walk that found nothing would pass every check above.
    kinds = {context.split(",")[0] for context, _text, _n in tc._game_texts("atlantis", 2, 200)}
    assert {"Erklärung", "Ablehnung"} <= kinds
    assert sum(1 for _ in tc._survive_trainer_texts(2)) > 5
    kinds = {context.split()[1] for context, _t, _n in tc._survive_situation_texts(6)}
    assert kinds == {"kreatur", "entfernen", "punkte"}
    assert sum(1 for _ in tc._example_texts("atacama")) > 10
    assert len(MODULES) > 100 and sum(1 for _ in tc.literals(
        tc.APP_ROOT / "ui" / "main_window.py")) > 10
