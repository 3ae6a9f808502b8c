"""Survive's shipped refresher and quiz: the facts of issue #11 and the quiz rules of #21.

Each test fails on the text it replaced ("gerettet" for a swimmer, "Dein Boot", a strudel
question that forgets the explorers of the removed tile …), and the answers the engine can
compute are recomputed here on the practice map.
"""

from __future__ import annotations

import re

import pytest

from app.rules import survive
from app.rules.survive.core import BOAT_SEATS, BOATS_PER_PLAYER, TILE_BACKS, Effect
from tests.model import content_checks as cc

GAME = "survive"

# Every tile back of the engine and the numbers row that says what it does.
TILE_ROWS = {
    Effect.HAI: "zahl-rs-hai",
    Effect.WAL: "zahl-rs-wal",
    Effect.BOOT: "zahl-rs-boot",
    Effect.STRUDEL: "zahl-rs-strudel",
    Effect.VULKAN: "zahl-rs-vulkan",
    Effect.DELFIN: "zahl-rs-delfin",
    Effect.WIND: "zahl-rs-wind",
    Effect.SCHLANGE_ZIEHEN: "zahl-rs-versetzen",
    Effect.HAI_ZIEHEN: "zahl-rs-versetzen",
    Effect.WAL_ZIEHEN: "zahl-rs-versetzen",
    Effect.HAI_ABWEHR: "zahl-rs-hai-abwehr",
    Effect.WAL_ABWEHR: "zahl-rs-wal-abwehr",
}


def g():
    return cc.game(GAME)


def row(row_id: str) -> str:
    return next(n.value for n in g().content.numbers if n.id == row_id)


def quiz(item_id: str):
    return next(q for q in g().quiz if q.id == item_id)


def ruling_id(code: str) -> str:
    return next(i.id for i in g().content.interpretations if i.code == code)


def position(text: str):
    return survive.parse_position(text)


def play(state, move: str):
    return survive.apply(state, survive.parse_move(move, state))


def moves(state) -> list[str]:
    return [survive.format_move(m) for m in survive.legal_moves(state)]


# -- #11 missing against seed 003: every tile's effect -----------------------------------


# How the counts row names each tile back.
COUNT_NAMES = {
    Effect.HAI: "Hai", Effect.WAL: "Wal", Effect.BOOT: "Boot", Effect.STRUDEL: "Strudel",
    Effect.VULKAN: "Vulkan", Effect.DELFIN: "Delfin", Effect.WIND: "Rückenwind",
    Effect.SCHLANGE_ZIEHEN: "Versetzen je", Effect.HAI_ZIEHEN: "Versetzen je",
    Effect.WAL_ZIEHEN: "Versetzen je", Effect.HAI_ABWEHR: "Abwehr Hai", Effect.WAL_ABWEHR: "Wal",
}


@pytest.mark.parametrize("effect", list(Effect), ids=lambda e: e.value)
def test_every_tile_effect_is_explained_and_asked(effect):
    row_id = TILE_ROWS[effect]
    # The row says what the tile does, not only how many there are.
    assert not re.search(r"\d/\d/\d|Strand \d", row(row_id))
    assert len(row(row_id).split()) >= 4
    assert row_id in cc.tested(g())


@pytest.mark.parametrize("effect", list(Effect), ids=lambda e: e.value)
def test_tile_back_counts_are_the_engines(effect):
    counts = "/".join(str(n) for n in TILE_BACKS[effect])
    assert f"{COUNT_NAMES[effect]} {counts}" in row("zahl-rs-anzahl")


def test_red_tiles_explained_in_step_one():
    step = next(s.text for s in g().content.steps if s.id == "schritt-1")
    for word in ("Delfin", "Rückenwind", "versetzen"):
        assert word in step
    assert "eigener Schwimmer" in step and "eigenen Schwimmer" in row("zahl-rs-delfin")


