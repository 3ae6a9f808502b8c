"""Every Atlantis rule as a named, table-driven test.

Each row is a position in the engine's notation, an action and the facts the rules demand
(``example_facts``); a ``?`` action asks whether a move is legal at all.
"""

from __future__ import annotations

import pytest

from app.rules.atlantis import (
    MAINLAND,
    PRACTICE_NOTE,
    Advance,
    IllegalMoveError,
    Item,
    NotationError,
    Payment,
    PaymentOption,
    Phase,
    RulesError,
    Tile,
    apply,
    best_payments,
    cards_for_tile,
    cards_to_draw,
    example_facts,
    explain,
    final_scores,
    gap_cost,
    legal_moves,
    parse_move,
    parse_state,
    score,
    standard_setup,
    start_hand_sizes,
    winners,
)
from app.rules.atlantis.setup import PRACTICE_TILES


def case(rule_id: str, position: str, action: str, **expect: object):
    return pytest.param(position, action, expect, id=rule_id)


RULES = [
    # --- moving (S. 3–5) ------------------------------------------------------------------------
    case("besetztes-ziel-erzwingt-weitere-karte", "H2b S3 R4 | a: HSSS", "0:HS",
         targets=[1, 2], passed=[1], extra_cards=1, landing=2),
    case("weitere-karte-beliebiger-gegenstand", "H2b S3 R4 | a: HRFF", "0:HR",
         targets=[1, 3], landing=3),
    case("weitere-karte-auch-derselbe-gegenstand", "H2b S3 R4 | a: HHFF", "0:HH",
         targets=[1, "Festland"], mainland=True),
    case("besetztes-ziel-ohne-weitere-karte-verboten", "H2b S3 R4 | a: HSSS", "? 0:H",
         legal=False),
    case("zweite-karte-nur-bei-besetztem-ziel", "H2b S3 R4 | a: HSSS", "? 0:SH", legal=False),
    case("zweite-karte-in-legal-moves-nur-erzwungen", "H2b S3 R4 | a: HSSS", "zeigen",
         legal_moves=["0:S", "0:HS"]),
    case("nur-das-obere-plaettchen-zaehlt", "R3/H5 H2 | a: HFFF", "0:H", targets=[2], landing=2),
    case("festland-wenn-gegenstand-nicht-mehr-vorne", "R3 S4 K2/H6 | a: HFFF", "0:H",
         landing="Festland", mainland=True, pawns_home=1),
    case("festland-fasst-beliebig-viele-figuren", "R3 [bb] | a: HFFF | b: S", "0:H",
         landing="Festland", pawns_home=1),
    case("nie-zwei-figuren-auf-einem-plaettchen", "H2b H3c S4 | a: HHHF | c: -", "0:HHH",
         targets=[1, 2, "Festland"], passed=[1, 2]),
    case("kette-endet-ohne-karten-verboten", "H2b H3c S4 | a: HHFF | c: -", "? 0:H",
         legal=False),
    # --- taking a tile (S. 3, 5) ----------------------------------------------------------------
    case("plaettchen-direkt-dahinter", "R5 S2 K3 H4 | a: HFFF", "0:H",
         tile_taken="K3", tile_from=3, skipped=[]),
    case("vom-stapel-nur-das-obere", "S4 K2/R1 H3 | a: HFFF", "0:H",
         tile_taken="K2", tile_from=2, new_water=False, path_after="[aabbb] S4 R1 H3a []"),
    case("wasser-und-figur-ueberspringen", "R5 S2 ~ K3b H4 | a: HSSF", "0:H",
         tile_taken="S2", tile_from=2, skipped=[4, 3], skip_reasons=["Figur", "Wasser"]),
    case("kein-freies-plaettchen-dahinter", "H2b S3 R4 | a: HSSS", "0:HS",
         tile_taken="", tile_from=0, skipped=[1]),
    case("festland-letztes-freies-plaettchen", "R3 S4 K2/H6 | a: HFFF", "0:H",
         tile_taken="K2", tile_from=3),
    case("festland-ueberspringt-figur-am-ende", "R3 S4 K2b | a: HFFF", "0:H",
         tile_taken="S4", tile_from=2, skipped=[3], water_gap="2-2"),
    # --- water and gaps (S. 3, 4, 5) ------------------------------------------------------------
    case("neues-wasser", "R5 S2 K3 H4 | a: HFFF", "0:H",
         new_water=True, water_gap="3-3", path_after="[aabbb] R5 S2 ~ H4a []"),
    case("neues-wasser-verbindet-sich-zu-einer-luecke", "R5 S2 ~ K3b H4 | a: HSSF", "0:H",
         new_water=True, water_gap="2-3", path_after="[aabb] R5 ~ ~ K3b H4a []"),
    case("zusammenhaengendes-wasser-ist-eine-luecke", "R5 ~ ~ ~ S2 H4 | a: HRRF", "0:H",
         gaps=1, gap_widths=[3], gap_costs=[2], total_cost=2),
    case("keine-randluecke-neben-atlantis", "K2 H3 | a: HFFF", "0:H",
         tile_taken="K2", removed_ends=1, water_gap="", path_after="[aabbb] H3a []"),
    case("keine-randluecke-neben-festland", "R3 K2 | a: HFFF", "0:H",
         tile_taken="K2", removed_ends=1, path_after="[aabbb] R3 [a]"),
    case("randfeld-faellt-mit-wasser-daneben-weg", "R3 ~ ~ K2 | a: SRRF", "0:S",
         removed_ends=3, path_after="[aabbb] R3 [a]", path_length=1),
    case("randfeld-weg-figurnummern-ruecken-nach", "K2 H3 S5b | a: HFFF", "0:H",
         path_after="[aabb] H3a S5b []"),
    # --- paying (S. 4, R1, R2, R9) --------------------------------------------------------------
    case("luecke-kostet-niedrigeren-nachbarwert", "R3 ~ K5 H2 | a: H RRR", "0:H",
         gap_borders=["3-5"], gap_costs=[3], total_cost=3),
    case("breite-egal", "R5 ~ ~ ~ S2 H4 | a: HRRF", "0:H", gap_widths=[3], total_cost=2),
    case("mehrere-luecken-einzeln-und-zusammen", "R1 ~ K6 ~ S4 ~ ~ H3 A5 [a] | a: A S1 O7", "0:A",
         gaps=3, gap_costs=[1, 4, 3], total_cost=8, paid=8, payment="S1 O7"),
    case("luecken-aller-karten-eines-zuges", "R2 ~ H4b ~ S6 K3 [a] | a: HS K5 R1", "0:HS",
         targets=[3, 5], gap_costs=[2, 4], total_cost=6, paid=6),
    case("nur-mit-zugbeginn-bezahlen", "R3 ~ K5 H2 [a] | a: H", "? 0:H", legal=False),
    case("genommenes-plaettchen-zahlt-nicht", "R3 ~ K5 H2 | a: HRRR", "? 0:H; zahlen K5",
         legal=False),
    case("gespielte-karten-zahlen-nicht", "R3 ~ K5 H2 [a] | a: HRR", "? 0:H", legal=False),
    case("gekaufte-karten-zaehlen-als-zugbeginn", "R3 ~ K5 H2 [a] | a: H S6 | stapel:RRR",
         "kaufen S6; 0:H", bought_cards=3, paid=3, payment="RRR"),
    case("ueberzahlen-wechselgeld-verfaellt", "R3 ~ K5 H2 [a] | a: H O7", "0:H",
         paid=7, change_lost=4),
    case("beste-zahlung-genau-und-karten-behalten", "R3 ~ K5 H2 [a] | a: HRRR S1 O2 | stapel:S",
         "0:H", payment_options=["S1 O2"], payment="S1 O2", hand="RRRS"),
    case("eigene-zahlung-erlaubt", "R3 ~ K5 H2 [a] | a: HRRR S1 O2", "0:H; zahlen RRR",
         payment="RRR", tiles_held=["S1", "K5", "O2"]),
    case("zu-wenig-zahlen-verboten", "R3 ~ K5 H2 | a: HRRR", "? 0:H; zahlen RR", legal=False),
    # --- bridges (S. 2, 4, R3, R4) --------------------------------------------------------------
    case("bruecke-fuer-alle", "R3 =b K5 H2 | a: HFFF", "0:H", bridged_by=["b"], total_cost=0),
    case("bruecke-vor-dem-zug-macht-frei", "R3 ~ K5 H2 [a] | a: H", "brücke 2; 0:H",
         bridge_at=2, bridged_by=["a"], total_cost=0),
    case("bruecke-auf-jede-luecke", "R3 ~ K5 ~ ~ H2 S1 | a: SRRR", "brücke 5; 0:S",
         bridge_at=5, bridge_gap="4-5", gap_costs=[3, 0], total_cost=3, paid=3),
    case("bruecke-gilt-auch-wenn-luecke-waechst", "R3 =b ~ ~ K5 H2 | a: HFFF", "0:H",
         gap_widths=[3], total_cost=0),
    case("bruecke-gilt-in-verschmolzener-luecke", "R3 ~ =b ~ K5 H2 | a: HFFF", "0:H",
         bridged_by=["b"], total_cost=0),
    case("neues-wasser-neben-bruecke-bleibt-frei", "R3 =b K5 H2b S4 | a: SFFF", "0:S",
         water_gap="2-3", path_after="[aabb] R3 =b ~ H2b S4a []"),
    case("bruecke-nach-dem-nehmen", "R3 ~ K5 H2 S6 [a] | a: S K3", "0:S; brücke 4",
         bridge_at=4, bridge_gap="4-4", total_cost=3),
    case("bruecke-danach-zaehlt-nicht-fuer-diesen-zug", "R3 ~ K5 H2 [a] | a: H K3", "0:H; brücke 2",
         bridge_at=2, total_cost=3),
    case("nur-eine-bruecke", "R3 ~ K5 H2 | a: HFFF =", "? brücke 2", legal=False),
    case("bruecke-nur-auf-eine-luecke", "R3 ~ K5 H2 [a] | a: H", "? brücke 1", legal=False),
    case("keine-zweite-bruecke-auf-dieselbe-luecke", "R3 =b ~ K5 H2 | a: HFFF", "? brücke 3",
         legal=False),
    case("keine-bruecke-nach-spielende", "R3 ~ K5 H2 [aaa] | b: SFFFF | zug:b phase:schluss",
         "? brücke 2", legal=False),
    # --- buying (S. 4, R8) ----------------------------------------------------------------------
    case("kaufen-halber-wert-abgerundet", "R3 [a] | a: H K5", "kaufen K5; 0:H", bought_cards=2),
    case("kaufen-1er-bringt-nichts", "R3 [a] | a: H R1", "kaufen R1; 0:H", bought_cards=0,
         tiles_held=["R3"]),
    case("kaufen-7er-bringt-drei", "R3 [a] | a: H O7", "kaufen O7", bought_cards=3, hand_size=4),
    case("kaufen-nur-am-zuganfang", "R3 [a] | a: H K5", "? 0:H; kaufen K5", legal=False),
    case("kaufen-nicht-nach-bruecke", "R3 ~ K5 H2 [a] | a: H K5", "? brücke 2; kaufen K5",
         legal=False),
    case("nur-ein-plaettchen-pro-kauf", "R3 [a] | a: H K5 S4", "? kaufen K5; kaufen S4",
         legal=False),
    case("kaufen-nur-eigene-plaettchen", "R3 | a: HFFF", "? kaufen K5", legal=False),
    # --- drawing (S. 3, 5) ----------------------------------------------------------------------
    case("nachziehen-eine-karte", "R3 S4 K2 | a: SSSF", "0:S", cards_drawn=1),
    case("nachziehen-egal-wie-viele-karten", "H2b S3 R4 | a: HRFF", "0:HR", cards_drawn=1),
    case("nachziehen-schon-im-ankunftszug", "R3 | a: HFFF", "0:H", pawns_home=1, cards_drawn=2),
    case("nachziehen-mit-einer-figur-daheim", "R3 K4 [a] | a: K", "0:K", cards_drawn=2),
    case("nachziehen-mit-zwei-figuren-daheim", "R3 K4 [aa] | a: K", "0:K", cards_drawn=3),
    # --- end of the game (S. 5–6, R5, R6) -------------------------------------------------------
    case("dritte-figur-zug-fertig-vier-karten-ende", "R3 ~ K4 [aa] | a: H S3 | b: SFFFF", "0:H",
         tile_taken="K4", paid=3, cards_drawn=4, game_over=True, phase="schluss",
         next_player="b", end_reason="dritte Figur auf dem Festland"),
    case("schlusszug-ohne-karten-mit-kosten", "R3 ~ K5 ~ H2 [aaa] | b: RRRRR | zug:b phase:schluss",
         "schluss 0", landing="Festland", total_cost=5, paid=5, hand_size=0, tile_taken=""),
    case("schlusszug-schulden-zaehlen-minus",
         "R3 ~ K5 ~ H2 [aaa] | a: - | b: RSKHA | zug:b phase:schluss",
         "schluss 0; schluss 0; schluss 0", paid=5, debt=10, scores=[0, -10], phase="ende"),
    case("schlusszug-jede-figur-zahlt-selbst", "R3 ~ K5 H2b [aaa] | b: RRRRRR | zug:b "
         "phase:schluss", "schluss 0; schluss 0; schluss 4", gap_costs=[3, 3], paid=6),
    case("schlusszug-bruecken-gelten", "R3 =a K5 ~ H2 [aaa] | b: RRFFF | zug:b phase:schluss",
         "schluss 0", gap_costs=[0, 2], paid=2),
    case("schlusszug-muss-zahlen-was-geht", "R3 ~ K5 [aaa] | b: RRRFF | zug:b phase:schluss",
         "? schluss 0; zahlen -", legal=False),
    case("schlusszug-nicht-waehrend-des-spiels", "R3 | a: HFFF", "? schluss 0", legal=False),
    # --- no move possible, empty pile (S. 3, R7) ------------------------------------------------
    case("kein-zug-karten-zeigen-zwei-ziehen", "R3 ~ K5 [a] | a: S = | b: RFFFF", "kein Zug",
         no_move=True, cards_drawn=2, next_player="b"),
    case("kein-zug-in-der-stellung-erkannt", "R3 ~ K5 [a] | a: S = | b: RFFFF", "zeigen",
         no_move_possible=True, legal_moves=["kein Zug"]),
    # E3: the own unused bridge would make the move payable, so "kein Zug" is not on offer
    case("kein-zug-nicht-wenn-die-bruecke-hilft", "R3 ~ K5 [a] | a: S | b: RFFFF", "zeigen",
         no_move_possible=False, legal_moves=["brücke 2"]),
    case("kein-zug-verboten-wenn-die-bruecke-hilft", "R3 ~ K5 [a] | a: S | b: RFFFF", "? kein Zug",
         legal=False),
    case("bruecke-legen-und-ziehen-statt-kein-zug", "R3 ~ K5 [a] | a: S | b: RFFFF",
         "brücke 2; 0:S", paid=0),
    case("kein-zug-nur-wenn-nichts-geht", "R3 ~ K5 | a: SRFF", "? kein Zug", legal=False),
    case("kein-zug-ohne-karten", "R3 K5 [a] | a: - | stapel:HS", "kein Zug",
         drawn=["H", "S"], hand="SH"),
    case("leerer-stapel-nichts-nachziehen", "R3 K4 | a: KFFF | stapel:-", "0:K",
         cards_drawn=0, phase="spiel"),
    case("leerer-stapel-so-viele-wie-da", "R3 K4 [a] | a: K | stapel:H", "0:K",
         cards_drawn=1, drawn=["H"], phase="spiel"),
    case("stillstand-beendet-das-spiel", "R3 ~ K5 [ab] | a: S = | b: S = | stapel:-", "kein Zug",
         game_over=True, phase="schluss", next_player="b"),
    # --- scoring (S. 5–6) -----------------------------------------------------------------------
    case("wertung-plaettchen-plus-karten-minus-schulden", "| a: RR K5 | b: S O4 -2 | phase:ende",
         "zeigen", scores=[7, 3], winners=["a"]),
    case("wertung-gleichstand-mehrere-sieger", "| a: R K5 | b: SS O4 | phase:ende", "zeigen",
         scores=[6, 6], winners=["a", "b"]),
    case("wertung-ungebaute-bruecke-zaehlt-nichts", "| a: R K5 | b: SS O4 = | phase:ende",
         "zeigen", scores=[6, 6]),
]


