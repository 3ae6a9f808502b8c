"""Turns: who may put a derrick where, taking a right in the Aufbauspiel, and the game end."""

from __future__ import annotations

from app.rules.atacama import geometry as geo
from app.rules.atacama.outcome import Outcome
from app.rules.atacama.scoring import score
from app.rules.atacama.types import (
    BASE,
    Board,
    Direction,
    Move,
    Place,
    PlayerRight,
    Right,
    State,
    TakeRight,
    Variant,
    check_rights,
    practice_board,
    revealed_mask,
)
from app.rules.atacama.words import join_names, player_name
from app.rules.errors import IllegalMoveError, RulesError

_PLACE_BASE = tuple(Place(s) for s in range(geo.SQUARES))
_PLACE_SECOND = tuple(Place(s, True) for s in range(geo.SQUARES))
_TAKE_MOVES = tuple(TakeRight(r, d) for r in Right for d in Direction)

END_ALL_PLACED = "Alle Bohrtürme sind gesetzt – die Partie ist vorbei, jetzt wird abgerechnet."
# No ruling covers this: the content lists it under „Offene Fragen“ (frage-blockiert).
END_BLOCKED = (
    "Auf kein freies Feld darf mehr ein Bohrturm – die Partie endet hier, jetzt wird "
    "abgerechnet. Die Anleitung sagt dazu nichts (siehe „Offene Fragen“)."
)


def default_rights(variant: Variant) -> tuple[PlayerRight | None, ...]:
    """Person 1 „Silber + Gold − Kupfer“ on the rows, Person 2 the other right on the
    columns; zu viert the same two rights once per direction. Open in the Aufbauspiel."""
    if variant.buildup:
        return (None,) * variant.players
    if variant.players == 2:
        return (
            PlayerRight(Right.SILVER_GOLD, Direction.ROWS),
            PlayerRight(Right.COPPER_GOLD, Direction.COLUMNS),
        )
    return (
        PlayerRight(Right.SILVER_GOLD, Direction.ROWS),
        PlayerRight(Right.SILVER_GOLD, Direction.COLUMNS),
        PlayerRight(Right.COPPER_GOLD, Direction.ROWS),
        PlayerRight(Right.COPPER_GOLD, Direction.COLUMNS),
    )


def new_game(
    variant: Variant | None = None,
    board: Board | None = None,
    rights: tuple[PlayerRight | None, ...] | None = None,
) -> State:
    """An empty plan ready for the first derrick (default: practice board 0)."""
    variant = Variant() if variant is None else variant
    if not isinstance(variant, Variant):
        raise RulesError("Die Spielvariante fehlt.", code="wrong_type")
    board = practice_board(0) if board is None else board
    rights = default_rights(variant) if rights is None else rights
    check_rights(variant, rights)
    return State(variant, board, rights)


def free_mask(state: State) -> int:
    """Squares a derrick may go on now: open, free, and no occupied square at an edge."""
    occupied = state.occupied
    return state.revealed_mask & ~(occupied | geo.edge_mask(occupied)) & geo.FULL_MASK


def _must_take(state: State) -> bool:
    # Auslegung P5: the rights must be dealt before the end, so the very last derrick of the
    # game has to pay for a right if nobody has taken one yet.
    return (
        state.variant.buildup
        and state.rights_open
        and state.turns == state.variant.total_turns - 1
    )


def end_reason(state: State) -> str | None:
    """Why the game is over, or ``None`` while it goes on."""
    if state.turns >= state.variant.total_turns:
        return END_ALL_PLACED
    # Only the last Aufbau stage can block: up to then too few derricks stand to cover
    # every open field (each covers at most itself and four neighbours, and the corners
    # of the open area waste some of that).
    if free_mask(state) or state.rights_open:
        return None
    return END_BLOCKED


