"""Each engine accepts exactly the positions a game can reach and follows its rulings to the letter.

* positions reached by random legal play are valid (``status`` empty) and round-trip through the
  notation – ``REGELFRISCH_PROPERTY_GAMES`` games per engine (CI size 250 for Atacama; Survive and
  Atlantis also play half and all of that number in their simulation tests, so this file adds
  what is missing there; set the variable higher for a longer run by hand, e.g. 5000);
* Atacama positions made by one small edit of a reachable position are accepted exactly when a
  legal history exists, decided by brute force (every order of play);
* every move-level ruling touched here (Atacama P4/P5, Survive S9/S12/S13, Atlantis E1/E3) refuses
  inputs one step outside it, with the ruling named in the message;
* every public parser of every engine raises only ``NotationError`` for any Python value.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules import atacama as ac
from app.rules import atlantis as at
from app.rules import survive as sv
from app.rules.atacama import geometry as ageo
from app.rules.atacama import notation as anot
from app.rules.atacama.scoring import parse_line_label
from app.rules.errors import IllegalMoveError, NotationError, RulesError
from app.rules.survive import board as sboard
from app.rules.survive import notation as snot

# CI size; the README shows the longer run by hand.
GAMES = int(os.environ.get("REGELFRISCH_PROPERTY_GAMES", "250"))
BLOCKS = 10

# =============================================================================================
# Atacama
# =============================================================================================

VARIANTS = [
    ac.Variant(),
    ac.Variant(tactical=True),
    ac.Variant(buildup=True),
    ac.Variant(players=4),
    ac.Variant(players=4, tactical=True),
]


@pytest.mark.parametrize(("text", "words"), [
    ("2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3,e5", "Auslegung P4"),
    ("2p+aufbau plan=übung:4 türme=g1,h2,g3,i3,d4,e5,d6,f6,h6,b8,e8,a9,c9,i9 "
     "rechte=sg-k/r!,kg-s/s", "Auslegung P4"),
    ("2p+aufbau plan=übung:1 türme=a1,c1,e1,g1,i1,b2,d2,f2,h2,a3,c3,e3,g3,i3,b4,d4,f4,h4,a5,"
     "c5,e5,g5,i5,b6,d6,f6,h6,a7", "Auslegung P5"),
    ("2p+aufbau plan=übung:1 türme=a1,e5 rechte=sg-k/s!,kg-s/r", "Auslegung P4"),
], ids=["e5-nach-6-zuegen", "zu-wenig-auf-dem-dreieck", "28-tuerme-ohne-recht", "alte-doku"])
def test_atacama_impossible_buildup_positions_are_refused(text, words):
    with pytest.raises(NotationError, match=words):
        ac.parse_position(text)


def test_atacama_status_names_every_broken_invariant():
    ok = ac.parse_position("2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3,e3")
    assert ac.status(ok) == ac.Status.VALID and ac.is_valid(ok)
    codes = list(ok.derricks)
    codes[ageo.parse_square("h9")] = 1  # sub-board I, out only after 12 turns,
    codes[ageo.parse_square("i9")] = 1  # and h9, i9 share an edge
    bad = ac.State._unchecked(ok.variant, ok.board, ok.rights, tuple(codes), None,
                              ok.occupied | 1 << 79 | 1 << 80)
    flags = ac.status(bad)
    assert flags == ac.Status.EDGE_CONTACT | ac.Status.DELIVERY_ORDER
    assert len(ac.violations(bad)) == 2 and not ac.is_valid(bad)


def _atacama_game(rng: random.Random, variant: ac.Variant) -> list[ac.State]:
    board = ac.practice_board(rng.randrange(1000))
    state = ac.new_game(variant, board, ac.random_rights(variant, rng))
    states = [state]
    while not ac.is_over(state):
        state, _ = ac.apply(state, rng.choice(ac.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("block", range(BLOCKS))
def test_atacama_random_play_is_valid_and_round_trips(block):
    per_block = max(1, GAMES // BLOCKS)
    for seed in range(block * per_block, (block + 1) * per_block):
        rng = random.Random(seed)
        states = _atacama_game(rng, VARIANTS[seed % len(VARIANTS)])
        # Every position of one game in ten, else the last and one from the middle.
        sample = states if seed % 10 == 0 else [rng.choice(states), states[-1]]
        for state in sample:
            assert ac.is_valid(state), (seed, state)
            assert ac.parse_position(ac.position_text(state)) == state


def _has_history(variant, board, rights, derricks, taker) -> bool:
    """Brute force: is there an order of legal turns from the empty plan to this position?"""
    target = tuple(derricks)
    squares = [s for s, code in enumerate(target) if code]
    take = None
    if variant.buildup:
        start_rights = (None,) * variant.players
        if taker is not None:
            mine = rights[taker]
            take = ac.TakeRight(mine.right, mine.direction)
    else:
        start_rights = rights
    try:
        start = ac.new_game(variant, board, start_rights)
    except RulesError:
        return False  # the rights themselves are not dealt as the rules deal them
    seen: set[tuple[int, bool]] = set()

    def search(state: ac.State) -> bool:
        key = (state.occupied, state.taker is not None)
        if key in seen:
            return False
        seen.add(key)
        if state.occupied == sum(1 << s for s in squares) and state.taker == taker:
            return state.rights == rights and state.derricks == target
        player = state.to_move
        options: list[ac.Move] = []
        for s in squares:
            code = target[s]
            if state.occupied >> s & 1 or (code >= 2 and code - 2 != player):
                continue
            options.append(ac.Place(s, code >= 2))
        if take is not None and state.taker is None and player == taker:
            options.append(take)
        for move in options:
            if ac.why_illegal(state, move) is None:
                after, _ = ac.apply(state, move)
                if search(after):
                    return True
        return False

    return search(start)


def _edits(state: ac.State, rng: random.Random):
    """Positions one small edit away: add, remove or move a derrick, change its colour or
    placer, flip the rights (give, take back, swap)."""
    variant, codes = state.variant, list(state.derricks)
    occupied = [s for s, c in enumerate(codes) if c]
    empty = [s for s, c in enumerate(codes) if not c]
    kinds = [1] + ([2 + p for p in range(variant.players)] if variant.tactical else [])
    out = []
    add = list(codes)
    add[rng.choice(empty)] = rng.choice(kinds)
    out.append((add, state.rights, state.taker))
    if occupied:
        gone = list(codes)
        gone[rng.choice(occupied)] = 0
        out.append((gone, state.rights, state.taker))
        moved = list(gone)
        moved[rng.choice([s for s in range(81) if not moved[s]])] = codes[occupied[0]]
        out.append((moved, state.rights, state.taker))
        recoloured = list(codes)
        s = rng.choice(occupied)
        recoloured[s] = rng.choice([k for k in kinds if k != codes[s]] or [1])
        out.append((recoloured, state.rights, state.taker))
    if variant.buildup:
        if state.taker is None:
            p = rng.randrange(variant.players)
            r, d = rng.choice(list(ac.Right)), rng.choice(list(ac.Direction))
            mine, theirs = ac.PlayerRight(r, d), ac.PlayerRight(r.other, d.other)
            rights = tuple(mine if q == p else theirs for q in range(variant.players))
            out.append((codes, rights, p))
        else:
            out.append((codes, (None,) * variant.players, None))
            out.append((codes, state.rights, 1 - state.taker))
    else:
        rights = list(state.rights)
        i, j = rng.sample(range(variant.players), 2)
        rights[i], rights[j] = rights[j], rights[i]
        out.append((codes, tuple(rights), None))
        rights = list(state.rights)
        rights[i] = ac.PlayerRight(rights[i].right.other, rights[i].direction)
        out.append((codes, tuple(rights), None))
    return out


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.german)
def test_atacama_one_edit_is_accepted_exactly_when_a_history_exists(variant):
    rng = random.Random(hash(variant.german) % 1000)
    checked = accepted = 0
    longest = 13 if variant.buildup else 8
    for _ in range(30):
        states = _atacama_game(rng, variant)
        state = states[min(rng.randint(0, longest), len(states) - 1)]
        for codes, rights, taker in _edits(state, rng):
            try:
                ac.State(variant, state.board, rights, tuple(codes), taker)
                ok = True
            except RulesError:
                ok = False
            truth = _has_history(variant, state.board, rights, codes, taker)
            assert ok == truth, (state, codes, rights, taker)
            checked += 1
            accepted += ok
    # The edits must be a real test: some lead to possible positions, some do not.
    assert checked > 100 and 0 < accepted < checked


def test_atacama_p4_one_turn_too_early_is_refused_and_the_next_allowed():
    state = ac.parse_position("2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3")
    reason = ac.why_illegal(state, ac.Place(40))  # e5, turn 6: only A, B, D are out
    assert "Teilplan E liegt noch nicht aus" in reason and "Auslegung P4" in reason
    state, _ = ac.apply(state, ac.Place(ageo.parse_square("e3")))
    assert ac.why_illegal(state, ac.Place(40)) is None  # turn 7: the diagonal is out
    later = ac.parse_position("2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3,e3,g1,g3,i1,b8,c7 "
                              "rechte=sg-k/r!,kg-s/s")
    assert later.turns == 12
    assert ac.why_illegal(later, ac.Place(ageo.parse_square("e8"))) is None
    before = ac.parse_position("2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3,e3,g1,g3,i1,b8 "
                               "rechte=sg-k/r!,kg-s/s")
    assert "noch nicht aus" in ac.why_illegal(before, ac.Place(ageo.parse_square("e8")))


def test_atacama_p5_last_turn_must_take_a_right():
    rng = random.Random(3)
    state = ac.new_game(ac.Variant(buildup=True), ac.practice_board(1))
    while state.turns < state.variant.total_turns - 1:
        places = [m for m in ac.legal_moves(state) if isinstance(m, ac.Place)]
        state, _ = ac.apply(state, rng.choice(places))
    assert all(isinstance(m, ac.TakeRight) for m in ac.legal_moves(state))
    place = next(ac.Place(s) for s in ageo.squares_of(ac.free_mask(state)))
    with pytest.raises(IllegalMoveError, match=r"Schürfrecht nehmen \(Auslegung P5\)"):
        ac.apply(state, place)
    last, _ = ac.apply(state, ac.legal_moves(state)[0])
    assert ac.is_over(last) and not last.rights_open


# =============================================================================================
# Survive
# =============================================================================================

FALLEN = ["ro1", "ro1 bl2", "ro1 bl2 ge3", "ro1 bl2 ge3 ro2", "ro1 bl2 ge3 ro2 bl1"]


@pytest.mark.parametrize("fallen", FALLEN, ids=lambda f: f"{len(f.split())}-gefallen")
def test_survive_s9_exactly_min_three_fallen_board(fallen):
    """One boarder fewer or more than min(3, fallen) is refused, saying how many must board."""
    state = sv.parse_position(f"spieler: ro bl ge; zug: ro entfernen; weg: j5 i4; "
                              f"land: f3 {fallen}")
    swimmers = fallen.split()
    must = min(3, len(swimmers))
    for count in range(0, min(len(swimmers), 4) + 1):
        chosen = " ".join(swimmers[:count])
        move = sv.parse_move(f"entferne f3 boot [{chosen}]", state)
        if count == must:
            after, report = sv.apply(state, move)
            assert len(report.boarded) == must
            assert len(after.boat_at(sboard.space("f3")).passengers) == must
        else:
            with pytest.raises(IllegalMoveError, match=f"genau {must} einsteigen.*Auslegung S9"):
                sv.apply(state, move)
    _, report = sv.apply(state, sv.parse_move("entferne f3 boot", state))
    assert len(report.boarded) == must  # the engine's own choice obeys S9 too


def test_survive_s9_nobody_fell_in_means_an_empty_boat():
    state = sv.parse_position("spieler: ro bl; zug: ro entfernen; weg: j5; land: e4 ro1")
    assert sv.removal_check(state, sboard.space("f3"))[0]
    with pytest.raises(IllegalMoveError, match="Auslegung S9"):
        sv.apply(state, sv.parse_move("entferne f3 boot [ro1]", state))
    after, report = sv.apply(state, sv.parse_move("entferne f3 boot []", state))
    assert report.boarded == () and after.boat_at(sboard.space("f3")).passengers == ()


@pytest.mark.parametrize(("position", "move"), [
    ("spieler: ro bl ge; zug: ro entfernen; weg: f4 d6 f6 g6; land: f3 ro1 bl2 ge3; wale: d2 b3",
     "entferne f3 boot [ro1]"),
    ("spieler: ro gr; zug: gr entfernen; weg: h3 g4 i7; land: f3 ro1; schlangen: a6 b11 e11; "
     "wale: g4 b7 a9", "entferne f3 boot []"),
], ids=["ein-statt-drei", "keiner-statt-einem"])
def test_survive_issue_positions_are_refused(position, move):
    """The issue's positions remove forest or mountain while beaches remain – impossible."""
    with pytest.raises(NotationError, match="erst aller Strand"):
        sv.parse_position(position)


