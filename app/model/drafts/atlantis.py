"""The Atlantis move put together click by click: pawn → card(s) → maybe a bridge after taking
the tile, and the payment changed afterwards.

The draft asks the engine at every piece and gives the session a whole move once the
sequence is complete; every refusal is the engine's own sentence, the state never changes on
a refusal. The bridge has two timings (R3). Before the move: bridge mode, then a gap. After
taking the tile: with ``bridge_later`` on, a complete card sequence is not applied at once;
the draft keeps it in ``awaiting`` and offers ``preview`` (the move played without a bridge),
the player picks a gap of that preview and the whole move is played as
``Advance(origin, cards, bridge_after=…)`` – one history step, so undo, redo and the payment
choice treat it like any other move.
"""

from __future__ import annotations

from dataclasses import replace

from app.model.play_session import DONE, DRAFT, Draft, Message, PlaySession
from app.rules.atlantis import (
    ATLANTIS,
    GAME,
    MAINLAND,
    Advance,
    Buy,
    Finish,
    Item,
    NoMove,
    Outcome,
    Part,
    Payment,
    PlaceBridge,
    State,
    Tile,
    Turn,
    gaps,
    parse_move,
    pawn_at,
    practice_situation,
    target,
)
from app.rules.atlantis.explain import tile_name
from app.rules.atlantis.scoring import payment_choices
from app.rules.atlantis.types import Phase
from app.rules.errors import RulesError

START_SEED = 7


def payment_words(payment: Payment) -> str:
    """``Krone 2 (gelb) und Olivenzweig 1 (grün)``: a payment named, never in notation."""
    parts = [tile.display for tile in payment.tiles]
    counts = {card: payment.cards.count(card) for card in payment.cards}
    parts += [f"{n} Karten {card.display}" if n > 1 else f"Karte {card.display}"
              for card, n in counts.items()]
    if not parts:
        return "nichts"
    return ", ".join(parts[:-1]) + " und " + parts[-1] if len(parts) > 1 else parts[0]


def place_text(location: int) -> str:
    """``Atlantis``, ``Feld 7`` or ``Festland``: a place as a player names it."""
    if location == ATLANTIS:
        return "Atlantis"
    if location == MAINLAND:
        return "Festland"
    return f"Feld {location}"


def place_on(location: int) -> str:
    return "auf dem Festland" if location == MAINLAND else f"auf {place_text(location)}"


def practice_position(seed: int, players: int = 3) -> State:
    """The practice position number ``seed``: a game under way, made by the engine."""
    return practice_situation(seed, players).state


def atlantis_session(seed: int = START_SEED, players: int = 3) -> PlaySession:
    """A session on practice position ``seed``, as the board opens."""
    draft = AtlantisDraft()
    return PlaySession(GAME, practice_position(seed, players), draft=draft, seed=seed,
                       source=f"Übungsstellung Nr. {seed}", practice=True)


