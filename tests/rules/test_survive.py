"""Survive: Escape from Atlantis! – rules engine tests.

Table-driven rule cases, notation round trips and fuzzing (hypothesis), 500 seeded random
games checking the invariants, and every worked example in content/survive/examples.yaml.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules import survive
from app.rules.errors import IllegalMoveError, NotationError, RulesError
from app.rules.survive import (
    EXAMPLE_FACT_KEYS,
    GAME,
    Boat,
    BoatMove,
    Colour,
    Creature,
    CreatureMove,
    Effect,
    EndReason,
    Explorer,
    Kind,
    Pass,
    Phase,
    Place,
    PlayTile,
    React,
    Remove,
    Roll,
    Space,
    SpaceContents,
    Spot,
    Status,
    Step,
    Variant,
    apply,
    board,
    boat_controllers,
    creature_targets,
    example_facts,
    format_encounter,
    format_move,
    format_position,
    legal_moves,
    new_game,
    parse_encounter,
    parse_move,
    parse_position,
    random_encounter,
    random_position,
    removable_tiles,
    removal_check,
    resolve_encounter,
    score,
    space,
    status,
    unreachable_removals,
    violations,
    winners,
)
from app.rules.survive import notation as notation_module
from app.rules.survive.core import TILE_BACKS
from app.rules.survive.rules import KIND_BY_SPACE, inland, sea_spaces

EXAMPLES = Path(__file__).resolve().parents[2] / "content" / "survive" / "examples.yaml"
BEACHES = "f3 g3 d4 f4 h4 i4 d5 j5 d7 j7 d8 e8 g8 i8 g9 h9"
FORESTS = "h3 e4 g4 e5 h5 i5 c6 d6 i6 j6 e7 f7 i7 f8 h8 f9"
# The volcano is on a mountain's back: a game it ended has every beach, every forest and one
# mountain gone.
VOLCANO_GONE = f"{BEACHES} {FORESTS} f5"

# ---------------------------------------------------------------------------------------------
# The practice map


def test_map_has_the_box_terrain_and_four_islands_with_two_landing_spaces():
    kinds = Counter(KIND_BY_SPACE.values())
    assert kinds == {Kind.STRAND: 16, Kind.WALD: 16, Kind.BERG: 8}
    assert " ".join(s.label for s in board.TERRAIN if KIND_BY_SPACE[s] is Kind.STRAND) == BEACHES
    assert " ".join(s.label for s in board.TERRAIN if KIND_BY_SPACE[s] is Kind.WALD) == FORESTS
    assert {i.value: [s.label for s in spaces] for i, spaces in board.LANDING.items()} == {
        "nw": ["b1", "a2"], "no": ["l1", "l2"], "sw": ["a10", "b11"], "so": ["l10", "l11"]}
    assert len(board.SERPENT_STARTS) == 5
    assert all(board.CELLS[s] is board.Cell.SEA for s in board.SERPENT_STARTS)


def test_beaches_outside_mountains_inside():
    def coastal(s):
        return any(board.CELLS[n] is board.Cell.SEA for n in board.NEIGHBOURS[s])

    by_kind = {k: [s for s in board.TERRAIN if KIND_BY_SPACE[s] is k] for k in Kind}
    assert [s.label for s in by_kind[Kind.STRAND] if not coastal(s)] == ["f4", "g8"]
    assert not any(coastal(s) for s in by_kind[Kind.BERG])
    assert all(inland(s) for s in by_kind[Kind.BERG])


def test_neighbours_are_symmetric_and_labels_round_trip():
    for s in board.SPACES:
        assert board.space(s.label) == s
        for n in board.NEIGHBOURS[s]:
            assert s in board.NEIGHBOURS[n]
            assert board.distance(s, n) == 1


# ---------------------------------------------------------------------------------------------
# Encounters ("Was passiert, wenn …")

ENCOUNTERS = [
    # notation, stops, boat destroyed, lost, surviving swimmers after, passengers after (None: gone)
    ("hai: schwimmer rot, blau; boot [gelb, gelb, rot]", True, False, ["rot", "blau"], [],
     ["rot", "gelb", "gelb"]),
    ("hai: boot [rot]", False, False, [], [], ["rot"]),
    ("hai: boot []", False, False, [], [], []),
    ("hai: leer", False, False, [], [], None),
    ("wal: boot [rot, blau]", True, True, [], ["rot", "blau"], None),
    ("wal: boot [rot]; dort hai", True, True, ["rot"], [], None),
    ("wal: schwimmer gelb; boot []", False, False, [], ["gelb"], []),
    ("wal: schwimmer gelb; boot [grün]", True, True, [], ["gelb", "grün"], None),
    ("schlange: boot [rot, rot, blau]", True, True, ["rot", "rot", "blau"], [], None),
    ("schlange: boot []; schwimmer gelb", True, False, ["gelb"], [], []),
    ("schlange: boot []", True, False, [], [], []),
    ("seeschlange: schwimmer rot; dort wal", True, False, ["rot"], [], None),
    ("schlange: leer", True, False, [], [], None),
]


@pytest.mark.parametrize(("text", "stops", "destroyed", "lost", "swimmers", "passengers"),
                         ENCOUNTERS, ids=[e[0] for e in ENCOUNTERS])
def test_encounter(text, stops, destroyed, lost, swimmers, passengers):
    creature, contents = parse_encounter(text)
    outcome = resolve_encounter(creature, contents)
    assert outcome.stops is stops
    assert outcome.boat_destroyed is destroyed
    assert [e.colour.word for e in outcome.lost] == lost
    assert [e.colour.word for e in outcome.swimmers_after] == swimmers
    after = outcome.passengers_after
    assert (None if after is None else [e.colour.word for e in after]) == passengers
    assert outcome.reason and outcome.reason.endswith(".")


@pytest.mark.parametrize("text", [
    "hai: schwimmer rot; dort hai",
    "wal: boot [rot]; dort schlange",
    "hai: boot [rot, rot, rot, blau]",
    "hai: boot []; boot []",
    "drache: leer",
    "hai schwimmer rot",
    "hai: schwimmer lila",
    "hai: boot [rot",
    "wal: schwimmer",
])
def test_impossible_or_unreadable_encounters_raise_notation_error(text):
    with pytest.raises(NotationError):
        resolve_encounter(*parse_encounter(text))


# ---------------------------------------------------------------------------------------------
# Removing tiles

REMOVALS = [
    ("zug: ro entfernen", "d4", True, "Strand"),
    ("zug: ro entfernen", "f4", False, "grenzt nicht ans Meer"),  # inland beach
    ("zug: ro entfernen; weg: f3", "f4", True, "Strand"),  # its neighbour went
    ("zug: ro entfernen", "e4", False, "noch Strandplättchen"),
    ("zug: ro entfernen", "f5", False, "noch Strandplättchen"),
    ("zug: ro entfernen; weg: " + BEACHES, "e4", True, "Wald"),
    ("zug: ro entfernen; weg: " + BEACHES, "f5", False, "noch Waldplättchen"),
    ("zug: ro entfernen; weg: " + BEACHES + " " + FORESTS, "f5", True, "Berg"),
    ("zug: ro entfernen; weg: d4", "d4", False, "schon entfernt"),
    ("zug: ro entfernen", "c4", False, "Meeresfeld"),
    ("zug: ro entfernen", "a1", False, "sichere Insel"),
]


@pytest.mark.parametrize(("position", "tile", "allowed", "words"), REMOVALS,
                         ids=[f"{r[1]}-{r[0][-12:]}" for r in REMOVALS])
def test_removal_check(position, tile, allowed, words):
    state = parse_position(position)
    ok, reason = removal_check(state, tile)
    assert ok is allowed
    assert words in reason
    if allowed:
        assert space(tile) in removable_tiles(state)
    else:
        assert space(tile) not in removable_tiles(state)
        with pytest.raises(IllegalMoveError):
            apply(state, Remove(space(tile)))


def test_removal_falls_back_to_any_tile_of_the_kind_when_none_touches_the_sea():
    # Hand-made: every beach gone except the inland ones, and their neighbours still there
    # is impossible on this map, so use the module's rule directly with a synthetic removal set.
    state = parse_position("zug: ro entfernen; weg: " + " ".join(
        b for b in BEACHES.split() if b not in ("f4", "g8", "f3", "g3", "g9", "h9")))
    assert [s.label for s in removable_tiles(state)] == ["f3", "g3", "g9", "h9"]


def test_explorers_on_a_removed_tile_become_swimmers_there():
    state = parse_position("zug: ro entfernen; land: d4 ro3 bl1")
    after, report = apply(state, Remove(space("d4")))
    assert [(s.label, [e.code for e in es]) for s, es in after.sea] == [("d4", ["ro3", "bl1"])]
    assert space("d4") in sea_spaces(after)
    assert after.phase is Phase.WUERFELN
    assert report.kind is Kind.STRAND


# ---------------------------------------------------------------------------------------------
# Boats

CONTROL = [
    ([], ["rot", "blau", "gelb", "grün"]),
    (["ro1"], ["rot"]),
    (["ro1", "bl2"], ["rot", "blau"]),
    (["ro1", "bl2", "bl3"], ["blau"]),
    (["ro1", "bl2", "ge3"], ["rot", "blau", "gelb"]),
    (["gr1", "gr2", "gr3"], ["grün"]),
]


@pytest.mark.parametrize(("passengers", "who"), CONTROL, ids=[" ".join(c[0]) or "leer"
                                                              for c in CONTROL])
def test_boat_controllers(passengers, who):
    from app.rules.survive.notation import parse_explorer

    boat = Boat(space("d3"), tuple(parse_explorer(p) for p in passengers))
    assert [c.word for c in boat_controllers(boat)] == who


MOVES = [
    # position, move, legal, cost (if legal), words in the reason (if not)
    ("zug: ro ziehen 3; land: d4 ro1", "ro1 d4-e4", True, ""),
    ("zug: ro ziehen 3; land: d4 ro1", "ro1 d4-f4", False, "grenzt nicht"),
    ("zug: ro ziehen 3; land: d4 ro1; boote: d3 []", "ro1 d4-[d3]", True, ""),
    ("zug: ro ziehen 3; land: d4 ro1; boote: d3 [bl1 bl2 ge1]", "ro1 d4-[d3]", False,
     "schon 3"),
    ("zug: ro ziehen 3; land: d4 ro1", "ro1 d4-c4", True, ""),
    ("zug: ro ziehen 3; land: d4 bl1, e4 ro1", "bl1 d4-e4", False, "am Zug"),
    ("zug: ro ziehen 3; see: c4 ro1", "ro1 c4-b4", True, ""),
    ("zug: ro ziehen 3; see: c4 ro1*", "ro1 c4-b4", False, "nur 1 Feld"),
    ("zug: ro ziehen 3; see: c4 ro1", "ro1 c4-d4", False, "nie wieder zurück"),
    ("zug: ro ziehen 3; see: c4 ro1", "ro1 c4-a4", False, "Nachbarfeld"),
    ("zug: ro ziehen 3; see: c4 ro1*; boote: c4 []", "ro1 c4-[c4]", True, ""),
    ("zug: ro ziehen 3; see: c4 ro1; boote: b4 []", "ro1 c4-[b4]", False, "eigenen Feld"),
    ("zug: ro ziehen 3; boote: d3 [ro1]", "boot d3-c3", True, ""),
    ("zug: ro ziehen 3; boote: d3 [ro1]", "boot d3-d4", False, "kein Meeresfeld"),
    ("zug: ro ziehen 3; boote: d3 [ro1], c3 []", "boot d3-c3", False, "ein Boot"),
    ("zug: ro ziehen 3; boote: d3 [bl1 bl2 ro1]", "boot d3-c3", False, "hier Blau"),
    ("zug: ro ziehen 3; boote: d3 [bl1]; land: e4 ro1", "boot d3-c3", False, "hier Blau"),
    ("zug: ro ziehen 3; boote: d3 [bl1 ro1]", "boot d3-c3", True, ""),
    ("zug: ro ziehen 3; boote: d3 []; land: d4 ro1", "boot d3-c3", True, ""),
    ("zug: ro ziehen 3; boote: d3 [ro1]", "ro1 [d3]-d4", False, "nie wieder zurück"),
    ("zug: ro ziehen 3; boote: d3 [ro1], c3 []", "ro1 [d3]-[c3]", True, ""),
    ("zug: ro ziehen 3; boote: d3 [ro1]", "ro1 [d3]-d3", True, ""),
    ("zug: ro ziehen 3; boote: d3 [ro1*]", "ro1 [d3]-d3", False, "nur 1 Feld"),
    ("zug: ro ziehen 3; boote: b1 [ro1*]", "ro1 [b1]-nw", True, ""),
    ("zug: ro ziehen 3; boote: c1 [ro1]", "ro1 [c1]-nw", False, "nicht direkt neben"),
    ("zug: ro ziehen 3; see: a2 ro1", "ro1 a2-nw", True, ""),
    ("zug: ro ziehen 3; see: a2 ro1*", "ro1 a2-nw", False, "nur 1 Feld"),
    ("zug: ro ziehen 3; sicher: nw ro1; land: e4 ro2", "ro1 nw-a2", False, "bleibt dort"),
    ("zug: ro entfernen; land: d4 ro1", "ro1 d4-e4", False, "Ziehen"),
    ("zug: ro ziehen 3; land: d4 ro1", "entferne d5", False, "Plättchen entfernen"),
    ("zug: ro entfernen; land: d4 ro1", "weiter", False, "Pflicht"),
]


@pytest.mark.parametrize(("position", "move", "legal", "words"), MOVES,
                         ids=[f"{m[1]}|{m[0][-22:]}" for m in MOVES])
def test_move_legality_and_cost(position, move, legal, words):
    state = parse_position(position)
    parsed = parse_move(move, state)
    if legal:
        after, report = apply(state, parsed)
        assert report.cost == 1
        assert after.points == state.points - 1 or after.phase is not Phase.ZIEHEN
        assert parsed in legal_moves(state)
    else:
        with pytest.raises(IllegalMoveError) as caught:
            apply(state, parsed)
        assert words in str(caught.value)
        assert parsed not in legal_moves(state)


def test_three_points_then_the_tile_must_go():
    state = parse_position("zug: ro ziehen 3; land: d4 ro1")
    for move in ("ro1 d4-e4", "ro1 e4-f4", "ro1 f4-g4"):
        state, _ = apply(state, parse_move(move, state))
    assert state.phase is Phase.ENTFERNEN
    assert [format_move(m) for m in legal_moves(state)][:3] == ["entferne f3", "entferne g3",
                                                                "entferne d4"]


def test_a_swimmer_that_swam_is_marked_and_the_mark_clears_at_turn_end():
    state = parse_position("spieler: ro bl; zug: ro ziehen 3; see: c4 ro1; land: g5 bl2")
    state, _ = apply(state, parse_move("ro1 c4-b4", state))
    assert "b4 ro1*" in format_position(state)
    state, _ = apply(state, parse_move("weiter", state))
    state, _ = apply(state, parse_move("entferne d4", state))
    state, _ = apply(state, parse_move("würfel hai", state))  # no shark: turn ends
    assert state.current is Colour.BLAU
    assert "b4 ro1;" in format_position(state) + ";"


def test_boat_moved_onto_a_serpent_or_whale():
    serpent = parse_position("zug: ro ziehen 3; boote: d3 [ro1 bl1]; schlangen: c3")
    after, report = apply(serpent, parse_move("boot d3-c3", serpent))
    assert report.boat_destroyed and [e.code for e in report.lost] == ["ro1*", "bl1*"]
    assert after.boats == () and after.sea == ()
    whale = parse_position("zug: ro ziehen 3; weg: j5; boote: d3 [ro1 bl1]; wale: c3")
    after, report = apply(whale, parse_move("boot d3-c3", whale))
    assert report.boat_destroyed and report.lost == ()
    assert [e.code for _, es in after.sea for e in es] == ["ro1*", "bl1*"]
    empty = parse_position("zug: ro ziehen 3; boote: d3 []; schlangen: c3; land: d4 ro1")
    after, report = apply(empty, parse_move("boot d3-c3", empty))
    assert not report.boat_destroyed and after.boat_at(space("c3")) is not None


# ---------------------------------------------------------------------------------------------
# Creatures


def _blocked_target(origin_label: str, steps: int):
    """A target at distance ``steps`` and the sea spaces between that would block it."""
    origin = space(origin_label)
    for target in board.SPACES:
        if board.CELLS[target] is not board.Cell.SEA or board.distance(origin, target) != steps:
            continue
        between = [n for n in board.NEIGHBOURS[origin]
                   if board.CELLS[n] is board.Cell.SEA and board.distance(n, target) == 1]
        if between:
            return target, between
    raise AssertionError("no target")


def test_shark_reaches_two_spaces_but_stops_at_swimmers():
    target, between = _blocked_target("k9", 2)
    free = parse_position("spieler: ro bl; zug: ro kreatur hai; weg: j5; haie: k9; land: d4 ro1")
    assert creature_targets(free, Creature.HAI, space("k9"))[target] == 2
    swimmers = ", ".join(f"{s.label} bl1" if i == 0 else f"{s.label} bl2"
                         for i, s in enumerate(between[:2]))
    blocked = parse_position(f"spieler: ro bl; zug: ro kreatur hai; weg: j5; haie: k9; "
                             f"see: {swimmers}")
    reach = creature_targets(blocked, Creature.HAI, space("k9"))
    assert target not in reach
    assert all(s in reach for s in between[:2])
    with pytest.raises(IllegalMoveError, match="hält bei Schwimmern an"):
        apply(blocked, parse_move(f"hai k9-{target.label}", blocked))


@pytest.mark.parametrize(("creature", "reach"), [("schlange", 1), ("hai", 2), ("wal", 3)])
def test_creature_reach_through_open_sea(creature, reach):
    state = parse_position(f"spieler: ro bl; zug: ro kreatur {creature}; land: d4 ro1; weg: j5; "
                           f"{creature}{'n' if creature == 'schlange' else 'e'}: k9")
    kind = parse_encounter(f"{creature}: leer")[0]
    targets = creature_targets(state, kind, space("k9"))
    assert max(targets.values()) == reach
    assert all(t in sea_spaces(state) for t in targets)


def test_whale_stops_at_a_loaded_boat_but_passes_an_empty_one():
    target, between = _blocked_target("k9", 2)
    boats = ", ".join(f"{s.label} [bl1]" if i == 0 else f"{s.label} [bl2]"
                      for i, s in enumerate(between[:2]))
    loaded = parse_position(f"spieler: ro bl; zug: ro kreatur wal; weg: j5; wale: k9; "
                            f"boote: {boats}")
    assert target not in creature_targets(loaded, Creature.WAL, space("k9"))
    empty = parse_position("spieler: ro bl; zug: ro kreatur wal; weg: j5; wale: k9; land: d4 bl1; "
                           "boote: " + ", ".join(f"{s.label} []" for s in between[:2]))
    assert target in creature_targets(empty, Creature.WAL, space("k9"))


def test_roll_without_that_creature_ends_the_turn():
    state = parse_position("spieler: ro bl; zug: ro würfeln; land: d4 bl1")
    after, _ = apply(state, parse_move("würfel wal", state))
    assert (after.current, after.phase) == (Colour.BLAU, Phase.ZIEHEN)


def test_repel_declined_passes_to_the_next_player_then_resolves():
    # Two repel tiles and a shark: three removed tiles, and „Hai abwehren“ is on one beach
    # and one forest only (S3), so every beach and a forest are gone.
    state = parse_position(f"spieler: ro bl ge; zug: ro kreatur hai; weg: {BEACHES} h3; "
                           "haie: b4; see: c4 bl1 ge1; "
                           "hand: bl hai-abwehr, ge hai-abwehr")
    state, report = apply(state, parse_move("hai b4-c4", state))
    assert state.pending is not None and state.pending.decider is Colour.BLAU
    assert report.reaction_by is Colour.BLAU
    state, report = apply(state, parse_move("verzichten", state))
    assert state.pending is not None and state.pending.decider is Colour.GELB
    state, report = apply(state, parse_move("verzichten", state))
    assert [e.code for e in report.lost] == ["bl1", "ge1"]
    assert state.current is Colour.BLAU and state.sea == ()


def test_a_pending_repel_must_concern_the_decider():
    with pytest.raises(NotationError, match="trifft niemanden"):
        parse_position("spieler: ro bl; zug: ro abwehr bl hai c4 würfel; weg: j5; haie: c4; "
                       "see: c4 ro1; "
                       "hand: bl hai-abwehr")


def test_repel_used_removes_the_creature_and_the_turn_goes_on_after_a_tile():
    state = parse_position("spieler: ro bl; zug: ro karte; weg: h4 i4 j5; haie: k9; see: c4 bl1; "
                           "land: d4 ro1; "
                           "hand: ro hai-ziehen, bl hai-abwehr")
    state, _ = apply(state, parse_move("spiele hai-ziehen k9-c4", state))
    assert state.phase is Phase.ABWEHR
    state, report = apply(state, parse_move("abwehren", state))
    assert report.creature_repelled and state.sharks == ()
    assert (state.current, state.phase, state.points) == (Colour.ROT, Phase.ZIEHEN, 3)
    assert state.hand(Colour.BLAU) == () and state.hand(Colour.ROT) == ()


# ---------------------------------------------------------------------------------------------
# Tile backs, end and scoring


def test_tile_back_table_matches_the_box():
    per_kind = [sum(c[k] for c in TILE_BACKS.values()) for k in Kind]
    assert per_kind == [16, 16, 8]
    assert sum(TILE_BACKS[Effect.HAI]) == 6 and sum(TILE_BACKS[Effect.WAL]) == 5
    assert sum(TILE_BACKS[Effect.BOOT]) + 8 == 12
    assert TILE_BACKS[Effect.VULKAN] == (0, 0, 1)


@pytest.mark.parametrize(("effect", "kept"), [
    ("delfin", True), ("wind", True), ("hai-ziehen", True), ("hai-abwehr", True),
    ("wal-abwehr", False), ("hai", False), ("boot", False)])
def test_red_tiles_go_to_the_hand(effect, kept):
    state = parse_position("zug: ro entfernen; land: d4 ro1")
    if TILE_BACKS[Effect(effect)][Kind.STRAND] == 0:
        with pytest.raises(IllegalMoveError, match="nie"):
            apply(state, parse_move(f"entferne d4 {effect}", state))
        return
    after, _ = apply(state, parse_move(f"entferne d4 {effect}", state))
    assert (Effect(effect) in after.hand(Colour.ROT)) is kept


def test_volcano_ends_at_once_and_only_safe_explorers_count():
    state = parse_position(f"spieler: ro bl; zug: ro entfernen; weg: {BEACHES} {FORESTS}; "
                           "land: f5 ro3, g5 bl6; sicher: nw ro1 ro2, so bl1")
    after, report = apply(state, parse_move("entferne f5 vulkan", state))
    assert report.game_over and after.ended is EndReason.VULKAN and legal_moves(after) == []
    assert score(after) == {Colour.ROT: 3, Colour.BLAU: 1}
    assert winners(after) == (Colour.ROT,)
    with pytest.raises(IllegalMoveError, match="zu Ende"):
        apply(after, parse_move("würfel hai", after))


def test_sinking_island_ends_with_the_last_tile():
    last = [*(BEACHES + " " + FORESTS).split(), "f5", "g5", "e6", "f6", "g6", "h6", "g7"]
    state = parse_position(f"zug: ro entfernen; weg: {' '.join(last)}; land: h7 ro1; "
                           "varianten: sinkende-insel")
    after, report = apply(state, parse_move("entferne h7 strudel", state))
    assert after.ended is EndReason.INSEL_WEG and report.game_over


def test_hold_out_ends_when_nobody_is_left_out_there():
    state = parse_position(f"zug: ro entfernen; weg: {BEACHES}; land: e4 ro1, h5 ro2; "
                           "sicher: nw ro3; varianten: durchhalten")
    after, _ = apply(state, parse_move("entferne e4 strudel", state))
    assert after.phase is Phase.WUERFELN  # ro2 is still on h5
    state = parse_position(f"zug: ro entfernen; weg: {BEACHES}; land: e4 ro1; sicher: nw ro3; "
                           "varianten: durchhalten")
    after, _ = apply(state, parse_move("entferne e4 strudel", state))
    assert after.ended is EndReason.ALLE_WEG


def test_two_colours_each_add_up():
    state = parse_position(f"spieler: ro bl ge gr; zug: ro ende vulkan; weg: {VOLCANO_GONE}; "
                           "sicher: nw ro6, no bl5, sw ge1, so gr3; varianten: zwei-farben")
    assert winners(state) == (Colour.BLAU, Colour.GRUEN)  # 5 + 3 beats 6 + 1


def test_a_player_without_explorers_skips_moving_only():
    state = parse_position("spieler: ro bl; zug: bl würfeln; weg: i4 j5; land: d4 bl1; haie: k9; "
                           "hand: ro wind")
    after, _ = apply(state, parse_move("würfel schlange", state))
    assert (after.current, after.phase) == (Colour.ROT, Phase.KARTE)
    after, _ = apply(after, parse_move("weiter", after))
    assert after.phase is Phase.ENTFERNEN


# ---------------------------------------------------------------------------------------------
# Set-up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_set_up(players):
    state = new_game(random.Random(players), players)
    counts = Counter(e.colour for _, es in state.land for e in es)
    assert counts == {c: 10 for c in list(Colour)[:players]}
    assert all(len(es) == 1 for _, es in state.land)
    assert len(state.boats) == 2 * players and all(not b.passengers for b in state.boats)
    assert all(any(n in KIND_BY_SPACE for n in board.NEIGHBOURS[b.space]) for b in state.boats)
    assert state.serpents == board.SERPENT_STARTS
    backs = Counter((KIND_BY_SPACE[s], e) for s, e in state.backs)
    assert all(backs[(k, e)] == n[k] for e, n in TILE_BACKS.items() for k in Kind)
    for colour in counts:
        values = sorted(e.value for _, es in state.land for e in es if e.colour is colour)
        assert values == [1, 1, 1, 2, 2, 3, 3, 4, 5, 6]


def test_overpopulation_stacks_only_inland():
    state = new_game(random.Random(7), 4, [Variant.UEBERBEVOELKERUNG])
    assert sum(len(es) for _, es in state.land) == 40
    for s, es in state.land:
        assert len(es) <= (2 if inland(s) else 1)


@pytest.mark.parametrize("seed", range(6))
def test_practice_generators(seed):
    rng = random.Random(seed)
    creature, contents = random_encounter(rng)
    assert parse_encounter(format_encounter(creature, contents)) == (creature, contents)
    state = random_position(rng, removals=5 * seed + 3)
    assert state.phase is Phase.ENTFERNEN and len(state.removed) >= 5 * seed + 3
    assert parse_position(format_position(state)) == state
    assert removable_tiles(state)


# ---------------------------------------------------------------------------------------------
# Notation: round trips and fuzzing


def _random_state(seed: int, steps: int):
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    options = [v for v in Variant if players == 4 or v is not Variant.ZWEI_FARBEN]
    state = new_game(rng, players, rng.sample(options, rng.choice([0, 0, 1, 2])))
    for _ in range(steps):
        if state.phase is Phase.ENDE:
            break
        state, _ = apply(state, rng.choice(legal_moves(state)))
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 300))
def test_position_and_move_notation_round_trip(seed, steps):
    state = _random_state(seed, steps)
    text = format_position(state)
    assert repr(state) == text
    again = parse_position(text)
    assert again == state
    assert format_position(again) == text
    for move in legal_moves(state)[:60]:
        assert parse_move(format_move(move), state) == move


def test_the_documented_example_position_reads_and_round_trips():
    from app.rules.survive import notation

    text = " ".join(notation.__doc__.split("::")[1].split("\n\n")[1].split())
    state = parse_position(text)
    assert format_position(state) == text.replace(" wale: -;", "")
    assert repr(parse_move("ro3 e4-[d3]", state)) == "ro3 e4-[d3]"


EXPLORERS = st.builds(Explorer, st.sampled_from(list(Colour)), st.sampled_from([None, 1, 4, 6]))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(list(Creature)), st.lists(EXPLORERS, max_size=4),
       st.one_of(st.none(), st.lists(EXPLORERS, max_size=3)),
       st.lists(st.sampled_from(list(Creature)), max_size=2))
def test_encounter_notation_round_trip(creature, swimmers, boat, there):
    from app.rules.survive.core import sort_explorers

    try:
        contents = SpaceContents(sort_explorers(swimmers),
                                 None if boat is None else sort_explorers(boat),
                                 tuple(sorted(there)))
    except NotationError:
        return  # an impossible space (e.g. swimmers next to a shark)
    text = format_encounter(creature, contents)
    assert parse_encounter(text) == (creature, contents)
    outcome = resolve_encounter(creature, contents)
    before = len(swimmers) + len(boat or [])
    after = len(outcome.lost) + len(outcome.swimmers_after) + len(outcome.passengers_after or ())
    assert before == after


_TOKENS = ["spieler:", "zug:", "weg:", "land:", "boote:", "see:", "sicher:", "schlangen:",
           "haie:", "wale:", "hand:", "rückseiten:", "varianten:", "ro", "bl3", "ge?", "gr6*",
           "ro9", "d4", "c4", "a1", "nw", "z99", "[", "]", "[d3]", ";", ",", "-", "ziehen",
           "entfernen", "würfeln", "kreatur", "abwehr", "ende", "vulkan", "hai", "wal",
           "schlange", "delfin", "hai-abwehr", "boot", "strudel", "durchhalten", "2", "0", "?",
           "entferne", "spiele", "weiter", "abwehren", "begegnung", "wertung", "entfernbar",
           "schwimmer", "dort", "leer", ":", "d4-e4", "[d3]-c3", "ro1", "b4-c4", " "]
FUZZ = st.one_of(st.text(max_size=60), st.lists(st.sampled_from(_TOKENS), max_size=14).map(
    " ".join))


@settings(max_examples=300, deadline=None)
@given(FUZZ, FUZZ)
def test_random_text_raises_only_rules_errors(position, action):
    for call in (lambda: parse_position(position), lambda: parse_encounter(position),
                 lambda: example_facts(position, action)):
        with contextlib.suppress(RulesError):
            call()
    state = parse_position("spieler: ro bl; zug: ro ziehen 3; land: d4 ro1; boote: d3 [bl2]")
    with contextlib.suppress(RulesError):
        apply(state, parse_move(action, state))


SPACES = st.sampled_from(board.SPACES)
SPOTS = st.builds(Spot, st.sampled_from(list(Place)), SPACES)
ANY_MOVE = st.one_of(
    st.builds(Step, EXPLORERS, SPOTS, SPOTS),
    st.builds(BoatMove, SPACES, SPACES),
    st.builds(Remove, SPACES, st.one_of(st.none(), st.sampled_from(list(Effect))),
              st.one_of(st.none(), st.lists(EXPLORERS, max_size=4).map(tuple))),
    st.builds(Roll, st.sampled_from(list(Creature))),
    st.builds(CreatureMove, st.sampled_from(list(Creature)), SPACES, SPACES),
    st.builds(PlayTile, st.sampled_from(list(Effect)), SPACES, SPACES,
              st.one_of(st.none(), EXPLORERS)),
    st.builds(React, st.booleans()),
    st.just(Pass()),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 250), st.lists(ANY_MOVE, min_size=1, max_size=6))
def test_any_move_in_any_state_is_applied_or_refused_with_a_rules_error(seed, steps, moves):
    state = _random_state(seed, steps)
    for move in moves:
        legal = legal_moves(state)
        try:
            after, report = apply(state, move)
        except RulesError:
            continue
        assert _normal(move) in [_normal(m) for m in legal], "applied a move legal_moves lacks"
        assert isinstance(report.text, str)
        state = after


def _normal(move):
    """Details legal_moves leaves to their defaults: backs, boarders, the * mark."""
    if isinstance(move, Remove):
        return Remove(move.space)
    if isinstance(move, PlayTile) and move.effect is not Effect.DELFIN:
        return PlayTile(move.effect, move.origin, move.target)
    if isinstance(move, PlayTile | Step) and move.explorer is not None:
        plain = Explorer(move.explorer.colour, move.explorer.value)
        return (PlayTile(move.effect, move.origin, move.target, plain)
                if isinstance(move, PlayTile) else Step(plain, move.origin, move.target))
    return move


# ---------------------------------------------------------------------------------------------
# Random games: the invariants


def _land(state) -> Counter:
    return Counter((e.colour, e.value) for _, es in state.land for e in es)


def _all_explorers(state) -> int:
    return (sum(len(es) for _, es in (*state.land, *state.sea, *state.safe))
            + sum(len(b.passengers) for b in state.boats))


_PEOPLE = ("land", "sea", "safe", "boats")


class _Invariants:
    """Checks one random game move by move; unchanged parts are the very same tuples.

    ``check`` returns the broken rule or None – plain ``if``s, because pytest's rewritten
    asserts would cost more than the engine in this loop.
    """

    def __init__(self, state) -> None:
        self.land = _land(state)
        self.total = _all_explorers(state)

    def check(self, before, move, after, report) -> str | None:
        if after.boats is not before.boats:
            spaces = [b.space for b in after.boats]
            if len(spaces) != len(set(spaces)):
                return "two boats on one space"
            if any(len(b.passengers) > 3 for b in after.boats):
                return "more than 3 explorers in a boat"
        if after.land is not before.land:
            land = _land(after)
            if land - self.land:
                return "an explorer went back onto the island"
            self.land = land
        if any(getattr(after, p) is not getattr(before, p) for p in _PEOPLE):
            total = _all_explorers(after)
            if self.total != total + len(report.lost):
                return "explorers appeared or vanished"
            self.total = total
        elif report.lost:
            return "explorers lost without a change on the board"
        if isinstance(move, Remove):
            left = [s for s in board.TERRAIN if s not in before.removed]
            kind = min(KIND_BY_SPACE[s] for s in left)
            if KIND_BY_SPACE[move.space] is not kind:
                return "removal order beach → forest → mountain broken"
            sea = sea_spaces(before)
            coastal = [s for s in left if KIND_BY_SPACE[s] is kind
                       and any(n in sea for n in board.NEIGHBOURS[s])]
            if coastal and move.space not in coastal:
                return "removed a tile away from the sea"
        if after.phase is not Phase.ABWEHR and (after.sea or after.boats):
            biters = {*after.serpents, *after.sharks}
            wreckers = {*after.serpents, *after.whales}
            if any(s in biters for s, _ in after.sea):
                return "a swimmer shares a space with a serpent or shark"
            if any(b.passengers and b.space in wreckers for b in after.boats):
                return "a loaded boat shares a space with a serpent or whale"
        return None


# Half of REGELFRISCH_PROPERTY_GAMES (CI size 250), in blocks of 50; test_invariants plays the
# other half.
SIMULATED_BLOCKS = max(2, int(os.environ.get("REGELFRISCH_PROPERTY_GAMES", "250")) // 2 // 50)


@pytest.mark.parametrize("block", range(SIMULATED_BLOCKS),
                         ids=lambda b: f"Spiele {50 * b}–{50 * b + 49}")
def test_random_games_keep_the_rules(block):
    ends = Counter()
    for seed in range(50 * block, 50 * block + 50):
        rng = random.Random(seed)
        variants = [Variant.SINKENDE_INSEL] if seed % 25 == 0 else []
        state = new_game(rng, 2 + seed % 3, variants)
        invariants = _Invariants(state)
        for number in range(5000):
            if state.phase is Phase.ENDE:
                break
            move = rng.choice(legal_moves(state))
            after, report = apply(state, move)
            problem = invariants.check(state, move, after, report)
            if problem:
                pytest.fail(f"game {seed}, move {number} ({move!r}) in {state!r}: {problem}")
            state = after
        assert state.phase is Phase.ENDE
        ends[state.ended] += 1
        assert sum(score(state).values()) <= 28 * len(state.players)
    assert ends[EndReason.VULKAN] >= 40


# ---------------------------------------------------------------------------------------------
# Worked examples from the content


def _examples() -> list[dict]:
    with EXAMPLES.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)["examples"]


@pytest.mark.parametrize("example", _examples(), ids=lambda e: e["id"])
def test_content_example_agrees_with_the_engine(example):
    assert set(example["expect"]) <= set(EXAMPLE_FACT_KEYS)
    facts = example_facts(example["position"], example["action"])
    for key, expected in example["expect"].items():
        assert facts[key] == expected, key


@pytest.mark.parametrize(("position", "action"), [
    ("zug: ro ziehen 3; land: d4 ro1", "ro1 d4-e4"),
    ("zug: ro entfernen; land: d4 ro1", "entferne d4 hai"),
    ("zug: ro ziehen 3; boote: d3 [ro1]", "boot d3"),
    ("zug: ro ziehen 3; boote: d3 [ro1]", "boot d3-c3?"),
    ("hai: schwimmer rot", "begegnung"),
    (f"zug: ro ende vulkan; weg: {VOLCANO_GONE}; sicher: nw ro3", "wertung"),
    ("zug: ro entfernen", "entfernbar"),
    ("zug: ro entfernen", "entferne e4?"),
])
def test_fact_keys_are_declared_and_plain(position, action):
    facts = example_facts(position, action)
    assert set(facts) <= set(EXAMPLE_FACT_KEYS)
    for value in facts.values():
        assert isinstance(value, int | str | bool | list)
        if isinstance(value, list):
            assert all(isinstance(v, int | str | bool) for v in value)


def test_forbidden_action_without_question_mark_is_an_error():
    with pytest.raises(IllegalMoveError):
        example_facts("zug: ro entfernen", "entferne e4")
    assert example_facts("zug: ro entfernen", "entferne e4?")["legal"] is False


# ---------------------------------------------------------------------------------------------
# Reason codes: every refusal says why in a word a program can compare

_TO_MOVE = "spieler: ro bl; zug: ro ziehen 3; land: d4 ro1"
_REMOVING = "spieler: ro bl; zug: ro entfernen; land: d4 ro1"


def _unchecked(text: str, **changes):
    """A position the parser accepts, edited past the invariants (apply must still refuse)."""
    return dataclasses.replace(parse_position(text), **changes)


def _spot(place: Place, label: str) -> Spot:
    return Spot(place, space(label))


# code -> (position, move as text or value); the move is applied and must be refused
MOVE_REFUSALS = {
    "game_over": (f"zug: ro ende vulkan; weg: {VOLCANO_GONE}", "weiter"),
    "unknown_move": (_TO_MOVE, "weiter als Text"),
    "malformed_move": (_TO_MOVE, Step(None, None, None)),  # type: ignore[arg-type]
    "off_map": (_TO_MOVE, BoatMove(Space(40, 40), space("d3"))),
    "wrong_phase": (_REMOVING, "ro1 d4-e4"),
    "wrong_place": (_TO_MOVE, Step(Explorer(Colour.ROT, 1), _spot(Place.ISLAND, "d4"),
                                   _spot(Place.LAND, "e4"))),
    "not_your_explorer": ("zug: ro ziehen 3; land: d4 bl1, e4 ro1", "bl1 d4-e4"),
    "explorer_missing": (_TO_MOVE, "ro2 d4-e4"),
    "rescued": ("zug: ro ziehen 3; sicher: nw ro1; land: e4 ro2", "ro1 nw-a2"),
    "never_back": ("zug: ro ziehen 3; see: c4 ro1", "ro1 c4-d4"),
    "no_tile": ("zug: ro ziehen 3; weg: d5; land: d4 ro1",
                Step(Explorer(Colour.ROT, 1), _spot(Place.LAND, "d4"), _spot(Place.LAND, "d5"))),
    "no_boat": (_TO_MOVE, "ro1 d4-[d3]"),
    "boat_full": ("zug: ro ziehen 3; land: d4 ro1; boote: d3 [bl1 bl2 ge1]", "ro1 d4-[d3]"),
    "already_swum": ("zug: ro ziehen 3; see: c4 ro1*", "ro1 c4-b4"),
    "not_adjacent": (_TO_MOVE, "ro1 d4-f4"),
    "not_sea": (_TO_MOVE, Step(Explorer(Colour.ROT, 1), _spot(Place.LAND, "d4"),
                               _spot(Place.SEA, "e4"))),
    "board_own_space": ("zug: ro ziehen 3; see: c4 ro1; boote: b4 []", "ro1 c4-[b4]"),
    "jump_own_space": ("zug: ro ziehen 3; boote: d3 [ro1]",
                       Step(Explorer(Colour.ROT, 1), _spot(Place.BOAT, "d3"),
                            _spot(Place.SEA, "c3"))),
    "island_from_land": (_TO_MOVE, Step(Explorer(Colour.ROT, 1), _spot(Place.LAND, "d4"),
                                        _spot(Place.ISLAND, "a1"))),
    "not_landing": ("zug: ro ziehen 3; boote: c1 [ro1]", "ro1 [c1]-nw"),
    "not_in_control": ("zug: ro ziehen 3; boote: d3 [bl1]; land: e4 ro1", "boot d3-c3"),
    "boat_there": ("zug: ro ziehen 3; boote: d3 [ro1], c3 []", "boot d3-c3"),
    "mandatory": (_REMOVING, "weiter"),
    "not_a_tile": (_REMOVING, "entferne c4"),
    "already_removed": ("zug: ro entfernen; weg: d4; land: e4 ro1", "entferne d4"),
    "removal_order": (_REMOVING, "entferne e4"),
    "not_coastal": (_REMOVING, "entferne f4"),
    "other_back": ("zug: ro entfernen; land: d4 ro1; rückseiten: d4 wal", "entferne d4 hai"),
    "no_such_back": (_REMOVING, "entferne d4 strudel"),
    "boarders_without_boat": (_REMOVING, "entferne d4 hai [ro1]"),
    "boarders_count": (_REMOVING, "entferne d4 boot []"),
    "boarder_missing": (_REMOVING, "entferne d4 boot [bl1]"),
    "not_rolled": ("spieler: ro bl; zug: ro kreatur hai; weg: i4 j5; haie: b4; wale: b6; "
                   "land: d4 ro1", "wal b6-b7"),
    "no_creature": ("spieler: ro bl; zug: ro kreatur hai; weg: j5; haie: b4; land: d4 ro1",
                    "hai b5-b6"),
    "out_of_reach": ("spieler: ro bl; zug: ro kreatur hai; weg: j5; haie: b4; land: d4 ro1",
                     "hai b4-b9"),
    "not_in_hand": ("spieler: ro bl; zug: ro karte; weg: j5; land: d4 ro1; hand: ro delfin",
                    "spiele wind d3-b2"),
    "reaction_only": ("spieler: ro bl; zug: ro karte; weg: i4 j5; land: d4 ro1; "
                      "hand: ro delfin hai-abwehr", "spiele hai-abwehr d3-b2"),
    "dolphin_own": ("spieler: ro bl; zug: ro karte; weg: j5 i4; see: k5 ro1 bl1; "
                    "hand: ro delfin", "spiele delfin bl1 k5-k7"),
}


def _refusal(code: str) -> RulesError:
    """Drive the refusal named ``code`` and return the error it raised."""
    if code in MOVE_REFUSALS:
        text, move = MOVE_REFUSALS[code]
        state = parse_position(text)
        if isinstance(move, str) and move != "weiter als Text":
            move = parse_move(move, state)
        with pytest.raises(IllegalMoveError) as caught:
            apply(state, move)
        return caught.value
    calls = {
        "no_position": lambda: apply(None, Pass()),  # type: ignore[arg-type]
        "no_points": lambda: apply(_unchecked(_TO_MOVE, points=0), parse_move("ro1 d4-e4",
                                                                           parse_position(_TO_MOVE))),
        "players": lambda: new_game(random.Random(1), 5),
        "variant": lambda: new_game(random.Random(1), 3, [Variant.ZWEI_FARBEN]),
        "rng": lambda: new_game(None, 3),  # type: ignore[arg-type]
        "value_unknown": lambda: score(parse_position(
            f"zug: ro ende vulkan; weg: {VOLCANO_GONE}; sicher: nw ro?")),
        "no_report": lambda: GAME.explain(None),
        "no_seat": lambda: GAME.player_name(parse_position(_TO_MOVE), 7),
        "removals": lambda: random_position(random.Random(1), removals=40),
        "wrong_type": lambda: creature_targets(parse_position(_TO_MOVE), None, space("b4")),
    }
    if code in calls:
        with pytest.raises(RulesError) as caught:
            calls[code]()
        return caught.value
    with pytest.raises(RulesError) as caught:  # an invariant: a position no game reaches
        parse_position(IMPOSSIBLE[code][0])
    return caught.value


@pytest.mark.parametrize("code", sorted(GAME.info.refusal_codes))
def test_every_reason_code_is_driven_and_carried(code):
    err = _refusal(code)
    assert err.code == code, str(err)
    first = str(err).split()[0]
    # a sentence, a field label („zug:“) or a space („f4 grenzt …“) comes first
    assert first[0].isupper() or first.startswith("„") or any(c.isdigit() for c in first), first


def test_refusal_codes_are_all_the_codes_the_source_raises():
    """Nothing raises a code the game does not declare, nor is one declared that nothing raises."""
    source = "\n".join(p.read_text(encoding="utf-8")
                       for p in (Path(board.__file__).parent).glob("*.py"))
    declaration = re.search(r"MOVE_REFUSAL_CODES = frozenset\(\{.*?\}\)", source, re.S)
    assert declaration is not None
    source = source.replace(declaration.group(0), "")
    named = re.findall(r'code="([a-z_]+)"', source)
    named += re.findall(r'_refuse\((?:[^()]|\([^()]*\))*?,\s*"([a-z_]+)"\)', source, flags=re.S)
    assert set(named) <= GAME.info.refusal_codes
    quoted = set(re.findall(r'"([a-z_]+)"', source)) | {flag.code for flag in Status if flag}
    assert GAME.info.refusal_codes - quoted == set()


# ---------------------------------------------------------------------------------------------
# Positions no game reaches: one minimal position per new invariant (issue #26)

IMPOSSIBLE = {
    # flag code: (position, what it shows)
    "players": ("spieler: ro; land: d4 ro1", "a game with one colour"),
    "too_few_tiles": ("spieler: ro bl; weg: d4; land: e4 ro1; haie: c4; wale: b4",
                      "one beach showed a shark and a whale"),
    "coast": ("spieler: ro bl; weg: f4; land: e4 ro1", "an inland beach gone, its coast there"),
    "phase": ("spieler: ro bl; zug: ro ziehen 3; land: d4 bl1", "moving with no explorer"),
    # the older flags, for the reason-code test
    "explorers": ("land: d4 ro1 ro1 ro1 ro1", "four explorers of value 1"),
    "swimmer_eaten": ("spieler: ro bl; see: c4 ro1; schlangen: c4", "a swimmer by a serpent"),
    "boat_wrecked": ("spieler: ro bl; boote: c4 [ro1]; schlangen: c4", "a crew by a serpent"),
    "repel": ("spieler: ro bl; zug: ro abwehr bl hai c4 würfel; weg: i4 j5; haie: c4; "
              "see: c4 ro1; hand: bl hai-abwehr", "the repel concerns nobody of Blau"),
    "rolled_absent": ("spieler: ro bl; zug: ro kreatur hai; land: d4 ro1", "no shark at sea"),
    "removal_order": ("spieler: ro bl; weg: e4; land: d4 ro1", "forest before beach"),
    "too_many_boats": ("spieler: ro bl; land: d4 ro1; boote: b2 [], c2 [], e2 [], f2 [], g2 []",
                       "a fifth boat for two"),
    "too_many_creatures": ("spieler: ro bl; land: d4 ro1; haie: c4", "a shark from no tile"),
}
NEW_FLAGS = {"players": Status.PLAYERS, "too_few_tiles": Status.TOO_FEW_TILES,
             "coast": Status.COAST, "phase": Status.PHASE}


@pytest.mark.parametrize("code", sorted(NEW_FLAGS))
def test_each_new_invariant_has_a_minimal_violating_position(code):
    text, _ = IMPOSSIBLE[code]
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert caught.value.code == code
    # The same position built past the parser sets exactly this one flag.
    state = _build_unchecked(text)
    assert status(state) == NEW_FLAGS[code], violations(state)


def _build_unchecked(text: str):
    """Parse ``text`` with the invariants switched off, to look at the flags themselves."""
    original = notation_module.check_position
    notation_module.check_position = lambda state: state
    try:
        return parse_position(text)
    finally:
        notation_module.check_position = original


PHASES = [
    ("spieler: ro bl; zug: ro ziehen 0; land: d4 ro1", "0 Bewegungspunkten"),
    ("spieler: ro bl; zug: ro karte; land: d4 ro1", "keins mit rotem Rand"),
    (f"spieler: ro bl; zug: ro entfernen; weg: {BEACHES} {FORESTS} f5 g5 e6 f6 g6 h6 g7 h7; "
     "varianten: durchhalten; see: c4 ro1", "kein Inselplättchen mehr"),
    (f"spieler: ro bl; zug: ro würfeln; weg: {BEACHES} {FORESTS} f5 g5 e6 f6 g6 h6 g7 h7; "
     "see: c4 ro1", "schon zu Ende"),
    ("spieler: ro bl; zug: ro würfeln; varianten: durchhalten; sicher: nw ro1",
     "Variante Durchhalten"),
    ("spieler: ro bl; zug: ro ende vulkan", "solange kein Berg entfernt ist"),
    (f"spieler: ro bl; zug: ro ende vulkan; weg: {VOLCANO_GONE}; varianten: sinkende-insel",
     "wie ein Strudel"),
    ("spieler: ro bl; zug: ro ende insel-weg", "noch 40 Inselplättchen"),
    ("spieler: ro bl; zug: ro ende alle-weg; sicher: nw ro1", "nur die Variante Durchhalten"),
]


@pytest.mark.parametrize(("text", "words"), PHASES, ids=[p[1] for p in PHASES])
def test_a_phase_that_cannot_be_is_refused(text, words):
    state = _build_unchecked(text)
    assert status(state) == Status.PHASE, violations(state)
    with pytest.raises(NotationError, match=words) as caught:
        parse_position(text)
    assert caught.value.code == "phase"


def test_a_single_named_colour_plays_with_the_next_one():
    assert parse_position("land: d4 gr1").players == (Colour.ROT, Colour.GRUEN)
    assert parse_position("land: d4 bl1").players == (Colour.ROT, Colour.BLAU)
    assert parse_position("spieler: ro ge gr; land: d4 ge1").players == (
        Colour.ROT, Colour.GELB, Colour.GRUEN)
    with pytest.raises(NotationError, match="alle vier"):
        parse_position("spieler: ro bl; land: d4 ro1; varianten: zwei-farben")


def test_a_turn_without_phase_starts_as_the_engine_starts_one():
    # red tile on the hand: „karte“; explorers out: „ziehen 3“; none out: „entfernen“
    assert parse_position("weg: j5; land: d4 ro1; hand: ro delfin").phase is Phase.KARTE
    assert parse_position("land: d4 ro1").phase is Phase.ZIEHEN
    state = parse_position("spieler: ro bl; land: d4 bl1")
    assert (state.phase, state.points) == (Phase.ENTFERNEN, 0)


BACKS_TOGETHER = [
    # position, valid?
    ("spieler: ro bl; weg: d4 d5; land: e4 ro1; haie: c4; wale: b4", True),
    ("spieler: ro bl; weg: d4; land: e4 ro1; hand: ro delfin wind", False),
    ("spieler: ro bl; weg: d4 d5; land: e4 ro1; hand: ro delfin wind", True),
    # the one beach with a boat is known to lie still on f3: the removed beach showed no boat
    ("spieler: ro bl; weg: d4; land: e4 ro1; boote: b2 [], c2 [], e2 [], f2 [], g2 []; "
     "rückseiten: f3 boot", False),
    ("spieler: ro bl; weg: d4; land: e4 ro1; boote: b2 [], c2 [], e2 [], f2 [], g2 []", True),
    # serpents start on the board: they need no tile
    ("spieler: ro bl; land: e4 ro1; schlangen: d2 i2 a6 l6 g11", True),
    # three „Wind“ tiles: there are only two, both on beaches (S3)
    (f"spieler: ro bl; weg: {BEACHES}; land: e4 ro1; hand: ro wind wind, bl wind", False),
    # the volcano that ended the game is one of the removed mountains' backs
    (f"spieler: ro bl; zug: ro ende vulkan; weg: {VOLCANO_GONE}; haie: c4", True),
]


@pytest.mark.parametrize(("text", "valid"), BACKS_TOGETHER)
def test_creatures_boats_and_kept_tiles_count_against_removed_tiles_together(text, valid):
    state = _build_unchecked(text)
    assert (Status.TOO_FEW_TILES not in status(state)) is valid, violations(state)


def test_the_practice_map_never_needs_ruling_s7():
    """Every group of tiles of one kind reaches the sea of its turn: some tile of the current
    kind always touches the sea, so the coast criterion has no S7 exception to allow for."""
    for kind in Kind:
        tiles = {s for s in board.TERRAIN if KIND_BY_SPACE[s] is kind}
        sea = set(board.SEA_CELLS) | {s for s in board.TERRAIN if KIND_BY_SPACE[s] < kind}
        reached = {s for s in tiles if any(n in sea for n in board.NEIGHBOURS[s])}
        frontier = list(reached)
        while frontier:
            here = frontier.pop()
            for n in board.NEIGHBOURS[here]:
                if n in tiles and n not in reached:
                    reached.add(n)
                    frontier.append(n)
        assert reached == tiles, kind


def _removable_by_the_engine(removed: frozenset) -> bool:
    """Brute force with the engine's own rule: take any removable tile of the set, as long
    as one is left (taking one never makes another unremovable, so greed decides)."""
    state = parse_position("spieler: ro bl; zug: ro entfernen; see: a5 ro1")
    gone: frozenset = frozenset()
    while gone != removed:
        state = dataclasses.replace(state, removed=gone)
        options = [s for s in removable_tiles(state) if s in removed and s not in gone]
        if not options:
            return False
        gone = gone | {options[0]}
    return True


@pytest.mark.parametrize("seed", range(8))
def test_coast_criterion_agrees_with_removing_tile_by_tile(seed):
    rng = random.Random(seed)
    order = [KIND_BY_SPACE[s] for s in board.TERRAIN]
    for _ in range(60):
        # all tiles of the kinds before a random one, and a random part of that kind
        kind = rng.choice(list(Kind))
        earlier = {s for s, k in zip(board.TERRAIN, order, strict=True) if k < kind}
        mine = [s for s, k in zip(board.TERRAIN, order, strict=True) if k is kind]
        part = set(rng.sample(mine, rng.randint(1, len(mine))))
        removed = frozenset(earlier | part)
        assert (unreachable_removals(removed) == ()) is _removable_by_the_engine(removed), \
            sorted(s.label for s in part)


# ---------------------------------------------------------------------------------------------
# Explanations: one step per thing that happened, with the rulings it rests on

RULINGS = {m.group(1) for m in re.finditer(
    r"^    code: (S\d+)$", (EXAMPLES.parent / "game.yaml").read_text(encoding="utf-8"), re.M)}


def _explained(text: str, move: str):
    state = parse_position(text)
    _, report = apply(state, parse_move(move, state))
    return GAME.explain(report).steps


EXPLAINED = [
    # position, move, a ruling some step must cite
    ("zug: ro ziehen 3; boote: d3 [ro1 bl1]; schlangen: c3", "boot d3-c3", "S1"),
    ("zug: ro ziehen 3; weg: j5; boote: d3 [ro1 bl1]; wale: c3", "boot d3-c3", "S5"),
    ("zug: ro ziehen 3; land: d4 ro1", "ro1 d4-c4", "S5"),
    ("zug: ro ziehen 3; see: a2 ro1", "ro1 a2-nw", "S4"),
    ("zug: ro entfernen; land: d4 ro3 bl1 bl2 ge4", "entferne d4 boot", "S9"),
    ("spieler: ro bl; zug: ro kreatur schlange; weg: j5; schlangen: b4; boote: c4 []; "
     "land: d4 ro1", "schlange b4-c4", "S2"),
    ("spieler: ro bl; zug: ro würfeln; weg: j5; haie: b4; land: d4 ro1", "würfel hai", "S11"),
    ("spieler: ro bl; zug: ro kreatur hai; weg: i4 j5; haie: b4; see: c4 bl1; "
     "hand: bl hai-abwehr", "hai b4-c4", "S6"),
    ("zug: ro entfernen; weg: j5; land: h4 ge2 ro5; hand: ge hai-abwehr", "entferne h4 hai",
     "S6"),
    ("spieler: ro bl; zug: ro karte; weg: j5 i4; see: k5 ro1 bl1; hand: ro delfin",
     "spiele delfin ro1 k5-k7", "S13"),
    # the last explorer reaches safety with points left: moving ends there (S14)
    ("spieler: ro bl; zug: ro ziehen 3; see: a2 ro1; land: e4 bl1", "ro1 a2-nw", "S14"),
    # the next player has nobody left out there and skips moving (S14)
    ("spieler: ro bl; zug: ro würfeln; land: d4 ro1; sicher: nw bl1", "würfel hai", "S14"),
]


@pytest.mark.parametrize(("text", "move", "ruling"), EXPLAINED,
                         ids=[f"{e[2]}-{e[1]}" for e in EXPLAINED])
def test_explanation_steps_cite_their_rulings(text, move, ruling):
    steps = _explained(text, move)
    assert any(ruling in step.pages for step in steps), [(s.text, s.pages) for s in steps]


def test_moving_ends_when_the_last_explorer_is_safe():
    state = parse_position("spieler: ro bl; zug: ro ziehen 3; see: a2 ro1; land: e4 bl1")
    after, report = apply(state, parse_move("ro1 a2-nw", state))
    assert after.phase is Phase.ENTFERNEN and "2 Punkte verfallen" in report.text


@pytest.mark.parametrize("seed", range(6))
def test_every_step_of_random_play_reads_as_a_sentence_with_known_rulings(seed):
    rng = random.Random(seed)
    state = new_game(rng, 2 + seed % 3)
    cited: set[str] = set()
    while state.phase is not Phase.ENDE:
        state, report = apply(state, rng.choice(legal_moves(state)))
        for step in GAME.explain(report).steps:
            assert step.text[:1].isupper() or step.text[:2][-1:].isdigit(), step
            assert step.text.rstrip(")")[-1] in ".!?:", step
            assert set(step.pages) <= RULINGS, step
            named = set(re.findall(r"Auslegung (S\d+)", step.text))
            assert named <= set(step.pages), step
            cited.update(step.rulings)
            _assert_house_words(step.text)
    assert cited  # random play meets some rulings (S11 at every roll at least)


# ---------------------------------------------------------------------------------------------
# Engine texts speak the content's words (content/survive/glossary.yaml)

_GLOSSARY = yaml.safe_load((EXAMPLES.parent / "glossary.yaml").read_text(encoding="utf-8"))
_AVOID = [(term["term"], word) for term in _GLOSSARY["terms"] for word in term["avoid"]]


def _assert_house_words(text: str) -> None:
    for term, word in _AVOID:
        assert not re.search(rf"(?<![\wäöüÄÖÜß]){re.escape(word)}(?![\wäöüÄÖÜß])", text,
                             re.IGNORECASE), f"„{word}“ statt „{term}“: {text}"
    assert not re.search(r"(?<![\wäöüß])(euch|euer|eure|ihr\s+\w+t)\b", text), text
    assert "plättchenn" not in text and "Unsere Festlegung" not in text, text
    assert not re.search(r"\b(ro|bl|ge|gr)\d\b", text), f"a token code, not a colour: {text}"


def test_refusals_and_reasons_speak_the_glossary():
    texts = [str(_refusal(code)) for code in sorted(MOVE_REFUSALS)]
    texts += [str(_refusal(code)) for code in sorted(IMPOSSIBLE)]
    for position in ("zug: ro entfernen; land: d4 ro1", f"zug: ro entfernen; weg: {BEACHES}"):
        state = parse_position(position)
        texts += [removal_check(state, s)[1] for s in board.SPACES]
    for text in texts:
        _assert_house_words(text)
    assert any("Von den Strandplättchen darfst du" in t for t in texts)  # not „…plättchenn“


# ---------------------------------------------------------------------------------------------
# Hostile input: every public entry point refuses a wrong argument with the engine's own error

_STATE = "spieler: ro bl; zug: ro entfernen; land: d4 ro1"
_BAD = [None, 1, [], object()]


def _entry_points():
    """name -> (function, good arguments, (position, bad value) pairs that are good too)."""
    state = parse_position(_STATE)
    rng = random.Random(1)
    boat = Boat(space("d3"), ())
    contents = SpaceContents((Explorer(Colour.ROT),))
    moving = parse_position("spieler: ro bl; zug: ro ziehen 3; boote: c2 [ro1]; land: d4 bl1")
    trip = (BoatMove(space("c2"), space("b2")),)
    return {
        "apply": (apply, (state, Remove(space("d4")))),
        "boat_controllers": (boat_controllers, (boat, (Colour.ROT, Colour.BLAU))),
        "creature_targets": (creature_targets, (state, Creature.HAI, space("b4"))),
        "current_kind": (survive.current_kind, (state,)),
        "example_facts": (example_facts, ("land: d4 ro1", "wertung")),
        "explain": (survive.explain, (apply(state, Remove(space("d4")))[1],)),
        "format_encounter": (format_encounter, (Creature.HAI, contents)),
        "format_move": (format_move, (Pass(),)),
        "format_position": (format_position, (state,)),
        "is_valid": (survive.is_valid, (state,)),
        "legal_moves": (legal_moves, (state,)),
        "new_game": (new_game, (rng, 2, ())),
        "parse_encounter": (parse_encounter, ("hai: schwimmer rot",)),
        "parse_move": (parse_move, ("entferne d4", state)),
        "parse_position": (parse_position, (_STATE,)),
        "plan_cost": (survive.plan_cost, (moving, trip)),
        "parse_plan": (survive.parse_plan, ("boot c2-b2", moving)),
        "format_plan": (survive.format_plan, (trip,)),
        "random_encounter": (random_encounter, (rng,)),
        "random_move": (survive.random_move, (state, rng)),
        "random_position": (random_position, (rng, 2, 3)),
        "removable_tiles": (removable_tiles, (state,)),
        "removal_check": (removal_check, (state, space("d4"))),
        "resolve_encounter": (resolve_encounter, (Creature.HAI, contents)),
        "score": (score, (state,)),
        "space": (space, ("d4",)),
        "status": (status, (state,)),
        "unreachable_removals": (unreachable_removals, (frozenset(),)),
        "violations": (violations, (state,)),
        "winners": (winners, (state,)),
        **{f"GAME.{name}": (getattr(GAME, name), args) for name, args in (
            ("to_move", (state,)), ("player_name", (state, 0)), ("legal_moves", (state,)),
            ("apply", (state, Remove(space("d4")))), ("parse_position", (_STATE,)),
            ("format_position", (state,)), ("parse_move", ("weiter", state)),
            ("format_move", (Pass(), state)), ("status", (state,)), ("is_valid", (state,)),
            ("violations", (state,)), ("score", (state,)), ("winners", (state,)),
            ("is_over", (state,)), ("example_facts", ("land: d4 ro1", "wertung")),
            ("new_game", (1, "", 2)))},
    }


def test_the_entry_point_table_covers_the_public_functions():
    functions = {name for name in survive.__all__
                 if callable(getattr(survive, name)) and not isinstance(getattr(survive, name),
                                                                        type)}
    assert functions - {"GAME"} <= set(_entry_points()), functions - set(_entry_points())


# Bad values that are good for that argument: ``[]`` is no variant, 1 a seat, a seed, a number
# of removals; None the default state of GAME.format_move, players and removals.
_GOOD_TOO = {
    "new_game": {(2, "[]")}, "GAME.new_game": {(0, "1"), (2, "None")},
    "GAME.player_name": {(1, "1")}, "GAME.format_move": {(1, "None")},
    "random_position": {(2, "1"), (2, "None")},
}


@pytest.mark.parametrize("name", sorted(_entry_points()))
def test_every_public_entry_point_refuses_wrong_types_with_its_own_error(name):
    function, good = _entry_points()[name]
    function(*good)  # the good arguments work
    for index in range(len(good)):
        for bad in _BAD:
            if (index, repr(bad)) in _GOOD_TOO.get(name, ()):
                continue
            args = list(good)
            args[index] = bad
            with pytest.raises(RulesError):
                function(*args)


def test_removal_check_of_a_wrong_tile_is_the_engines_error():
    """Issue #30: a tile that is neither a space nor a text gave an AttributeError."""
    state = parse_position(_STATE)
    for bad in _BAD:
        with pytest.raises(RulesError) as caught:
            removal_check(state, bad)
        assert caught.value.code == "notation"


def test_a_space_holds_at_most_ten_explorers_of_a_colour_in_water_and_boat():
    red = Explorer(Colour.ROT)
    assert len(SpaceContents((red,) * 7, (red,) * 3).swimmers) == 7  # all ten: fine
    with pytest.raises(NotationError, match="Rot hat nur 10 Entdecker, hier wären es 11"):
        SpaceContents((red,) * 10, (red,))
