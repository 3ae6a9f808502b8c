"""What happened in a move, as data: everything a person would ask about it.

``apply`` returns an :class:`Outcome`; ``explain`` renders the German text from it and
``facts`` the worked-example answers. Position numbers are those of the state the move was
applied to (0 = Atlantis, ``MAINLAND`` for the mainland), even if an end position was removed
afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from app.rules.atlantis.scoring import payment_choices
from app.rules.atlantis.types import Gap, Item, Payment, Phase, Tile


@dataclass(frozen=True, slots=True)
class Draw:
    """Cards drawn: ``wanted`` by the rules, ``cards`` as many as the pile still had (R7)."""

    wanted: int
    cards: tuple[Item, ...]

    @property
    def short(self) -> int:
        return self.wanted - len(self.cards)


@dataclass(frozen=True, slots=True)
class Purchase:
    tile: Tile
    draw: Draw


@dataclass(frozen=True, slots=True)
class BridgePlacement:
    position: int
    gap: Gap  # the gap as it is once the bridge lies on it
    after_move: bool  # placed after taking the tile (R3)


@dataclass(frozen=True, slots=True)
class CardStep:
    """One card played: where it sends the pawn and whose pawn made it go on."""

    card: Item
    target: int  # position number or MAINLAND
    occupied_by: int | None  # the player standing there: another card is forced


class SkipReason(Enum):
    WATER = "Wasser"
    PAWN = "Figur"


@dataclass(frozen=True, slots=True)
class Skip:
    position: int
    reason: SkipReason
    player: int | None = None  # whose pawn, for SkipReason.PAWN


@dataclass(frozen=True, slots=True)
class TileTaken:
    """The tile taken after the move and why that one (S. 3, 5)."""

    tile: Tile | None  # None: no free tile behind the pawn
    position: int | None
    from_mainland: bool  # pawn reached the mainland: last free tile of the path
    skipped: tuple[Skip, ...]  # positions passed over, nearest first
    left_below: Tile | None  # the tile now visible at that position (stack), else water
    water_gap: Gap | None  # the gap the new water belongs to (None: no new water)
    removed_at_atlantis: int  # end positions removed: no gap next to Atlantis …
    removed_at_mainland: int  # … or the mainland (S. 5)


@dataclass(frozen=True, slots=True)
class Settlement:
    """Paying for the gaps of a move: what could pay, the payment, what stayed unpaid."""

    cost: int
    tiles: tuple[Tile, ...]  # what could pay: held at the start of the turn (R1, R2) …
    hand: tuple[int, ...]  # … and the cards left after playing (counts per item)
    payment: Payment
    debt: int = 0  # final moves only: what could not be paid (R6)

    @property
    def holdings(self) -> int:
        return sum(tile.value for tile in self.tiles) + sum(self.hand)

    @property
    def options(self) -> tuple[Payment, ...]:
        """The payments that lose the fewest points (R9); worked out when asked for."""
        return payment_choices(self.tiles, self.hand, self.cost)

    @property
    def change_lost(self) -> int:
        return max(0, self.payment.value - self.cost)


@dataclass(frozen=True, slots=True)
class Movement:
    """A pawn move in a normal turn."""

    origin: int
    steps: tuple[CardStep, ...]
    landing: int
    gaps: tuple[Gap, ...]
    taken: TileTaken
    settlement: Settlement
    pawns_home: int  # the mover's pawns on the mainland after the move
    draw: Draw

    @property
    def cards(self) -> tuple[Item, ...]:
        return tuple(step.card for step in self.steps)

    @property
    def cost(self) -> int:
        return sum(gap.cost for gap in self.gaps)


@dataclass(frozen=True, slots=True)
class NoMoveOutcome:
    """No pawn could move: the hand is shown, 2 cards drawn (S. 3)."""

    hand: tuple[Item, ...]
    draw: Draw


@dataclass(frozen=True, slots=True)
class FinalMove:
    """A pawn walked to the mainland after the end, without cards and tiles (S. 5–6, R6)."""

    origin: int
    gaps: tuple[Gap, ...]
    settlement: Settlement


class EndReason(Enum):
    THIRD_PAWN = "dritte Figur auf dem Festland"
    STANDSTILL = "Stillstand: niemand kann mehr ziehen, der Stapel ist leer"


@dataclass(frozen=True, slots=True)
class Outcome:
    """Everything one move (or a whole turn) did; parts of a turn merge into one outcome."""

    player: int
    phase: Phase  # after the move
    next_player: int
    purchase: Purchase | None = None
    bridges: tuple[BridgePlacement, ...] = ()
    movement: Movement | None = None
    no_move: NoMoveOutcome | None = None
    finals: tuple[FinalMove, ...] = ()
    ended: EndReason | None = None  # this move ended the game

    @property
    def cards_drawn(self) -> tuple[Item, ...]:
        """Cards drawn at the end of the turn (not those bought)."""
        for part in (self.movement, self.no_move):
            if part is not None:
                return part.draw.cards
        return ()

    def merge(self, later: Outcome) -> Outcome:
        """This outcome followed by ``later`` in the same turn."""
        return Outcome(
            player=self.player,
            phase=later.phase,
            next_player=later.next_player,
            purchase=self.purchase or later.purchase,
            bridges=self.bridges + later.bridges,
            movement=self.movement or later.movement,
            no_move=self.no_move or later.no_move,
            finals=self.finals + later.finals,
            ended=self.ended or later.ended,
        )