def test_dolphin_carries_only_your_own_swimmers_up_to_three():
    # Each kept tile came from a removed one: j5 showed the dolphin.
    own = position("spieler: ro bl; zug: ro karte; weg: j5; see: a10 ro1; hand: ro delfin")
    assert "spiele delfin ro1 a10-d10" in moves(own)
    foreign = position("spieler: ro bl; zug: ro karte; weg: j5; see: a10 bl1; hand: ro delfin")
    assert not [m for m in moves(foreign) if "delfin" in m]
    assert quiz("quiz-delfin-weite").answer.startswith("1 bis 3")
    item = quiz("quiz-delfin-nur-eigene")
    assert item.answer.startswith("Nein") and ruling_id("S13") in item.tests


def test_tailwind_moves_a_boat_three_and_leaves_the_points():
    state = position("spieler: ro bl; zug: ro karte; weg: j5; boote: a10 [ro1 ro2]; "
                     "hand: ro wind")
    after, _ = play(state, "spiele wind a10-d10")
    assert after.points == 3
    assert quiz("quiz-rueckenwind").answer.startswith("Ja")


def test_moved_shark_eats_the_swimmer_it_lands_on():
    state = position(
        "spieler: ro bl; zug: ro karte; weg: i4 j5; see: c10 bl1; haie: a5; "
        "hand: ro hai-ziehen")
    _, report = play(state, "spiele hai-ziehen a5-c10")
    assert [e.colour for e in report.lost] == [survive.Colour.BLAU]
    assert quiz("quiz-hai-versetzen").answer.startswith("Ja")


def test_green_tiles_as_the_quiz_says():
    shark = position("spieler: ro bl; zug: ro entfernen; land: f3 bl1; rückseiten: f3 hai")
    _, report = play(shark, "entferne f3")
    assert len(report.lost) == 1
    assert quiz("quiz-hai-taucht-auf").answer.startswith("Er wird sofort gefressen")

    whale = position("spieler: ro bl; zug: ro entfernen; land: f3 bl1 bl2; rückseiten: f3 wal")
    after, report = play(whale, "entferne f3")
    assert report.lost == () and len(dict(after.sea)[survive.space("f3")]) == 2
    assert quiz("quiz-wal-taucht-auf").answer.startswith("Ja")

    boat = position("spieler: ro bl; zug: ro entfernen; land: f3 ro1 ro2 bl1 bl2; "
                    "rückseiten: f3 boot")
    after, _ = play(boat, "entferne f3")
    assert len(after.boat_at(survive.space("f3")).passengers) == BOAT_SEATS == 3
    assert quiz("quiz-boot-taucht-auf").answer.startswith("Drei der vier")


def test_whirlpool_takes_the_explorers_of_the_removed_tile_too():
    beaches = "f3 g3 d4 f4 h4 i4 d5 j5 d7 j7 d8 e8 g8 i8 g9 h9"
    state = position(f"spieler: ro bl ge; zug: ro entfernen; weg: {beaches}; land: h3 ge1; "
                     "boote: h2 [ro1 bl1]; haie: h1; rückseiten: h3 strudel")
    after, report = play(state, "entferne h3")
    assert len(report.lost) == 3  # the yellow from the tile and both passengers
    assert after.sharks == (survive.space("h1"),)  # two spaces away: untouched
    item = quiz("quiz-strudel-mit-entdecker")
    assert "auf dem ein gelber Entdecker stand" in item.question
    assert item.answer.startswith("Der gelbe Entdecker und das Boot")
    assert "quiz-strudel" not in {q.id for q in g().quiz}
    assert "auch wer auf dem Plättchen stand" in row("zahl-rs-strudel")


# -- #11 missing: moving, sharing, creatures in your own move, set-up ------------------------


def test_boat_to_boat_and_sharing_spaces():
    state = position("spieler: ro bl; zug: ro ziehen 3; boote: c10 [ro1], d10 [bl1]")
    assert "ro1 [c10]-[d10]" in moves(state)
    assert "von Boot zu Boot" in next(s.text for s in g().content.steps if s.id == "schritt-2")
    assert "Entdecker und Kreaturen: beliebig viele" in row("zahl-teilen")
    assert quiz("quiz-boot-zu-boot-punkte").answer.startswith("1 –")
    assert quiz("quiz-feld-teilen").answer.startswith("Ja")
    assert quiz("quiz-hai-zum-wal").answer.startswith("Ja")


