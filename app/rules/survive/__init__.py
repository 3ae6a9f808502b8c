"""Survive: Escape from Atlantis! – rules engine (pure Python).

Modules, each importing only those before it (no cycle, not even inside a function):

1. :mod:`.board` – the practice map, axial hexes, labels ``a1``–``m11``;
2. :mod:`.core` – value types and the tile-back table; each value writes its own notation
   (``State.notation()``, ``Move.notation()``, as python-chess keeps ``fen()`` on ``Board``);
3. :mod:`.encounter` – what a creature does on one sea space;
4. :mod:`.removal` – where the sea is, which tile may go, which removed sets a game can leave;
5. :mod:`.reach` – how far creatures, dolphins and wind carry things;
6. :mod:`.scoring` – boat control, who is still out there, the score;
7. :mod:`.invariants` – the one list of what makes a position possible;
8. :mod:`.rules` – legal moves, ``apply`` (a :class:`Report` of German notes), set-up;
9. :mod:`.notation` – reading positions, moves and encounters back;
10. :mod:`.explain`, :mod:`.facts`, :mod:`.generate`, :mod:`.game` – the contract's steps,
    worked examples, practice situations, and the one ``GAME`` object;
11. :mod:`.plan` – what a planned movement of several steps costs (:func:`plan_cost`).

Rulings the engine follows (codes as in the content's "Auslegungen"):

* S1 serpent vs. a loaded boat: the boat is destroyed, the crew falls into the water and is
  eaten on the serpent's space – same end result as seed 003 ("boat and people removed").
* S2 empty boats are safe from serpents (seed 003; one implementation differs).
* S3 the tile-back counts come from one implementation.
* S4 a swimmer going ashore uses its one sea space for the turn.
* S5 boat destroyed during your own move: the crew counts as having swum this turn.
* S6 repel tiles answer a shark/whale *moved* by another player (die or "move" tile), not one
  that appears from a tile.
* S7 if no tile of the current kind touches the sea, any tile of that kind may be removed.
* S8 the board is a practice map (two landing spaces per safe island, as seed 003 says).
* S9 an appearing boat takes exactly min(3, fallen) swimmers of its space at once; only when
  more than 3 fell in does the revealer choose which (default: the revealer's own first). Any
  other count is refused with the number that must board.
* S10 "zwei Farben": each colour keeps its own seat; only the scores are added.
* S11 the rolled creature must move (at least 1 space) if one of its kind can; the die is fair.
* S12 each person sets up 2 boats – in "zwei Farben" that is 4 boats, not 2 per colour.
* S13 the dolphin moves one of your *own* swimmers 1–3 sea spaces (our rules notes; the
  seed only says "a swimmer").

The invariants that make a position possible are listed in :mod:`.invariants`
(``status(state)`` gives one flag per broken one). A trailing ``?`` on an example action asks
for legality: see :mod:`.facts`.

>>> state = parse_position("spieler: ro bl ge; zug: ro entfernen; weg: j5 i4; "
...                        "land: f3 ro1 bl2 ge3; wale: d2 b3")
>>> after, report = apply(state, parse_move("entferne f3 boot", state))
>>> format_position(after)
'spieler: ro bl ge; zug: ro würfeln; weg: f3 i4 j5; boote: f3 [ro1 bl2 ge3]; wale: d2 b3'

Two whales need two removed tiles that showed „Wal taucht auf“; one beach cannot show both a
shark and a whale:

>>> status(replace(state, sharks=(space("k5"),)))
<Status.TOO_FEW_TILES: 512>
>>> apply(state, parse_move("entferne f3 boot [ro1]", state))
Traceback (most recent call last):
...
app.rules.errors.IllegalMoveError: Es müssen genau 3 einsteigen: alle 3 Schwimmer dieses
Feldes, genannt wurde 1 (Auslegung S9: Schwimmer steigen sofort ein, höchstens drei).
"""

from dataclasses import replace  # noqa: F401 – used by the doctest above

from app.rules.survive.board import PRACTICE_MAP_LABEL, Island, Space, space
from app.rules.survive.core import (
    Boat,
    BoatMove,
    Colour,
    Creature,
    CreatureMove,
    Effect,
    EndReason,
    Explorer,
    Kind,
    Move,
    Pass,
    Phase,
    Place,
    PlayTile,
    React,
    Remove,
    Roll,
    Spot,
    State,
    Step,
    Timing,
    Variant,
)
from app.rules.survive.encounter import Outcome, SpaceContents, resolve_encounter
from app.rules.survive.explain import explain
from app.rules.survive.facts import EXAMPLE_FACT_KEYS, example_facts
from app.rules.survive.game import GAME
from app.rules.survive.generate import random_encounter, random_position
from app.rules.survive.invariants import Status, is_valid, status, violations
from app.rules.survive.notation import (
    format_encounter,
    format_move,
    format_position,
    parse_encounter,
    parse_move,
    parse_position,
)
from app.rules.survive.plan import format_plan, parse_plan, plan_cost
from app.rules.survive.removal import unreachable_removals
from app.rules.survive.rules import (
    Report,
    apply,
    boat_controllers,
    creature_targets,
    current_kind,
    legal_moves,
    new_game,
    random_move,
    removable_tiles,
    removal_check,
    score,
    winners,
)

__all__ = [
    "EXAMPLE_FACT_KEYS",
    "GAME",
    "PRACTICE_MAP_LABEL",
    "Boat",
    "BoatMove",
    "Colour",
    "Creature",
    "CreatureMove",
    "Effect",
    "EndReason",
    "Explorer",
    "Island",
    "Kind",
    "Move",
    "Outcome",
    "Pass",
    "Phase",
    "Place",
    "PlayTile",
    "React",
    "Remove",
    "Report",
    "Roll",
    "Space",
    "SpaceContents",
    "Spot",
    "State",
    "Status",
    "Step",
    "Timing",
    "Variant",
    "apply",
    "boat_controllers",
    "creature_targets",
    "current_kind",
    "example_facts",
    "explain",
    "format_encounter",
    "format_move",
    "format_plan",
    "format_position",
    "is_valid",
    "legal_moves",
    "new_game",
    "parse_encounter",
    "parse_move",
    "parse_plan",
    "parse_position",
    "plan_cost",
    "random_encounter",
    "random_move",
    "random_position",
    "removable_tiles",
    "removal_check",
    "resolve_encounter",
    "score",
    "space",
    "status",
    "unreachable_removals",
    "violations",
    "winners",
]
