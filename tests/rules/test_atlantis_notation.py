"""The Atlantis notation: round-trips for positions and moves, precise errors, short form."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from app.rules.atlantis import (
    ATLANTIS,
    ITEMS,
    MAINLAND,
    Advance,
    Buy,
    Finish,
    NoMove,
    NotationError,
    Payment,
    Phase,
    PlaceBridge,
    PlayerState,
    Position,
    RulesError,
    State,
    Tile,
    Turn,
    example_facts,
    format_move,
    format_state,
    parse_move,
    parse_payment,
    parse_state,
    parse_tile,
    random_game,
    standard_setup,
)
from app.rules.atlantis.notation import default_pile
from app.rules.atlantis.setup import start_hand_sizes
from app.rules.atlantis.types import sorted_cards, sorted_tiles

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

tiles = st.builds(Tile, st.sampled_from(ITEMS), st.integers(1, 7))


@st.composite
def states(draw: st.DrawFn) -> State:
    """Any well-formed position: no water at the ends, one pawn per tile, phases consistent."""
    count = draw(st.integers(2, 4))
    length = draw(st.integers(0, 14))
    path: list[Position] = []
    bridges_left = list(range(count))
    for number in range(1, length + 1):
        water = 1 < number < length and draw(st.booleans())
        if water:
            owner = None
            if bridges_left and draw(st.integers(0, 3)) == 0:
                owner = bridges_left.pop(draw(st.integers(0, len(bridges_left) - 1)))
            path.append(Position((), owner))
        else:
            path.append(Position(tuple(draw(st.lists(tiles, min_size=1, max_size=2)))))
    free = [n for n, pos in enumerate(path, 1) if pos.tiles]
    phase = draw(st.sampled_from(list(Phase)))
    players = []
    for index in range(count):
        pawns = []
        for _ in range(3):
            choices = [ATLANTIS, MAINLAND, *free]
            if phase is Phase.OVER:
                choices = [MAINLAND]
            where = draw(st.sampled_from(choices))
            if where not in (ATLANTIS, MAINLAND):
                free.remove(where)
            pawns.append(where)
        if phase is Phase.PLAYING and pawns.count(MAINLAND) == 3:
            pawns[0] = ATLANTIS
        hand = draw(st.lists(st.integers(0, 4), min_size=7, max_size=7))
        unmoved = all(loc == ATLANTIS for loc in pawns)
        if unmoved:  # never played: the start hand and 2 more per „kein Zug“ (START_HAND)
            hand = [0] * 7
            for k in range(start_hand_sizes(count)[index] + 2 * draw(st.integers(0, 2))):
                hand[k % 7] += 1
        players.append(PlayerState(
            hand=tuple(hand),
            tiles=() if unmoved else sorted_tiles(draw(st.lists(tiles, max_size=5))),
            pawns=tuple(sorted(pawns)),
            bridge_placed=index not in bridges_left or draw(st.booleans()),
            debt=draw(st.integers(0, 9)) if phase is not Phase.PLAYING and not unmoved else 0,
        ))
    turn = draw(st.integers(0, count - 1))
    if phase is Phase.FINAL:
        players[turn] = PlayerState(players[turn].hand, players[turn].tiles,
                                    (ATLANTIS, MAINLAND, MAINLAND), players[turn].bridge_placed,
                                    players[turn].debt)
    pile = tuple(draw(st.lists(st.sampled_from(ITEMS), max_size=30)))
    held = [sum(p.hand[i] for p in players) + pile.count(item) for i, item in enumerate(ITEMS)]
    assume(max(held) <= 15)  # 15 cards of each item (S. 2)
    tiles_out = sum(len(pos.tiles) for pos in path) + sum(len(p.tiles) for p in players)
    return State(
        path=tuple(path),
        players=tuple(players),
        turn=turn,
        phase=phase,
        pile=pile,
        discard=105 - sum(held),  # no card and no tile comes or goes (CARDS, TILES)
        box=84 - tiles_out,
        started=phase is Phase.PLAYING and draw(st.booleans()),
    )


@FAST
@given(states())
def test_generated_positions_round_trip(state: State) -> None:
    text = format_state(state)
    assert "\n" not in text
    again = parse_state(text)
    assert again == state
    assert format_state(again) == text
    assert repr(state) == f"State({text!r})"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_positions_from_real_games_round_trip(seed: int) -> None:
    for step in random_game(seed, players=2 + seed):
        assert parse_state(format_state(step.after)) == step.after


payments = st.builds(
    lambda ts, cs: Payment(sorted_tiles(ts), sorted_cards(cs)),
    st.lists(tiles, max_size=3), st.lists(st.sampled_from(ITEMS), max_size=4),
)
origins = st.integers(0, 60)
cards = st.lists(st.sampled_from(ITEMS), min_size=1, max_size=4).map(tuple)
advances = st.builds(Advance, origins, cards, st.none() | st.integers(1, 60),
                     st.none() | payments)
parts = st.one_of(
    st.builds(Buy, tiles), st.builds(PlaceBridge, st.integers(1, 60)), advances,
    st.just(NoMove()), st.builds(Finish, origins, st.none() | payments),
)
turns = st.builds(
    lambda buy, bridge, last: Turn(tuple(p for p in (buy, bridge, last) if p is not None)),
    st.none() | st.builds(Buy, tiles), st.builds(PlaceBridge, st.integers(1, 60)),
    advances | st.just(NoMove()),
)


@FAST
@given(parts | turns)
def test_moves_round_trip(move) -> None:
    text = format_move(move)
    assert parse_move(text) == move
    assert format_move(parse_move(text)) == text
    assert str(move) == text


NOTATION_ALPHABET = "RSKHAOFrskx0123456789abcdez~=/[]|:;- ?,"
WORDS = ["zug:", "phase:", "stapel:", "ablage:", "schachtel:", "begonnen", "spiel", "schluss",
         "ende", "aufbau ", "kaufen ", "brücke ", "zahlen ", "kein Zug", "schluss "]


@st.composite
def noisy_text(draw: st.DrawFn) -> str:
    pieces = draw(st.lists(st.sampled_from(WORDS) | st.text(NOTATION_ALPHABET, max_size=6),
                           max_size=12))
    return "".join(pieces)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=40) | noisy_text())
def test_random_text_gives_only_notation_errors(text: str) -> None:
    for parse in (parse_state, parse_move, parse_tile, parse_payment):
        with contextlib.suppress(NotationError):
            parse(text)


@settings(max_examples=200, deadline=None)
@given(noisy_text())
def test_random_actions_give_only_rules_errors(action: str) -> None:
    with contextlib.suppress(RulesError):
        example_facts("R3 ~ K5 H2b S4 [a] | a: SHR K3 | b: R", action)


@FAST
@given(states(), st.integers(0, 20))
def test_mutated_positions_give_only_notation_errors(state: State, cut: int) -> None:
    text = format_state(state)
    for broken in (text[:cut] + text[cut + 1:], text[:cut] + "X" + text[cut:],
                   text.replace("|", "", 1), text[cut:]):
        with contextlib.suppress(NotationError):
            parse_state(broken)


ERRORS = [
    ("R3 X4", "Feld 2 „X4“: unbekannter Gegenstand „X“"),
    ("R3 r4", "groß schreiben"),
    ("R3 K9", "Feld 2 „K9“: Wert 9"),
    ("R3/K4/S5", "höchstens 2 Plättchen"),
    ("R3ab", "höchstens eine Figur"),
    ("~ R3", "Feld 1 ist Wasser"),
    ("R3 ~", "Feld 2 ist Wasser"),
    ("R3 ~a", "„=a“"),
    ("R3 =a ~ =a K2", "nur eine Brücke"),
    ("R3 [aa] K2", "ganz links"),
    ("[aaaa] R3", "4 Figuren"),
    ("R3e", "„e“ ist kein Spieler"),
    ("R3 | a: RRX", "Spieler a, „RRX“: unbekannter Gegenstand „X“"),
    ("R3 | a: R | a: S", "Spieler a steht doppelt"),
    ("R3 | zug:q", "Angabe „zug:q“"),
    ("R3 | phase:mitte", "spiel, schluss oder ende"),
    ("R3 | farbe:rot", "unbekannte Angabe"),
    ("R3 | stapel:R2", "Gegenstandsbuchstaben"),
    ("R3 | ablage:viel", "erwartet eine Zahl"),
    ("R3 [aaa] | b: R", "phase:spiel, aber Spieler a"),
    ("R3a | phase:ende", "alle Figuren auf dem Festland"),
    ("R3 | |", "leer"),
    ("aufbau 5", "„aufbau 5“"),
    ("aufbau drei", "Spielerzahl"),
]


@pytest.mark.parametrize(("text", "message"), ERRORS, ids=[e[0] for e in ERRORS])
def test_position_errors_name_the_part(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_state(text)
    assert message in str(error.value)


MOVE_ERRORS = [
    ("", "leer"),
    ("0:", "Karten als Buchstaben"),
    ("x:H", "Feld der Figur"),
    ("0:HX", "unbekannter Gegenstand „X“"),
    ("kaufen K", "genau ein Plättchen"),
    ("kaufen K8", "Wert 8"),
    ("brücke", "Wasserfelds"),
    ("zahlen K5", "gehört direkt hinter"),
    ("0:H; zahlen", "womit zahlst du"),
    ("0:H; zahlen K5; zahlen R", "gehört direkt hinter"),
    ("springen", "unbekannt"),
    ("0:H;", "leer"),
]


@pytest.mark.parametrize(("text", "message"), MOVE_ERRORS,
                         ids=[e[0] or "leer" for e in MOVE_ERRORS])
def test_move_errors_name_the_part(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_move(text)
    assert message in str(error.value)


def test_short_form_defaults() -> None:
    state = parse_state("H2b S3 H4 | a: HRFF")
    assert len(state.players) == 2 and state.turn == 0 and state.phase is Phase.PLAYING
    assert state.players[0].pawns == (ATLANTIS,) * 3
    assert state.players[1].pawns == (ATLANTIS, ATLANTIS, 1)
    # b is not written: she holds her 5 start cards, dealt from the end of the free cards.
    assert state.players[1].card_count == 5 and not state.players[1].bridge_placed
    assert state.pile == default_pile(state.players)
    assert len(state.pile) == 105 - 4 - 5 and state.pile[:3] == (ITEMS[0], ITEMS[1], ITEMS[2])
    assert (state.discard, state.box, state.started) == (0, 84 - 3, False)


def test_short_form_fills_in_the_discard_and_the_box() -> None:
    with_pile = parse_state("R3 [a] | a: H K5 | stapel:RS")
    assert with_pile.discard == 105 - 1 - 5 - 2 and with_pile.box == 84 - 2
    played = parse_state("R3 [a] | a: H K5 | ablage:7")
    assert played.discard == 7 and len(played.pile) == 105 - 1 - 5 - 7
    assert played.pile[:3] == (ITEMS[0], ITEMS[1], ITEMS[2])
    with pytest.raises(NotationError, match="105 Karten"):
        parse_state("R3 [a] | a: H K5 | stapel:RS ablage:7")
    with pytest.raises(NotationError, match="84 Plättchen"):
        parse_state("R3 [a] | a: H K5 | schachtel:3")


def test_short_form_bridge_on_path_marks_it_placed() -> None:
    state = parse_state("R3 =c K5")
    assert len(state.players) == 3 and state.players[2].bridge_placed


def test_short_form_over_puts_pawns_on_mainland() -> None:
    state = parse_state("| a: RR K5 | b: S | phase:ende")
    assert all(p.pawns == (MAINLAND,) * 3 for p in state.players)


def test_stack_is_written_top_first() -> None:
    state = parse_state("R3/K5a")
    assert state.path[0].top == Tile(ITEMS[0], 3)
    assert state.path[0].tiles == (Tile(ITEMS[2], 5), Tile(ITEMS[0], 3))
    assert state.players[0].pawns[-1] == 1


def test_full_form_example_from_the_docstring() -> None:
    text = ("[aab] R3/K5 H2c ~ =a S4b F6a [bcc] | a: RRSH S3 K5 = | b: KK R6 | c: - | zug:b "
            "phase:spiel stapel:HRS ablage:96 schachtel:76")
    state = parse_state(text)
    assert format_state(state) == text
    assert state.players[2].pawns == (2, MAINLAND, MAINLAND)
    assert state.path[3].bridge == 0 and state.players[0].bridge_placed


def test_setup_shorthand() -> None:
    assert parse_state("aufbau 3") == standard_setup(3)
    assert parse_state("aufbau 4 7") == standard_setup(4, 7)


def test_turn_text_folds_bridge_after_and_payment_into_the_pawn_move() -> None:
    move = parse_move("kaufen K5; brücke 7; 0:HR; brücke 9; zahlen S3 RR")
    assert isinstance(move, Turn)
    buy, bridge, advance = move.parts
    assert buy == Buy(parse_tile("K5")) and bridge == PlaceBridge(7)
    assert advance == Advance(0, (ITEMS[3], ITEMS[0]), 9, parse_payment("S3 RR"))
    assert parse_move("bruecke 3") == PlaceBridge(3)
    assert parse_move("KEIN ZUG") == NoMove()
    assert parse_move("0: H, R") == Advance(0, (ITEMS[3], ITEMS[0]))


def test_non_text_input() -> None:
    for parse in (parse_state, parse_move, parse_tile):
        with pytest.raises(NotationError):
            parse(None)  # type: ignore[arg-type]
