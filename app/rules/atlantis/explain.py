"""The German explanation of a move, step by step with page refs, rendered from its outcome.

Page refs point to the German AMIGO booklet (6 pages), like the refresher does.
"""

from __future__ import annotations

from app.rules.atlantis.outcome import (
    BridgePlacement,
    CardStep,
    Draw,
    EndReason,
    FinalMove,
    Movement,
    Outcome,
    Purchase,
    Settlement,
    Skip,
    SkipReason,
    TileTaken,
)
from app.rules.atlantis.types import (
    MAINLAND,
    PLAYER_NAMES,
    Gap,
    Item,
    Payment,
    Phase,
    Tile,
    place_name,
    player_name,
)
from app.rules.contract import Explanation, Step

__all__ = ["PART_KINDS", "PLAYER_NAMES", "count_words", "explain", "explain_parts", "gap_name",
           "player_name", "tile_name"]


def explain(outcome: Outcome) -> Explanation:
    """Every step of what happened, in the order of the turn."""
    return Explanation(tuple(step for _kind, steps in explain_parts(outcome) for step in steps))


# What a part of an explanation tells; a board replay pairs its pictures with these.
PART_KINDS = ("purchase", "bridge", "origin", "card", "gap", "gap_total", "take", "water",
              "bridge_after", "settle", "draw", "no_move", "final", "end")


def explain_parts(outcome: Outcome) -> tuple[tuple[str, tuple[Step, ...]], ...]:
    """:func:`explain`'s steps in order, grouped into parts tagged by kind (:data:`PART_KINDS`).

    ``settle`` holds every sentence of the payment, ``final`` every sentence of one pawn's
    final move; every other part holds one step. Joined, the parts are :func:`explain`.
    """
    parts: list[tuple[str, tuple[Step, ...]]] = []

    def add(kind: str, *steps: Step) -> None:
        if steps:
            parts.append((kind, steps))

    if outcome.purchase is not None:
        add("purchase", _purchase(outcome.purchase))
    for placed in outcome.bridges:
        if not placed.after_move:
            add("bridge", _bridge(placed))
    if outcome.movement is not None:
        parts.extend(_movement(outcome.movement, outcome.bridges))
    if outcome.no_move is not None:
        hand = _cards(outcome.no_move.hand) or "keine Karten"
        add("no_move", Step(
            f"Keine deiner Figuren kann ziehen, auch nicht mit deiner Brücke: Du zeigst deine "
            f"Karten ({hand}), ziehst 2 Karten nach{_drawn(outcome.no_move.draw)}, und dein Zug "
            f"ist vorbei.{_short(outcome.no_move.draw)}",
            _with_r7((3, "E3"), outcome.no_move.draw)))
    for final in outcome.finals:
        add("final", *_final(final))
    if outcome.ended is EndReason.THIRD_PAWN and outcome.next_player != outcome.player:
        add("end", Step(
            "Das Spiel ist vorbei. Jetzt ziehen die anderen ihre übrigen Figuren ohne Karten aufs "
            "Festland, nehmen keine Plättchen und bezahlen jede Lücke auf dem Weg – jede Figur "
            "für sich (Auslegung R6); was sie nicht zahlen können, zählt am Ende minus.",
            (5, 6, "R5", "R6")))
    elif outcome.ended is EndReason.THIRD_PAWN:
        add("end", Step("Das Spiel ist vorbei: Alle Figuren stehen auf dem Festland, jetzt "
                        "wird gewertet.", (5, 6)))
    if outcome.ended is EndReason.STANDSTILL:
        add("end", Step(
            "Der Stapel ist leer und niemand kann mehr ziehen, auch nicht mit der eigenen Brücke: "
            "Das Spiel endet (Auslegung E1), und alle ziehen ihre übrigen Figuren wie im "
            "Schlusszug aufs Festland.", (5, 6, "E1")))
    if outcome.phase is Phase.OVER and not outcome.ended:
        add("end", Step("Damit stehen alle Figuren auf dem Festland: Das Spiel ist vorbei, "
                        "jetzt wird gewertet – Plättchenwerte plus 1 pro Handkarte, minus "
                        "Unbezahltes.", (5, 6)))
    return tuple(parts)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


