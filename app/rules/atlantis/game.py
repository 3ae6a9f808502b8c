"""Atlantis as one unit of the contract (:mod:`app.rules.contract`).

>>> state = GAME.new_game(seed=1, players=3)
>>> GAME.player_name(state, GAME.to_move(state))
'Blau (a)'
>>> move = GAME.legal_moves(state)[0]
>>> after, outcome = GAME.apply(state, move)
>>> GAME.explain(outcome).steps[0].pages
(4, 'R3')
>>> sorted(GAME.info.refusal_codes)[:4]
['bridge_after_end', 'bridge_helps', 'bridge_not_on_gap', 'bridge_placed']
"""

from __future__ import annotations

from app.rules import errors
from app.rules.atlantis.explain import explain, player_name
from app.rules.atlantis.facts import example_facts
from app.rules.atlantis.invariants import Status, is_valid, status, violations
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
    GameInfo,
)

# Why a move is refused (IllegalMoveError.code): callers compare these, never the German text.
MOVE_REFUSALS = frozenset({
    "game_ended",        # the game has ended: only the others' final moves are left (S. 5–6)
    "game_over",         # every pawn is home
    "not_ended",         # final moves only after the game has ended (S. 5)
    "turn_over",         # a further part after the turn has ended
    "no_such_place",     # the place named is not on the path
    "not_your_pawn",     # no pawn of the player to move stands there (S. 3)
    "no_card",           # a pawn move plays at least one card (S. 3)
    "card_not_held",     # a card played or paid that the hand does not hold (Auslegung R1)
    "extra_card",        # a further card although the target was free (S. 3)
    "target_occupied",   # the last card's target is occupied: another card is due (S. 3)
    "cannot_pay",        # the gaps cost more than the player held at the start (Auslegung R1)
    "buy_not_first",     # buying only as the very first part, once (S. 4, Auslegung R8)
    "tile_not_held",     # a tile bought with or paid that the player does not hold
    "taken_tile_pays",   # paying with the tile just taken (S. 4, Auslegung R1)
    "nothing_to_pay",    # a payment where no gap was crossed
    "payment_too_low",   # less than the gaps cost although more was held (S. 4, Auslegung E2)
    "must_pay_all",      # final moves: what cannot be covered takes everything (Auslegung E2)
    "bridge_placed",     # each player has one bridge (S. 2, 4)
    "bridge_after_end",  # no bridge after the end (S. 5)
    "bridge_not_on_gap", # a bridge lies on water (S. 4)
    "gap_bridged",       # that gap already has a bridge (Auslegung E5)
    "can_move",          # „kein Zug“ while a pawn can move (S. 3)
    "bridge_helps",      # „kein Zug“ while the own unused bridge would help (Auslegung E3)
})
# Why a position is refused (NotationError.code): one per invariant flag, see .invariants.
POSITION_REFUSALS = frozenset(str(flag.name).lower() for flag in Status if flag)
# Values that are not what the engine asks for: not a state, not a move, a number out of range.
INPUT_REFUSALS = frozenset({
    "not_a_position", "not_a_move", "malformed_move", "not_an_item", "tile_value", "count",
    "pawns_home", "players", "tile_set", "variant",
    "notation",  # a text that cannot be read at all (NotationError's own code)
})


class Atlantis:
    info = GameInfo(
        id="atlantis",
        title="Atlantis",
        players=(2, 3, 4),
        default_players=3,
        provides=frozenset({BOARD, CALCULATORS, PRACTICE, DRAWN_EXAMPLES}),
        refusal_codes=MOVE_REFUSALS | POSITION_REFUSALS | INPUT_REFUSALS,
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

    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    explain = staticmethod(explain)
    parse_position = staticmethod(parse_state)
    format_position = staticmethod(format_state)

    def parse_move(self, text: str, state=None):
        return parse_move(text)

    def format_move(self, move, state=None) -> str:
        return format_move(move)

    status = staticmethod(status)
    is_valid = staticmethod(is_valid)
    violations = staticmethod(violations)
    score = staticmethod(final_scores)
    winners = staticmethod(winners)

    def is_over(self, state) -> bool:
        return state.phase is Phase.OVER

    example_facts = staticmethod(example_facts)

GAME = Atlantis()