def test_swimmer_onto_a_shark_dies_and_a_loaded_boat_onto_a_whale_capsizes():
    state = position("spieler: ro bl; zug: ro ziehen 3; weg: j5; see: c10 ro1; haie: d10")
    _, report = play(state, "ro1 c10-d10")
    assert len(report.lost) == 1
    assert quiz("quiz-schwimmer-zum-hai").answer.startswith("Nein")

    state = position("spieler: ro bl; zug: ro ziehen 3; weg: j5; boote: c10 [ro1 ro2]; wale: d10")
    after, _ = play(state, "boot c10-d10")
    assert after.boat_at(survive.space("d10")) is None
    assert all(e.swum for _, es in after.sea for e in es)  # ruling S5
    assert quiz("quiz-boot-auf-wal").answer.startswith("Es ist zerstört")
    assert "kreatur-im-eigenen-zug" in {p.id for p in g().content.pitfalls}


def test_going_ashore_uses_the_swim_of_the_turn():
    swum = position("spieler: ro bl; zug: ro ziehen 2; see: b2 ro1*")
    assert moves(swum) == ["weiter"]
    assert quiz("quiz-an-land-schwimmen").answer.startswith("Nein")


@pytest.mark.parametrize(("creature", "distance"), [
    (survive.Creature.SCHLANGE, 1), (survive.Creature.HAI, 2), (survive.Creature.WAL, 3)])
def test_creature_reach(creature, distance):
    state = position("spieler: ro bl; zug: ro würfeln; weg: i4 j5; schlangen: a10; haie: a10; "
                     "wale: a10")
    reach = max(survive.creature_targets(state, creature, survive.space("a10")).values())
    assert reach == distance
    # One card asks the shark's reach, one the whale's; the whale's explanation gives all three.
    assert "1 bis 2 Felder" in quiz("quiz-hai-reichweite").answer
    assert quiz("quiz-wal-wie-weit").answer.startswith("3 –")
    words = {survive.Creature.SCHLANGE: "Seeschlange 1", survive.Creature.HAI: "Hai 1–2",
             survive.Creature.WAL: "Wal 1–3"}
    assert words[creature] in quiz("quiz-wal-wie-weit").explanation


def test_setup_in_the_refresher():
    explorers = row("zahl-aufbau-entdecker")
    assert "auf ein Plättchen ohne Entdecker" in explorers
    assert "Berge versinken zuletzt" in explorers
    island = row("zahl-aufbau-insel")
    assert "Landschaft oben" in island and "dicken Linie" in island
    assert "zahl-aufbau-entdecker" in cc.tested(g())


# -- #11.3: boats per person -----------------------------------------------------------


def test_two_boats_per_person_also_with_two_colours():
    assert BOATS_PER_PLAYER == 2
    assert "2 je Person (zu zweit 4" in row("zahl-boote")
    text = next(v.text for v in g().content.variants if v.id == "variante-zwei-spieler")
    assert "nur 2 ein" in text and "also 4" in text
    item = quiz("quiz-zwei-farben-boote")
    assert item.answer.startswith("2 – Boote gibt es je Person")
    assert ruling_id("S12") in item.tests


# -- #11.6, #21.2: words that contradict our own rules ---------------------------------------


def test_a_repelled_shark_leaves_a_survivor_not_a_rescued_one():
    item = quiz("quiz-hai-abwehren")
    assert "gerettet" not in cc.quiz_text(item)
    assert "am Leben" in item.answer


def test_a_boat_belongs_to_nobody():
    own_boat = re.compile(r"\bdein(e|em|en|es)?\s+(\w+\s+)?Boot", re.IGNORECASE)
    assert [w for w, t in cc.text_fields(g()) if own_boat.search(t)] == []


def test_explorers_stand_on_tiles_not_under_them():
    under = re.compile(r"\bunter\s+(einem|dem|der|den)\b[^.]{0,60}\bsteh", re.IGNORECASE)
    assert [w for w, t in cc.text_fields(g()) if under.search(t)] == []


