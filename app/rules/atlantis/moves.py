"""Moves of Atlantis: the parts of a turn, ``legal_moves`` and ``apply``.

A turn is made of parts. Each part is a move value; apply them one by one, or several at
once as a :class:`Turn` (their outcomes merge into one):

``Buy(tile)``
    0. Buy cards: one own tile into the box, value ÷ 2 cards (S. 4). Only as the very first
    part of the turn (R8); bought cards count as held at the start of the turn (R2).
``PlaceBridge(position)``
    Put your bridge on the gap that contains water position ``position`` (S. 4). Before the
    pawn moves, so the pawn crosses that gap for free (R3).
``Advance(origin, cards, bridge_after=None, payment=None)``
    1.–4. Move the pawn standing at ``origin`` (0 = Atlantis) by playing ``cards`` in order;
    a further card only where the previous target was occupied (S. 3). Then take the tile,
    optionally place the bridge after taking it (``bridge_after``, R3; it does not free the gaps
    this pawn just crossed), pay the gaps (``payment``; ``None`` = the engine's best payment,
    R9) and draw. Ends the turn.
``NoMove()``
    None of your pawns can move, not even after laying your unused bridge (E3): show the hand,
    draw 2 (S. 3). Ends the turn.
``Finish(origin, payment=None)``
    After the game has ended: walk one remaining pawn to the mainland without cards and tiles,
    paying every unbridged gap on the way (S. 5–6, R6); unpaid amounts become minus points.

Buying or placing the bridge leaves the turn open (``State.started``); the state then waits
for the rest of the same turn. Position numbers in a move always refer to the state the move
is applied to, also ``bridge_after``.

``legal_moves`` lists, in this order: purchases (one per different tile), bridge placements
(one per unbridged gap, named by its first water position), pawn moves (pawns from Atlantis
toward the mainland, card sequences in item order R S K H A O F, default payment, no bridge
afterwards) and, only if no pawn move is legal, ``NoMove``. In the final moves it lists one
``Finish`` per remaining pawn.

Decisions of our own where R1–R9 leave a gap (reported to the content authors):

* Gap costs use the visible tiles as the pawn crosses, before the tile is taken; a bridge placed
  after taking the tile does not free the gaps this move crossed (R3 read strictly).
* A second bridge on an already bridged gap is refused: it could never matter.
* ``NoMove`` is allowed only when no pawn can move, not even after placing the player's own
  unused bridge first (E3); otherwise the player lays the bridge and moves. Holding the bridge
  back would let a game with an empty draw pile run forever without ever reaching E1.
* In the final moves whatever can be paid must be paid (overpaying allowed); only if everything
  together is not enough, everything goes and the rest becomes minus points (R6).
* When the draw pile is empty and nobody can move any more, each player counting at most his
  own unplaced bridge, the game ends as after a third pawn and everybody walks home as in R6
  (``EndReason.STANDSTILL``, E1); R7 alone would let such a game run forever. Another player's
  bridge does not count: nobody must lay his bridge so that someone else can move. With E3 this
  makes every game end: once the pile is empty a turn either plays a card (hands only shrink)
  or is „kein Zug“ by someone who cannot move at all, and the first such turn in which nobody
  can move ends the game.
* A bridge on water that is removed at either end of the path (no gap next to Atlantis or the
  mainland) leaves the game with it; its owner does not get it back.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from itertools import accumulate
from operator import attrgetter

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
    NO_MOVE_DRAW,
    cards_for_tile,
    cards_to_draw,
    default_payment,
)
from app.rules.atlantis.types import (
    ATLANTIS,
    ITEMS,
    MAINLAND,
    WATER,
    Gap,
    Item,
    Payment,
    Phase,
    PlayerState,
    Position,
    State,
    Tile,
    place_name,
    player_name,
    sorted_cards,
    sorted_tiles,
)
from app.rules.errors import IllegalMoveError, RulesError


@dataclass(frozen=True, slots=True)
class Buy:
    tile: Tile

    def __str__(self) -> str:
        return f"kaufen {self.tile}"


@dataclass(frozen=True, slots=True)
class PlaceBridge:
    position: int

    def __str__(self) -> str:
        return f"brücke {self.position}"


@dataclass(frozen=True, slots=True)
class Advance:
    origin: int
    cards: tuple[Item, ...]
    bridge_after: int | None = None
    payment: Payment | None = None

    def __str__(self) -> str:
        text = f"{self.origin}:" + "".join(card.letter for card in self.cards)
        if self.bridge_after is not None:
            text += f"; brücke {self.bridge_after}"
        if self.payment is not None:
            text += f"; zahlen {self.payment}"
        return text


@dataclass(frozen=True, slots=True)
class NoMove:
    def __str__(self) -> str:
        return "kein Zug"


@dataclass(frozen=True, slots=True)
class Finish:
    origin: int
    payment: Payment | None = None

    def __str__(self) -> str:
        text = f"schluss {self.origin}"
        if self.payment is not None:
            text += f"; zahlen {self.payment}"
        return text


@dataclass(frozen=True, slots=True)
class Turn:
    """Several parts of one player's turn, applied in order."""

    parts: tuple[Buy | PlaceBridge | Advance | NoMove | Finish, ...]

    def __str__(self) -> str:
        return "; ".join(str(part) for part in self.parts)