_NUMBER_WORDS = ("keine", "", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
                 "zehn", "elf", "zwölf")


def count_words(n: int, one: str, many: str, digits: bool = False) -> str:
    """A count as a sentence says it: ``one`` as given for 1, small numbers as words.

    >>> count_words(1, "eine deiner Figuren", "deiner Figuren")
    'eine deiner Figuren'
    >>> count_words(2, "eine Karte", "Karten")
    'zwei Karten'
    >>> count_words(14, "eine Karte", "Karten")
    '14 Karten'
    >>> count_words(3, "1 Karte", "Karten", digits=True)
    '3 Karten'
    """
    if n == 1:
        return one
    word = _NUMBER_WORDS[n] if not digits and 0 <= n < len(_NUMBER_WORDS) else str(n)
    return f"{word} {many}"


def tile_name(tile: Tile) -> str:
    """``Helm 3``: a tile by its item and value, never in notation (the board's labels).

    Sentences name a tile with its colour, :attr:`Tile.display` (``Helm 3 (grau)``).
    """
    return f"{tile.item.label} {tile.value}"


def gap_name(gap: Gap) -> str:
    """A gap named by where it lies and what borders it, never as bare values.

    >>> gap_name(Gap(13, 13, 4, 5, None))
    'die Lücke zwischen Feld 12 (4) und Feld 14 (5)'
    """
    return (f"die Lücke zwischen Feld {gap.first - 1} ({gap.left}) und Feld {gap.last + 1} "
            f"({gap.right})")


def _cards(cards: tuple[Item, ...]) -> str:
    """``2× Ring (blau), Helm (grau)``: each item once, with its count."""
    counts = {card: cards.count(card) for card in cards}
    return ", ".join(f"{n}× {card.display}" if n > 1 else card.display
                     for card, n in counts.items())


def _short(draw: Draw) -> str:
    if not draw.short:
        return ""
    if not draw.cards:
        return (" Der Stapel ist aber leer: Es gibt nichts nachzuziehen, das Spiel geht weiter "
                "(Auslegung R7).")
    left = count_words(len(draw.cards), "eine Karte", "Karten")
    return (f" Der Stapel hatte nur noch {left} – mehr gibt es nicht, das Spiel geht weiter "
            "(Auslegung R7).")


def _with_r7(pages: tuple[int | str, ...], draw: Draw) -> tuple[int | str, ...]:
    return (*pages, "R7") if draw.short else pages


def _drawn(draw: Draw) -> str:
    """`` (Ring (blau), Helm (grau))``: which cards came, or nothing if none did."""
    return f" ({_cards(draw.cards)})" if draw.cards else ""


def _purchase(purchase: Purchase) -> Step:
    tile, value = purchase.tile, purchase.tile.value
    got = value // 2
    text = (f"Zu Beginn deines Zuges legst du dein Plättchen {tile.display} in die Schachtel. "
            # „abgerundet“ only where something is rounded: 6 ÷ 2 is simply 3.
            f"{value} ÷ 2 ist {'abgerundet ' if value % 2 else ''}{got}, ")
    text += ("ein 1er bringt also keine Karte." if got == 0 else
             f"dafür ziehst du {count_words(got, 'eine Karte', 'Karten')}"
             f"{_drawn(purchase.draw)}.")
    return Step(text + _short(purchase.draw), _with_r7((4, "R8"), purchase.draw))


def _span(gap: Gap) -> str:
    return f"Feld {gap.first}" if gap.width == 1 else f"Feld {gap.first}–{gap.last}"