@pytest.mark.parametrize(("position", "action", "expect"), RULES)
def test_rule(position: str, action: str, expect: dict) -> None:
    facts = example_facts(position, action)
    assert {key: facts.get(key) for key in expect} == expect


def test_every_rule_row_uses_known_fact_keys() -> None:
    from app.rules.atlantis import EXAMPLE_FACT_KEYS

    for row in RULES:
        assert set(row.values[2]) <= set(EXAMPLE_FACT_KEYS), row.id


# --- the reasons given for forbidden moves name the rule ---------------------------------------

REASONS = [
    pytest.param("H2b S3 R4 | a: HSSS", "0:H", "noch eine Karte", id="besetzt"),
    pytest.param("H2b S3 R4 | a: HSSS", "0:SH", "nur, wenn das Ziel", id="zweite-karte"),
    pytest.param("R3 ~ K5 H2 [a] | a: H", "0:H", "Zugbeginn", id="zugbeginn"),
    pytest.param("R3 ~ K5 H2 | a: HRRR", "0:H; zahlen K5", "eben genommenen", id="genommen"),
    pytest.param("R3 [a] | a: H K5", "0:H; kaufen K5", "Anfang des Zuges", id="kaufen"),
    pytest.param("R3 ~ K5 H2 | a: HFFF =", "brücke 2", "schon gelegt", id="eine-bruecke"),
    pytest.param("R3 ~ K5 H2 [aaa] | b: SFFFF | zug:b phase:schluss", "brücke 2",
                 "keine Brücke mehr", id="bruecke-nach-ende"),
    pytest.param("R3 ~ K5 | a: SRFF", "kein Zug", "noch ziehen", id="kein-zug"),
    pytest.param("R3 ~ K5 [a] | a: S | b: RFFFF", "kein Zug", "Auslegung E3", id="kein-zug-e3"),
    pytest.param("R3 | a: HFFF", "5:H", "gibt es nicht", id="kein-feld"),
    pytest.param("R3 S2 | a: HFFF", "1:H", "keine Figur", id="keine-figur"),
    pytest.param("R3 | a: HFFF", "0:S", "keine Karte Statue", id="karte-fehlt"),
]