def test_survive_s12_two_boats_per_person():
    two_colours = sv.new_game(random.Random(5), 4, [sv.Variant.ZWEI_FARBEN])
    assert len(two_colours.boats) == 4
    assert [len(sv.new_game(random.Random(5), n).boats) for n in (2, 3, 4)] == [4, 6, 8]
    boats = ", ".join(f"{s} []" for s in ("c3", "k3", "c9", "k9"))
    fifth = sv.parse_position(f"spieler: ro bl ge gr; varianten: zwei-farben; boote: {boats}")
    assert sv.is_valid(fifth)
    with pytest.raises(NotationError, match="Auslegung S12"):
        sv.parse_position(f"spieler: ro bl ge gr; varianten: zwei-farben; boote: {boats}, "
                          "a5 []")
    # One removed beach may have shown a boat: then five are possible.
    sv.parse_position(f"spieler: ro bl ge gr; varianten: zwei-farben; weg: j5; "
                      f"boote: {boats}, a5 []")


def test_survive_s13_dolphin_only_for_own_swimmers():
    state = sv.parse_position("spieler: ro bl; zug: ro karte; weg: j5 i4; see: k5 ro1 bl1; "
                              "hand: ro delfin")
    own = sv.parse_move("spiele delfin ro1 k5-k7", state)
    sv.apply(state, own)
    with pytest.raises(IllegalMoveError, match="eigenen"):
        sv.apply(state, sv.parse_move("spiele delfin bl1 k5-k7", state))