def _bridge(placed: BridgePlacement) -> Step:
    if placed.after_move:
        when = ("Nach dem Nehmen des Plättchens legst du deine Brücke (Auslegung R3)")
        tail = (" Die Lücken, die du in diesem Zug schon überquert hast, kosten trotzdem "
                "(Auslegung E4).")
        pages: tuple[int | str, ...] = (4, "R3", "E4")
    else:
        when, tail, pages = "Du legst deine Brücke", "", (4, "R3")
    return Step(f"{when} auf {gap_name(placed.gap)}: Ab jetzt kostet sie niemanden mehr etwas, "
                f"bis zum Spielende – auch wenn sie wächst.{tail}", pages)


def _card_step(k: int, step: CardStep) -> Step:
    lead = "Du spielst" if k == 0 else "Dann spielst du"
    item = step.card
    if step.target == MAINLAND:
        return Step(f"{lead} {item.display}: Zwischen der Figur und dem Festland liegt kein "
                    f"Plättchen mit {item.display} mehr obenauf, also geht sie direkt aufs "
                    "Festland.", (5,))
    # The item once (with its colour): named twice, a move of three cards took two lines
    # more under the board.
    where = f"das nächste sichtbare Plättchen damit, {place_name(step.target)},"
    if step.occupied_by is not None:
        return Step(f"{lead} {item.display} → {where} ist von {player_name(step.occupied_by)} "
                    "besetzt. Also musst du noch eine Karte spielen, egal welche, und ziehst "
                    "von dort weiter.", (3,))
    return Step(f"{lead} {item.display} → {where} ist frei: Dort bleibt die Figur stehen.",
                (3, 4))


def _gap_sentence(gap: Gap, first: bool = True) -> Step:
    """What one gap costs; why (the lower value, the width not counting, a bridge for all)
    is said at the first gap of a kind, not again at every further one of the move."""
    name = gap_name(gap)
    name = name[0].upper() + name[1:]
    if gap.bridge is not None:
        why = " – Brücken gelten für alle" if first else ""
        return Step(f"{name} kostet nichts: Darauf liegt die Brücke von "
                    f"{player_name(gap.bridge)}{why}.", (4, "R4") if gap.width > 1 else (4,))
    wide = count_words(gap.width, "ein Wasserfeld", "Wasserfelder")
    breadth = ((f" – dass sie {wide} breit ist, zählt nicht" if first
                else f" ({wide} breit)") if gap.width > 1 else "")
    return Step(f"{name} kostet {gap.cost}{', den niedrigeren Wert' if first else ''}"
                f"{breadth}.", (4,))


def _gaps(gaps: tuple[Gap, ...], final: bool) -> list[Step]:
    """One sentence per gap, then their sum if there is more than one."""
    steps = []
    for k, gap in enumerate(gaps):
        # The reason once per kind of gap: open, wide (the width not counting), bridged.
        earlier = gaps[:k]
        if gap.bridge is not None:
            first = not any(g.bridge is not None for g in earlier)
        elif gap.width > 1:
            first = not any(g.bridge is None and g.width > 1 for g in earlier)
        else:
            first = not any(g.bridge is None for g in earlier)
        steps.append(_gap_sentence(gap, first))
    if len(gaps) > 1:
        total = sum(g.cost for g in gaps)
        sums = " + ".join(str(g.cost) for g in gaps)
        when = ("für diese Figur" if final
                else "– bezahlt wird die Summe am Ende des Zuges")
        steps.append(Step(f"Zusammen {sums} = {total} {when}.",
                          (5, 6, "R6") if final else (4,)))
    return steps