class AtlantisDraft(Draft):
    """The pawn and cards chosen so far, the bridge wishes, and the move waiting for a gap."""

    def __init__(self) -> None:
        self.origin: int | None = None
        self.cards: tuple[Item, ...] = ()
        self.bridge_mode = False
        # R3, second timing: the player's wish, and the complete move waiting for its gap.
        self.bridge_later = False
        self.awaiting: Advance | None = None
        self.preview: State | None = None
        self._preview_outcome: Outcome | None = None
        self._moving = False

    # -- reading -------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def building(self) -> bool:
        return self.origin is not None

    @property
    def choosing_gap(self) -> bool:
        return self.awaiting is not None or self.bridge_mode

    @property
    def playing(self) -> bool:
        return self.state.phase is Phase.PLAYING

    def no_move_offered(self) -> bool:
        return any(isinstance(m, NoMove) for m in GAME.legal_moves(self.state))

    def can_buy(self) -> bool:
        return self.playing and not self.state.started and bool(self.state.player.tiles)

    def can_bridge_later(self) -> bool:
        """Whether the player to move may still put the bridge down after taking the tile."""
        return self.playing and not self.state.player.bridge_placed

    def own_pawns(self) -> list[int]:
        """Distinct locations of the player's pawns not yet on the mainland."""
        return list(dict.fromkeys(p for p in self.state.player.pawns if p != MAINLAND))

    def open_gaps(self) -> list[int]:
        """The first water position of every gap without a bridge (of the preview while a
        move waits for its bridge, numbered as there)."""
        shown = self.preview if self.preview is not None else self.state
        return [gap.first for gap in gaps(shown) if gap.bridge is None]

    def preview_gaps(self) -> list[int]:
        return self.open_gaps() if self.preview is not None else []

    def preview_shift(self) -> int:
        """How many positions the preview lost next to Atlantis: preview number + shift is
        the number in the state the move is applied to, as ``bridge_after`` wants it."""
        outcome = self._preview_outcome
        if outcome is None or outcome.movement is None:
            return 0
        return outcome.movement.taken.removed_at_atlantis

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
        """The best payments (R9) for the last move; empty when nothing was to pay."""
        outcome = self.session.outcome
        if outcome is None or outcome.movement is None:
            return ()
        settlement = outcome.movement.settlement
        if settlement.cost == 0:
            return ()
        return payment_choices(settlement.tiles, settlement.hand, settlement.cost)

    def paid(self) -> Payment | None:
        outcome = self.session.outcome
        if outcome is None or outcome.movement is None:
            return None
        return outcome.movement.settlement.payment

    # -- starting points ------------------------------------------------------------------

    def new_game(self, players: int, seed: int = 0) -> None:
        # The tiles are our practice distribution, not the box's (PRACTICE_NOTE).
        self.session.new_game(seed, players=players, practice=True,
                              source=f"Neue Partie für {players} Personen")

    def practice(self, seed: int, players: int = 3) -> None:
        self.session.start(practice_position(seed, players), source=f"Übungsstellung Nr. {seed}",
                           practice=True, seed=seed)

    def load_example(self, example) -> bool:
        """The position of a worked example (``WorkedExample`` from the content)."""
        try:
            state = GAME.parse_position(example.position)
        except RulesError as err:
            return self.session.refuse(f"Das Beispiel hat keine lesbare Stellung: {err}",
                                       err.code)
        hint = example.action.strip().removeprefix("?").strip()
        message = (Message(f"Im Beispiel: {move_words(hint)} – probier es selbst.")
                   if hint and hint != "zeigen" else None)
        self.session.start(state, source=f"Beispiel: {example.title}",
                           practice=example.position.strip().startswith("aufbau"),
                           message=message)
        return True

    # -- building a move --------------------------------------------------------------------

    def select_pawn(self, location: int, player: int | None = None) -> bool:
        """Pick the pawn at ``location`` (``player``: whose pawn was clicked, if known)."""
        state, session = self.state, self.session
        if self.awaiting is not None:
            return self._refuse_awaiting()
        self.bridge_mode = False
        if player is not None and player != state.turn:
            return session.refuse(
                f"Das ist eine Figur von {session.player_name(player)} – am Zug ist "
                f"{session.player_name(state.turn)}. Wähle eine eigene Figur (S. 3).")
        if location == MAINLAND:
            return session.refuse("Diese Figur ist schon auf dem Festland und zieht nicht "
                                  "mehr (S. 5).")
        if state.phase is Phase.FINAL:
            return self.play(Finish(location))
        if not (self.playing and location in self.own_pawns()):
            # Not a pawn of the player to move (or the game is over): the engine says why.
            if session.attempt(Advance(location, ())) is None and \
                    location != ATLANTIS and (owner := pawn_at(state, location)) is not None:
                session.refuse(f"{session.message.text} Dort steht "
                               f"{session.player_name(owner)}; am Zug ist "
                               f"{session.player_name(state.turn)}.", session.message.code)
            return False
        self.origin, self.cards = location, ()
        session.say(f"Figur auf {place_text(location)} gewählt – jetzt eine Karte spielen "
                    "(klicken oder Taste R S K H A O F).")
        session.emit(DRAFT)
        return True

    def play_card(self, item: Item) -> bool:
        """Play ``item`` for the selected pawn: the move once it is complete (or, with
        ``bridge_later``, wait for the gap the bridge goes on)."""
        state, session = self.state, self.session
        if self.awaiting is not None:
            return self._refuse_awaiting()
        self.bridge_mode = False
        if state.phase is Phase.FINAL:
            return session.refuse("Nach dem Spielende werden keine Karten mehr gespielt: "
                                  "klicke eine übrige Figur, sie geht ohne Karte aufs "
                                  "Festland (S. 5–6).")
        if state.phase is not Phase.PLAYING:
            return session.refuse("Das Spiel ist vorbei.")
        if self.origin is None:
            own = self.own_pawns()
            if len(own) != 1:
                return session.refuse("Wähle zuerst eine Figur: klicke sie an oder geh mit Tab "
                                      "zu ihr und drücke Enter.")
            self.origin = own[0]
        cards = (*self.cards, item)
        move = Advance(self.origin, cards)
        occupied = self._occupied_end(cards)
        if occupied is not None and self._holds(cards):
            # The card leads onto a pawn: one more card is due, whatever it is (S. 3).
            self.cards = cards
            left = sum(state.player.hand) - len(cards)
            more = ("spiel noch eine Karte, egal welche (S. 3)." if left
                    else "du müsstest noch eine Karte spielen, hast aber keine mehr – "
                         "Esc bricht den Zug ab.")
            session.say(f"{item.display} führt auf {place_text(occupied)} – dort steht "
                        f"schon {session.player_name(pawn_at(state, occupied))}: {more}")
            session.emit(DRAFT)
            return True
        applied = session.attempt(move)
        if applied is None:
            return False
        new, outcome = applied
        if self.bridge_later and self.can_bridge_later():
            return self._await_bridge(move, new, outcome)
        self._record(new, move, outcome)
        return True

    def _await_bridge(self, move: Advance, new: State, outcome: Outcome) -> bool:
        if not any(gap.bridge is None for gap in gaps(new)):
            self._record(new, move, outcome, Message(
                "Nach diesem Zug gibt es keine Lücke ohne Brücke – der Zug gilt ohne Brücke, "
                "deine bleibt dir."))
            return True
        self.cards = move.cards
        self.awaiting, self.preview, self._preview_outcome = move, new, outcome
        self.session.say("Plättchen genommen. Klicke die Lücke an, auf die deine Brücke soll – "
                         "oder „Ohne Brücke“ (Esc).")
        self.session.emit(DRAFT)
        return True

    def place_bridge_after(self, location: int) -> bool:
        """Put the bridge on the gap at ``location`` of ``preview`` and play the waiting move.

        A refusal leaves everything as it was, still waiting for a gap.
        """
        move, preview = self.awaiting, self.preview
        if move is None or preview is None:
            return self.session.refuse("Es wartet kein Zug auf die Brücke.")
        if not 1 <= location <= len(preview.path) or not preview.position(location).is_water:
            return self.session.refuse("Die Brücke kommt auf eine Lücke: klicke auf Wasser – "
                                       "oder „Ohne Brücke“ (Esc).")
        return self.play(replace(move, bridge_after=location + self.preview_shift()))

    def skip_bridge_after(self) -> bool:
        """Play the waiting move without a bridge („Ohne Brücke“ or Esc)."""
        move, preview, outcome = self.awaiting, self.preview, self._preview_outcome
        if move is None or preview is None or outcome is None:
            return False
        self._record(preview, move, outcome)
        return True

    def set_bridge_later(self, on: bool) -> None:
        session = self.session
        if on and not self.can_bridge_later():
            self.bridge_later = False
            session.refuse("Du hast deine Brücke schon gelegt – jeder hat nur eine (S. 2, 4)."
                           if self.playing else "Jetzt wird keine Brücke mehr gelegt (S. 5).")
            session.emit(DRAFT)
            return
        self.bridge_later = on
        if self.awaiting is None:
            session.say("Nach dem Nehmen des Plättchens fragt das Brett nach der Lücke für "
                        "deine Brücke (R3)." if on else "")
        session.emit(DRAFT)

    def set_bridge_mode(self, on: bool) -> None:
        session = self.session
        if self.awaiting is not None:
            self._refuse_awaiting()
            session.emit(DRAFT)
            return
        if on and self.state.player.bridge_placed:
            session.refuse("Du hast deine Brücke schon gelegt – jeder hat nur eine (S. 2, 4).")
            on = False
        self.bridge_mode = on
        if on:
            self.origin, self.cards = None, ()
            session.say("Klicke auf die Lücke, über die deine Brücke soll – oder wähle sie mit "
                        "den Pfeiltasten und lege sie mit der Eingabetaste.")
        else:
            session.say("")
        session.emit(DRAFT)

    def place_bridge(self, position: int) -> bool:
        self.bridge_mode = False
        done = self.play(PlaceBridge(position))
        if not done:
            self.session.emit(DRAFT)
        return done

    def cancel(self) -> None:
        """Drop the pawn and cards picked so far (Esc); a move waiting for its bridge is
        played without one."""
        if self.awaiting is not None:
            self.skip_bridge_after()
            return
        had = self.origin is not None or self.cards or self.bridge_mode
        self._clear()
        if had:
            self.session.say("Abgebrochen – nichts ist passiert.")
            self.session.emit(DRAFT)

    def buy(self, tile: Tile) -> bool:
        return self.play(Buy(tile))

    def no_move(self) -> bool:
        return self.play(NoMove())

    def play_text(self, text: str) -> bool:
        """A move in the engine's notation, e.g. ``0:HS`` or ``kaufen K5``."""
        try:
            move = GAME.parse_move(text)
        except RulesError as err:
            return self.session.refuse(str(err), err.code)
        return self.play(move)

    def play(self, move: Part) -> bool:
        if self.awaiting is not None and isinstance(move, (Buy, PlaceBridge, NoMove)):
            return self._refuse_awaiting()
        applied = self.session.attempt(move)
        if applied is None:
            return False
        new, outcome = applied
        self._record(new, move, outcome)
        return True

    def choose_payment(self, payment: Payment) -> bool:
        """Pay the last move differently: it is played again with ``payment``."""
        entry = self.session.entry
        if self.awaiting is not None:
            return self._refuse_awaiting()
        if entry.before is None or not isinstance(entry.move, Advance):
            return self.session.refuse("Hier gibt es nichts zu bezahlen.")
        # In words, as the explanation names tiles: „R1 K2 A1“ (notation) read like rule codes.
        before = self.paid()
        instead = f" statt mit {payment_words(before)}" if before is not None else ""
        return self.session.replace_move(replace(entry.move, payment=payment), Message(
            f"Anders bezahlt: mit {payment_words(payment)}{instead} – gleich wenige Punkte.",
            DONE))

    # -- internals --------------------------------------------------------------------------

    def _record(self, new: State, move: Part, outcome: Outcome,
                message: Message | None = None) -> None:
        self._moving = True
        try:
            self.session.record(new, move, outcome, message=message)
        finally:
            self._moving = False

    def reset(self) -> None:
        # The wish to bridge after taking holds for the rest of this turn only (after buying).
        keep = self._moving and self.bridge_later and self.state.started
        self._clear()
        self.bridge_later = keep

    def _clear(self) -> None:
        self.origin = None
        self.cards = ()
        self.bridge_mode = False
        self.awaiting = self.preview = self._preview_outcome = None

    def _refuse_awaiting(self) -> bool:
        return self.session.refuse("Der Zug wartet noch auf die Brücke: klicke eine Lücke an – "
                                   "oder „Ohne Brücke“ (Esc).")

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


def move_words(text: str) -> str:
    """A move of the notation as a player says it: ``0:HS`` → „die Figur auf Atlantis mit
    Helm (grau), dann Statue (weiß)“; what cannot be read: „der Zug aus dem Beispiel“."""
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


__all__ = ["START_SEED", "AtlantisDraft", "atlantis_session", "move_words", "place_text",
           "practice_position"]