def test_survive_creature_counts_need_removed_tiles():
    ok = sv.parse_position("spieler: ro bl; weg: j5 i4 h4; haie: a5 b5; wale: c5")
    assert sv.status(ok) == sv.Status.VALID
    assert sv.status(replace(ok, removed=frozenset())) == sv.Status.TOO_MANY_CREATURES
    with pytest.raises(NotationError, match="Zu viele Haie"):
        sv.parse_position("spieler: ro bl; weg: j5; haie: a5 b5")


def _survive_game(seed: int):
    rng = random.Random(seed)
    players = 2 + seed % 3
    variants = [sv.Variant.ZWEI_FARBEN] if players == 4 and seed % 7 == 0 else []
    state = sv.new_game(rng, players, variants)
    states = [state]
    while state.phase is not sv.Phase.ENDE and len(states) < 5000:
        state, _ = sv.apply(state, rng.choice(sv.legal_moves(state)))
        states.append(state)
    return states


SURVIVE_GAMES = max(BLOCKS, GAMES // 2)  # the other half is played in test_survive.py


@pytest.mark.parametrize("block", range(BLOCKS))
def test_survive_random_play_is_valid_and_round_trips(block):
    per_block = SURVIVE_GAMES // BLOCKS
    for seed in range(10_000 + block * per_block, 10_000 + (block + 1) * per_block):
        states = _survive_game(seed)
        assert states[-1].phase is sv.Phase.ENDE
        rng = random.Random(seed)
        for state in [rng.choice(states), states[-1]]:
            assert sv.is_valid(state), (seed, sv.violations(state))
            assert sv.parse_position(sv.format_position(state)) == state
        # The invariants hold all game long (checked on every 10th position to stay fast).
        assert all(sv.is_valid(s) for s in states[::10]), seed


# =============================================================================================
# Atlantis
# =============================================================================================

STANDSTILL_BRIDGE = "[abb] K5a ~ H3 S1 [b] | a: H | b: - | stapel:-"
STANDSTILL_NO_BRIDGE = "[abb] K5a ~ H3 S1 [b] | a: H = | b: - | stapel:-"


def test_atlantis_e3_no_move_is_refused_while_the_own_bridge_helps():
    state = at.parse_state(STANDSTILL_BRIDGE)
    assert [at.format_move(m) for m in at.legal_moves(state)] == ["brücke 2"]
    with pytest.raises(IllegalMoveError, match="Auslegung E3"):
        at.apply(state, at.NoMove())
    state, _ = at.apply(state, at.parse_move("brücke 2"))
    assert at.legal_moves(state) == [at.parse_move("5:H")] or any(
        isinstance(m, at.Advance) for m in at.legal_moves(state))


def _play_to_the_end(state: at.State, rng: random.Random, limit: int = 3000) -> at.State:
    """Play choosing „kein Zug“ whenever it is allowed, else at random."""
    for _ in range(limit):
        moves = at.legal_moves(state)
        if not moves:
            return state
        no_move = [m for m in moves if isinstance(m, at.NoMove)]
        state, _ = at.apply(state, no_move[0] if no_move else rng.choice(moves))
    raise AssertionError(f"Spiel endet nicht: {state!r}")


@pytest.mark.parametrize("text", [STANDSTILL_BRIDGE, STANDSTILL_NO_BRIDGE],
                         ids=["a-legt-die-bruecke", "stillstand"])
def test_atlantis_the_two_issue_positions_end(text):
    for seed in range(20):
        end = _play_to_the_end(at.parse_state(text), random.Random(seed))
        assert end.phase is at.Phase.OVER


def test_atlantis_e1_standstill_counts_only_the_own_bridge():
    state = at.parse_state(STANDSTILL_NO_BRIDGE)
    assert at.legal_moves(state) == [at.NoMove()]
    after, outcome = at.apply(state, at.NoMove())
    assert outcome.ended is at.EndReason.STANDSTILL and after.phase is at.Phase.FINAL
    # One step outside: with cards left in the pile a „kein Zug“ draws and the game goes on.
    drawing = at.parse_state("[abb] K5a ~ H3 S1 [b] | a: H = | b: - | stapel:RRR")
    after, outcome = at.apply(drawing, at.NoMove())
    assert outcome.ended is None and after.phase is at.Phase.PLAYING


@pytest.mark.parametrize("block", range(BLOCKS))
def test_atlantis_every_game_ends_when_players_prefer_no_move(block):
    per_block = max(1, GAMES // 5 // BLOCKS)
    for seed in range(block * per_block, (block + 1) * per_block):
        rng = random.Random(seed)
        state = at.standard_setup(2 + seed % 3, seed)
        states = [state]
        for _ in range(3000):
            moves = at.legal_moves(state)
            if not moves:
                break
            no_move = [m for m in moves if isinstance(m, at.NoMove)]
            state, _ = at.apply(state, no_move[0] if no_move else rng.choice(moves))
            states.append(state)
        assert state.phase is at.Phase.OVER, f"Spiel {seed} endet nicht"
        sample = [rng.choice(states), state]
        for s in sample:
            assert at.is_valid(s), (seed, at.violations(s))
            assert at.parse_state(at.format_state(s)) == s
        assert all(at.is_valid(s) for s in states[::10]), seed


# =============================================================================================
# Every parser raises only NotationError
# =============================================================================================

_STATE_S = sv.parse_position("land: e4 ro3")
PARSERS = {
    "atacama.parse_square": ac.parse_square,
    "atacama.parse_board": ac.parse_board,
    "atacama.parse_position": ac.parse_position,
    "atacama.parse_move": ac.parse_move,
    "atacama.parse_line": ac.parse_line,
    "atacama.parse_field": anot.parse_field,
    "atacama.parse_variant": anot.parse_variant,
    "atacama.parse_player_right": anot.parse_player_right,
    "atacama.parse_derricks": lambda v: anot.parse_derricks(v, ac.Variant()),
    "atacama.parse_rights": lambda v: anot.parse_rights(v, ac.Variant(buildup=True)),
    "atacama.parse_line_label": parse_line_label,
    "survive.parse_position": sv.parse_position,
    "survive.parse_move": lambda v: sv.parse_move(v, _STATE_S),
    "survive.parse_encounter": sv.parse_encounter,
    "survive.parse_colour": snot.parse_colour,
    "survive.parse_creature": snot.parse_creature,
    "survive.parse_effect": snot.parse_effect,
    "survive.parse_explorer": snot.parse_explorer,
    "survive.parse_spot": lambda v: snot.parse_spot(v, _STATE_S),
    "survive.space": sboard.space,
    "survive.island": sboard.island,
    "atlantis.parse_state": at.parse_state,
    "atlantis.parse_move": at.parse_move,
    "atlantis.parse_tile": at.parse_tile,
    "atlantis.parse_payment": at.parse_payment,
}

_ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=20),
    st.lists(st.text(max_size=5), max_size=3), st.dictionaries(st.text(max_size=3), st.integers()),
    st.text(max_size=60),
    st.text(alphabet="abcdefghiklmnorsuwzäü0123456789 ;:,[]*!/=+-~?|", max_size=60),
)


