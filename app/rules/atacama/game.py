"""Atacama as one unit of the contract (:mod:`app.rules.contract`).

>>> state = GAME.new_game(seed=0, variant="taktik", players=4)
>>> GAME.format_position(state)
'4p+taktik plan=übung:0 türme=- rechte=sg-k/r,sg-k/s,kg-s/r,kg-s/s'
>>> GAME.player_name(state, GAME.to_move(state))
'Spieler 1'
"""

from __future__ import annotations

from app.rules import errors
from app.rules.atacama.facts import example_facts
from app.rules.atacama.invariants import is_valid, status, violations
from app.rules.atacama.moves import apply, is_over, legal_moves, new_game
from app.rules.atacama.notation import move_text, parse_move, parse_position, position_text
from app.rules.atacama.scoring import score, winners
from app.rules.atacama.types import Variant, player_name, practice_board
from app.rules.contract import (
    BOARD,
    CALCULATORS,
    DRAWN_EXAMPLES,
    Explanation,
    GameInfo,
    Step,
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
        provides=frozenset({BOARD, CALCULATORS, DRAWN_EXAMPLES}),
        refusal_codes=frozenset({
            "over", "no_buildup", "rights_taken", "no_second_colour", "must_take_right",
            "not_revealed", "occupied", "edge_neighbour", "no_second_left", "no_base_left",
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

    def legal_moves(self, state):
        return legal_moves(state)

    def apply(self, state, move):
        return apply(state, move)

    def explain(self, outcome) -> Explanation:
        return Explanation((Step(outcome.text),))

    def parse_position(self, text: str):
        return parse_position(text)

    def format_position(self, state) -> str:
        return position_text(state)

    def parse_move(self, text: str, state=None):
        return parse_move(text)

    def format_move(self, move, state=None) -> str:
        return move_text(move)

    def status(self, state):
        return status(state)

    def is_valid(self, state) -> bool:
        return is_valid(state)

    def violations(self, state) -> list[str]:
        return violations(state)

    def score(self, state) -> tuple[int, ...]:
        return score(state)

    def winners(self, state) -> tuple[int, ...]:
        return winners(state)

    def is_over(self, state) -> bool:
        return is_over(state)

    def example_facts(self, position: str, action: str) -> dict[str, object]:
        return example_facts(position, action)


GAME = Atacama()
