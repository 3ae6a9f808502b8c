"""Value types of the Atlantis engine: items, tiles, path positions, players, the state.

Every type is an immutable value. Places on the way are numbered as a player counts them:
``ATLANTIS`` is 0, the path positions are 1 … n (from Atlantis toward the mainland) and
``MAINLAND`` is a constant larger than any position, so pawn locations sort in walking order.
``State.path[p - 1]`` is position *p*.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter

ATLANTIS = 0
MAINLAND = 10_000
PAWNS_PER_PLAYER = 3
CARDS_PER_ITEM = 15
PLAYER_LETTERS = "abcd"


class Item(Enum):
    """The seven items (colours) of tiles and cards, in the engine's fixed order.

    Only the first four German names are confirmed; always show the colour with the name.
    """

    RING = (0, "R", "Ring", "#2F6FD0", "blau", True)
    STATUE = (1, "S", "Statue", "#F4F4F0", "weiß", True)
    KRONE = (2, "K", "Krone", "#E8B923", "gelb", True)
    HELM = (3, "H", "Helm", "#8A8F98", "grau", True)
    AMPHORE = (4, "A", "Amphore", "#8B5A2B", "braun", False)
    OLIVENZWEIG = (5, "O", "Olivenzweig", "#4C9A2A", "grün", False)
    FAHNE = (6, "F", "Fahne", "#D9468F", "rosa", False)

    def __init__(
        self, index: int, letter: str, label: str, colour: str, colour_name: str, confirmed: bool
    ) -> None:
        self.index = index
        self.letter = letter
        self.label = label
        self.colour = colour
        self.colour_name = colour_name
        self.confirmed = confirmed

    def __repr__(self) -> str:
        return f"Item.{self.name}"

    @property
    def display(self) -> str:
        """German name with its colour, e.g. ``Helm (grau)``."""
        return f"{self.label} ({self.colour_name})"

    @classmethod
    def from_letter(cls, letter: str) -> Item:
        return _BY_LETTER[letter]


ITEMS: tuple[Item, ...] = tuple(Item)
_BY_LETTER = {item.letter: item for item in ITEMS}
ITEM_LETTERS = "".join(item.letter for item in ITEMS)


class Phase(Enum):
    PLAYING = "spiel"
    FINAL = "schluss"  # the others' final moves after the game has ended
    OVER = "ende"


@dataclass(frozen=True, slots=True)
class Tile:
    item: Item
    value: int

    def __str__(self) -> str:
        return f"{self.item.letter}{self.value}"

    @property
    def display(self) -> str:
        """How a sentence names the tile: item, value and colour, e.g. ``Krone 5 (gelb)``."""
        return f"{self.item.label} {self.value} ({self.item.colour_name})"

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.item.index, self.value)


def sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in the engine's canonical order: by item, then value."""
    return tuple(sorted(tiles, key=attrgetter("sort_key")))


def sorted_cards(cards: Iterable[Item]) -> tuple[Item, ...]:
    """Cards in item order R S K H A O F."""
    return tuple(sorted(cards, key=attrgetter("index")))


@dataclass(frozen=True, slots=True)
class Position:
    """One place of the path: a stack of 1–2 tiles (bottom first) or water (no tiles).

    ``bridge`` is the player whose bridge lies on this water position.
    """

    tiles: tuple[Tile, ...] = ()
    bridge: int | None = None
    # The visible tile's item index and value (-1 and 0 for water), kept because the engine
    # reads them for every position of every new state.
    top_item: int = field(default=-1, init=False, repr=False, compare=False)
    top_value: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.tiles:
            object.__setattr__(self, "top_item", self.tiles[-1].item.index)
            object.__setattr__(self, "top_value", self.tiles[-1].value)

    @property
    def is_water(self) -> bool:
        return not self.tiles

    @property
    def top(self) -> Tile | None:
        return self.tiles[-1] if self.tiles else None


WATER = Position()


@dataclass(frozen=True, slots=True)
class PlayerState:
    """What one player has: hand (count per item in ``ITEMS`` order), tiles, pawns, bridge.

    ``pawns`` are the three locations, sorted; ``debt`` is what the final moves could not pay.
    """

    hand: tuple[int, ...] = (0,) * len(ITEMS)
    tiles: tuple[Tile, ...] = ()
    pawns: tuple[int, ...] = (ATLANTIS,) * PAWNS_PER_PLAYER
    bridge_placed: bool = False
    debt: int = 0

    @property
    def card_count(self) -> int:
        return sum(self.hand)

    @property
    def tile_value(self) -> int:
        return sum(tile.value for tile in self.tiles)

    @property
    def pawns_home(self) -> int:
        return self.pawns.count(MAINLAND)

    def cards(self) -> tuple[Item, ...]:
        """The hand as single cards in item order."""
        return tuple(item for item in ITEMS for _ in range(self.hand[item.index]))