def _skips(skipped: tuple[Skip, ...]) -> str:
    phrases: list[str] = []
    water: list[int] = []

    def flush() -> None:
        if water:
            phrases.append(f"Feld {water[0]} ist Wasser" if len(water) == 1
                           else f"Felder {water[-1]}–{water[0]} sind Wasser")
            water.clear()

    for skip in skipped:
        if skip.reason is SkipReason.WATER:
            water.append(skip.position)
            continue
        flush()
        whose = f" von {player_name(skip.player)}" if skip.player is not None else ""
        phrases.append(f"auf Feld {skip.position} steht eine Figur{whose}")
    flush()
    return ", ".join(phrases)


def _take(taken: TileTaken) -> list[Step]:
    skipped = _skips(taken.skipped)
    if taken.tile is None:
        because = f" ({skipped})" if skipped else ""
        return [Step(f"Hinter deiner Figur liegt kein freies Plättchen mehr{because} – du nimmst "
                     "keins.", (3,))]
    shown = taken.tile.display
    below = (f"; darunter kommt {taken.left_below.display} zum Vorschein" if taken.left_below
             else "")
    if taken.from_mainland:
        passed = f" ({skipped})" if skipped else ""
        steps = [Step(f"Auf dem Festland nimmst du das letzte freie Plättchen des Weges{passed}: "
                      f"{shown} von Feld {taken.position}{below}.", (5,))]
    else:
        if not skipped:
            lead = "Du nimmst das Plättchen direkt hinter deiner Figur:"
        else:
            lead = (f"Direkt hinter deiner Figur liegt kein freies Plättchen ({skipped}), also "
                    "gehst du weiter Richtung Atlantis und nimmst")
        steps = [Step(f"{lead} {shown} von Feld {taken.position}, vom Stapel "
                      f"nur das obere{below}.", (3,))]
    if taken.left_below is None:
        steps.append(_water(taken))
    return steps


def _water(taken: TileTaken) -> Step:
    at = f"Feld {taken.position}"
    if taken.water_gap is None:
        side = "Atlantis" if taken.removed_at_atlantis else "dem Festland"
        removed = taken.removed_at_atlantis + taken.removed_at_mainland
        what = ("fällt weg" if removed == 1
                else f"fällt mit dem Wasser daneben weg ({removed} Felder)")
        return Step(f"{at} ist jetzt leer – direkt neben {side} gibt es aber keine Lücke: Das Feld "
                    f"{what}, der Weg rückt zusammen.", (5,))
    gap = taken.water_gap
    text = f"{at} ist jetzt leer und wird zum Wasserfeld"
    text += (f" – mit dem Wasser daneben eine Lücke ({_span(gap)})." if gap.width > 1
             else ".")
    if gap.bridge is not None:
        text += (f" Die Brücke von {player_name(gap.bridge)} liegt darin, also bleibt die "
                 "ganze Lücke frei (Auslegung R4).")
    return Step(text, (3,) if gap.bridge is None else (3, 4, "R4"))


def _payment_text(payment: Payment) -> str:
    """``Krone 5, Statue 3 und 2× Ring (blau)``; ``nichts`` for an empty payment."""
    parts = [t.display for t in payment.tiles]
    if payment.cards:
        parts.append(_cards(payment.cards))
    if not parts:
        return "nichts"
    return ", ".join(parts[:-1]) + " und " + parts[-1] if len(parts) > 1 else parts[0]


