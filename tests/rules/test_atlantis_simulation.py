"""Random-simulation conformance for the Atlantis engine, golden games, practice situations.

1,000 seeded full games with 2–4 players; after every move the invariants of the rules must
hold. Two games are compared move by move with transcripts in ``golden/``; regenerate them
only deliberately: ``REGELFRISCH_REGEN_GOLDEN=1 pytest tests/rules/test_atlantis_simulation.py``.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from pathlib import Path

import pytest

from app.rules.atlantis import (
    ATLANTIS,
    ITEMS,
    MAINLAND,
    PRACTICE_NOTE,
    Advance,
    Buy,
    Finish,
    GameStep,
    IllegalMoveError,
    NoMove,
    Phase,
    PlaceBridge,
    State,
    Tile,
    apply,
    explain,
    final_scores,
    format_state,
    gaps,
    is_valid,
    legal_moves,
    move_key,
    parse_state,
    practice_situation,
    random_game,
    violations,
    winners,
)

# CI size; REGELFRISCH_PROPERTY_GAMES=5000 for a longer run by hand.
GAMES = max(10, int(os.environ.get("REGELFRISCH_PROPERTY_GAMES", "250")))
MAX_STEPS = 2000
TILES = 84
CARDS = 105
GOLDEN = Path(__file__).parent / "golden"
GOLDEN_GAMES = [(7, 2), (12, 4)]


def check_invariants(state: State) -> None:
    # The engine's own list of invariants (app.rules.atlantis.invariants) must agree.
    assert is_valid(state), violations(state)
    path = state.path
    assert not path or (path[0].tiles and path[-1].tiles), "Randlücke"
    assert all(len(pos.tiles) <= 2 for pos in path)
    standing = Counter(loc for p in state.players for loc in p.pawns
                       if loc not in (ATLANTIS, MAINLAND))
    assert all(count == 1 for count in standing.values()), "zwei Figuren auf einem Plättchen"
    assert all(1 <= loc <= len(path) and path[loc - 1].tiles for loc in standing)
    on_path = sum(len(pos.tiles) for pos in path)
    held = sum(len(p.tiles) for p in state.players)
    assert on_path + held + state.box == TILES
    cards = sum(p.card_count for p in state.players)
    assert cards + len(state.pile) + state.discard == CARDS
    assert all(min(p.hand) >= 0 for p in state.players)
    owners = [pos.bridge for pos in path if pos.bridge is not None]
    assert len(owners) == len(set(owners))
    assert all(state.players[o].bridge_placed for o in owners)
    assert all(pos.bridge is None or not pos.tiles for pos in path)


def illegal_move(state: State, moves: list) -> object:
    """A move that is certainly not allowed here, varying with the state."""
    me = state.players[state.turn]
    if state.phase is not Phase.PLAYING:
        return Advance(ATLANTIS, (ITEMS[0],))
    missing = [item for item in ITEMS if not me.hand[item.index]]
    candidates: list[object] = []
    if missing:
        origin = next((loc for loc in me.pawns if loc != MAINLAND), ATLANTIS)
        candidates.append(Advance(origin, (missing[0],)))
    if any(isinstance(m, Advance) for m in moves):
        candidates.append(NoMove())
    if state.started and me.tiles:
        candidates.append(Buy(me.tiles[0]))
    if me.bridge_placed and gaps(state):
        candidates.append(PlaceBridge(gaps(state)[0].first))
    candidates.append(Finish(ATLANTIS))
    candidates.append(Buy(Tile(ITEMS[0], 7)) if Tile(ITEMS[0], 7) not in me.tiles
                      else Advance(len(state.path) + 5, (ITEMS[0],)))
    return candidates[len(state.pile) % len(candidates)]


def play(seed: int, players: int, *, every_move: bool = False) -> tuple[int, State]:
    state: State | None = None
    steps = 0
    for steps, step in enumerate(random_game(seed, players), 1):
        moves = step.moves
        keys = [move_key(m) for m in moves]
        assert keys == sorted(keys) and len(set(moves)) == len(moves), (seed, steps)
        bad = illegal_move(step.before, moves)
        assert bad not in moves
        with pytest.raises(IllegalMoveError):
            apply(step.before, bad)
        if every_move:
            for move in moves:
                apply(step.before, move)
        check_invariants(step.after)
        assert steps < MAX_STEPS, f"Spiel {seed} endet nicht"
        state = step.after
    assert state is not None and state.phase is Phase.OVER
    assert legal_moves(state) == []
    assert all(p.pawns_home == 3 for p in state.players)
    return steps, state


@pytest.mark.parametrize("block", range(10))
def test_random_games_keep_the_rules(block: int) -> None:
    per_block = GAMES // 10
    ends = Counter()
    for seed in range(block * per_block, (block + 1) * per_block):
        steps, state = play(seed, 2 + seed % 3, every_move=seed % 25 == 0)
        assert parse_state(format_state(state)) == state  # reached positions round-trip
        ends[len(winners(state))] += 1
        assert steps > 0
    assert sum(ends.values()) == per_block


def _candidates(state: State) -> list:
    """Many moves, allowed or not: every buy, bridge, final move and short card sequence."""
    me = state.players[state.turn]
    found: list = [Buy(tile) for tile in set(me.tiles)] + [NoMove()]
    found += [PlaceBridge(p) for p in range(len(state.path) + 2)]
    found += [Finish(o) for o in range(len(state.path) + 1)]
    held = [item for item in ITEMS if me.hand[item.index]]
    for origin in {*me.pawns, ATLANTIS, 1}:
        for length in (1, 2, 3):
            found += [Advance(origin, cards) for cards in itertools.product(held, repeat=length)]
    return found


@pytest.mark.parametrize("seed", range(6))
def test_legal_moves_are_exactly_the_allowed_moves(seed: int) -> None:
    for step in random_game(seed, players=2 + seed % 3):
        legal = set(step.moves)
        for move in _candidates(step.before):
            try:
                apply(step.before, move)
                allowed = True
            except IllegalMoveError:
                allowed = False
            if isinstance(move, PlaceBridge) and allowed:
                # Any water position names its gap; legal_moves lists the first one.
                gap = next(g for g in gaps(step.before) if g.first <= move.position <= g.last)
                assert PlaceBridge(gap.first) in legal
            else:
                assert allowed == (move in legal), (format_state(step.before), str(move))


def test_start_position_keeps_the_rules() -> None:
    for players in (2, 3, 4):
        state = parse_state(f"aufbau {players}")
        check_invariants(state)


def test_games_end_both_ways() -> None:
    reasons = Counter()
    for seed in range(60):
        for step in random_game(seed, 2 + seed % 3):
            if step.outcome.ended is not None:
                reasons[step.outcome.ended.name] += 1
    assert reasons["THIRD_PAWN"] > 0 and reasons["STANDSTILL"] > 0


# --- golden transcripts ---------------------------------------------------------------------------


def _summary(step: GameStep) -> str:
    outcome = step.outcome
    bits = []
    if outcome.movement is not None:
        move = outcome.movement
        taken = move.taken.tile
        bits.append(f"Kosten {move.cost}, Plättchen {taken if taken else '-'}, "
                    f"gezahlt {move.settlement.payment}")
    for final in outcome.finals:
        bits.append(f"Schluss: Kosten {final.settlement.cost}, Minus {final.settlement.debt}")
    if outcome.cards_drawn or outcome.movement or outcome.no_move:
        bits.append("zieht " + ("".join(c.letter for c in outcome.cards_drawn) or "-"))
    if outcome.ended is not None:
        bits.append(f"Ende: {outcome.ended.value}")
    return "; ".join(bits)


def transcript(seed: int, players: int) -> str:
    lines = [f"# Atlantis, Startwert {seed}, {players} Spieler, {PRACTICE_NOTE}"]
    state = None
    for number, step in enumerate(random_game(seed, players), 1):
        if number == 1:
            lines.append(f"000 Start: {format_state(step.before)}")
        letter = "abcd"[step.outcome.player]
        lines.append(f"{number:03d} {letter}: {step.move} | {_summary(step)}")
        lines.append(f"    {format_state(step.after)}")
        if number in (1, 10):
            lines.extend(f"    > {line}" for line in explain(step.outcome).text.splitlines())
        state = step.after
    assert state is not None
    lines.append(f"Wertung: {list(final_scores(state))}, Sieger: "
                 f"{', '.join('abcd'[i] for i in winners(state))}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("seed", "players"), GOLDEN_GAMES, ids=[f"{s}-{p}p" for s, p in
                                                                  GOLDEN_GAMES])
def test_golden_game(seed: int, players: int) -> None:
    path = GOLDEN / f"atlantis_{seed}_{players}p.txt"
    text = transcript(seed, players)
    if os.environ.get("REGELFRISCH_REGEN_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


# --- practice situations ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_practice_situation_is_plausible(seed: int) -> None:
    players = 2 + seed % 3
    situation = practice_situation(seed, players=players)
    state = situation.state
    assert situation.seed == seed and situation.players == players
    assert situation.note == PRACTICE_NOTE
    assert state.phase is Phase.PLAYING and not state.started
    check_invariants(state)
    on_path = [loc for p in state.players for loc in p.pawns if loc not in (ATLANTIS, MAINLAND)]
    assert len(on_path) >= players, "Figuren verteilt"
    assert gaps(state), "Lücken"
    assert sum(len(p.tiles) for p in state.players) >= players, "Plättchen gesammelt"
    assert any(p.card_count for p in state.players)
    assert parse_state(format_state(state)) == state


def test_practice_situations_have_bridges_sometimes() -> None:
    states = [practice_situation(seed, players=4).state for seed in range(20)]
    assert any(pos.bridge is not None for s in states for pos in s.path)


def test_practice_situation_is_deterministic_per_seed() -> None:
    assert practice_situation(3, players=3) == practice_situation(3, players=3)
    assert practice_situation(3, players=3).state != practice_situation(4, players=3).state
