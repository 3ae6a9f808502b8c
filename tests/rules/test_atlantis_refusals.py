"""Atlantis refusals carry a reason code; engine texts follow the content's glossary.

Every code in ``GAME.info.refusal_codes`` is driven here once and compared by its code, never by
the German text, and no other code is raised anywhere in the engine. Then the engine's German –
explanations of random games, every refusal, every invariant reason – is held to the rules of
the content: none of the glossary's avoided words, rulings named „Auslegung X1“ (never „unsere
Festlegung“ or a bare code), items named with their colour.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import yaml

from app.rules.atlantis import (
    GAME,
    Advance,
    Item,
    State,
    TileSet,
    apply,
    cards_to_draw,
    explain,
    gap_cost,
    parse_move,
    parse_state,
    random_game,
    score,
    standard_setup,
    target,
    violations,
)
from app.rules.atlantis.game import INPUT_REFUSALS, MOVE_REFUSALS, POSITION_REFUSALS
from app.rules.errors import IllegalMoveError, NotationError, RulesError

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "app" / "rules" / "atlantis"
CONTENT = ROOT / "content" / "atlantis"


def _move(position: str, move: str):
    return lambda: apply(parse_state(position), parse_move(move))


FINAL = "R3 ~ K5 ~ H2 [aaabb] | b: R | zug:b phase:schluss"
OVER = "| a: R K5 | b: SS O4 | phase:ende"

# (code, what triggers it): one row per code a refusal may carry.
REFUSALS = [
    # --- moves the rules forbid ------------------------------------------------------------------
    ("game_ended", _move(FINAL, "0:R")),
    ("game_over", _move(OVER, "0:R")),
    ("not_ended", _move("R3 | a: HFFF", "schluss 0")),
    ("turn_over", _move("R3 [a] | a: H K5", "0:H; kaufen K5")),
    ("no_such_place", _move("R3 | a: HFFF", "5:H")),
    ("not_your_pawn", _move("R3 S2 | a: HFFF", "1:H")),
    ("no_card", lambda: apply(parse_state("R3 | a: HFFF"), Advance(0, ()))),
    ("card_not_held", _move("R3 | a: HFFF", "0:S")),
    ("extra_card", _move("H2b S3 R4 [a] | a: HS", "0:SH")),
    ("target_occupied", _move("H2b S3 R4 [a] | a: HS", "0:H")),
    ("cannot_pay", _move("R3 ~ K5 H2 [a] | a: H", "0:H")),
    ("buy_not_first", _move("R3 ~ K5 H2 [a] | a: H K5", "brücke 2; kaufen K5")),
    ("tile_not_held", _move("R3 [a] | a: H K5", "kaufen S4")),
    ("taken_tile_pays", _move("R3 ~ K5 H2 [a] | a: HRRR", "0:H; zahlen K5")),
    ("nothing_to_pay", _move("R3 | a: HFFF", "0:F; zahlen F")),
    ("payment_too_low", _move("R3 ~ K5 H2 [a] | a: HRRR", "0:H; zahlen RR")),
    ("must_pay_all", _move(FINAL, "schluss 0; zahlen -")),
    ("bridge_placed", _move("R3 ~ K5 H2 | a: HFFF =", "brücke 2")),
    ("bridge_after_end", _move("R3 ~ K5 H2 [aaa] | b: SRKHA | zug:b phase:schluss", "brücke 2")),
    ("bridge_not_on_gap", _move("R3 ~ K5 H2 | a: HFFF", "brücke 1")),
    ("gap_bridged", _move("R3 =b K5 H2 | a: HFFF", "brücke 2")),
    ("can_move", _move("R3 ~ K5 | a: SRKH", "kein Zug")),
    ("bridge_helps", _move("R3 ~ K5 [a] | a: S", "kein Zug")),
    # --- positions no game reaches (one per invariant flag) --------------------------------------
    ("pawns", lambda: parse_state("R3a S2a K2a [a]")),
    ("pawn_places", lambda: parse_state("R3ab")),
    ("stacks", lambda: parse_state("R3/K5/H2")),
    ("edge_water", lambda: parse_state("~ R3")),
    ("bridges", lambda: parse_state("R3 =a ~ =a K5")),
    ("cards", lambda: parse_state("R3 | a: " + "R" * 16)),
    ("phase", lambda: parse_state("R3 [aaa] | a: H")),
    ("debt", lambda: parse_state("R3 [a] | a: HFFF -2")),
    ("started", lambda: parse_state(OVER + " begonnen")),
    ("tiles", lambda: parse_state("R3 [a] | a: H K5 | schachtel:3")),
    ("start_hand", lambda: parse_state("R3 | a: H")),
    # --- values that are not what the engine asks for --------------------------------------------
    ("not_a_position", lambda: apply("R3", Advance(0, (Item.HELM,)))),  # type: ignore[arg-type]
    ("not_a_move", lambda: apply(parse_state("R3 | a: HFFF"), "0:H")),  # type: ignore[arg-type]
    ("malformed_move", lambda: apply(parse_state("R3 | a: HFFF"),
                                     Advance("0", (Item.HELM,)))),  # type: ignore[arg-type]
    ("not_an_item", lambda: target(parse_state("R3 | a: HFFF"), 0, "H")),  # type: ignore[arg-type]
    ("tile_value", lambda: gap_cost(0, 3)),
    ("count", lambda: score([3], -1)),
    ("pawns_home", lambda: cards_to_draw(4)),
    ("players", lambda: standard_setup(5)),
    ("tile_set", lambda: standard_setup(2, tiles=TileSet((), (), ""))),
    ("variant", lambda: GAME.new_game(variant="turbo")),
    ("notation", lambda: parse_state("R3 | a: H? ")),
]


@pytest.mark.parametrize(("code", "call"), REFUSALS, ids=[code for code, _ in REFUSALS])
def test_each_refusal_carries_its_code(code, call):
    with pytest.raises(RulesError) as refused:
        call()
    assert refused.value.code == code
    assert str(refused.value)
    kind = IllegalMoveError if code in MOVE_REFUSALS else RulesError
    assert isinstance(refused.value, kind)
    if code in POSITION_REFUSALS:
        assert isinstance(refused.value, NotationError)


def test_the_table_drives_exactly_the_listed_codes():
    assert {code for code, _ in REFUSALS} == set(GAME.info.refusal_codes)
    assert GAME.info.refusal_codes == MOVE_REFUSALS | POSITION_REFUSALS | INPUT_REFUSALS
    assert "illegal" not in GAME.info.refusal_codes  # no refusal keeps the class default


def test_no_code_is_raised_that_is_not_listed():
    written = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.keyword) and node.arg == "code"
                    and isinstance(node.value, ast.Constant)):
                written.add(node.value.value)
    assert written, "the scan must find the codes"
    assert written <= GAME.info.refusal_codes, written - GAME.info.refusal_codes


# --- the engine's German follows the content ----------------------------------------------------

GLOSSARY = yaml.safe_load((CONTENT / "glossary.yaml").read_text(encoding="utf-8"))
AVOIDED = sorted({word for term in GLOSSARY["terms"] for word in term.get("avoid", ())})
RULINGS = {entry["code"] for entry in yaml.safe_load(
    (CONTENT / "game.yaml").read_text(encoding="utf-8"))["interpretations"]}
_AVOIDED = re.compile(r"\b(" + "|".join(map(re.escape, AVOIDED)) + r")\b", re.I)
_CODE = re.compile(r"\b[RE][0-9]\b")
_NAMED = re.compile(r"Auslegung(?:en)? [RE][0-9](?:(?:, | und )[RE][0-9])*")


def text_problems(text: str) -> list[str]:
    """What the content rules would say about one engine text."""
    text = re.sub(r"„[^“]*“", "„…“", text)  # an echo of what the player typed, e.g. „R3/K5“
    found = [f"vermeiden: {m.group(0)}" for m in _AVOIDED.finditer(text)]
    if "Festlegung" in text:
        found.append("„Festlegung“ statt „Auslegung“")
    named = {m.start() for run in _NAMED.finditer(text) for m in _CODE.finditer(text, run.start(),
                                                                                run.end())}
    for match in _CODE.finditer(text):
        if match.start() not in named:
            found.append(f"{match.group(0)} ohne „Auslegung“")
        if match.group(0) not in RULINGS:
            found.append(f"{match.group(0)} ist keine Auslegung des Inhalts")
    for item in Item:
        for match in re.finditer(rf"\b{item.label}\b", text):
            if not re.match(rf" (?:[1-7] )?\({item.colour_name}\)", text[match.end():]):
                found.append(f"{item.label} ohne Farbe")
    return found


def test_the_checker_sees_what_the_issue_named():
    assert text_problems("Dort kommt ein Wasserplättchen hin.")
    assert text_problems("Dafür bekommst du 2 Karten.")
    assert text_problems("Das Spiel endet (unsere Festlegung E1).")
    assert text_problems("Der Rest zählt minus (S. 5–6, R6).")
    assert text_problems("Das nächste Krone-Plättchen liegt auf Feld 3.")
    assert not text_problems("Du nimmst Krone 5 (gelb) von Feld 3 (Auslegung R1).")


def _explanations(games: int):
    for seed in range(games):
        for step in random_game(seed, players=2 + seed % 3):
            yield step.outcome, explain(step.outcome)


def test_explanations_of_random_games_follow_the_content():
    seen = 0
    for _outcome, explanation in _explanations(12):
        for step in explanation.steps:
            seen += 1
            assert not text_problems(step.text), (step.text, text_problems(step.text))
            assert step.pages, step.text  # every step rests on a page or a ruling
            assert set(step.rulings) <= RULINGS, step
    assert seen > 1000


def test_refusals_and_invariant_reasons_follow_the_content():
    for code, call in REFUSALS:
        try:
            call()
        except RulesError as refused:
            assert not text_problems(str(refused)), (code, str(refused))
    reasons = [reason for state in _impossible_positions() for reason in violations(state)]
    assert len(reasons) >= 4
    for reason in reasons:
        assert not text_problems(reason), reason


def _impossible_positions() -> list[State]:
    """Positions that break each invariant, built without the parser (which would refuse)."""
    from dataclasses import replace

    start = standard_setup(3, seed=2)
    players = list(start.players)
    players[0] = replace(players[0], hand=(1, 0, 0, 0, 0, 0, 0))
    return [
        replace(start, players=tuple(players)),
        replace(start, box=5),
        replace(start, discard=7),
        replace(start, path=start.path * 2),
    ]


def test_the_explanation_tells_every_part_of_a_turn_with_its_sources():
    """The board page shows GAME.explain: each thing that happened is one step with pages."""
    state = parse_state("R3 ~ K5 ~ H2 S4 [a] | a: HS K6 | stapel:RSKHAOF")
    _, outcome = apply(state, parse_move("kaufen K6; brücke 2; 0:H"))
    steps = GAME.explain(outcome).steps
    assert steps[0].text.startswith("Zu Beginn deines Zuges legst du dein Plättchen Krone 6 "
                                    "(gelb) in die Schachtel")
    assert "ziehst du drei Karten (Ring (blau), Statue (weiß), Krone (gelb))" in steps[0].text
    assert steps[0].pages == (4, "R8")
    assert steps[1].text.startswith("Du legst deine Brücke") and steps[1].pages == (4, "R3")
    taken = next(s for s in steps if "nimmst Krone 5 (gelb) von Feld 3" in s.text)
    assert taken.pages == (3,)
    water = next(s for s in steps if "wird zum Wasserfeld" in s.text)
    assert "Auslegung R4" in water.text and water.pages == (3, 4, "R4")
    paid = next(s for s in steps if s.text.startswith("Du bezahlst 2"))
    assert paid.pages == (4, "R1")
    assert steps[-1].text.startswith("Am Zugende ziehst du 2 Karten (Helm (grau), Amphore (braun))")
    assert steps[-1].pages == (3, 5)

    _, outcome = apply(parse_state("R3 ~ K5 H2 [a] | a: H K3"), parse_move("0:H; brücke 2"))
    later = next(s for s in GAME.explain(outcome).steps if "Nach dem Nehmen" in s.text)
    assert "Auslegung E4" in later.text and later.pages == (4, "R3", "E4")


def test_the_end_of_the_game_is_a_step():
    _, outcome = apply(parse_state("R3 K4 [aa] | a: H | b: SFFFF"), parse_move("0:H"))
    last = GAME.explain(outcome).steps[-1]
    assert last.text.startswith("Das Spiel ist vorbei.") and last.pages == (5, 6, "R5", "R6")
    state = parse_state("R3 ~ K5 [aaabb] | a: - | b: R | zug:b phase:schluss")
    _, outcome = apply(state, parse_move("schluss 0"))
    last = GAME.explain(outcome).steps[-1]
    assert "Das Spiel ist vorbei" in last.text and outcome.phase.value == "ende"


@pytest.mark.parametrize(("text", "valid"), [
    ("R3 | a: HRSK", True),            # the 4 start cards of the start player
    ("R3 | a: HRSKAO", True),          # … and 2 more after one „kein Zug“ (S. 3)
    ("R3 | a: HRSKA", False),          # one card more than the draws allow
    ("R3 | a: HRSKA | stapel:-", True),  # unless the pile ran out (Auslegung R7)
    ("R3 | a: HRS", False),            # fewer than the start hand: impossible without moving
    ("R3 | a: HRSK | b: RSKH", False),  # the second seat starts with 5
    ("R3 | a: HRSK K5", False),        # a tile although no pawn ever moved
    ("R3 [a] | a: H K5", True),        # one pawn home: she has played, taken, paid
    ("R3 | a: HRSK | b: - | zug:b", False),
])
def test_start_hand_flag(text, valid):
    """START_HAND: a player whose pawns all stand on Atlantis never played a card (issue #26)."""
    if valid:
        assert parse_state(text)
        return
    with pytest.raises(NotationError) as refused:
        parse_state(text)
    assert refused.value.code == "start_hand"


def test_card_and_tile_totals_are_kept_by_random_play_and_broken_by_one_edit():
    from dataclasses import replace

    from app.rules.atlantis import Status, status

    for step in random_game(3, players=3):
        assert not status(step.after) & (Status.CARDS | Status.TILES | Status.START_HAND)
    end = step.after
    assert status(replace(end, discard=end.discard + 1)) & Status.CARDS
    assert status(replace(end, box=end.box + 1)) & Status.TILES