def _settle(settlement: Settlement, final: bool) -> list[Step]:
    if settlement.cost == 0:
        return []
    pages: tuple[int | str, ...] = (5, 6) if final else (4,)
    steps = []
    options = settlement.options
    if options and not settlement.debt:
        shown = " · ".join(_payment_text(o) for o in options[:3])
        more = " (gleich gut)" if len(options) > 1 else ""
        steps.append(Step(f"Die wenigsten Punkte verlierst du so (Auslegung R9): {shown}{more}.",
                          (*pages, "R9")))
    paid = settlement.payment
    if settlement.debt:
        given = f"alles ab: {_payment_text(paid)}" if paid.value else "nichts ab, du hast nichts"
        minus = ("zählt 1 am Ende minus" if settlement.debt == 1
                 else f"zählen {settlement.debt} am Ende minus")
        steps.append(Step(f"Du kannst die {settlement.cost} nicht ganz bezahlen und gibst "
                          f"{given}; dafür {minus} (Auslegung E2).", (5, 6, "E2")))
        return steps
    source = ("mit Plättchen oder Handkarten" if final
              else "nur mit dem, was du zu Zugbeginn hattest, ohne das eben genommene Plättchen "
                   "und die gespielten Karten")
    shown = options[:3] if not settlement.debt else ()
    if paid in shown:
        # The payment was just named among the best ones (R9): named again, it took another
        # line or two under the board.
        which = ("damit" if len(shown) == 1 else
                 f"mit der {('ersten', 'zweiten', 'dritten')[shown.index(paid)]} davon")
        text = f"Du bezahlst {settlement.cost} {which} – {source}."
    else:
        text = f"Du bezahlst {settlement.cost} {source}: {_payment_text(paid)}."
    steps.append(Step(text, (*pages, "E2") if final else (4, "R1")))
    if settlement.change_lost:
        lost = settlement.change_lost
        steps.append(Step(f"Du zahlst {paid.value} für {settlement.cost}, also "
                          f"{'verfällt 1' if lost == 1 else f'verfallen {lost}'} – Wechselgeld "
                          "gibt es nicht.", (4,)))
    return steps


def _movement(move: Movement, bridges: tuple[BridgePlacement, ...]
              ) -> list[tuple[str, tuple[Step, ...]]]:
    parts: list[tuple[str, tuple[Step, ...]]] = [
        ("origin", (Step(f"Du ziehst deine Figur von {place_name(move.origin)}.", (3,)),))]
    parts.extend(("card", (_card_step(k, step),)) for k, step in enumerate(move.steps))
    gaps = _gaps(move.gaps, final=False)
    parts.extend(("gap", (step,)) for step in gaps[:len(move.gaps)])
    parts.extend(("gap_total", (step,)) for step in gaps[len(move.gaps):])
    taken = _take(move.taken)
    parts.append(("take", (taken[0],)))
    parts.extend(("water", (step,)) for step in taken[1:])
    parts.extend(("bridge_after", (_bridge(b),)) for b in bridges if b.after_move)
    settle = _settle(move.settlement, final=False)
    if settle:
        parts.append(("settle", tuple(settle)))
    draw = move.draw
    drawn = _drawn(draw)
    if move.pawns_home == 3:
        text = (f"Das ist deine dritte Figur auf dem Festland: Du ziehst 4 Karten{drawn}, und "
                "das Spiel endet sofort.")
        pages: tuple[int | str, ...] = (5, "R5")
    elif move.pawns_home:
        text = (f"Am Zugende ziehst du {draw.wanted} Karten{drawn}: 1 und dazu eine für jede "
                f"deiner Figuren auf dem Festland (jetzt {move.pawns_home}) – schon in diesem "
                "Zug.")
        pages = (3, 5)
    else:
        text = f"Am Zugende ziehst du 1 Karte{drawn} – egal, wie viele du gespielt hast."
        pages = (3,)
    parts.append(("draw", (Step(text + _short(draw), _with_r7(pages, draw)),)))
    return parts


def _final(final: FinalMove) -> list[Step]:
    steps = [Step(f"Schlusszug: Deine Figur von {place_name(final.origin)} geht ohne Karte aufs "
                  "Festland; ein Plättchen nimmst du nicht.", (5, 6, "R6"))]
    steps.extend(_gaps(final.gaps, final=True))
    if not final.gaps:
        steps.append(Step("Auf dem Weg liegt keine Lücke – nichts zu bezahlen.", (5, 6)))
    elif final.settlement.cost == 0:
        steps.append(Step("Alle Lücken sind überbrückt – nichts zu bezahlen.", (4,)))
    steps.extend(_settle(final.settlement, final=True))
    return steps