def test_old_wordings_are_gone():
    text = "\n".join(t for _, t in cc.text_fields(g()))
    for bad in ("frisst sie sie", "wer darauf steht bleiben", "Schwämme", "Regelnotizen"):
        assert bad not in text


# -- "all dead" (seed) versus "all rescued" (our ruling S14) -----------------------------------


def test_no_explorers_left_follows_the_seed_and_shows_the_ruling():
    assert "quiz-ohne-entdecker" not in {q.id for q in g().quiz}
    assert "gerettet" not in quiz("quiz-alle-gefressen").question
    assert ruling_id("S14") in quiz("quiz-alle-gerettet").tests
    state = position("spieler: ro bl; zug: bl würfeln; land: e4 bl1; sicher: nw ro6")
    after, _ = play(state, "würfel hai")  # no shark at sea: the turn passes on
    assert after.current is survive.Colour.ROT and after.phase is survive.Phase.ENTFERNEN


def test_two_colours_count_majorities_per_colour():
    boat = survive.Boat(survive.space("c10"), tuple(
        survive.Explorer(c, 1) for c in (survive.Colour.ROT, survive.Colour.GELB,
                                         survive.Colour.BLAU)))
    assert survive.Colour.BLAU in survive.boat_controllers(boat)
    assert quiz("quiz-zwei-farben-steuern").answer.startswith("Ja")


# -- Quiz rules computed from the loaded content -------------------------------------------


def test_hai_und_boot_links_only_what_it_tests():
    assert quiz("quiz-hai-und-boot").tests == ["hai"]


def test_every_ruling_s1_to_s14_is_asked():
    codes = [f"S{n}" for n in range(1, 15)]
    assert [c for c in codes if ruling_id(c) not in cc.tested(g())] == []
    assert cc.ruling_coverage(g()) >= 0.7


def test_every_pitfall_variant_and_step_is_asked():
    c = g().content
    tested = cc.tested(g())
    assert [p.id for p in c.pitfalls if p.id not in tested] == []
    assert [v.id for v in c.variants if v.id not in tested] == []
    assert [s.id for s in c.steps if s.id not in tested] == []


def test_numbers_players_forget_are_asked():
    assert {"zahl-boot", "zahl-kreatur-zuege", "zahl-teilen", "zahl-anlegen"} <= cc.tested(g())


_COUNT_WORDS = {"ein": 1, "einen": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
                "sechs": 6, "sieben": 7}
_VALUE_WORDS = {"Einser": 1, "Zweier": 2, "Dreier": 3, "Vierer": 4, "Fünfer": 5, "Sechser": 6}
# „drei Einser“, „2 Sechser“, „drei Entdecker mit dem Wert 1“
_VALUE_COUNTS = re.compile(
    r"\b(\d+|" + "|".join(_COUNT_WORDS) + r")\s+(?:(" + "|".join(_VALUE_WORDS) + r")\b"
    r"|Entdecker mit (?:dem )?Wert (\d))", re.IGNORECASE)


def test_no_text_gives_one_player_more_explorers_of_a_value_than_a_colour_has():
    # A question once had one player save „fünf Einser“ and another „zwei Sechser“: each
    # colour has three 1s and a single 6, so the situation could never happen.
    values = survive.core.EXPLORER_VALUES
    per_colour = {v: values.count(v) for v in set(values)}
    found, wrong = 0, []
    for where, text in cc.text_fields(g()):
        for match in _VALUE_COUNTS.finditer(text):
            word, named, digit = match.groups()
            count = int(word) if word.isdigit() else _COUNT_WORDS[word.lower()]
            value = _VALUE_WORDS[named] if named else int(digit)
            found += 1
            has = per_colour.get(value, 0)
            if count > has:
                wrong.append(f"{where}: „{match.group(0)}“ – eine Farbe hat {has}")
    assert not wrong, wrong
    assert found, "the pattern finds the „Gleicher Wert“ question"
