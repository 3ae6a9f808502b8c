"""The replay of an Atlantis move, step by step: what to draw at each step, and the engine's
own words for it.

The board shows each step of a move on its own picture (targets, gaps, the tile taken, new
water, the payment, the draw). What a step *says* is never written here: each picture takes
the next sentences of the engine's explanation (:func:`app.rules.atlantis.explain`), in the
order the engine tells the move, so the replay and „Was passiert ist“ cannot disagree.
``tests/ui/test_atlantis_board.py`` holds every explanation step to exactly one picture.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.model.play_session import Entry
from app.rules.atlantis import Advance, EndReason, SkipReason, State, apply, explain
from app.rules.errors import RulesError
from app.ui.boards.atlantis_scene import Highlights


@dataclass(frozen=True)
class Beat:
    """One step of a move's replay: the state to draw, what to mark, the engine's words."""

    state: State
    highlights: Highlights
    caption: str


def outcome_beats(entry: Entry, *, strict: bool = False) -> list[Beat]:
    """The steps of the move that led to ``entry``; one beat (no caption) without a move.

    ``strict`` (tests): raise if the pictures and the engine's sentences do not pair up.
    """
    outcome, before, after = entry.outcome, entry.before, entry.state
    if outcome is None or before is None:
        return [Beat(after, Highlights(), "")]
    frames: list[tuple[State, Highlights, int]] = []  # picture, marks, engine steps it shows
    if outcome.purchase is not None:
        frames.append((after, Highlights(), 1))
    for placed in outcome.bridges:
        if not placed.after_move:
            water = tuple(range(placed.gap.first, placed.gap.last + 1))
            frames.append((after, Highlights(fresh_water=water), 1))
    if outcome.movement is not None:
        frames.extend(_movement_frames(outcome, before, after, _without_bridge_after(entry)))
    if outcome.no_move is not None:
        frames.append((after, Highlights(), 1))
    for final in outcome.finals:
        gaps = len(final.gaps) + (1 if len(final.gaps) > 1 else 0)
        said = 1 + gaps + (1 if not final.gaps or final.settlement.cost == 0 else 0)
        frames.append((before, Highlights(gaps=final.gaps, ghost=final.origin,
                                          player=outcome.player),
                       said + _settle_steps(final.settlement)))
    if (outcome.ended is EndReason.THIRD_PAWN and outcome.next_player != outcome.player) \
            or outcome.ended is EndReason.STANDSTILL:
        frames.append((after, Highlights(), 1))
    texts = [step.text for step in explain(outcome).steps]
    if strict and sum(count for _s, _m, count in frames) != len(texts):
        raise AssertionError(f"{len(frames)} Bilder für {len(texts)} Sätze: {texts}")
    return _captioned(frames, texts, after)


def _captioned(frames, texts: list[str], after: State) -> list[Beat]:
    beats, k = [], 0
    for state, marks, count in frames:
        beats.append(Beat(state, marks, " ".join(texts[k:k + count])))
        k += count
    if not beats:
        beats.append(Beat(after, Highlights(), ""))
    if k < len(texts):
        # The engine says more than the pictures show (a newer explanation): nothing is left
        # out, the last picture carries the rest.
        last = beats[-1]
        beats[-1] = replace(last, caption=" ".join([last.caption, *texts[k:]]).strip())
    return beats


def _settle_steps(settlement) -> int:
    """How many sentences the engine gives a payment (the best ones, what was paid, loss)."""
    if settlement.cost == 0:
        return 0
    if settlement.debt:
        return 1
    return (1 if settlement.options else 0) + 1 + (1 if settlement.change_lost else 0)


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
    frames = []
    base = Highlights(selected=move.origin, player=player)
    targets: list[int] = []
    passed: list[int] = []
    for k, step in enumerate(move.steps):
        targets.append(step.target)
        if step.occupied_by is not None:
            passed.append(step.target)
        # The first card's picture also shows where the pawn starts („Du ziehst … von …“).
        frames.append((before, base.with_(targets=tuple(targets), passed=tuple(passed)),
                       2 if k == 0 else 1))
    moved = _moved(before, player, move.origin, move.landing)
    landed = Highlights(ghost=move.origin, player=player, targets=(move.landing,))
    for k in range(len(move.gaps)):
        total = 1 if k == len(move.gaps) - 1 and len(move.gaps) > 1 else 0
        frames.append((moved, landed.with_(gaps=move.gaps[:k + 1]), 1 + total))
    taken = move.taken
    skipped = tuple(s.position for s in taken.skipped if s.reason is SkipReason.PAWN)
    frames.append((moved, landed.with_(taken=taken.position, arrow_from=move.landing,
                                       passed=skipped), 1))
    if taken.tile is not None and taken.left_below is None:
        shift = taken.removed_at_atlantis
        water = (taken.position - shift,) if taken.water_gap is not None else ()
        frames.append((unbridged, Highlights(fresh_water=water), 1))
    for placed in outcome.bridges:
        if placed.after_move:
            # The gap is numbered as in ``before``; ``after`` may have lost positions in front.
            shift = taken.removed_at_atlantis
            water = tuple(range(placed.gap.first - shift, placed.gap.last - shift + 1))
            frames.append((after, Highlights(fresh_water=water), 1))
    settle = _settle_steps(move.settlement)
    if settle:
        frames.append((after, Highlights(), settle))
    frames.append((after, Highlights(), 1))  # the cards drawn at the end of the move
    return frames


__all__ = ["Beat", "outcome_beats"]