@pytest.mark.parametrize(("position", "action", "words"), REASONS)
def test_forbidden_move_says_which_rule(position: str, action: str, words: str) -> None:
    state = parse_state(position)
    with pytest.raises(IllegalMoveError, match=words):
        apply(state, parse_move(action))
    facts = example_facts(position, "? " + action)
    assert facts["legal"] is False and words in facts["reason"]


def test_forbidden_move_without_question_is_a_content_error() -> None:
    with pytest.raises(IllegalMoveError):
        example_facts("R3 ~ K5 H2 [a] | a: H", "0:H")


# --- the numbers as functions -------------------------------------------------------------------


@pytest.mark.parametrize(("left", "right", "bridged", "cost"), [
    (3, 5, False, 3), (5, 3, False, 3), (1, 7, False, 1), (4, 4, False, 4), (6, 2, True, 0),
], ids=["links-kleiner", "rechts-kleiner", "eins", "gleich", "bruecke"])
def test_gap_cost(left: int, right: int, bridged: bool, cost: int) -> None:
    assert gap_cost(left, right, bridged) == cost


@pytest.mark.parametrize(("value", "cards"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (7, 3)])
def test_cards_for_tile(value: int, cards: int) -> None:
    assert cards_for_tile(value) == cards


@pytest.mark.parametrize(("home", "cards"), [(0, 1), (1, 2), (2, 3), (3, 4)])
def test_cards_to_draw(home: int, cards: int) -> None:
    assert cards_to_draw(home) == cards