def test_parse_board_and_square_refuse_numbers_in_german():
    for parser in (ac.parse_board, ac.parse_square, anot.parse_field, anot.parse_variant):
        with pytest.raises(NotationError, match="als Text"):
            parser(1)


@pytest.mark.parametrize("name", sorted(PARSERS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=_ANY_VALUE)
def test_every_parser_raises_only_notation_errors(name, value):
    try:
        PARSERS[name](value)
    except NotationError as err:
        assert str(err)  # a German message, never empty
    # anything else (TypeError, AttributeError, a bare RulesError …) fails the test


@pytest.mark.parametrize("name", ["survive.parse_move", "survive.parse_spot"])
def test_parsers_needing_a_position_refuse_anything_else(name):
    parser = sv.parse_move if name.endswith("move") else snot.parse_spot
    with pytest.raises(NotationError):
        parser("ro3 e4-f4", "land: e4 ro3")


# =============================================================================================
# Survive and Atlantis: edits that no history can explain are refused
# =============================================================================================
# Their positions are too big for a brute-force search over histories, so these edits are
# chosen to be impossible in *every* history; each must be refused by the parser.


def _survive_edits(state: sv.State, rng: random.Random) -> list[tuple[str, sv.State]]:
    sea = [s for s in sboard.SPACES if sboard.CELLS[s] is sboard.Cell.SEA
           or s in state.removed]
    out = []
    shark_space = rng.choice(sea)
    if not any(s == shark_space for s, _ in state.sea):
        extra = len(state.sharks) + 1
        limit = sum(min(n, b) for n, b in zip(
            [sum(1 for s in state.removed if sboard.CELLS[s] is c)
             for c in (sboard.Cell.STRAND, sboard.Cell.WALD, sboard.Cell.BERG)],
            sv.core.TILE_BACKS[sv.Effect.HAI], strict=True))
        if extra > limit:
            out.append(("ein Hai zu viel", replace(state, sharks=(*state.sharks, shark_space))))
    if state.sea:
        where = state.sea[0][0]
        out.append(("Schwimmer beim Hai", replace(state, sharks=(*state.sharks, where))))
    colour = state.players[0]
    out.append(("elfter Entdecker", replace(
        state, safe=(*state.safe, (sboard.ISLAND_SPACE[sboard.Island("nw")],
                                   tuple(sv.Explorer(colour, 6) for _ in range(11)))))))
    beaches_left = [s for s in sboard.TERRAIN if sboard.CELLS[s] is sboard.Cell.STRAND
                    and s not in state.removed]
    forests_left = [s for s in sboard.TERRAIN if sboard.CELLS[s] is sboard.Cell.WALD
                    and s not in state.removed]
    land_spaces = {s for s, _ in state.land}
    if beaches_left and forests_left:
        forest = next((s for s in forests_left if s not in land_spaces), None)
        if forest is not None:
            out.append(("Wald vor Strand", replace(state, removed=state.removed | {forest})))
    return out


@pytest.mark.parametrize("seed", range(20))
def test_survive_impossible_edits_of_reached_positions_are_refused(seed):
    states = _survive_game(20_000 + seed)
    rng = random.Random(seed)
    state = rng.choice(states[: max(2, len(states) // 2)])
    for what, edited in _survive_edits(state, rng):
        assert not sv.is_valid(edited), what
        with pytest.raises(NotationError):
            sv.parse_position(sv.format_position(edited))


def _atlantis_edits(state: at.State, rng: random.Random) -> list[tuple[str, at.State]]:
    out = []
    players = list(state.players)
    me = players[0]
    item = rng.choice(at.ITEMS)
    held = sum(p.hand[item.index] for p in players) + state.pile.count(item)
    hand = list(me.hand)
    hand[item.index] += 16 - held
    players[0] = replace(me, hand=tuple(hand))
    out.append(("16. Karte", replace(state, players=tuple(players))))
    standing = sorted({loc for p in state.players for loc in p.pawns
                       if at.ATLANTIS < loc < at.MAINLAND})
    mover = next((i for i, p in enumerate(state.players) if at.ATLANTIS in p.pawns), None)
    if standing and mover is not None:
        pawns = list(state.players[mover].pawns)
        pawns[pawns.index(at.ATLANTIS)] = standing[0]
        players = list(state.players)
        players[mover] = replace(players[mover], pawns=tuple(sorted(pawns)))
        out.append(("zwei Figuren auf einem Feld", replace(state, players=tuple(players))))
    if state.phase is at.Phase.PLAYING:
        players = list(state.players)
        players[1] = replace(players[1], debt=3)
        out.append(("Minuspunkte im Spiel", replace(state, players=tuple(players))))
    return out


@pytest.mark.parametrize("seed", range(20))
def test_atlantis_impossible_edits_of_reached_positions_are_refused(seed):
    steps = list(at.random_game(seed, players=2 + seed % 3))
    rng = random.Random(seed)
    state = rng.choice(steps).before
    for what, edited in _atlantis_edits(state, rng):
        assert not at.is_valid(edited), what
        try:
            parsed = at.parse_state(at.format_state(edited))
        except NotationError:
            continue
        # Some edits cannot even be written down (two pawns on one tile): the text then
        # describes another, possible position.
        assert parsed != edited, what
