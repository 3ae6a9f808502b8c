"""Atlantis (Leo Colovini, AMIGO 2009): the rules engine.

A small core of immutable values (``types``), a one-line text notation for positions and
moves (``notation``), ``legal_moves``/``apply`` (``moves``), the numbers as plain functions
(``scoring``), the set-up and seeded practice positions (``setup``, ``generate``), German
explanations (``explain``) and the worked-example protocol (``facts``).

    >>> state = parse_state("R1 H2b S3 | a: HS | b: R")
    >>> [str(m) for m in legal_moves(state)]
    ['0:S', '0:HS']
    >>> state, outcome = apply(state, parse_move("0:HS"))
    >>> outcome.movement.landing, str(outcome.movement.taken.tile)
    (3, 'R1')
    >>> format_path(state)
    '[aabb] H2b S3a []'
"""

from app.rules.atlantis.explain import Explanation, Step, explain, format_pages
from app.rules.atlantis.facts import EXAMPLE_FACT_KEYS, example_facts
from app.rules.atlantis.generate import (
    GameStep,
    PracticeSituation,
    practice_situation,
    random_game,
)
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
from app.rules.errors import IllegalMoveError, NotationError, RulesError

__all__ = [
    "ATLANTIS",
    "EXAMPLE_FACT_KEYS",
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
    "final_scores",
    "format_move",
    "format_pages",
    "format_path",
    "format_state",
    "gap_cost",
    "gaps",
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
    "target",
    "winners",
]