def is_over(state: State) -> bool:
    return end_reason(state) is not None


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the player to move, placements in reading order first."""
    if is_over(state):
        return []
    player = state.to_move
    moves: list[Move] = []
    if not _must_take(state):
        base = state.base_left(player) > 0
        second = state.second_left(player) > 0
        for square in geo.squares_of(free_mask(state)):
            if base:
                moves.append(_PLACE_BASE[square])
            if second:
                moves.append(_PLACE_SECOND[square])
    if state.variant.buildup and state.rights_open:
        moves.extend(_TAKE_MOVES)
    return moves


def refusal(state: State, move: Move) -> tuple[str, str] | None:
    """``(reason code, German rule)`` a move breaks, or ``None`` if it is legal."""
    if not isinstance(move, Place | TakeRight):
        raise RulesError(f"{move!r} ist kein Zug.", code="not_a_move")
    if is_over(state):
        return "over", "Die Partie ist schon vorbei – es wird kein Bohrturm mehr gesetzt."
    player = state.to_move
    name = player_name(player)
    if isinstance(move, TakeRight):
        if not state.variant.buildup:
            return "no_buildup", (
                "Ein Schürfrecht nimmt man nur im Aufbauspiel; sonst sind beide schon vor "
                "dem ersten Bohrturm vergeben."
            )
        if not state.rights_open:
            return "rights_taken", "Die Schürfrechte sind schon vergeben."
        return None
    square = move.square
    where = geo.square_name(square)
    if move.second and not state.variant.tactical:
        return "no_second_colour", "Bohrtürme der zweiten Farbe gibt es nur in der Taktikvariante."
    if _must_take(state):
        return "must_take_right", (
            "Die Schürfrechte sind noch offen, und dies ist der letzte Bohrturm der Partie: "
            f"{name} muss damit ein Schürfrecht nehmen (Auslegung P5)."
        )
    if not state.revealed_mask >> square & 1:
        letter = geo.sub_board_of(square)
        stage = geo.stage_of_board(letter)
        return "not_revealed", (
            f"Der Teilplan {letter} liegt noch nicht aus; im Aufbauspiel kommt er erst mit "
            f"der Lieferung „{geo.BUILDUP_STAGE_NAMES[stage]}“ dazu (Auslegung P4)."
        )
    if state.occupied >> square & 1:
        return "occupied", (
            f"Auf {where} steht schon ein Bohrturm – auf jedem Feld steht höchstens einer."
        )
    touching = [n for n in geo.EDGE_NEIGHBOURS[square] if state.occupied >> n & 1]
    if touching:
        names = join_names([geo.square_name(n) for n in touching])
        noun = "dem Bohrturm" if len(touching) == 1 else "den Bohrtürmen"
        return "edge_neighbour", (
            f"{where} teilt eine Kante mit {noun} auf {names}. "
            "Nebeneinander dürfen Bohrtürme nur diagonal stehen."
        )
    if move.second and state.second_left(player) == 0:
        return "no_second_left", f"{name} hat keinen Bohrturm der zweiten Farbe mehr."
    if not move.second and state.base_left(player) == 0:
        return "no_base_left", (
            f"{name} hat keinen Bohrturm der Grundfarbe mehr, nur noch "
            f"{state.second_left(player)} der zweiten Farbe."
        )
    return None


def why_illegal(state: State, move: Move) -> str | None:
    """The German rule a move breaks, or ``None`` if it is legal."""
    found = refusal(state, move)
    return None if found is None else found[1]


def legal_reason(state: State, square: int) -> str:
    """The German sentence that says why a placement on ``square`` is fine."""
    where = geo.square_name(square)
    diagonal = [n for n in geo.DIAGONAL_NEIGHBOURS[square] if state.occupied >> n & 1]
    text = f"{where} ist frei und teilt mit keinem Bohrturm eine Kante."
    if diagonal:
        names = join_names([geo.square_name(n) for n in diagonal])
        text += f" Diagonal daneben ({names}) ist erlaubt."
    return text


def apply(state: State, move: Move) -> tuple[State, Outcome]:
    """Play ``move``; an illegal move raises :class:`IllegalMoveError` naming the rule."""
    found = refusal(state, move)
    if found is not None:
        raise IllegalMoveError(found[1], code=found[0])
    player = state.to_move
    variant = state.variant
    forced = _must_take(state)
    if isinstance(move, Place):
        square = move.square
        code = 2 + player if move.second else BASE
        derricks = (*state.derricks[:square], code, *state.derricks[square + 1 :])
        new = State._unchecked(
            variant,
            state.board,
            state.rights,
            derricks,
            state.taker,
            state.occupied | 1 << square,
        )
        sub_board: str | None = geo.sub_board_of(square)
        diagonal = tuple(n for n in geo.DIAGONAL_NEIGHBOURS[square] if state.occupied >> n & 1)
        rights = None
    else:
        mine = PlayerRight(move.right, move.direction)
        theirs = PlayerRight(move.right.other, move.direction.other)
        rights = tuple(mine if p == player else theirs for p in range(variant.players))
        new = State._unchecked(
            variant, state.board, rights, state.derricks, player, state.occupied
        )
        sub_board, diagonal = None, ()
    revealed = ""
    if variant.buildup and new.stage > state.stage:
        before = revealed_mask(variant, state.turns)
        revealed = "".join(
            letter
            for letter in geo.BOARD_LETTERS
            if geo.sub_board_mask(letter) & new.revealed_mask & ~before
        )
    reason_end = end_reason(new)
    over = reason_end is not None
    totals = score(new) if over else None
    outcome = Outcome(
        move=move,
        player=player,
        sub_board=sub_board,
        diagonal_neighbours=diagonal,
        rights=rights,
        derricks_left=new.derricks_left(player),
        revealed=revealed,
        game_over=over,
        end_reason=reason_end,
        second_left=new.second_left(player),
        forced=forced,
        scores=totals,
        winners=None if totals is None else tuple(
            p for p, points in enumerate(totals) if points == max(totals)
        ),
    )
    return new, outcome