Part = Buy | PlaceBridge | Advance | NoMove | Finish
Move = Part | Turn


def move_key(move: Part) -> tuple:
    """The fixed order of ``legal_moves``: buy, bridge, pawn moves, no move, final moves."""
    if isinstance(move, Buy):
        return (0, move.tile.sort_key)
    if isinstance(move, PlaceBridge):
        return (1, move.position)
    if isinstance(move, Advance):
        return (2, move.origin, tuple(card.index for card in move.cards))
    if isinstance(move, NoMove):
        return (3,)
    return (4, move.origin)


# --- what a state looks like to the rules ---------------------------------------------------------


class _Board:
    """Derived facts of one state, computed once and kept in ``State.cache``."""

    __slots__ = ("_gaps", "_runs", "before", "n", "occupant", "search")

    def __init__(self, state: State) -> None:
        path = state.path
        n = self.n = len(path)
        self.occupant = {
            loc: i
            for i, player in enumerate(state.players)
            for loc in player.pawns
            if ATLANTIS < loc <= n
        }
        # This runs for every new state, so the loops stay in C where possible: list.index
        # jumps from gap to gap. before[p] is the summed cost of the gaps lying completely
        # before place p (p = n + 1: the mainland), so a move from o to l costs
        # before[l] - before[o].
        tops = [pos.top_item for pos in path]
        # Sentinels after the path: an item search that runs past the last position hits
        # one of them ("no such item ahead": the mainland); -1 ends the search for water.
        search = self.search = [*tops, *range(len(ITEMS)), -1]
        delta = [0] * (n + 2)
        runs: list[tuple[int, int, int, int, int | None]] = []
        i = search.index(-1)
        while i < n:
            j, bridge = i, None
            while search[j] < 0:
                if bridge is None:
                    bridge = path[j].bridge
                j += 1
            left = path[i - 1].top_value if i else 0
            right = path[j].top_value if j < n else 0
            runs.append((i + 1, j, left, right, bridge))
            if bridge is None:
                delta[j + 1] += left if left < right else right
            i = search.index(-1, j)
        self.before = list(accumulate(delta))
        self._runs = runs
        self._gaps: tuple[Gap, ...] | None = None

    @property
    def gaps(self) -> tuple[Gap, ...]:
        if self._gaps is None:
            self._gaps = tuple(Gap(*run) for run in self._runs)
        return self._gaps

    def gap_at(self, position: int) -> Gap | None:
        for gap in self.gaps:
            if gap.first <= position <= gap.last:
                return gap
        return None

    def crossed(self, origin: int, landing: int) -> tuple[Gap, ...]:
        end = min(landing, self.n + 1)
        return tuple(Gap(*run) for run in self._runs if origin < run[0] and run[1] < end)

    def cost(self, origin: int, landing: int) -> int:
        return self.before[min(landing, self.n + 1)] - self.before[origin]

    def sequences(self, player: PlayerState) -> list[tuple[int, tuple[Item, ...], int, int]]:
        """Every (origin, cards, landing, gap cost) the player's pawns can reach, before any
        payment test."""
        found: list[tuple[int, tuple[Item, ...], int, int]] = []
        counts = list(player.hand)
        held = [(index, item) for index, item in enumerate(ITEMS) if counts[index]]
        search, n, occupant, before = self.search, self.n, self.occupant, self.before

        def walk(origin: int, loc: int, played: tuple[Item, ...]) -> None:
            for index, item in held:
                if counts[index]:
                    at = search.index(index, loc)
                    if at < n and at + 1 in occupant:
                        counts[index] -= 1
                        walk(origin, at + 1, (*played, item))
                        counts[index] += 1
                    elif at < n:
                        found.append((origin, (*played, item), at + 1,
                                      before[at + 1] - before[origin]))
                    else:
                        found.append((origin, (*played, item), MAINLAND,
                                      before[n + 1] - before[origin]))

        for origin in sorted(set(player.pawns)):
            if origin != MAINLAND:
                walk(origin, origin, ())
        return found


