"""Atlantis as one unit of the contract (:mod:`app.rules.contract`).

>>> state = GAME.new_game(seed=1, players=3)
>>> GAME.player_name(state, GAME.to_move(state))
'Blau (a)'
>>> move = GAME.legal_moves(state)[0]
>>> after, outcome = GAME.apply(state, move)
>>> GAME.explain(outcome).steps[0].pages
(4,)
"""

from __future__ import annotations

from app.rules import errors
from app.rules.atlantis.explain import explain, player_name
from app.rules.atlantis.facts import example_facts
from app.rules.atlantis.invariants import is_valid, status, violations
from app.rules.atlantis.moves import apply, legal_moves
from app.rules.atlantis.notation import format_move, format_state, parse_move, parse_state
from app.rules.atlantis.scoring import final_scores, winners
from app.rules.atlantis.setup import standard_setup
from app.rules.atlantis.types import Phase
from app.rules.contract import (
    BOARD,
    CALCULATORS,
    DRAWN_EXAMPLES,
    PRACTICE,
    Explanation,
    GameInfo,
)


class Atlantis:
    info = GameInfo(
        id="atlantis",
        title="Atlantis",
        players=(2, 3, 4),
        default_players=3,
        provides=frozenset({BOARD, CALCULATORS, PRACTICE, DRAWN_EXAMPLES}),
        refusal_codes=frozenset({"illegal"}),
    )
    errors = errors

    def new_game(self, seed: int = 0, variant: str = "", players: int | None = None):
        if variant:
            self.info.variant(variant)  # Atlantis has no variants: raises in German
        return standard_setup(self.info.default_players if players is None else players, seed)

    def to_move(self, state):
        return None if state.phase is Phase.OVER else state.turn

    def player_name(self, state, player: int) -> str:
        return player_name(player)

    def legal_moves(self, state):
        return legal_moves(state)

    def apply(self, state, move):
        return apply(state, move)

    def explain(self, outcome) -> Explanation:
        return explain(outcome)

    def parse_position(self, text: str):
        return parse_state(text)

    def format_position(self, state) -> str:
        return format_state(state)

    def parse_move(self, text: str, state=None):
        return parse_move(text)

    def format_move(self, move, state=None) -> str:
        return format_move(move)

    def status(self, state):
        return status(state)

    def is_valid(self, state) -> bool:
        return is_valid(state)

    def violations(self, state) -> list[str]:
        return violations(state)

    def score(self, state) -> tuple[int, ...]:
        return final_scores(state)

    def winners(self, state) -> tuple[int, ...]:
        return winners(state)

    def is_over(self, state) -> bool:
        return state.phase is Phase.OVER

    def example_facts(self, position: str, action: str) -> dict[str, object]:
        return example_facts(position, action)


GAME = Atlantis()
