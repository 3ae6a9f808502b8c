"""Survive: Escape from Atlantis as one unit of the contract (:mod:`app.rules.contract`).

Seats are the colours in the order of ``state.players``; „zwei Farben“ gives one person two
seats whose scores are added (ruling S10).

>>> state = GAME.new_game(seed=2, players=3)
>>> [GAME.player_name(state, seat) for seat in range(3)]
['Rot', 'Blau', 'Gelb']
"""

from __future__ import annotations

import random

from app.rules import errors
from app.rules.contract import (
    BOARD,
    CALCULATORS,
    DRAWN_EXAMPLES,
    PRACTICE,
    GameInfo,
    VariantInfo,
)
from app.rules.survive.core import Phase, State, Variant
from app.rules.survive.explain import explain
from app.rules.survive.facts import example_facts
from app.rules.survive.invariants import REFUSAL_CODES, is_valid, status, violations
from app.rules.survive.notation import format_move, format_position, parse_move, parse_position
from app.rules.survive.rules import MOVE_REFUSAL_CODES, apply, legal_moves, new_game
from app.rules.survive.scoring import score, winners


class Survive:
    info = GameInfo(
        id="survive",
        title="Survive: Escape from Atlantis",
        players=(2, 3, 4),
        default_players=4,
        variants=tuple(
            VariantInfo(v.value, v.german, (4,) if v is Variant.ZWEI_FARBEN else (2, 3, 4))
            for v in Variant
        ),
        provides=frozenset({BOARD, CALCULATORS, PRACTICE, DRAWN_EXAMPLES}),
        # Moves the rules forbid, positions no game reaches, set-ups the box does not allow.
        refusal_codes=MOVE_REFUSAL_CODES | REFUSAL_CODES,
    )
    errors = errors

    def new_game(self, seed: int = 0, variant: str = "", players: int | None = None):
        if not isinstance(seed, int) or not isinstance(variant, str):
            raise errors.RulesError("Eine Partie braucht einen Startwert (Zahl) und eine "
                                    "Variante (Text, leer für die Grundregel).", code="wrong_type")
        variants = [Variant(self.info.variant(variant).key)] if variant else []
        count = self.info.default_players if players is None else players
        return new_game(random.Random(seed), count, variants)

    def to_move(self, state):
        return None if self.is_over(state) else state.players.index(state.current)

    def player_name(self, state, player: int) -> str:
        _need_state(state)
        if not isinstance(player, int) or not 0 <= player < len(state.players):
            raise errors.RulesError(f"Einen Platz {player!r} gibt es in dieser Partie nicht.",
                                    code="no_seat")
        return state.players[player].title

    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    explain = staticmethod(explain)
    parse_position = staticmethod(parse_position)
    format_position = staticmethod(format_position)

    def parse_move(self, text: str, state=None):
        return parse_move(text, state)

    def format_move(self, move, state=None) -> str:
        if state is not None:
            _need_state(state)
        return format_move(move)

    status = staticmethod(status)
    is_valid = staticmethod(is_valid)
    violations = staticmethod(violations)

    def score(self, state) -> tuple[int, ...]:
        totals = score(state)
        return tuple(totals.get(colour, 0) for colour in state.players)

    def winners(self, state) -> tuple[int, ...]:
        best = winners(state)
        return tuple(seat for seat, colour in enumerate(state.players) if colour in best)

    def is_over(self, state) -> bool:
        _need_state(state)
        return state.phase is Phase.ENDE

    example_facts = staticmethod(example_facts)

def _need_state(state: object) -> None:
    if not isinstance(state, State):
        raise errors.RulesError(f"Gefragt ist eine Survive-Stellung, kein "
                                f"{type(state).__name__}.", code="no_position")


GAME = Survive()