def _top_value(path: list[Position], index: int) -> int:
    """Value of the visible tile at 0-based ``index``; 0 for water or outside the path."""
    return path[index].top_value if 0 <= index < len(path) else 0


def _board(state: State) -> _Board:
    board = state.cache.get("board")
    if board is None:
        board = state.cache["board"] = _Board(state)
    return board


def gaps(state: State) -> tuple[Gap, ...]:
    """The gaps of the path from Atlantis toward the mainland, with their cost."""
    return _board(state).gaps


def target(state: State, origin: int, item: Item) -> int:
    """Where a card of ``item`` sends a pawn from ``origin`` (0 = Atlantis): the next visible
    tile showing ``item`` toward the mainland, or the mainland if none lies ahead (S. 3, 5).

    Only the direction and the visible tiles count here; whether the target is occupied (a
    further card is then forced) is the caller's next question.
    """
    board = _board(state)
    if not _is_int(origin) or not ATLANTIS <= origin <= board.n:
        raise RulesError(f"Ausgangsfeld {origin!r} liegt nicht auf dem Weg (0 bis {board.n}).",
                         code="no_such_place")
    if not isinstance(item, Item):
        raise RulesError(f"{item!r} ist kein Gegenstand.", code="not_an_item")
    at = board.search.index(item.index, origin)
    return at + 1 if at < board.n else MAINLAND


def pawn_at(state: State, position: int) -> int | None:
    """The player whose pawn stands on path position ``position``, if any."""
    return _board(state).occupant.get(position)


# --- legal moves ----------------------------------------------------------------------------------


def _advances(state: State) -> list[Advance]:
    cached = state.cache.get("advances")
    if cached is None:
        board = _board(state)
        me = state.players[state.turn]
        budget = me.tile_value + me.card_count
        cached = state.cache["advances"] = [
            Advance(origin, cards)
            for origin, cards, _, cost in board.sequences(me)
            if cost <= budget - len(cards)
        ]
    return cached


def legal_moves(state: State) -> list[Part]:
    """All legal moves in the fixed order described in the module docstring."""
    if state.phase is Phase.OVER:
        return []
    me = state.players[state.turn]
    if state.phase is Phase.FINAL:
        return [Finish(loc) for loc in dict.fromkeys(me.pawns) if loc != MAINLAND]
    moves: list[Part] = []
    if not state.started:
        moves.extend(Buy(tile) for tile in dict.fromkeys(me.tiles))
    if not me.bridge_placed:
        moves.extend(PlaceBridge(gap.first) for gap in gaps(state) if gap.bridge is None)
    advances = _advances(state)
    moves.extend(advances)
    if not advances and not _could_ever_move(state, state.turn):
        moves.append(NoMove())
    return moves


def _could_ever_move(state: State, player: int) -> bool:
    """Whether ``player`` could move here, if need be after placing the unused bridge."""
    board = _board(state)
    me = state.players[player]
    budget = me.tile_value + me.card_count
    for origin, cards, landing, cost in board.sequences(me):
        if cost and not me.bridge_placed:
            cost -= max(g.cost for g in board.crossed(origin, landing))
        if cost <= budget - len(cards):
            return True
    return False


# --- apply ----------------------------------------------------------------------------------------


def apply(state: State, move: Move) -> tuple[State, Outcome]:
    """Play ``move`` (a part of a turn or a whole :class:`Turn`): the new state and what happened.

    Raises :class:`IllegalMoveError` naming the rule when the rules forbid the move.
    """
    if not isinstance(state, State):
        raise RulesError("Das ist keine Atlantis-Stellung.", code="not_a_position")
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise RulesError(f"Das ist kein Atlantis-Zug: {move!r}", code="not_a_move")
    _check_shape(move)
    return handler(state, move)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_shape(move: Move) -> None:
    """Reject move values that were built with the wrong kinds of fields."""
    ok = True
    if isinstance(move, Buy):
        ok = _is_tile(move.tile)
    elif isinstance(move, PlaceBridge):
        ok = _is_int(move.position)
    elif isinstance(move, Advance):
        ok = (_is_int(move.origin) and isinstance(move.cards, tuple)
              and all(isinstance(c, Item) for c in move.cards)
              and (move.bridge_after is None or _is_int(move.bridge_after))
              and _is_payment(move.payment))
    elif isinstance(move, Finish):
        ok = _is_int(move.origin) and _is_payment(move.payment)
    elif isinstance(move, Turn):
        ok = (isinstance(move.parts, tuple) and bool(move.parts)
              and all(type(p) in _HANDLERS and not isinstance(p, Turn) for p in move.parts))
        if ok:
            for part in move.parts:
                _check_shape(part)
    if not ok:
        raise RulesError(f"Dieser Zug ist falsch zusammengesetzt: {move!r}", code="malformed_move")