@dataclass(frozen=True, slots=True)
class State:
    """A whole game position; ``repr`` shows the one-line notation (see ``notation``).

    ``pile`` is the draw pile in order, top card first: cards drawn are always determined.
    ``discard`` counts cards played or paid, ``box`` tiles bought away or paid.
    ``started`` is true once the player to move has bought cards or placed the bridge this
    turn (so buying is no longer allowed).
    """

    path: tuple[Position, ...]
    players: tuple[PlayerState, ...]
    turn: int = 0
    phase: Phase = Phase.PLAYING
    pile: tuple[Item, ...] = ()
    discard: int = 0
    box: int = 0
    started: bool = False
    # Derived facts (gaps, occupancy …) computed on first use; never part of equality.
    cache: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __repr__(self) -> str:
        return f"State({self.notation()!r})"

    def notation(self) -> str:
        """The full one-line notation (read back by ``notation.parse_state``), as python-chess
        keeps ``fen()`` on its ``Board``."""
        sections = [self.path_notation()]
        for index, player in enumerate(self.players):
            parts = [f"{PLAYER_LETTERS[index]}:",
                     "".join(card.letter for card in player.cards()) or "-"]
            parts.extend(str(tile) for tile in player.tiles)
            if player.bridge_placed:
                parts.append("=")
            if player.debt:
                parts.append(f"-{player.debt}")
            sections.append(" ".join(parts))
        pile = "".join(card.letter for card in self.pile) or "-"
        settings = (f"zug:{PLAYER_LETTERS[self.turn]} phase:{self.phase.value} stapel:{pile} "
                    f"ablage:{self.discard} schachtel:{self.box}")
        if self.started:
            settings += " begonnen"
        sections.append(settings)
        return " | ".join(sections)

    def path_notation(self) -> str:
        """Only the path section of :meth:`notation`, with both brackets."""
        path = ["[" + self._pawns_at(ATLANTIS) + "]"]
        occupant = {loc: PLAYER_LETTERS[i] for i, p in enumerate(self.players) for loc in p.pawns}
        for number, pos in enumerate(self.path, 1):
            if not pos.tiles:
                path.append("~" if pos.bridge is None else "=" + PLAYER_LETTERS[pos.bridge])
            else:
                tiles = "/".join(str(tile) for tile in reversed(pos.tiles))
                path.append(tiles + occupant.get(number, ""))
        path.append("[" + self._pawns_at(MAINLAND) + "]")
        return " ".join(path)

    def _pawns_at(self, place: int) -> str:
        return "".join(PLAYER_LETTERS[i] * p.pawns.count(place)
                       for i, p in enumerate(self.players))

    @property
    def player(self) -> PlayerState:
        """The player whose turn it is."""
        return self.players[self.turn]

    def position(self, number: int) -> Position:
        return self.path[number - 1]


@dataclass(frozen=True, slots=True)
class Gap:
    """A run of water positions ``first`` … ``last`` and what it costs to cross it."""

    first: int
    last: int
    left: int  # value of the visible tile bordering on the Atlantis side
    right: int  # … and on the mainland side
    bridge: int | None  # owner of a bridge on any of its water positions (R4)

    @property
    def width(self) -> int:
        return self.last - self.first + 1

    @property
    def cost(self) -> int:
        return 0 if self.bridge is not None else min(self.left, self.right)


@dataclass(frozen=True, slots=True)
class Payment:
    """Tiles and cards handed over for gaps; tiles count their value, cards 1 each."""

    tiles: tuple[Tile, ...] = ()
    cards: tuple[Item, ...] = ()

    @property
    def value(self) -> int:
        return sum(tile.value for tile in self.tiles) + len(self.cards)

    def __str__(self) -> str:
        """``K5 S3 RR``: tiles, then the cards as letters; ``-`` for nothing."""
        parts = [str(tile) for tile in self.tiles]
        if self.cards:
            parts.append("".join(item.letter for item in self.cards))
        return " ".join(parts) or "-"


@dataclass(frozen=True, slots=True)
class PaymentOption:
    """A way to pay by values only: which tile values and how many cards (see R9)."""

    tile_values: tuple[int, ...]  # highest first
    cards: int

    @property
    def total(self) -> int:
        return sum(self.tile_values) + self.cards


def place_name(location: int) -> str:
    """How a player names a place: ``Atlantis``, ``Feld 7`` or ``Festland``."""
    if location == ATLANTIS:
        return "Atlantis"
    if location == MAINLAND:
        return "Festland"
    return f"Feld {location}"


def player_letter(player: int) -> str:
    return PLAYER_LETTERS[player]


PLAYER_NAMES = ("Blau", "Weiß", "Schwarz", "Rot")  # the pawn colours, as the board shows them


def player_name(player: int) -> str:
    """``Weiß (b)``: the pawn colour, and the letter the board prints on the pawn."""
    return f"{PLAYER_NAMES[player]} ({player_letter(player)})"