@pytest.mark.parametrize(("tiles", "cards", "cost", "options"), [
    ([5], 0, 3, [((5,), 0)]),
    ([3], 2, 3, [((3,), 0)]),
    ([2, 1], 5, 3, [((2, 1), 0)]),
    ([], 3, 3, [((), 3)]),
    ([4, 2], 1, 3, [((2,), 1)]),
    ([5, 4], 0, 3, [((4,), 0)]),
    ([3, 2, 1], 0, 3, [((3,), 0), ((2, 1), 0)]),
    ([1], 1, 3, []),
    ([6], 4, 0, [((), 0)]),
    ([7, 7], 0, 8, [((7, 7), 0)]),
], ids=["ueberzahlen", "genau-plaettchen", "zwei-plaettchen", "nur-karten", "plaettchen-und-karte",
        "kleinste-ueberzahlung", "gleich-gut", "reicht-nicht", "nichts-zu-zahlen",
        "zwei-siebener"])
def test_best_payments(tiles: list[int], cards: int, cost: int, options: list) -> None:
    found = best_payments(tiles, cards, cost)
    assert [(o.tile_values, o.cards) for o in found] == options
    assert all(isinstance(o, PaymentOption) for o in found)


def test_best_payments_accepts_tiles() -> None:
    options = best_payments([Tile(Item.KRONE, 5), Tile(Item.RING, 2)], 1, 3)
    assert [(o.tile_values, o.cards) for o in options] == [((2,), 1)]


