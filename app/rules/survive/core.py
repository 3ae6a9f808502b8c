"""Value types of Survive: colours, terrain, creatures, tile backs, explorers, boats, moves."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from app.rules.errors import RulesError
from app.rules.survive.board import CELLS, ISLAND_AT, Cell, Space

MOVE_POINTS = 3
BOAT_SEATS = 3
EXPLORER_VALUES = (1, 1, 1, 2, 2, 3, 3, 4, 5, 6)
BOATS_PER_PLAYER = 2
BOATS_IN_BOX = 12
CREATURES_IN_BOX = {"schlange": 5, "hai": 6, "wal": 5}


class Colour(IntEnum):
    ROT = 0
    BLAU = 1
    GELB = 2
    GRUEN = 3

    @property
    def code(self) -> str:
        return ("ro", "bl", "ge", "gr")[self]

    @property
    def word(self) -> str:
        """Lower-case colour word as used in the encounter notation and in facts."""
        return ("rot", "blau", "gelb", "grün")[self]

    @property
    def title(self) -> str:
        return ("Rot", "Blau", "Gelb", "Grün")[self]


ALL_COLOURS: tuple[Colour, ...] = tuple(Colour)


class Kind(IntEnum):
    """Terrain in removal order: beach first, then forest, then mountain."""

    STRAND = 0
    WALD = 1
    BERG = 2

    @property
    def german(self) -> str:
        return ("Strand", "Wald", "Berg")[self]

    @property
    def plural(self) -> str:
        return ("Strandplättchen", "Waldplättchen", "Bergplättchen")[self]


KIND_OF_CELL = {Cell.STRAND: Kind.STRAND, Cell.WALD: Kind.WALD, Cell.BERG: Kind.BERG}


class Creature(IntEnum):
    SCHLANGE = 0
    HAI = 1
    WAL = 2

    @property
    def code(self) -> str:
        return ("schlange", "hai", "wal")[self]

    @property
    def german(self) -> str:
        return ("Seeschlange", "Hai", "Wal")[self]

    @property
    def reach(self) -> int:
        """How many sea spaces the creature die lets it move at most."""
        return (1, 2, 3)[self]


class Timing(Enum):
    NOW = "grün"  # resolve at once
    OWN_TURN = "rot"  # keep; play at the start of a later own turn
    REACTION = "rot mit X"  # keep; play in reaction during another player's turn

    @property
    def border(self) -> str:
        return {"grün": "grüner Rand", "rot": "roter Rand", "rot mit X": "roter Rand mit X"}[
            self.value]

    @property
    def german(self) -> str:
        return {"grün": "sofort (grüner Rand)",
                "rot": "aufheben, später zu Zugbeginn (roter Rand)",
                "rot mit X": "aufheben, als Reaktion im fremden Zug (roter Rand mit X)"}[self.value]


class Effect(Enum):
    """Tile backs; the value is the notation word."""

    HAI = "hai"
    WAL = "wal"
    BOOT = "boot"
    STRUDEL = "strudel"
    VULKAN = "vulkan"
    DELFIN = "delfin"
    WIND = "wind"
    SCHLANGE_ZIEHEN = "schlange-ziehen"
    HAI_ZIEHEN = "hai-ziehen"
    WAL_ZIEHEN = "wal-ziehen"
    HAI_ABWEHR = "hai-abwehr"
    WAL_ABWEHR = "wal-abwehr"

    @property
    def timing(self) -> Timing:
        return _TIMING[self]

    @property
    def german(self) -> str:
        return _EFFECT_NAMES[self]

    @property
    def creature(self) -> Creature | None:
        """The creature a "move a creature" tile moves, else None."""
        return _MOVES_CREATURE.get(self)


_TIMING = {
    Effect.HAI: Timing.NOW, Effect.WAL: Timing.NOW, Effect.BOOT: Timing.NOW,
    Effect.STRUDEL: Timing.NOW, Effect.VULKAN: Timing.NOW,
    Effect.DELFIN: Timing.OWN_TURN, Effect.WIND: Timing.OWN_TURN,
    Effect.SCHLANGE_ZIEHEN: Timing.OWN_TURN, Effect.HAI_ZIEHEN: Timing.OWN_TURN,
    Effect.WAL_ZIEHEN: Timing.OWN_TURN,
    Effect.HAI_ABWEHR: Timing.REACTION, Effect.WAL_ABWEHR: Timing.REACTION,
}
_EFFECT_NAMES = {
    Effect.HAI: "Hai taucht auf", Effect.WAL: "Wal taucht auf", Effect.BOOT: "Boot taucht auf",
    Effect.STRUDEL: "Strudel", Effect.VULKAN: "Vulkanausbruch", Effect.DELFIN: "Delfin",
    Effect.WIND: "Rückenwind", Effect.SCHLANGE_ZIEHEN: "Seeschlange versetzen",
    Effect.HAI_ZIEHEN: "Hai versetzen", Effect.WAL_ZIEHEN: "Wal versetzen",
    Effect.HAI_ABWEHR: "Hai abwehren", Effect.WAL_ABWEHR: "Wal abwehren",
}
_MOVES_CREATURE = {Effect.SCHLANGE_ZIEHEN: Creature.SCHLANGE, Effect.HAI_ZIEHEN: Creature.HAI,
                   Effect.WAL_ZIEHEN: Creature.WAL}

# Tile backs of the 30th anniversary edition per terrain (Strand, Wald, Berg).
# The counts come from ONE public implementation; they agree with the token
# counts (6 sharks, 5 whales, 12 boats = 8 at set-up + 4) but are not confirmed
# from the publisher's rules. Shown to users as "laut einer Umsetzung".
TILE_BACKS: dict[Effect, tuple[int, int, int]] = {
    Effect.HAI: (3, 2, 1),
    Effect.WAL: (3, 2, 0),
    Effect.BOOT: (1, 3, 0),
    Effect.STRUDEL: (0, 2, 4),
    Effect.VULKAN: (0, 0, 1),
    Effect.DELFIN: (3, 1, 0),
    Effect.WIND: (2, 0, 0),
    Effect.SCHLANGE_ZIEHEN: (1, 1, 0),
    Effect.HAI_ZIEHEN: (1, 1, 0),
    Effect.WAL_ZIEHEN: (1, 1, 0),
    Effect.HAI_ABWEHR: (1, 1, 1),
    Effect.WAL_ABWEHR: (0, 2, 1),
}
TILE_BACKS_CONFIRMED = False


class Phase(Enum):
    """Where in a turn the game is; the value is the notation word."""

    KARTE = "karte"  # 1. may play a kept red tile
    ZIEHEN = "ziehen"  # 2. three movement points
    ENTFERNEN = "entfernen"  # 3. remove a terrain tile
    WUERFELN = "würfeln"  # 4. roll the creature die
    KREATUR = "kreatur"  # 4b. move one creature of the rolled kind
    ABWEHR = "abwehr"  # another player may repel a shark or whale
    ENDE = "ende"

    @property
    def german(self) -> str:
        return {"karte": "Plättchen spielen", "ziehen": "Ziehen",
                "entfernen": "Plättchen entfernen",
                "würfeln": "Kreaturenwürfel", "kreatur": "Kreatur bewegen",
                "abwehr": "Abwehr", "ende": "Spielende"}[self.value]


class EndReason(Enum):
    VULKAN = "vulkan"
    INSEL_WEG = "insel-weg"  # no terrain tile left to remove
    ALLE_WEG = "alle-weg"  # variant "Durchhalten": nobody left on the island or at sea


class Variant(Enum):
    ZWEI_FARBEN = "zwei-farben"  # 2 players, two colours each, scores added
    UEBERBEVOELKERUNG = "überbevölkerung"  # inland tiles may start with 2 explorers
    DURCHHALTEN = "durchhalten"  # volcano = whirlpool; until no explorer is left out there
    GLEICHER_WERT = "gleicher-wert"  # count rescued explorers, not values
    SINKENDE_INSEL = "sinkende-insel"  # volcano = whirlpool; ends with the last tile

    @property
    def german(self) -> str:
        return {"zwei-farben": "Zwei Spieler, je zwei Farben",
                "überbevölkerung": "Überbevölkerung", "durchhalten": "Durchhalten",
                "gleicher-wert": "Gleicher Wert", "sinkende-insel": "Sinkende Insel"}[self.value]


@dataclass(frozen=True, slots=True)
class Explorer:
    """An explorer token; ``value`` None means "not known here" (it is hidden in play).

    ``swum`` marks a swimmer (or a passenger who was one) that has already used
    its one sea space this turn; it is cleared when the turn ends.
    """

    colour: Colour
    value: int | None = None
    swum: bool = False

    @property
    def key(self) -> tuple[int, int, bool]:
        return (self.colour, self.value or 0, self.swum)

    @property
    def code(self) -> str:
        value = "?" if self.value is None else str(self.value)
        return f"{self.colour.code}{value}{'*' if self.swum else ''}"

    @property
    def german(self) -> str:
        """``Rot 3`` – colour and, where known, value, as a message names a token."""
        return self.colour.title if self.value is None else f"{self.colour.title} {self.value}"

    def fresh(self) -> Explorer:
        return Explorer(self.colour, self.value) if self.swum else self

    def __repr__(self) -> str:
        return self.code


def sort_explorers(explorers) -> tuple[Explorer, ...]:
    return tuple(sorted(explorers, key=_explorer_key))


def _explorer_key(e: Explorer) -> tuple[int, int, bool]:
    return (e.colour, e.value or 0, e.swum)


@dataclass(frozen=True, slots=True)
class Boat:
    space: Space
    passengers: tuple[Explorer, ...] = ()

    @property
    def loaded(self) -> bool:
        return bool(self.passengers)


@dataclass(frozen=True, slots=True)
class Pending:
    """A shark or whale move another player may answer with a repel tile."""

    creature: Creature
    space: Space
    decider: Colour
    from_tile: bool  # True: a "move a creature" tile in phase 1, the turn goes on


def canonical_points(phase: Phase, pending: Pending | None, points: int) -> int:
    """Movement points only mean something while moving; elsewhere they follow the phase."""
    if phase is Phase.ZIEHEN:
        return points
    if phase is Phase.KARTE or (phase is Phase.ABWEHR and pending is not None
                                and pending.from_tile):
        return MOVE_POINTS
    return 0


# --- where an explorer is -------------------------------------------------------------------


class Place(Enum):
    LAND = "Land"
    SEA = "Meer"
    BOAT = "Boot"
    ISLAND = "sichere Insel"


@dataclass(frozen=True, slots=True)
class Spot:
    place: Place
    space: Space  # for ISLAND: the island's corner hex

    def notation(self) -> str:
        """``e4`` (land or sea), ``[d3]`` (the boat there) or ``nw`` (a safe island)."""
        if self.place is Place.BOAT:
            return f"[{self.space.label}]"
        if self.place is Place.ISLAND:
            island = ISLAND_AT.get(self.space)
            return island.value if island else self.space.label
        return self.space.label

    def __repr__(self) -> str:
        return self.notation()


# --- moves ----------------------------------------------------------------------------------
# Each move writes its own notation (as python-chess's Move.uci()); repr shows it.


@dataclass(frozen=True, slots=True, repr=False)
class Step:
    """One of your explorers moves from one spot to another (1 movement point)."""

    explorer: Explorer
    origin: Spot
    target: Spot

    def notation(self) -> str:
        return f"{self.explorer.code} {self.origin.notation()}-{self.target.notation()}"

    def __repr__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True, repr=False)
class BoatMove:
    origin: Space
    target: Space

    def notation(self) -> str:
        return f"boot {self.origin.label}-{self.target.label}"

    def __repr__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True, repr=False)
class Pass:
    """End an optional phase: play no tile, or stop moving."""

    def notation(self) -> str:
        return "weiter"

    def __repr__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True, repr=False)
class Remove:
    space: Space
    effect: Effect | None = None  # None: the back is taken from the state (or unknown)
    boarders: tuple[Explorer, ...] | None = None  # who boards an appearing boat

    def notation(self) -> str:
        text = f"entferne {self.space.label}"
        if self.effect is not None:
            text += f" {self.effect.value}"
        if self.boarders is not None:
            text += f" [{' '.join(e.code for e in self.boarders)}]"
        return text

    def __repr__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True, repr=False)
class Roll:
    """The creature die shows this creature (a chance outcome)."""

    creature: Creature

    def notation(self) -> str:
        return f"würfel {self.creature.code}"

    def __repr__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True, repr=False)
class CreatureMove:
    creature: Creature
    origin: Space
    target: Space

    def notation(self) -> str:
        return f"{self.creature.code} {self.origin.label}-{self.target.label}"

    def __repr__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True, repr=False)
class PlayTile:
    """Play a kept red tile: dolphin (explorer), wind (boat) or move a creature."""

    effect: Effect
    origin: Space
    target: Space
    explorer: Explorer | None = None

    def notation(self) -> str:
        who = f" {self.explorer.code}" if self.explorer is not None else ""
        return f"spiele {self.effect.value}{who} {self.origin.label}-{self.target.label}"

    def __repr__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True, repr=False)
class React:
    use: bool

    def notation(self) -> str:
        return "abwehren" if self.use else "verzichten"

    def __repr__(self) -> str:
        return self.notation()


Move = Step | BoatMove | Pass | Remove | Roll | CreatureMove | PlayTile | React
MOVE_TYPES = (Step, BoatMove, Pass, Remove, Roll, CreatureMove, PlayTile, React)


# --- the state ------------------------------------------------------------------------------

Stacks = tuple[tuple[Space, tuple[Explorer, ...]], ...]


@dataclass(frozen=True, slots=True, repr=False)
class State:
    """A whole position. Mappings are stored as sorted tuples so a state is hashable.

    ``land``/``sea``/``safe`` map a space to the explorers there (non-empty only);
    ``safe`` is keyed by the island's corner hex. Creatures are multisets of spaces.
    """

    players: tuple[Colour, ...]
    current: Colour
    phase: Phase = Phase.ZIEHEN
    points: int = MOVE_POINTS
    rolled: Creature | None = None
    pending: Pending | None = None
    ended: EndReason | None = None
    removed: frozenset[Space] = frozenset()
    land: Stacks = ()
    boats: tuple[Boat, ...] = ()
    sea: Stacks = ()
    safe: Stacks = ()
    serpents: tuple[Space, ...] = ()
    sharks: tuple[Space, ...] = ()
    whales: tuple[Space, ...] = ()
    hands: tuple[tuple[Colour, tuple[Effect, ...]], ...] = ()
    backs: tuple[tuple[Space, Effect], ...] = ()
    variants: frozenset[Variant] = frozenset()

    def notation(self) -> str:
        """The one-line position (see :mod:`app.rules.survive.notation`), as chess's ``fen()``."""
        parts = [f"spieler: {' '.join(c.code for c in self.players)}",
                 f"zug: {self._turn_notation()}"]
        if self.removed:
            parts.append("weg: " + " ".join(s.label for s in sorted(self.removed)))
        if self.land:
            parts.append("land: " + _stacks_notation(self.land))
        if self.boats:
            parts.append("boote: " + ", ".join(
                f"{b.space.label} [{' '.join(e.code for e in b.passengers)}]"
                for b in self.boats))
        if self.sea:
            parts.append("see: " + _stacks_notation(self.sea))
        if self.safe:
            parts.append("sicher: " + ", ".join(
                f"{ISLAND_AT[s].value} {' '.join(e.code for e in es)}" for s, es in self.safe))
        for key, spaces in (("schlangen", self.serpents), ("haie", self.sharks),
                            ("wale", self.whales)):
            if spaces:
                parts.append(f"{key}: " + " ".join(s.label for s in spaces))
        if self.hands:
            parts.append("hand: " + ", ".join(
                f"{c.code} {' '.join(t.value for t in tiles)}" for c, tiles in self.hands))
        if self.backs:
            parts.append("rückseiten: " + ", ".join(
                f"{s.label} {e.value}" for s, e in self.backs))
        if self.variants:
            parts.append("varianten: " + " ".join(
                v.value for v in Variant if v in self.variants))
        return "; ".join(parts)

    def _turn_notation(self) -> str:
        head = f"{self.current.code} {self.phase.value}"
        if self.phase is Phase.ZIEHEN:
            return f"{head} {self.points}"
        if self.phase is Phase.KREATUR and self.rolled is not None:
            return f"{head} {self.rolled.code}"
        if self.phase is Phase.ABWEHR and self.pending is not None:
            p = self.pending
            source = "plättchen" if p.from_tile else "würfel"
            return f"{head} {p.decider.code} {p.creature.code} {p.space.label} {source}"
        if self.phase is Phase.ENDE and self.ended is not None:
            return f"{head} {self.ended.value}"
        return head

    def __repr__(self) -> str:
        return self.notation()

    def hand(self, colour: Colour) -> tuple[Effect, ...]:
        for c, tiles in self.hands:
            if c == colour:
                return tiles
        return ()

    def boat_at(self, space: Space) -> Boat | None:
        for boat in self.boats:
            if boat.space == space:
                return boat
        return None

    def creatures(self, creature: Creature) -> tuple[Space, ...]:
        return (self.serpents, self.sharks, self.whales)[creature]


def _stacks_notation(stacks: Stacks) -> str:
    return ", ".join(f"{s.label} {' '.join(e.code for e in es)}" for s, es in stacks)


# --- arguments from outside ---------------------------------------------------------------------


def require(value: object, kind: type | tuple[type, ...], what: str) -> None:
    """RulesError unless ``value`` is a ``kind``: public functions check what they are handed,
    so a wrong argument gets the engine's own German refusal, not an AttributeError."""
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RulesError(f"Erwartet wird {what}, nicht {type(value).__name__}.",
                         code="wrong_type")


def require_space(value: object) -> Space:
    """``value`` if it is a space of the practice map, else RulesError."""
    require(value, Space, "ein Feld der Übungskarte")
    assert isinstance(value, Space)
    if value not in CELLS:
        raise RulesError(f"{value.label} liegt nicht auf der Übungskarte.", code="off_map")
    return value


# --- what a move did, sentence by sentence -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Note:
    """One thing a move did, in one or more German sentences, and the rulings it rests on.

    ``sources`` holds ruling codes (``"S9"``); the Survive source has no page numbers.
    """

    text: str
    sources: tuple[str, ...] = ()
