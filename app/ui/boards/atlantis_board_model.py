"""The game on the Atlantis „Spielbrett“: engine states, undo/redo and the move being put
together, kept out of the widgets.

The user builds a pawn move in pieces (pick a pawn, play a card, maybe a second card because
the target is occupied); the model asks the engine at every piece and applies the move once
the sequence is complete. Every refusal is the engine's own German sentence
(:class:`~app.rules.errors.IllegalMoveError`); the state never changes on a refusal.

The bridge has two timings (R3). Before the move: bridge mode, then a click on a gap. After
taking the tile: with ``bridge_later`` on, a complete card sequence is not applied at once;
the model keeps it in ``awaiting`` and shows ``preview`` (the move played without a bridge),
the user clicks a gap of that preview and the whole move is applied as
``Advance(origin, cards, bridge_after=…)`` – one history entry, so undo, redo and the payment
choice treat it like any other move.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal

from app.rules.atlantis import (
    ATLANTIS,
    MAINLAND,
    Advance,
    Buy,
    Finish,
    Item,
    NoMove,
    Outcome,
    Part,
    Payment,
    Phase,
    PlaceBridge,
    State,
    Tile,
    apply,
    format_state,
    gaps,
    legal_moves,
    parse_move,
    parse_state,
    pawn_at,
    practice_situation,
    standard_setup,
    target,
)
from app.rules.atlantis.scoring import payment_choices
from app.rules.errors import IllegalMoveError, RulesError
from app.ui.boards.atlantis_scene import player_name
from app.ui.undo import UndoHistory

SEED_MAX = 999_999


def place_text(location: int) -> str:
    """``Atlantis``, ``Feld 7`` or ``Festland``: a place as a player names it."""
    if location == ATLANTIS:
        return "Atlantis"
    if location == MAINLAND:
        return "Festland"
    return f"Feld {location}"


@dataclass(frozen=True)
class Entry:
    """One step of the history: the state after it and, for a move, what led there."""

    state: State
    before: State | None = None
    move: Part | None = None
    outcome: Outcome | None = None


class AtlantisBoardModel(QObject):
    """History (undo/redo), the current state, the last outcome and the move in the making.

    ``changed`` fires when the state or history changes, ``selectionChanged`` when the pawn or
    the pending cards change, ``messageChanged`` with the German line to show ("" clears it).
    """

    changed = Signal()
    selectionChanged = Signal()
    messageChanged = Signal(str)
    said = Signal(str, bool)  # a message worth saying aloud, and whether it is a refusal
    moved = Signal()  # a move was played (``outcome`` says what it did)

    def __init__(self, state: State | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.origin: int | None = None
        self.cards: tuple[Item, ...] = ()
        self.bridge_mode = False
        # R3, second timing: the user's wish, and the complete move waiting for its gap.
        self.bridge_later = False
        self.awaiting: Advance | None = None
        self.preview: State | None = None
        self._preview_outcome: Outcome | None = None
        self.message = ""
        self.message_kind = "info"  # "info", "wrong" or "done"
        self.source = ""
        self.practice = False
        start = state if state is not None else standard_setup(3, 0)
        self.history: UndoHistory[Entry] = UndoHistory(Entry(start))
        self.load(start, "Startaufstellung")

    # -- reading -------------------------------------------------------------------------

    @property
    def entry(self) -> Entry:
        return self.history.current

    @property
    def state(self) -> State:
        return self.entry.state

    @property
    def outcome(self) -> Outcome | None:
        return self.entry.outcome

    @property
    def notation(self) -> str:
        return format_state(self.state)

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    @property
    def playing(self) -> bool:
        return self.state.phase is Phase.PLAYING

    def legal(self) -> list[Part]:
        return legal_moves(self.state)

    def no_move_offered(self) -> bool:
        return any(isinstance(m, NoMove) for m in self.legal())

    def can_buy(self) -> bool:
        return self.playing and not self.state.started and bool(self.state.player.tiles)

    def can_bridge_later(self) -> bool:
        """Whether the player to move may still put the bridge down after taking the tile."""
        return self.playing and not self.state.player.bridge_placed

    def preview_gaps(self) -> list[int]:
        """While awaiting the bridge: the first water position (numbered as in ``preview``)
        of every gap without a bridge."""
        if self.preview is None:
            return []
        return [gap.first for gap in gaps(self.preview) if gap.bridge is None]

    def preview_shift(self) -> int:
        """How many positions the preview lost next to Atlantis: preview number + shift is
        the number in the state the move is applied to, as ``bridge_after`` wants it."""
        outcome = self._preview_outcome
        if outcome is None or outcome.movement is None:
            return 0
        return outcome.movement.taken.removed_at_atlantis

    def own_pawns(self) -> list[int]:
        """Distinct locations of the player's pawns not yet on the mainland."""
        return list(dict.fromkeys(p for p in self.state.player.pawns if p != MAINLAND))

    def pending_targets(self) -> list[int]:
        """Where the cards played so far send the selected pawn."""
        if self.origin is None:
            return []
        found, loc = [], self.origin
        for card in self.cards:
            loc = target(self.state, loc, card)
            found.append(loc)
        return found

    def payment_choices(self) -> tuple[Payment, ...]:
        """The best payments (R9) for the current move; empty when nothing was to pay."""
        outcome = self.outcome
        if outcome is None or outcome.movement is None:
            return ()
        settlement = outcome.movement.settlement
        if settlement.cost == 0:
            return ()
        return payment_choices(settlement.tiles, settlement.hand, settlement.cost)

    def paid(self) -> Payment | None:
        outcome = self.outcome
        if outcome is None or outcome.movement is None:
            return None
        return outcome.movement.settlement.payment

    # -- starting points ------------------------------------------------------------------

    def load(self, state: State, source: str = "", practice: bool = False) -> None:
        """Start a new history from ``state`` (undo cannot go behind it)."""
        self.history.reset(Entry(state))
        self.bridge_later = False
        self.source = source
        self.practice = practice
        self._clear_selection()
        self._say("")
        self.changed.emit()

    def load_notation(self, text: str) -> bool:
        try:
            state = parse_state(text)
        except RulesError as exc:
            self._say(f"Diese Stellung kann ich nicht lesen: {exc}", "wrong")
            return False
        self.load(state, "Eingefügte Stellung")
        self._say("Stellung übernommen.", "done")
        return True

    def load_setup(self, players: int, seed: int = 0) -> None:
        self.load(standard_setup(players, seed), f"Startaufstellung für {players}", True)

    def load_practice(self, seed: int, players: int = 3) -> None:
        situation = practice_situation(seed, players)
        self.load(situation.state, f"Übungsaufstellung Nr. {seed}", True)

    def load_example(self, example) -> bool:
        """The position of a worked example (``WorkedExample`` from the content)."""
        try:
            state = parse_state(example.position)
        except RulesError as exc:
            self._say(f"Das Beispiel hat keine lesbare Stellung: {exc}", "wrong")
            return False
        self.load(state, f"Beispiel: {example.title}",
                  practice=example.position.strip().startswith("aufbau"))
        action = example.action.strip()
        hint = action.removeprefix("?").strip()
        if hint and hint != "zeigen":
            self._say(f"Im Beispiel: {move_words(hint)} – probier es selbst.", "info")
        return True

    # -- building a move --------------------------------------------------------------------

    def select_pawn(self, location: int, player: int | None = None) -> bool:
        """Pick the pawn at ``location`` (``player``: whose pawn was clicked, if known)."""
        state = self.state
        if self.awaiting is not None:
            return self._refuse_awaiting()
        self.bridge_mode = False
        if player is not None and player != state.turn:
            return self._refuse(
                f"Das ist eine Figur von {player_name(player)} – am Zug ist "
                f"{player_name(state.turn)}. Wähle eine eigene Figur (S. 3).")
        if location == MAINLAND:
            return self._refuse("Diese Figur ist schon auf dem Festland und zieht nicht mehr "
                                "(S. 5).")
        if state.phase is Phase.FINAL:
            return self.apply_move(Finish(location))
        try:
            apply(state, Advance(location, ()))
        except IllegalMoveError as exc:
            if "mindestens eine Karte" not in str(exc):
                owner = pawn_at(state, location) if location != ATLANTIS else None
                extra = (f" Dort steht {player_name(owner)}; am Zug ist "
                         f"{player_name(state.turn)}." if owner is not None else "")
                return self._refuse(str(exc) + extra)
        except RulesError as exc:
            return self._refuse(str(exc))
        self.origin = location
        self.cards = ()
        self._say(f"Figur auf {place_text(location)} gewählt – jetzt eine Karte spielen "
                  "(klicken oder Taste R S K H A O F).")
        self.selectionChanged.emit()
        return True

    def play_card(self, item: Item) -> bool:
        """Play ``item`` for the selected pawn: apply the move once it is complete (or, with
        ``bridge_later``, wait for the gap the bridge goes on)."""
        state = self.state
        if self.awaiting is not None:
            return self._refuse_awaiting()
        self.bridge_mode = False
        if state.phase is not Phase.PLAYING:
            if state.phase is Phase.FINAL:
                return self._refuse("Nach dem Spielende werden keine Karten mehr gespielt: "
                                    "klicke eine übrige Figur, sie geht ohne Karte aufs "
                                    "Festland (S. 5–6).")
            return self._refuse("Das Spiel ist vorbei.")
        if self.origin is None:
            own = self.own_pawns()
            if len(own) == 1:
                self.origin = own[0]
            else:
                return self._refuse("Wähle zuerst eine Figur: klicke sie an oder geh mit Tab "
                                    "zu ihr und drücke Enter.")
        cards = (*self.cards, item)
        move = Advance(self.origin, cards)
        try:
            new, outcome = apply(state, move)
        except IllegalMoveError as exc:
            occupied = self._occupied_end(cards)
            if occupied is not None and self._holds(cards):
                self.cards = cards
                owner = pawn_at(state, occupied)
                left = sum(state.player.hand) - len(cards)
                more = ("spiel noch eine Karte, egal welche (S. 3)." if left
                        else "du müsstest noch eine Karte spielen, hast aber keine mehr – "
                             "Esc bricht den Zug ab.")
                self._say(f"{item.display} führt auf {place_text(occupied)} – dort steht "
                          f"schon {player_name(owner)}: {more}", "info")
                self.selectionChanged.emit()
                return True
            return self._refuse(str(exc))
        except RulesError as exc:
            return self._refuse(str(exc))
        if self.bridge_later and self.can_bridge_later():
            return self._await_bridge(move, new, outcome)
        self._push(Entry(new, state, move, outcome))
        return True

    def _await_bridge(self, move: Advance, new: State, outcome: Outcome) -> bool:
        if not any(gap.bridge is None for gap in gaps(new)):
            self._push(Entry(new, self.state, move, outcome))
            self._say("Nach diesem Zug gibt es keine Lücke ohne Brücke – der Zug gilt ohne "
                      "Brücke, deine bleibt dir.", "info")
            return True
        self.cards = move.cards
        self.awaiting, self.preview, self._preview_outcome = move, new, outcome
        self._say("Plättchen genommen. Klicke die Lücke an, auf die deine Brücke soll – "
                  "oder „Ohne Brücke“ (Esc).")
        self.selectionChanged.emit()
        return True

    def place_bridge_after(self, location: int) -> bool:
        """Put the bridge on the gap at ``location`` of ``preview`` and apply the waiting move.

        A refusal leaves everything as it was, still waiting for a gap.
        """
        move, preview = self.awaiting, self.preview
        if move is None or preview is None:
            return self._refuse("Es wartet kein Zug auf die Brücke.")
        if not 1 <= location <= len(preview.path) or not preview.position(location).is_water:
            return self._refuse("Die Brücke kommt auf eine Lücke: klicke auf Wasser – oder "
                                "„Ohne Brücke“ (Esc).")
        full = replace(move, bridge_after=location + self.preview_shift())
        try:
            new, outcome = apply(self.state, full)
        except RulesError as exc:
            return self._refuse(str(exc))
        self._push(Entry(new, self.state, full, outcome))
        return True

    def skip_bridge_after(self) -> bool:
        """Apply the waiting move without a bridge („Ohne Brücke“ or Esc)."""
        move, preview, outcome = self.awaiting, self.preview, self._preview_outcome
        if move is None or preview is None or outcome is None:
            return False
        self._push(Entry(preview, self.state, move, outcome))
        return True

    def set_bridge_later(self, on: bool) -> None:
        if on and not self.can_bridge_later():
            self.bridge_later = False
            self._refuse("Du hast deine Brücke schon gelegt – jeder hat nur eine (S. 2, 4)."
                         if self.playing else "Jetzt wird keine Brücke mehr gelegt (S. 5).")
            self.selectionChanged.emit()
            return
        self.bridge_later = on
        if self.awaiting is None:
            self._say("Nach dem Nehmen des Plättchens fragt das Brett nach der Lücke für deine "
                      "Brücke (R3)." if on else "")
        self.selectionChanged.emit()

    def _refuse_awaiting(self) -> bool:
        return self._refuse("Der Zug wartet noch auf die Brücke: klicke eine Lücke an – oder "
                            "„Ohne Brücke“ (Esc).")

    def _occupied_end(self, cards: tuple[Item, ...]) -> int | None:
        loc = self.origin
        for card in cards:
            loc = target(self.state, loc, card)
        if loc != MAINLAND and pawn_at(self.state, loc) is not None:
            return loc
        return None

    def _holds(self, cards: tuple[Item, ...]) -> bool:
        hand = self.state.player.hand
        return all(cards.count(card) <= hand[card.index] for card in set(cards))

    def cancel(self) -> None:
        """Drop the pawn and cards picked so far (Esc); a move waiting for its bridge is
        applied without one."""
        if self.awaiting is not None:
            self.skip_bridge_after()
            return
        had = self.origin is not None or self.cards or self.bridge_mode
        self._clear_selection()
        if had:
            self._say("Abgebrochen – nichts ist passiert.")
            self.selectionChanged.emit()

    def buy(self, tile: Tile) -> bool:
        return self.apply_move(Buy(tile))

    def set_bridge_mode(self, on: bool) -> None:
        if self.awaiting is not None:
            self._refuse_awaiting()
            self.selectionChanged.emit()
            return
        if on and self.state.player.bridge_placed:
            self._refuse("Du hast deine Brücke schon gelegt – jeder hat nur eine (S. 2, 4).")
            on = False
        self.bridge_mode = on
        if on:
            self.origin, self.cards = None, ()
            self._say("Klicke auf die Lücke, über die deine Brücke soll – oder wähle sie mit den "
                      "Pfeiltasten und lege sie mit der Eingabetaste.")
        else:
            self._say("")
        self.selectionChanged.emit()

    def place_bridge(self, position: int) -> bool:
        self.bridge_mode = False
        done = self.apply_move(PlaceBridge(position))
        if not done:
            self.selectionChanged.emit()
        return done

    def no_move(self) -> bool:
        return self.apply_move(NoMove())

    def apply_text(self, text: str) -> bool:
        """A move in the engine's notation, e.g. ``0:HS`` or ``kaufen K5``."""
        try:
            move = parse_move(text)
        except RulesError as exc:
            return self._refuse(str(exc))
        return self.apply_move(move)

    def apply_move(self, move: Part) -> bool:
        state = self.state
        if self.awaiting is not None and isinstance(move, (Buy, PlaceBridge, NoMove)):
            return self._refuse_awaiting()
        try:
            new, outcome = apply(state, move)
        except RulesError as exc:
            return self._refuse(str(exc))
        self._push(Entry(new, state, move, outcome))
        return True

    def choose_payment(self, payment: Payment) -> bool:
        """Pay the current move differently: the move is applied again with ``payment``."""
        entry = self.entry
        if self.awaiting is not None:
            return self._refuse_awaiting()
        if entry.before is None or not isinstance(entry.move, Advance):
            return self._refuse("Hier gibt es nichts zu bezahlen.")
        move = replace(entry.move, payment=payment)
        try:
            new, outcome = apply(entry.before, move)
        except RulesError as exc:
            return self._refuse(str(exc))
        self.history.replace(Entry(new, entry.before, move, outcome))
        self._say(f"Anders bezahlt: {payment}.", "done")
        self.changed.emit()
        return True

    # -- history ----------------------------------------------------------------------------

    def undo(self) -> bool:
        if not self.history.undo():
            return False
        self._clear_selection()
        self.bridge_later = False
        self._say("Zurückgenommen.")
        self.changed.emit()
        return True

    def redo(self) -> bool:
        if not self.history.redo():
            return False
        self._clear_selection()
        self.bridge_later = False
        self._say("Wiederholt.")
        self.changed.emit()
        return True

    # -- internals --------------------------------------------------------------------------

    def _push(self, entry: Entry) -> None:
        self.history.push(entry)
        self._clear_selection()
        # The wish holds for the rest of this turn only (e.g. after buying cards).
        self.bridge_later = self.bridge_later and entry.state.started
        self._say("")
        self.changed.emit()
        self.moved.emit()

    def _clear_selection(self) -> None:
        self.origin = None
        self.cards = ()
        self.bridge_mode = False
        self.awaiting = self.preview = self._preview_outcome = None

    def _refuse(self, text: str) -> bool:
        self._say(text, "wrong")
        return False

    def _say(self, text: str, kind: str = "info") -> None:
        self.message, self.message_kind = text, kind
        self.messageChanged.emit(text)
        if text:
            self.said.emit(text, kind == "wrong")