@pytest.mark.parametrize("call", [
    lambda: gap_cost(0, 3), lambda: gap_cost(3, 8), lambda: gap_cost("3", 2),
    lambda: cards_for_tile(True), lambda: cards_to_draw(4), lambda: best_payments([8], 0, 1),
    lambda: best_payments([], -1, 1), lambda: best_payments([], 0, -2), lambda: score([3], -1),
    lambda: standard_setup(5), lambda: start_hand_sizes(1),
], ids=["wert-0", "wert-8", "text", "bool", "fuenf-daheim", "tile-8", "karten-negativ",
        "kosten-negativ", "score-negativ", "fuenf-spieler", "ein-spieler"])
def test_bad_numbers_raise_rules_error(call) -> None:
    with pytest.raises(RulesError):
        call()


def test_score_and_winners() -> None:
    assert score([5, 3], 4, 2) == 10
    state = parse_state("| a: R K5 | b: SS O4 | c: O7 -1 | phase:ende")
    assert final_scores(state) == (6, 6, 6)
    assert winners(state) == (0, 1, 2)


# --- set-up (S. 2) ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hands"), [(2, (4, 5)), (3, (4, 5, 6)), (4, (4, 5, 6, 7))])
def test_start_hands(players: int, hands: tuple[int, ...]) -> None:
    state = standard_setup(players, seed=3)
    assert tuple(p.card_count for p in state.players) == hands == start_hand_sizes(players)
    assert len(state.pile) == 105 - sum(hands)


