"""The numbers of Atlantis as plain functions: gap cost, buying, drawing, paying, scoring.

These are the calculators' building blocks; ``moves`` uses the same functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from app.rules.atlantis.types import (
    ITEMS,
    Item,
    Payment,
    PaymentOption,
    State,
    Tile,
    sorted_cards,
    sorted_tiles,
)
from app.rules.errors import RulesError

MIN_VALUE, MAX_VALUE = 1, 7
NO_MOVE_DRAW = 2


def _check_value(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_VALUE <= value <= MAX_VALUE:
        raise RulesError(f"{what} muss ein Plättchenwert von 1 bis 7 sein, nicht {value!r}.",
                         code="tile_value")
    return value


def _check_count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{what} muss eine ganze Zahl ab 0 sein, nicht {value!r}.", code="count")
    return value


def gap_cost(left_value: int, right_value: int, bridged: bool = False) -> int:
    """What crossing one gap costs: the lower of the two bordering values; 0 with a bridge.

    The width of the gap does not matter (S. 4).
    """
    left = _check_value(left_value, "Der linke Nachbarwert")
    right = _check_value(right_value, "Der rechte Nachbarwert")
    return 0 if bridged else min(left, right)


def cards_for_tile(value: int) -> int:
    """Cards bought for one tile: its value halved, rounded down (S. 4)."""
    return _check_value(value, "Der Wert des abgegebenen Plättchens") // 2


def cards_to_draw(pawns_home: int) -> int:
    """Cards drawn at the end of a move: 1, plus 1 per own pawn on the mainland (S. 3, 5).

    With the third pawn home this gives 4, the number drawn when the game ends.
    """
    if pawns_home not in (0, 1, 2, 3):
        raise RulesError(f"Figuren auf dem Festland: 0 bis 3, nicht {pawns_home!r}.",
                         code="pawns_home")
    return 1 + pawns_home


def score(tile_values: Iterable[int], cards: int, debt: int = 0) -> int:
    """Points of one player: tile values + 1 per hand card − what remained unpaid (S. 5–6)."""
    values = [_check_value(v, "Ein Plättchenwert") for v in tile_values]
    return sum(values) + _check_count(cards, "Die Kartenzahl") - _check_count(debt, "Die Schuld")


def final_scores(state: State) -> tuple[int, ...]:
    """Every player's points in player order."""
    return tuple(p.tile_value + p.card_count - p.debt for p in state.players)


def winners(state: State) -> tuple[int, ...]:
    """The players with the most points; a tie gives several winners."""
    return leaders(final_scores(state))


def best_payments(tiles_held: Iterable[Tile | int], cards: int, cost: int) -> tuple[
    PaymentOption, ...
]:
    """The payments that lose the fewest points (R9), by values.

    First the smallest total that covers ``cost`` (exact if possible, else the smallest
    overpay); among those the ones using the fewest cards, because cards move pawns. Listed
    with the fewest tiles first, then the highest values. Empty if everything together is not
    enough.
    """
    values = [_check_value(t.value if isinstance(t, Tile) else t, "Ein Plättchenwert")
              for t in tiles_held]
    return tuple(_options(values, _check_count(cards, "Die Kartenzahl"),
                          _check_count(cost, "Der Betrag")))


def payment_choices(tiles: Sequence[Tile], hand: Sequence[int], cost: int) -> tuple[
    Payment, ...
]:
    """The best payments (R9) as actual tiles and cards from ``tiles`` and ``hand``.

    If everything together is less than ``cost`` (only possible in the final moves, R6), the
    one choice is to hand over everything.
    """
    options = tuple(_options([t.value for t in tiles], sum(hand), cost))
    if not options:
        return (Payment(sorted_tiles(tiles),
                        tuple(item for item in ITEMS for _ in range(hand[item.index]))),)
    return tuple(concrete_payment(tiles, hand, option) for option in options)


def default_payment(tiles: Sequence[Tile], hand: Sequence[int], cost: int) -> Payment:
    """The first of ``payment_choices``, without working out all the others."""
    if cost == 0:
        return _NOTHING
    option = next(_options([t.value for t in tiles], sum(hand), cost), None)
    if option is None:
        return payment_choices(tiles, hand, cost)[0]
    return concrete_payment(tiles, hand, option)


_NOTHING = Payment()


def _options(values: Sequence[int], cards: int, cost: int) -> Iterator[PaymentOption]:
    """The best payments by value, in the order of ``best_payments``."""
    if cost == 0:
        yield PaymentOption((), 0)
        return
    if sum(values) + cards < cost:
        return
    counts = [0] * (MAX_VALUE + 1)
    for v in values:
        counts[v] += 1
    # A minimal covering set of tiles never exceeds cost + 7 (drop any tile and it falls
    # short), so sums above that bound are never needed.
    limit = cost + MAX_VALUE
    full = (1 << (limit + 1)) - 1
    reachable = 1
    for v in range(MIN_VALUE, MAX_VALUE + 1):
        for _ in range(counts[v]):
            reachable = (reachable | (reachable << v)) & full
    tile_sum = next((s for s in range(cost, max(0, cost - cards) - 1, -1) if reachable >> s & 1),
                    None)
    if tile_sum is None:
        tile_sum = next(s for s in range(cost + 1, limit + 1) if reachable >> s & 1)
    card_count = max(0, cost - tile_sum)
    for combo in _combos(counts, tile_sum):
        yield PaymentOption(combo, card_count)


def _combos(counts: list[int], target: int) -> Iterator[tuple[int, ...]]:
    """Multisets of the available values summing to ``target``: fewest tiles first, then the
    highest values first (``counts`` is used as scratch space)."""
    chosen: list[int] = []

    def pick(top: int, rest: int, slots: int) -> Iterator[tuple[int, ...]]:
        if not slots:
            if not rest:
                yield tuple(chosen)
            return
        for v in range(min(top, rest), MIN_VALUE - 1, -1):
            if v * slots < rest:
                return
            if counts[v] and rest - v >= slots - 1:
                counts[v] -= 1
                chosen.append(v)
                yield from pick(v, rest - v, slots - 1)
                chosen.pop()
                counts[v] += 1

    for size in range(0 if target == 0 else 1, min(sum(counts), target) + 1):
        yield from pick(MAX_VALUE, target, size)


def concrete_payment(tiles: Sequence[Tile], hand: Sequence[int], option: PaymentOption) -> Payment:
    """Turn a payment by values into actual tiles and cards from what the player holds.

    Tiles of equal value are taken in the engine's tile order; cards come from the items the
    player holds most of, so the hand keeps as many different items as possible.
    """
    left = list(sorted_tiles(tiles))
    chosen: list[Tile] = []
    for value in option.tile_values:
        tile = next(t for t in left if t.value == value)
        left.remove(tile)
        chosen.append(tile)
    counts = list(hand)
    paid_cards: list[Item] = []
    for _ in range(option.cards):
        index = max(range(len(ITEMS)), key=lambda i: (counts[i], -i))
        counts[index] -= 1
        paid_cards.append(ITEMS[index])
    return Payment(sorted_tiles(chosen), sorted_cards(paid_cards))


def leaders(scores: Sequence[int]) -> tuple[int, ...]:
    """Indexes of the highest scores: one winner, or several on a tie (S. 5–6)."""
    if not scores:
        return ()
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)