def _is_tile(tile: object) -> bool:
    return isinstance(tile, Tile) and isinstance(tile.item, Item) and _is_int(tile.value)


def _is_payment(payment: object) -> bool:
    return payment is None or (
        isinstance(payment, Payment)
        and isinstance(payment.tiles, tuple) and all(_is_tile(t) for t in payment.tiles)
        and isinstance(payment.cards, tuple) and all(isinstance(c, Item) for c in payment.cards)
    )


def _require_playing(state: State, what: str) -> None:
    if state.phase is Phase.FINAL:
        raise IllegalMoveError(
            f"Das Spiel ist schon zu Ende: {what} geht nicht mehr. Jetzt ziehen die anderen ihre "
            "übrigen Figuren ohne Karten aufs Festland (Schlusszug, S. 5–6).",
            code="game_ended",
        )
    if state.phase is Phase.OVER:
        raise IllegalMoveError(f"Das Spiel ist vorbei: {what} geht nicht mehr.", code="game_over")


def _check_origin(state: State, origin: int) -> None:
    n = len(state.path)
    if origin == MAINLAND or origin > n:
        raise IllegalMoveError(
            f"Feld {origin} gibt es nicht: der Weg hat {n} Felder (0 = Atlantis).",
            code="no_such_place",
        )
    if origin < ATLANTIS:
        raise IllegalMoveError(f"Feld {origin} gibt es nicht (0 = Atlantis, 1 … {n} der Weg).",
                               code="no_such_place")
    if origin not in state.player.pawns:
        raise IllegalMoveError(
            f"Auf {place_name(origin)} steht keine Figur von {player_name(state.turn)} (S. 3).",
            code="not_your_pawn",
        )


def _draw(pile: tuple[Item, ...], wanted: int) -> tuple[Draw, tuple[Item, ...]]:
    return Draw(wanted, pile[:wanted]), pile[wanted:]


def _add_cards(hand: tuple[int, ...], cards: tuple[Item, ...]) -> tuple[int, ...]:
    if not cards:
        return hand
    counts = list(hand)
    for card in cards:
        counts[card.index] += 1
    return tuple(counts)


def _remove_tiles(tiles: tuple[Tile, ...], gone: tuple[Tile, ...]) -> tuple[Tile, ...]:
    left = list(tiles)
    for tile in gone:
        left.remove(tile)
    return tuple(left)