def test_standard_setup_path() -> None:
    state = standard_setup(3, seed=11)
    heights = [len(pos.tiles) for pos in state.path]
    assert len(state.path) == 53
    assert sum(heights) == 84
    assert heights == [2] * 10 + [1] * 10 + [2] * 6 + [0] + [2] * 6 + [1] * 10 + [2] * 10
    assert all(p.pawns == (0, 0, 0) for p in state.players)
    assert state.turn == 0 and state.phase is Phase.PLAYING
    atlantis_half = {t for pos in state.path[:26] for t in pos.tiles}
    assert atlantis_half <= set(PRACTICE_TILES.a)


def test_practice_tiles_are_labelled_and_plausible() -> None:
    assert PRACTICE_NOTE == "Übungsaufstellung – nicht die Verteilung aus der Schachtel"
    assert PRACTICE_TILES.note == PRACTICE_NOTE
    tiles = PRACTICE_TILES.a + PRACTICE_TILES.b
    assert len(tiles) == 84
    for item in Item:
        values = [t.value for t in tiles if t.item is item]
        assert len(values) == 12 and min(values) >= 1 and max(values) <= 7


def test_setup_is_deterministic_per_seed() -> None:
    assert standard_setup(4, seed=5) == standard_setup(4, seed=5)
    assert standard_setup(4, seed=5) != standard_setup(4, seed=6)


