"""Atacama as one unit of the contract (:mod:`app.rules.contract`).

>>> state = GAME.new_game(seed=0, variant="taktik", players=4)
>>> GAME.format_position(state)
'4p+taktik plan=übung:0 türme=- rechte=sg-k/r,sg-k/s,kg-s/r,kg-s/s'
>>> GAME.player_name(state, GAME.to_move(state))
'Person 1'

Each step of an explanation carries the rulings it rests on (the Anleitung has no pages):

>>> state = GAME.parse_position("2p+aufbau plan=übung:1 türme=a1,c1,e1,a3,c3")
>>> after, outcome = GAME.apply(state, GAME.parse_move("e3", state))
>>> for step in GAME.explain(outcome).steps:
...     print(step.text, step.pages)
Person 2 setzt einen Bohrturm auf e3 (Teilplan B). ()
Person 2 hat noch 11 Bohrtürme. ()
Jetzt kommen die Teilpläne C, E und G dazu – die Lieferung „Diagonale“ (Auslegung P4). ('P4',)
"""

from __future__ import annotations

from app.rules import errors
from app.rules.atacama.facts import example_facts
from app.rules.atacama.invariants import POSITION_CODES, is_valid, status, violations
from app.rules.atacama.moves import apply, is_over, legal_moves, new_game
from app.rules.atacama.notation import parse_move, parse_position
from app.rules.atacama.scoring import score, winners
from app.rules.atacama.types import Variant, practice_board
from app.rules.atacama.words import player_name
from app.rules.contract import (
    BOARD,
    CALCULATORS,
    DRAWN_EXAMPLES,
    PRACTICE,
    Explanation,
    GameInfo,
    VariantInfo,
)

_VARIANTS = {
    "": (False, False),
    "grundspiel": (False, False),
    "taktik": (True, False),
    "aufbau": (False, True),
}


class Atacama:
    info = GameInfo(
        id="atacama",
        title="Atacama",
        players=(2, 4),
        default_players=2,
        variants=(
            VariantInfo("grundspiel", "Grundspiel", (2, 4)),
            VariantInfo("taktik", "Taktikvariante", (2, 4)),
            VariantInfo("aufbau", "Aufbauspiel", (2,)),
        ),
        provides=frozenset({BOARD, CALCULATORS, PRACTICE, DRAWN_EXAMPLES}),
        refusal_codes=frozenset({
            # a move the rules forbid now (IllegalMoveError, moves.refusal)
            "over", "no_buildup", "rights_taken", "no_second_colour", "must_take_right",
            "not_revealed", "occupied", "edge_neighbour", "no_second_left", "no_base_left",
            # a position no game can reach: one code per invariant (invariants.Status)
            *POSITION_CODES,
            # a position or setup the rules do not deal
            "players", "variant", "buildup_variant", "rights_count", "rights_not_dealt",
            "same_right", "same_direction", "rights_per_direction", "one_taker",
            # scoring asked of something that cannot be scored
            "rights_open", "not_scorer", "scorer_ambiguous",
            # values that do not exist in the game, and text that cannot be read
            "no_such_square", "no_such_line", "no_such_right", "no_such_player",
            "no_such_derrick", "field_value", "board_size", "practice_number", "turns",
            "not_a_move", "wrong_type", "notation",
        }),
    )
    errors = errors

    def new_game(self, seed: int = 0, variant: str = "", players: int | None = None):
        if variant not in _VARIANTS:
            self.info.variant(variant)  # raises with the German message
        tactical, buildup = _VARIANTS[variant]
        count = self.info.default_players if players is None else players
        return new_game(Variant(count, tactical, buildup), practice_board(seed))

    def to_move(self, state):
        return None if is_over(state) else state.to_move

    def player_name(self, state, player: int) -> str:
        return player_name(player)

    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)

    def explain(self, outcome) -> Explanation:
        return outcome.explanation()

    parse_position = staticmethod(parse_position)

    def format_position(self, state) -> str:
        return state.notation()

    def parse_move(self, text: str, state=None):
        return parse_move(text)

    def format_move(self, move, state=None) -> str:
        return move.notation()

    status = staticmethod(status)
    is_valid = staticmethod(is_valid)
    violations = staticmethod(violations)
    score = staticmethod(score)
    winners = staticmethod(winners)
    is_over = staticmethod(is_over)
    example_facts = staticmethod(example_facts)

GAME = Atacama()
