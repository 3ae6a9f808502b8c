"""The replay of an Atlantis move, step by step: what to draw at each step, and the engine's
own words for it.

The board shows each step of a move on its own picture (targets, gaps, the tile taken, new
water, the payment, the draw). What a step *says* is never written here: each picture names
the kind of part of the engine's explanation it shows (:func:`app.rules.atlantis.explain_parts`)
and takes the engine's parts of that kind, in the order the engine tells the move, so the
replay and „Was passiert ist“ cannot disagree, and a sentence the engine adds to a part never
shifts the others onto the wrong picture.
``tests/ui/test_atlantis_board.py`` holds every explanation step to exactly one picture.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.model.play_session import Entry
from app.rules.atlantis import Advance, SkipReason, State, apply, explain_parts
from app.rules.errors import RulesError
from app.ui.boards.atlantis_scene import Highlights


@dataclass(frozen=True)
class Beat:
    """One step of a move's replay: the state to draw, what to mark, the engine's words."""

    state: State
    highlights: Highlights
    caption: str


# Parts of the engine's explanation without a picture of their own: where the pawn starts goes
# with the first card's picture, the sum of the gaps with the last gap's picture.
_WITH_NEXT = frozenset({"origin"})
_WITH_PREVIOUS = frozenset({"gap_total"})
# Pictures shown only if the engine speaks for them.
_OPTIONAL = frozenset({"end"})


def outcome_beats(entry: Entry, *, strict: bool = False) -> list[Beat]:
    """The steps of the move that led to ``entry``; one beat (no caption) without a move.

    ``strict`` (tests): raise if the pictures and the engine's sentences do not pair up.
    """
    outcome, before, after = entry.outcome, entry.before, entry.state
    if outcome is None or before is None:
        return [Beat(after, Highlights(), "")]
    frames: list[tuple[str, State, Highlights]] = []  # part kind, picture, marks
    if outcome.purchase is not None:
        frames.append(("purchase", after, Highlights()))
    for placed in outcome.bridges:
        if not placed.after_move:
            water = tuple(range(placed.gap.first, placed.gap.last + 1))
            frames.append(("bridge", after, Highlights(fresh_water=water)))
    if outcome.movement is not None:
        frames.extend(_movement_frames(outcome, before, after, _without_bridge_after(entry)))
    if outcome.no_move is not None:
        frames.append(("no_move", after, Highlights()))
    for final in outcome.finals:
        frames.append(("final", before, Highlights(gaps=final.gaps, ghost=final.origin,
                                                    player=outcome.player)))
    # Whether the game ended, and how, the engine says; the picture is the position after.
    frames.append(("end", after, Highlights()))
    return _captioned(frames, explain_parts(outcome), after, strict)


def _captioned(frames: list[tuple[str, State, Highlights]], parts, after: State,
               strict: bool) -> list[Beat]:
    """Pair the engine's parts with the pictures of their kind, in order.

    Every sentence lands on exactly one picture; a picture no part speaks for is left out. A
    part without a picture of its kind (a newer explanation) joins the picture before it, so
    nothing the engine says is lost; ``strict`` (tests) raises instead.
    """
    said: list[list[str]] = [[] for _ in frames]
    pending: list[str] = []
    first_free, last = 0, -1  # the first picture not yet spoken for; the last spoken for
    for kind, steps in parts:
        texts = [*pending, *(step.text for step in steps)]
        if kind in _WITH_NEXT:
            pending = texts
            continue
        pending = []
        if kind in _WITH_PREVIOUS and last >= 0:
            said[last].extend(texts)
            continue
        found = next((i for i in range(first_free, len(frames)) if frames[i][0] == kind), None)
        if found is None:
            if strict:
                raise AssertionError(f"Kein Bild für „{kind}“: {texts}")
            said[max(last, 0)].extend(texts)
            continue
        said[found].extend(texts)
        first_free, last = found + 1, found
    if pending:
        if strict:
            raise AssertionError(f"Sätze ohne Bild: {pending}")
        said[max(last, 0)].extend(pending)
    silent = [kind for (kind, _s, _m), texts in zip(frames, said, strict=True)
              if not texts and kind not in _OPTIONAL]
    if strict and silent:
        raise AssertionError(f"Bilder ohne Satz: {silent}")
    beats = [Beat(state, marks, " ".join(texts))
             for (_kind, state, marks), texts in zip(frames, said, strict=True) if texts]
    return beats or [Beat(after, Highlights(), "")]


def _without_bridge_after(entry: Entry) -> State:
    """The state after ``entry``'s move as it was before a bridge placed after taking the
    tile (R3), so the replay can show the tile first and the bridge after it."""
    move = entry.move
    if not isinstance(move, Advance) or move.bridge_after is None or entry.before is None:
        return entry.state
    try:
        return apply(entry.before, replace(move, bridge_after=None))[0]
    except RulesError:  # pragma: no cover - the move was legal with the bridge
        return entry.state


def _moved(state: State, player: int, origin: int, landing: int) -> State:
    """``state`` with a pawn of ``player`` carried from ``origin`` to ``landing`` (for drawing)."""
    pawns = list(state.players[player].pawns)
    pawns.remove(origin)
    pawns.append(landing)
    players = list(state.players)
    players[player] = replace(players[player], pawns=tuple(sorted(pawns)))
    return replace(state, players=tuple(players))


def _movement_frames(outcome, before: State, after: State, unbridged: State):
    move, player = outcome.movement, outcome.player
    frames: list[tuple[str, State, Highlights]] = []
    base = Highlights(selected=move.origin, player=player)
    targets: list[int] = []
    passed: list[int] = []
    for step in move.steps:
        targets.append(step.target)
        if step.occupied_by is not None:
            passed.append(step.target)
        frames.append(("card", before, base.with_(targets=tuple(targets), passed=tuple(passed))))
    moved = _moved(before, player, move.origin, move.landing)
    landed = Highlights(ghost=move.origin, player=player, targets=(move.landing,))
    for k in range(len(move.gaps)):
        frames.append(("gap", moved, landed.with_(gaps=move.gaps[:k + 1])))
    taken = move.taken
    skipped = tuple(s.position for s in taken.skipped if s.reason is SkipReason.PAWN)
    frames.append(("take", moved, landed.with_(taken=taken.position, arrow_from=move.landing,
                                               passed=skipped)))
    if taken.tile is not None and taken.left_below is None:
        shift = taken.removed_at_atlantis
        water = (taken.position - shift,) if taken.water_gap is not None else ()
        frames.append(("water", unbridged, Highlights(fresh_water=water)))
    for placed in outcome.bridges:
        if placed.after_move:
            # The gap is numbered as in ``before``; ``after`` may have lost positions in front.
            shift = taken.removed_at_atlantis
            water = tuple(range(placed.gap.first - shift, placed.gap.last - shift + 1))
            frames.append(("bridge_after", after, Highlights(fresh_water=water)))
    if move.settlement.cost:
        frames.append(("settle", after, Highlights()))
    frames.append(("draw", after, Highlights()))  # the cards drawn at the end of the move
    return frames


__all__ = ["Beat", "outcome_beats"]