def test_items_and_colours() -> None:
    assert [(i.letter, i.label, i.colour, i.confirmed) for i in Item] == [
        ("R", "Ring", "#2F6FD0", True), ("S", "Statue", "#F4F4F0", True),
        ("K", "Krone", "#E8B923", True), ("H", "Helm", "#8A8F98", True),
        ("A", "Amphore", "#8B5A2B", False), ("O", "Olivenzweig", "#4C9A2A", False),
        ("F", "Fahne", "#D9468F", False),
    ]
    assert Item.HELM.display == "Helm (grau)"


# --- moves, parts of a turn, outcome, explanation -----------------------------------------------


def test_legal_moves_order() -> None:
    state = parse_state("R3 ~ K5 H2b S4 [a] | a: SH R1 K2 K2 | b: -")
    assert [str(m) for m in legal_moves(state)] == [
        "kaufen R1", "kaufen K2", "brücke 2", "0:S", "0:HS",
    ]


def test_parts_of_a_turn_apply_one_by_one_like_the_whole_turn() -> None:
    state = parse_state("R3 ~ K5 H2 S6 [a] | a: SH K4 | stapel:RSKHA")
    whole, whole_outcome = apply(state, parse_move("kaufen K4; brücke 2; 0:H"))
    step, _ = apply(state, parse_move("kaufen K4"))
    assert step.started and step.turn == 0
    step, _ = apply(step, parse_move("brücke 2"))
    step, outcome = apply(step, parse_move("0:H"))
    assert step == whole
    assert whole_outcome.purchase is not None and whole_outcome.bridges
    assert whole_outcome.movement == outcome.movement


def test_outcome_records_the_whole_move() -> None:
    state = parse_state("R1 ~ K6 ~ S4 ~ ~ H3b A5 F2a | a: HA S1 O7 | b: -")
    _, outcome = apply(state, parse_move("0:HA"))
    move = outcome.movement
    assert move is not None
    assert [s.target for s in move.steps] == [8, 9] and move.steps[0].occupied_by == 1
    assert [(g.left, g.right, g.cost) for g in move.gaps] == [(1, 6, 1), (6, 4, 4), (4, 3, 3)]
    assert move.cost == 8 and move.settlement.payment == Payment(
        (Tile(Item.STATUE, 1), Tile(Item.OLIVENZWEIG, 7)), ())
    assert move.taken.tile == Tile(Item.STATUE, 4) and move.taken.position == 5
    assert [s.position for s in move.taken.skipped] == [8, 7, 6]
    assert move.landing != MAINLAND and move.draw.wanted == 1


