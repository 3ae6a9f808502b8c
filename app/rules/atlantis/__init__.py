"""Atlantis (Leo Colovini, AMIGO 2009): the rules engine.

A small core of immutable values (``types``), a one-line text notation for positions and
moves (``notation``), ``legal_moves``/``apply`` (``moves``), the numbers as plain functions
(``scoring``), the set-up and seeded practice positions (``setup``, ``generate``), German
explanations (``explain``) and the worked-example protocol (``facts``).

    >>> state = parse_state("R1 H2b S3 [a] | a: HS | b: R")
    >>> [str(m) for m in legal_moves(state)]
    ['0:S', '0:HS']
    >>> state, outcome = apply(state, parse_move("0:HS"))
    >>> outcome.movement.landing, str(outcome.movement.taken.tile)
    (3, 'R1')
    >>> format_path(state)
    '[abb] H2b S3a [a]'

Rulings E1/E3 make every game end: „kein Zug“ only when even the own unused bridge would not
let a pawn move, and with an empty pile the first „kein Zug“ after which nobody can move (each
counting only his own bridge) ends the game:

    >>> state = parse_state("[abb] K5a ~ H3 S1 [b] | a: H | b: - | stapel:-")
    >>> [str(m) for m in legal_moves(state)]
    ['brücke 2']
    >>> state, outcome = apply(parse_state("[abb] K5a ~ H3 S1 [b] | a: H = | b: - | stapel:-"),
    ...                        NoMove())
    >>> outcome.ended.name, state.phase.value
    ('STANDSTILL', 'schluss')

The invariants that make a position possible are listed in :mod:`.invariants`.
"""

from app.rules.atlantis.explain import explain, explain_parts
from app.rules.atlantis.facts import EXAMPLE_FACT_KEYS, example_facts
from app.rules.atlantis.game import GAME
from app.rules.atlantis.generate import (
    GameStep,
    PracticeSituation,
    practice_situation,
    random_game,
)
from app.rules.atlantis.invariants import Status, is_valid, status, violations
from app.rules.atlantis.moves import (
    Advance,
    Buy,
    Finish,
    Move,
    NoMove,
    Part,
    PlaceBridge,
    Turn,
    apply,
    gaps,
    legal_moves,
    move_key,
    pawn_at,
    target,
)
from app.rules.atlantis.notation import (
    format_move,
    format_path,
    format_state,
    parse_move,
    parse_payment,
    parse_state,
    parse_tile,
)
from app.rules.atlantis.outcome import (
    BridgePlacement,
    CardStep,
    Draw,
    EndReason,
    FinalMove,
    Movement,
    NoMoveOutcome,
    Outcome,
    Purchase,
    Settlement,
    Skip,
    SkipReason,
    TileTaken,
)
from app.rules.atlantis.scoring import (
    best_payments,
    cards_for_tile,
    cards_to_draw,
    final_scores,
    gap_cost,
    leaders,
    score,
    winners,
)
from app.rules.atlantis.setup import (
    PRACTICE_NOTE,
    PRACTICE_TILES,
    TileSet,
    standard_setup,
    start_hand_sizes,
)
from app.rules.atlantis.types import (
    ATLANTIS,
    ITEMS,
    MAINLAND,
    Gap,
    Item,
    Payment,
    PaymentOption,
    Phase,
    PlayerState,
    Position,
    State,
    Tile,
)
from app.rules.contract import Explanation, Step, format_pages
from app.rules.errors import IllegalMoveError, NotationError, RulesError

__all__ = [
    "ATLANTIS",
    "EXAMPLE_FACT_KEYS",
    "GAME",
    "ITEMS",
    "MAINLAND",
    "PRACTICE_NOTE",
    "PRACTICE_TILES",
    "Advance",
    "BridgePlacement",
    "Buy",
    "CardStep",
    "Draw",
    "EndReason",
    "Explanation",
    "FinalMove",
    "Finish",
    "GameStep",
    "Gap",
    "IllegalMoveError",
    "Item",
    "Move",
    "Movement",
    "NoMove",
    "NoMoveOutcome",
    "NotationError",
    "Outcome",
    "Part",
    "Payment",
    "PaymentOption",
    "Phase",
    "PlaceBridge",
    "PlayerState",
    "Position",
    "PracticeSituation",
    "Purchase",
    "RulesError",
    "Settlement",
    "Skip",
    "SkipReason",
    "State",
    "Status",
    "Step",
    "Tile",
    "TileSet",
    "TileTaken",
    "Turn",
    "apply",
    "best_payments",
    "cards_for_tile",
    "cards_to_draw",
    "example_facts",
    "explain",
    "explain_parts",
    "final_scores",
    "format_move",
    "format_pages",
    "format_path",
    "format_state",
    "gap_cost",
    "gaps",
    "is_valid",
    "leaders",
    "legal_moves",
    "move_key",
    "parse_move",
    "parse_payment",
    "parse_state",
    "parse_tile",
    "pawn_at",
    "practice_situation",
    "random_game",
    "score",
    "standard_setup",
    "start_hand_sizes",
    "status",
    "target",
    "violations",
    "winners",
]