def _add_tile(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    held = list(tiles)
    insort(held, tile, key=attrgetter("sort_key"))
    return tuple(held)


def _replace_player(players: tuple[PlayerState, ...], index: int,
                    player: PlayerState) -> tuple[PlayerState, ...]:
    return (*players[:index], player, *players[index + 1:])


def _with_player(player: PlayerState, **changes: object) -> PlayerState:
    fields = {
        "hand": player.hand, "tiles": player.tiles, "pawns": player.pawns,
        "bridge_placed": player.bridge_placed, "debt": player.debt,
    }
    fields.update(changes)
    return PlayerState(**fields)  # type: ignore[arg-type]


def _next_with_pawns(players: tuple[PlayerState, ...], after: int) -> int | None:
    """The next player clockwise after ``after`` (ending with ``after``) with a pawn left out."""
    count = len(players)
    for step in range(1, count + 1):
        candidate = (after + step) % count
        if any(loc != MAINLAND for loc in players[candidate].pawns):
            return candidate
    return None


def _apply_buy(state: State, move: Buy) -> tuple[State, Outcome]:
    _require_playing(state, "Karten kaufen")
    if state.started:
        raise IllegalMoveError(
            "Karten kaufen darfst du nur ganz am Anfang deines Zuges, vor allem anderen – "
            "und nur einmal (S. 4, Auslegung R8).",
            code="buy_not_first",
        )
    me = state.player
    if move.tile not in me.tiles:
        raise IllegalMoveError(
            f"Du hast kein Plättchen {move.tile.display}: kaufen kannst du nur mit einem "
            "eigenen Plättchen (S. 4).",
            code="tile_not_held",
        )
    draw, pile = _draw(state.pile, cards_for_tile(move.tile.value))
    player = _with_player(me, tiles=_remove_tiles(me.tiles, (move.tile,)),
                          hand=_add_cards(me.hand, draw.cards))
    new = State(state.path, _replace_player(state.players, state.turn, player), state.turn,
                state.phase, pile, state.discard, state.box + 1, True)
    return new, Outcome(state.turn, new.phase, new.turn, purchase=Purchase(move.tile, draw))


def _bridge_message_placed() -> str:
    return "Du hast deine Brücke schon gelegt – jeder hat nur eine (S. 2, 4)."


def _apply_bridge(state: State, move: PlaceBridge) -> tuple[State, Outcome]:
    if state.phase is not Phase.PLAYING:
        raise IllegalMoveError(
            "Nach dem Spielende darf keine Brücke mehr gelegt werden; eine nicht gelegte Brücke "
            "zählt nichts (S. 5).",
            code="bridge_after_end",
        )
    me = state.player
    if me.bridge_placed:
        raise IllegalMoveError(_bridge_message_placed(), code="bridge_placed")
    gap = _bridge_target(_board(state), state.path, move.position)
    path = list(state.path)
    path[move.position - 1] = Position((), state.turn)
    player = _with_player(me, bridge_placed=True)
    new = State(tuple(path), _replace_player(state.players, state.turn, player), state.turn,
                state.phase, state.pile, state.discard, state.box, True)
    placed = BridgePlacement(move.position, _bridged(gap, state.turn), after_move=False)
    return new, Outcome(state.turn, new.phase, new.turn, bridges=(placed,))


def _bridged(gap: Gap, owner: int) -> Gap:
    return Gap(gap.first, gap.last, gap.left, gap.right, owner)


def _bridge_target(board: _Board, path: tuple[Position, ...] | list[Position],
                   position: int, shown: int | None = None) -> Gap:
    """The gap a bridge on ``position`` would lie on; ``shown`` is the number to name."""
    name = shown if shown is not None else position
    if not 1 <= position <= len(path):
        raise IllegalMoveError(f"Feld {name} gibt es nicht – eine Brücke kommt auf eine Lücke "
                               "im Weg (S. 4).", code="no_such_place")
    if path[position - 1].tiles:
        raise IllegalMoveError(
            f"Auf Feld {name} liegt ein Plättchen, keine Lücke – die Brücke legst du auf eine "
            "Lücke (S. 4).",
            code="bridge_not_on_gap",
        )
    gap = board.gap_at(position)
    if gap is None:  # pragma: no cover - water always belongs to a gap
        raise IllegalMoveError(f"Feld {name} gehört zu keiner Lücke.", code="bridge_not_on_gap")
    if gap.bridge is not None:
        raise IllegalMoveError(
            f"Über diese Lücke führt schon die Brücke von {player_name(gap.bridge)}; sie ist "
            "für alle frei, eine zweite Brücke brächte nichts (S. 4, Auslegung E5).",
            code="gap_bridged",
        )
    return gap


def _walk(state: State, board: _Board, move: Advance) -> tuple[CardStep, ...]:
    """Follow the cards from the origin, checking the second-card rule (S. 3)."""
    steps: list[CardStep] = []
    loc = move.origin
    last = len(move.cards) - 1
    for k, card in enumerate(move.cards):
        at = board.search.index(card.index, loc)
        target = at + 1 if at < board.n else MAINLAND
        occupied_by = board.occupant.get(target)
        steps.append(CardStep(card, target, occupied_by))
        if occupied_by is None and k < last:
            where = ("auf dem Festland" if target == MAINLAND
                     else f"auf {place_name(target)}, dort ist frei")
            raise IllegalMoveError(
                f"Mit {card.display} landet die Figur {where} – eine weitere Karte spielst du "
                "nur, wenn das Ziel der vorigen Karte besetzt ist (S. 3).",
                code="extra_card",
            )
        loc = target
    if steps[-1].occupied_by is not None:
        raise IllegalMoveError(
            f"Auf {place_name(loc)} steht schon eine Figur von "
            f"{player_name(steps[-1].occupied_by)} – du musst noch eine Karte spielen, "
            "beliebiger Gegenstand (S. 3).",
            code="target_occupied",
        )
    return tuple(steps)


def _take_tile(path: list[Position], board: _Board, landing: int, origin: int
               ) -> tuple[Tile | None, int | None, tuple[Skip, ...]]:
    """Take the tile behind the pawn, or the last free one on reaching the mainland (S. 3, 5).

    ``path`` is changed in place.
    """
    occupant = board.occupant  # the moving pawn has left its origin, which may now be taken
    start = board.n if landing == MAINLAND else landing - 1
    skipped: list[Skip] = []
    for p in range(start, 0, -1):
        pos = path[p - 1]
        if not pos.tiles:
            skipped.append(Skip(p, SkipReason.WATER))
        elif p in occupant and p != origin:
            skipped.append(Skip(p, SkipReason.PAWN, occupant[p]))
        else:
            path[p - 1] = Position(pos.tiles[:-1]) if len(pos.tiles) > 1 else WATER
            return pos.tiles[-1], p, tuple(skipped)
    return None, None, tuple(skipped)


def _trim_ends(path: list[Position]) -> tuple[list[Position], int, int]:
    """No gap next to Atlantis or the mainland (S. 5): drop water at either end."""
    front = 0
    while front < len(path) and not path[front].tiles:
        front += 1
    back = 0
    while back < len(path) - front and not path[len(path) - 1 - back].tiles:
        back += 1
    if front or back:
        path = path[front:len(path) - back]
    return path, front, back


def _gap_around(path: list[Position], index: int, offset: int) -> Gap:
    """The gap containing 0-based water ``index``; numbers shifted by ``offset``."""
    first = index
    while first > 0 and not path[first - 1].tiles:
        first -= 1
    last = index
    while last + 1 < len(path) and not path[last + 1].tiles:
        last += 1
    bridge = next((path[i].bridge for i in range(first, last + 1)
                   if path[i].bridge is not None), None)
    return Gap(first + 1 + offset, last + 1 + offset, _top_value(path, first - 1),
               _top_value(path, last + 1), bridge)


def _settle(cost: int, tiles: tuple[Tile, ...], hand: tuple[int, ...], chosen: Payment | None,
            *, final: bool, taken: Tile | None = None) -> Settlement:
    """Check the chosen payment, or pick the one that loses the fewest points (R9)."""
    if chosen is None:
        payment = default_payment(tiles, hand, cost)
    else:
        _check_payment(chosen, tiles, hand, taken, final)
        payment = Payment(sorted_tiles(chosen.tiles), sorted_cards(chosen.cards))
        holdings = sum(t.value for t in tiles) + sum(hand)
        if cost == 0 and payment.value:
            raise IllegalMoveError("Hier gibt es keine Lücke zu bezahlen – zahle nichts.",
                                   code="nothing_to_pay")
        if holdings >= cost > payment.value:
            rule = "S. 5–6, Auslegung E2" if final else "S. 4"
            raise IllegalMoveError(
                f"Zu wenig: Die Lücken kosten {cost}, du zahlst nur {payment.value} ({rule}).",
                code="payment_too_low",
            )
        if holdings < cost and payment.value < holdings:
            raise IllegalMoveError(
                f"Du kannst die {cost} nicht ganz bezahlen: Dann gibst du alles ab, was du hast, "
                "und der Rest zählt minus (S. 5–6, Auslegung E2).",
                code="must_pay_all",
            )
    return Settlement(cost, tiles, hand, payment, max(0, cost - payment.value))


def _check_payment(payment: Payment, tiles: tuple[Tile, ...], hand: tuple[int, ...],
                   taken: Tile | None, final: bool) -> None:
    left = list(tiles)
    for tile in payment.tiles:
        if tile in left:
            left.remove(tile)
        elif tile == taken:
            raise IllegalMoveError(
                f"Mit dem eben genommenen Plättchen {tile.display} darfst du nicht bezahlen – nur "
                "mit dem, was du zu Beginn des Zuges hattest (S. 4, Auslegung R1).",
                code="taken_tile_pays",
            )
        else:
            raise IllegalMoveError(f"Du hast kein Plättchen {tile.display} zum Bezahlen.",
                                   code="tile_not_held")
    counts = list(hand)
    for card in payment.cards:
        if not counts[card.index]:
            played = "" if final else " (gespielte Karten zählen nicht, Auslegung R1)"
            raise IllegalMoveError(
                f"Du hast keine Karte {card.display} mehr zum Bezahlen{played}.",
                code="card_not_held",
            )
        counts[card.index] -= 1


def _apply_advance(state: State, move: Advance) -> tuple[State, Outcome]:
    _require_playing(state, "Karten spielen")
    turn, me, board = state.turn, state.player, _board(state)
    _check_origin(state, move.origin)
    if not move.cards:
        raise IllegalMoveError("Zum Ziehen spielst du mindestens eine Karte (S. 3).",
                               code="no_card")
    counts = list(me.hand)
    for card in move.cards:
        if not counts[card.index]:
            raise IllegalMoveError(f"Du hast keine Karte {card.display} (mehr) auf der Hand.",
                                   code="card_not_held")
        counts[card.index] -= 1
    hand_left = tuple(counts)
    steps = _walk(state, board, move)
    origin, landing = move.origin, steps[-1].target
    crossed = board.crossed(origin, landing)
    cost = board.cost(origin, landing)
    budget = me.tile_value + sum(hand_left)
    if cost > budget:
        raise IllegalMoveError(
            f"Die Lücken kosten zusammen {cost}, du hast aber nur {budget} zum Bezahlen – nur was "
            "du zu Zugbeginn hattest, ohne die gespielten Karten (S. 4, Auslegung R1).",
            code="cannot_pay",
        )

    path = list(state.path)
    tile, taken_at, skipped = _take_tile(path, board, landing, origin)
    became_water = taken_at is not None and not path[taken_at - 1].tiles
    left_below = path[taken_at - 1].tiles[-1] if taken_at and not became_water else None
    path, front, back = _trim_ends(path)
    water_gap = None
    if became_water and front < taken_at <= board.n - back:
        water_gap = _gap_around(path, taken_at - 1 - front, front)

    bridges: tuple[BridgePlacement, ...] = ()
    if move.bridge_after is not None:
        if me.bridge_placed:
            raise IllegalMoveError(_bridge_message_placed(), code="bridge_placed")
        new_board = _Board(State(tuple(path), ()))
        gap = _bridge_target(new_board, path, move.bridge_after - front, move.bridge_after)
        path[move.bridge_after - front - 1] = Position((), turn)
        gap = Gap(gap.first + front, gap.last + front, gap.left, gap.right, turn)
        bridges = (BridgePlacement(move.bridge_after, gap, after_move=True),)

    settlement = _settle(cost, me.tiles, hand_left, move.payment, final=False, taken=tile)
    payment = settlement.payment
    pawns = list(me.pawns)
    pawns.remove(origin)
    pawns.append(landing)
    pawns.sort()
    home = pawns.count(MAINLAND)
    draw, pile = _draw(state.pile, cards_to_draw(home))
    hand = list(hand_left)
    for card in payment.cards:
        hand[card.index] -= 1
    tiles = _remove_tiles(me.tiles, payment.tiles) if payment.tiles else me.tiles
    if tile is not None:
        tiles = _add_tile(tiles, tile)
    players = list(state.players)
    players[turn] = PlayerState(_add_cards(tuple(hand), draw.cards), tiles, tuple(pawns),
                                me.bridge_placed or bool(bridges), me.debt)
    if front:
        players = [_shift_pawns(p, front) for p in players]
    players_t = tuple(players)

    ended = None
    if home == 3:
        ended = EndReason.THIRD_PAWN
        following = _next_with_pawns(players_t, turn)
        phase = Phase.FINAL if following is not None else Phase.OVER
        next_turn = following if following is not None else turn
    else:
        phase, next_turn = Phase.PLAYING, (turn + 1) % len(players_t)
    new = State(tuple(path), players_t, next_turn, phase, pile,
                state.discard + len(move.cards) + len(payment.cards),
                state.box + len(payment.tiles), False)
    taken = TileTaken(tile, taken_at, landing == MAINLAND, skipped, left_below, water_gap,
                      front, back)
    movement = Movement(origin, steps, landing, crossed, taken, settlement, home, draw)
    return new, Outcome(turn, phase, next_turn, bridges=bridges, movement=movement, ended=ended)


def _shift_pawns(player: PlayerState, front: int) -> PlayerState:
    pawns = tuple(loc - front if ATLANTIS < loc < MAINLAND else loc for loc in player.pawns)
    if pawns == player.pawns:
        return player
    return _with_player(player, pawns=pawns)


def _apply_no_move(state: State, move: NoMove) -> tuple[State, Outcome]:
    _require_playing(state, "„kein Zug“")
    advances = _advances(state)
    if advances:
        raise IllegalMoveError(
            f"Du kannst noch ziehen, zum Beispiel „{advances[0]}“ – „kein Zug“ gibt es nur, wenn "
            "keine deiner Figuren ziehen kann (S. 3).",
            code="can_move",
        )
    if _could_ever_move(state, state.turn):
        raise IllegalMoveError(
            "Mit deiner noch ungelegten Brücke kannst du ziehen: lege sie zuerst auf eine Lücke, "
            "die deine Figur überquert, und ziehe – „kein Zug“ gibt es nur, wenn auch die "
            "eigene Brücke nicht hilft (Auslegung E3).",
            code="bridge_helps",
        )
    me, turn = state.player, state.turn
    draw, pile = _draw(state.pile, NO_MOVE_DRAW)
    players = _replace_player(state.players, turn,
                              _with_player(me, hand=_add_cards(me.hand, draw.cards)))
    new = State(state.path, players, (turn + 1) % len(players), state.phase, pile,
                state.discard, state.box, False)
    ended = None
    if not pile and not any(_could_ever_move(new, q) for q in range(len(players))):
        ended = EndReason.STANDSTILL
        following = _next_with_pawns(players, turn)
        phase = Phase.FINAL if following is not None else Phase.OVER
        new = State(state.path, players, following if following is not None else turn, phase,
                    pile, state.discard, state.box, False)
    record = NoMoveOutcome(me.cards(), draw)
    return new, Outcome(turn, new.phase, new.turn, no_move=record, ended=ended)


def _apply_finish(state: State, move: Finish) -> tuple[State, Outcome]:
    if state.phase is Phase.PLAYING:
        raise IllegalMoveError(
            "Schlusszüge ohne Karten gibt es erst, wenn eine dritte Figur das Festland erreicht "
            "und das Spiel beendet hat (S. 5).",
            code="not_ended",
        )
    if state.phase is Phase.OVER:
        raise IllegalMoveError("Das Spiel ist vorbei: Alle Figuren sind auf dem Festland.",
                               code="game_over")
    _check_origin(state, move.origin)
    turn, me, board = state.turn, state.player, _board(state)
    crossed = board.crossed(move.origin, MAINLAND)
    settlement = _settle(board.cost(move.origin, MAINLAND), me.tiles, me.hand, move.payment,
                         final=True)
    payment = settlement.payment
    pawns = list(me.pawns)
    pawns.remove(move.origin)
    pawns.append(MAINLAND)
    hand = list(me.hand)
    for card in payment.cards:
        hand[card.index] -= 1
    player = PlayerState(tuple(hand), _remove_tiles(me.tiles, payment.tiles), tuple(sorted(pawns)),
                         me.bridge_placed, me.debt + settlement.debt)
    players = _replace_player(state.players, turn, player)
    if player.pawns_home < len(player.pawns):
        phase, next_turn = Phase.FINAL, turn
    else:
        following = _next_with_pawns(players, turn)
        phase = Phase.FINAL if following is not None else Phase.OVER
        next_turn = following if following is not None else turn
    new = State(state.path, players, next_turn, phase, state.pile,
                state.discard + len(payment.cards), state.box + len(payment.tiles), False)
    final = FinalMove(move.origin, crossed, settlement)
    return new, Outcome(turn, phase, next_turn, finals=(final,))


def _apply_turn(state: State, move: Turn) -> tuple[State, Outcome]:
    player = state.turn
    outcome: Outcome | None = None
    for part in move.parts:
        if outcome is not None and (outcome.next_player != player or outcome.phase is Phase.OVER
                                    or outcome.ended is not None):
            raise IllegalMoveError(_after_turn_message(part), code="turn_over")
        state, step = _HANDLERS[type(part)](state, part)
        outcome = step if outcome is None else outcome.merge(step)
    assert outcome is not None
    return state, outcome


def _after_turn_message(part: Part) -> str:
    if isinstance(part, Buy):
        return ("Dein Zug ist schon vorbei – Karten kaufen geht nur ganz am Anfang des Zuges "
                "(S. 4, Auslegung R8).")
    if isinstance(part, PlaceBridge):
        return ("Dein Zug ist schon vorbei – die Brücke legst du vor dem Ziehen oder gleich nach "
                "dem Nehmen des Plättchens (Auslegung R3).")
    return "Dein Zug ist schon vorbei; jetzt ist die nächste Person dran."


_HANDLERS = {
    Buy: _apply_buy,
    PlaceBridge: _apply_bridge,
    Advance: _apply_advance,
    NoMove: _apply_no_move,
    Finish: _apply_finish,
    Turn: _apply_turn,
}