def test_explanation_is_german_with_page_refs() -> None:
    state = parse_state("H2b S3 R4 ~ O5 F3a | a: HO K4 | b: -")
    _, outcome = apply(state, parse_move("0:HO"))
    explanation = explain(outcome)
    assert explanation.steps and all(step.text for step in explanation.steps)
    assert "Helm (grau)" in explanation.text
    assert "noch eine Karte spielen" in explanation.steps[1].text
    assert explanation.steps[1].pages_text == "S. 3"
    assert "(S. 3–4)" in explanation.text and "(S. 4)" in explanation.text
    assert "Am Zugende ziehst du 1 Karte" in explanation.text


def test_explanation_of_final_moves_and_end() -> None:
    _, outcome = apply(parse_state("R3 K4 [aa] | a: H | b: SFFFF"), parse_move("0:H"))
    assert "dritte Figur" in explain(outcome).text
    assert explain(outcome).steps[-1].pages == (5, 6, "R5", "R6")
    state = parse_state("R3 ~ K5 [aaabb] | b: R | zug:b phase:schluss")
    _, outcome = apply(state, parse_move("schluss 0"))
    assert "minus" in explain(outcome).text


def test_apply_rejects_things_that_are_not_moves() -> None:
    state = parse_state("R3 | a: HFFF")
    for bad in (None, "0:H", Advance("0", (Item.HELM,)), Advance(0, ("H",))):
        with pytest.raises(RulesError):
            apply(state, bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        apply("R3", Advance(0, (Item.HELM,)))  # type: ignore[arg-type]


def test_errors_form_one_family() -> None:
    assert issubclass(NotationError, RulesError) and issubclass(IllegalMoveError, RulesError)
    assert issubclass(RulesError, ValueError)


@pytest.mark.parametrize(("position", "action"), [
    ("R3 ~ K5 H2 [a] | a: H K3", "0:H"),
    ("R3 ~ K5 H2 [a] | a: H K3", "kaufen K3; brücke 2; 0:H"),
    ("R3 ~ K5 [a] | a: S = | b: RFFFF", "kein Zug"),
    ("R3 ~ K5 [aaabb] | b: R | zug:b phase:schluss", "schluss 0"),
    ("aufbau 3", "zeigen"),
    ("R3 | a: HFFF", "? 0:H"),
], ids=["zug", "ganzer-zug", "kein-zug", "schlusszug", "zeigen", "frage-erlaubt"])
def test_facts_answer_every_key(position: str, action: str) -> None:
    from app.rules.atlantis import EXAMPLE_FACT_KEYS

    facts = example_facts(position, action)
    assert set(facts) == set(EXAMPLE_FACT_KEYS)
    for value in facts.values():
        assert isinstance(value, int | str | bool | list)
        if isinstance(value, list):
            assert all(isinstance(v, int | str | bool) for v in value)


def test_forbidden_question_answers_only_legal_and_reason() -> None:
    assert set(example_facts("R3 | a: HFFF", "? 0:S")) == {"legal", "reason"}


def test_the_explanation_in_parts_is_the_explanation_tagged_by_kind():
    # The board's replay pairs its pictures with these kinds; a part out of order or a
    # sentence missing from the parts would put the engine's words on the wrong picture.
    from app.rules.atlantis import explain_parts, random_game
    from app.rules.atlantis.explain import PART_KINDS

    seen = set()
    for seed in range(6):
        for step in random_game(seed, 2 + seed % 3):
            parts = explain_parts(step.outcome)
            steps = tuple(s for _kind, part in parts for s in part)
            assert steps == explain(step.outcome).steps
            assert all(part and kind in PART_KINDS for kind, part in parts)
            seen.update(kind for kind, _part in parts)
    assert {"origin", "card", "gap", "take", "water", "draw", "final", "end"} <= seen