def move_words(text: str) -> str:
    """A move of the notation as a player says it: ``0:HS`` → „die Figur auf Atlantis mit
    Helm (grau), dann Statue (weiß)“; what cannot be read: „der Zug aus dem Beispiel“."""
    from app.rules.atlantis import Turn, parse_move
    from app.rules.atlantis.explain import tile_name

    try:
        move = parse_move(text)
    except RulesError:
        return "der Zug aus dem Beispiel"
    parts = move.parts if isinstance(move, Turn) else (move,)
    said = []
    for part in parts:
        if isinstance(part, Advance):
            cards = ", dann ".join(card.display for card in part.cards)
            said.append(f"die Figur {place_on(part.origin)} mit {cards}")
        elif isinstance(part, Buy):
            said.append(f"das Plättchen {tile_name(part.tile)} abgeben")
        elif isinstance(part, PlaceBridge):
            said.append(f"die Brücke auf {place_text(part.position)}")
        elif isinstance(part, Finish):
            said.append(f"der Schlusszug {place_on(part.origin)}")
        elif isinstance(part, NoMove):
            said.append("„Kein Zug möglich“")
    return ", danach ".join(said) or "der Zug aus dem Beispiel"


def place_on(location: int) -> str:
    return "auf dem Festland" if location == MAINLAND else f"auf {place_text(location)}"


__all__ = ["SEED_MAX", "AtlantisBoardModel", "Entry", "move_words", "place_text"]
