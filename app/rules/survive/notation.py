"""Text notations: a whole position on one line, a move, and an encounter situation.

Position (sections separated by ``;``, any order, each at most once)::

    spieler: ro bl ge gr; zug: ro ziehen 2; weg: f3 g3 d4; land: e4 ro3 bl1, f5 ge?;
    boote: d3 [ro2 bl4*], k5 []; see: g3 ro1*; sicher: nw ge6; schlangen: d2 i2;
    haie: i3; wale: -; hand: ro delfin, bl hai-abwehr; rückseiten: e4 wal; varianten: durchhalten

* spaces are ``a1`` … ``m11`` on the practice map, safe islands ``nw no sw so``;
* an explorer is colour + value: ``ro3`` (``ro bl ge gr``; ``rot blau gelb grün`` are read too),
  ``?`` for a value not known here, a trailing ``*`` for a swimmer or passenger that already
  used its one sea space this turn;
* ``zug: <farbe> <phase>`` with phase ``karte``, ``ziehen <punkte>``, ``entfernen``,
  ``würfeln``, ``kreatur <schlange|hai|wal>``, ``abwehr <farbe> <hai|wal> <feld>
  <würfel|plättchen>`` or ``ende <vulkan|insel-weg|alle-weg>``;
* missing sections are empty; ``spieler`` defaults to the colours named (with one named, the
  next colour plays too: a game has two at least), ``zug`` to the first player at the start of
  a turn – ``karte`` with a red tile on the hand, else ``ziehen 3``, or ``entfernen`` with no
  explorer out there. The canonical form (what ``repr`` shows, ``State.notation()`` writes)
  lists ``spieler`` and ``zug`` and every non-empty section, in the order above.

Move: ``ro3 e4-f4`` (walk), ``ro3 e4-[d3]`` (into the boat on d3), ``ro3 e4-d4`` (into the
sea), ``ro1 g3-[g3]`` (climb aboard), ``ro2 [d3]-[c3]``, ``ro2 [d3]-d3`` (jump overboard),
``ro2 [b1]-nw`` / ``ro1 a2-nw`` (ashore), ``boot d3-c3``, ``weiter``, ``entferne f3 [wal]``,
``würfel hai``, ``hai h3-h5``, ``spiele delfin ro1 g3-g6``, ``spiele wind d3-b2``,
``spiele hai-ziehen h3-k9``, ``abwehren`` / ``verzichten``.

Encounter: ``<kreatur>: <teil>; <teil> …`` with parts ``schwimmer rot, blau``,
``boot [gelb, gelb, rot]`` (``boot []`` is an empty boat), ``dort hai`` (creatures already on
the space) or ``leer``.

>>> creature, contents = parse_encounter("hai: schwimmer rot, blau; boot [gelb, gelb, rot]")
>>> format_encounter(creature, contents)
'hai: schwimmer rot, blau; boot [rot, gelb, gelb]'
>>> parse_position("land: e4 ro3; boote: d3 [bl1]")
spieler: ro bl; zug: ro ziehen 3; land: e4 ro3; boote: d3 [bl1]
>>> text = ("spieler: ro bl ge gr; zug: ro ziehen 2; weg: f3 g3 d4; land: e4 ro3 bl1, f5 ge?; "
...         "boote: d3 [ro2 bl4*], k5 []; see: g3 ro1*; sicher: nw ge6; schlangen: d2 i2; "
...         "haie: i3; hand: ro delfin, bl hai-abwehr; rückseiten: e4 wal; varianten: durchhalten")
>>> format_position(parse_position(text)) == text
True
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.rules.errors import NotationError, require_text
from app.rules.survive import board
from app.rules.survive.board import CELLS, ISLAND_SPACE, TERRAIN, Cell, Island, Space
from app.rules.survive.core import (
    BOAT_SEATS,
    KIND_OF_CELL,
    MOVE_POINTS,
    MOVE_TYPES,
    TILE_BACKS,
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
    Pending,
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
    canonical_points,
    sort_explorers,
)
from app.rules.survive.encounter import SpaceContents
from app.rules.survive.invariants import check_position
from app.rules.survive.scoring import explorers_out

_COLOUR_WORDS = {
    "ro": Colour.ROT, "rot": Colour.ROT, "bl": Colour.BLAU, "blau": Colour.BLAU,
    "ge": Colour.GELB, "gelb": Colour.GELB, "gr": Colour.GRUEN, "grün": Colour.GRUEN,
    "gruen": Colour.GRUEN,
}
_CREATURE_WORDS = {
    "schlange": Creature.SCHLANGE, "seeschlange": Creature.SCHLANGE, "hai": Creature.HAI,
    "wal": Creature.WAL,
}
_EXPLORER = re.compile(r"^(rot|blau|gelb|grün|gruen|ro|bl|ge|gr)([0-9?])?(\*)?$")
_PHASE_WORDS = {p.value: p for p in Phase} | {"wuerfeln": Phase.WUERFELN}
_VARIANT_WORDS = {v.value: v for v in Variant} | {"ueberbevoelkerung": Variant.UEBERBEVOELKERUNG}
_EFFECT_WORDS = {e.value: e for e in Effect}
_END_WORDS = {r.value: r for r in EndReason}

_ORDER = ("spieler", "zug", "weg", "land", "boote", "see", "sicher", "schlangen", "haie", "wale",
          "hand", "rückseiten", "varianten")
_ALIASES = {k: k for k in _ORDER} | {
    "boot": "boote", "meer": "see", "schwimmer": "see", "schlange": "schlangen",
    "seeschlangen": "schlangen", "hai": "haie", "wal": "wale", "rueckseiten": "rückseiten",
    "variante": "varianten",
}
_HINT = "ro3 (Farbe ro/bl/ge/gr, Wert 1–6 oder ?, evtl. * für „schon geschwommen“)"


# ---------------------------------------------------------------------------------------------
# small pieces


def parse_colour(word: str) -> Colour:
    require_text(word, "Eine Farbe", 100)
    found = _COLOUR_WORDS.get(word.strip().lower())
    if found is None:
        raise NotationError(f"„{word}“ ist keine Farbe (ro, bl, ge, gr – oder rot, blau, gelb, "
                            "grün).")
    return found


def parse_creature(word: str) -> Creature:
    require_text(word, "Eine Kreatur", 100)
    found = _CREATURE_WORDS.get(word.strip().lower())
    if found is None:
        raise NotationError(f"„{word}“ ist keine Kreatur (schlange, hai oder wal).")
    return found


def parse_effect(word: str) -> Effect:
    require_text(word, "Eine Rückseite", 100)
    found = _EFFECT_WORDS.get(word.strip().lower())
    if found is None:
        raise NotationError(
            f"„{word}“ ist keine Plättchen-Rückseite; bekannt: {', '.join(_EFFECT_WORDS)}.")
    return found


def parse_explorer(token: str) -> Explorer:
    require_text(token, "Ein Entdecker", 100)
    match = _EXPLORER.match(token.strip().lower())
    if match is None:
        raise NotationError(f"„{token}“ ist kein Entdecker; so sieht einer aus: {_HINT}.")
    colour, value, star = match.groups()
    if value not in (None, "?") and not 1 <= int(value) <= 6:
        raise NotationError(f"„{token}“: Entdecker haben Werte von 1 bis 6.")
    number = None if value in (None, "?") else int(value)
    return Explorer(_COLOUR_WORDS[colour], number, star is not None)


def _space(token: str) -> Space:
    return board.space(token)


def format_spot(spot: Spot) -> str:
    return spot.notation()


def _split_top(text: str, sep: str) -> list[str]:
    """Split on ``sep`` outside square brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth < 0:
                raise NotationError(f"„]“ ohne passendes „[“ in „{text.strip()}“.")
        elif char == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if depth:
        raise NotationError(f"„[“ ohne schließendes „]“ in „{text.strip()}“.")
    parts.append(text[start:])
    return parts


def _words(body: str) -> list[str]:
    return [w for w in body.replace(",", " ").split() if w != "-"]


# ---------------------------------------------------------------------------------------------
# Position


def format_position(state: State) -> str:
    """The one-line notation of ``state`` (it lives on the value: ``state.notation()``)."""
    if not isinstance(state, State):
        raise NotationError(f"Aufschreiben lässt sich nur eine Stellung, kein "
                            f"{type(state).__name__}.")
    return state.notation()


def parse_position(text: str) -> State:
    """Read a position; NotationError (German) says which part is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("Die Stellung ist leer; mindestens ein Abschnitt wie "
                            "„land: e4 ro3“ wird gebraucht.")
    sections: dict[str, str] = {}
    for part in _split_top(text, ";"):
        if not part.strip():
            continue
        if ":" not in part:
            raise NotationError(f"Abschnitt „{part.strip()}“ hat keinen Namen; so geht es: "
                                "„land: e4 ro3“.")
        key, body = part.split(":", 1)
        name = _ALIASES.get(key.strip().lower())
        if name is None:
            raise NotationError(f"Unbekannter Abschnitt „{key.strip()}“; bekannt sind: "
                                f"{', '.join(_ORDER)}.")
        if name in sections:
            raise NotationError(f"Der Abschnitt „{name}“ steht zweimal in der Stellung.")
        sections[name] = body.strip()
    return _build(sections)


def _build(sec: dict[str, str]) -> State:
    removed = frozenset(_tile_list(sec.get("weg", ""), "weg"))
    land = _stacks(sec.get("land", ""), "land", removed)
    boats = _boats(sec.get("boote", ""), removed)
    sea = _stacks(sec.get("see", ""), "see", removed)
    safe = _safe(sec.get("sicher", ""))
    creatures = [_sea_list(sec.get(k, ""), k, removed) for k in ("schlangen", "haie", "wale")]
    hands = _hands(sec.get("hand", ""))
    backs = _backs(sec.get("rückseiten", ""), removed)
    variants = frozenset(_variant(w) for w in _words(sec.get("varianten", "")))

    mentioned: set[Colour] = set()
    for _, es in (*land, *sea, *safe):
        mentioned.update(e.colour for e in es)
    for b in boats:
        mentioned.update(e.colour for e in b.passengers)
    mentioned.update(c for c, _ in hands)
    turn_words = _words(sec.get("zug", ""))
    if turn_words:
        mentioned.add(parse_colour(turn_words[0]))
    if "spieler" in sec:
        players = tuple(parse_colour(w) for w in _words(sec["spieler"]))
        if not players:
            raise NotationError("„spieler:“ nennt keine Farbe.")
        if len(set(players)) != len(players):
            raise NotationError("In „spieler:“ steht eine Farbe doppelt.")
        stray = sorted(mentioned - set(players))
        if stray:
            raise NotationError(f"{stray[0].title} kommt in der Stellung vor, spielt aber laut "
                                "„spieler:“ nicht mit.")
    else:
        players = tuple(sorted(mentioned)) or tuple(Colour)
        if len(players) == 1:  # a game has at least two colours: the next one plays too
            players = tuple(sorted({*players, next(c for c in Colour if c not in players)}))
    current, phase, points, rolled, pending, ended = _turn(turn_words, players)
    state = State(
        players=players, current=current, phase=phase or Phase.ZIEHEN,
        points=canonical_points(phase or Phase.ZIEHEN, pending, points), rolled=rolled,
        pending=pending, ended=ended, removed=removed, land=land, boats=boats, sea=sea,
        safe=safe, serpents=creatures[0], sharks=creatures[1], whales=creatures[2],
        hands=hands, backs=backs, variants=variants)
    if phase is None:
        state = _turn_start(state)
    check_position(state)
    return state


def _turn_start(state: State) -> State:
    """Where a turn begins when ``zug`` names no phase: as the engine starts one (seed 003).

    With a red tile on the hand at „karte“; else at „ziehen 3“; with no explorer out there
    straight at „entfernen“ (S14), or at „würfeln“ once no tile is left.
    """
    me = state.current
    if any(t.timing is Timing.OWN_TURN for t in state.hand(me)):
        return replace(state, phase=Phase.KARTE, points=MOVE_POINTS)
    if explorers_out(state, me):
        return state
    phase = Phase.ENTFERNEN if len(state.removed) < len(TERRAIN) else Phase.WUERFELN
    return replace(state, phase=phase, points=0)


def _label_list(body: str) -> list[Space]:
    return [_space(w) for w in _words(body)]


def _tile_list(body: str, key: str) -> list[Space]:
    spaces = _label_list(body)
    for s in spaces:
        if s not in KIND_OF_CELL_BY_SPACE:
            raise NotationError(f"„{key}:“ {s.label} ist kein Inselplättchen der Übungskarte.")
    if len(set(spaces)) != len(spaces):
        raise NotationError(f"In „{key}:“ steht ein Feld doppelt.")
    return spaces


KIND_OF_CELL_BY_SPACE: dict[Space, Kind] = {s: KIND_OF_CELL[CELLS[s]] for s in TERRAIN}


def _is_sea(space: Space, removed: frozenset[Space]) -> bool:
    return CELLS[space] is Cell.SEA or space in removed


def _sea_list(body: str, key: str, removed: frozenset[Space]) -> tuple[Space, ...]:
    spaces = _label_list(body)
    for s in spaces:
        if not _is_sea(s, removed):
            raise NotationError(f"„{key}:“ {s.label} ist kein Meeresfeld – Kreaturen "
                                "schwimmen nur im Meer.")
    return tuple(sorted(spaces))


def _item_words(body: str) -> list[list[str]]:
    items = []
    for item in _split_top(body, ","):
        words = item.split()
        if words and words != ["-"]:
            items.append(words)
    return items


def _stacks(body: str, key: str, removed: frozenset[Space]):
    result: dict[Space, list[Explorer]] = {}
    for words in _item_words(body):
        s = _space(words[0])
        if len(words) < 2:
            raise NotationError(f"„{key}:“ nach {s.label} fehlen die Entdecker, z. B. "
                                f"„{s.label} ro3“.")
        if s in result:
            raise NotationError(f"„{key}:“ {s.label} steht zweimal; schreib alle Entdecker "
                                "eines Feldes zusammen.")
        explorers = [parse_explorer(w) for w in words[1:]]
        if key == "land":
            if s not in KIND_OF_CELL_BY_SPACE or s in removed:
                raise NotationError(f"„land:“ Auf {s.label} liegt kein Inselplättchen.")
            if any(e.swum for e in explorers):
                raise NotationError(f"„land:“ Auf {s.label} ist ein Entdecker mit *: Das Zeichen "
                                    "gibt es nur für Schwimmer und Bootsinsassen.")
        elif not _is_sea(s, removed):
            raise NotationError(f"„see:“ {s.label} ist kein Meeresfeld.")
        result[s] = explorers
    return tuple(sorted((s, sort_explorers(es)) for s, es in result.items()))


def _boats(body: str, removed: frozenset[Space]) -> tuple[Boat, ...]:
    result: dict[Space, tuple[Explorer, ...]] = {}
    for item in _split_top(body, ","):
        item = item.strip()
        if not item or item == "-":
            continue
        match = re.fullmatch(r"(\S+?)\s*\[([^\[\]]*)\]", item)
        if match is None:
            raise NotationError(f"„boote:“ „{item}“ – so sieht ein Boot aus: „d3 [ro2 bl1]“ "
                                "oder leer „d3 []“.")
        s = _space(match.group(1))
        if not _is_sea(s, removed):
            raise NotationError(f"„boote:“ {s.label} ist kein Meeresfeld.")
        if s in result:
            raise NotationError(f"„boote:“ Auf {s.label} liegen zwei Boote – höchstens ein Boot "
                                "pro Meeresfeld.")
        passengers = [parse_explorer(w) for w in _words(match.group(2))]
        if len(passengers) > BOAT_SEATS:
            raise NotationError(f"„boote:“ Im Boot auf {s.label} sitzen {len(passengers)} "
                                f"Entdecker; es trägt höchstens {BOAT_SEATS}.")
        result[s] = sort_explorers(passengers)
    return tuple(Boat(s, ps) for s, ps in sorted(result.items()))


def _safe(body: str):
    result: dict[Space, list[Explorer]] = {}
    for words in _item_words(body):
        isl = board.island(words[0])
        if len(words) < 2:
            raise NotationError(f"„sicher:“ nach {isl.value} fehlen die Entdecker.")
        s = ISLAND_SPACE[isl]
        if s in result:
            raise NotationError(f"„sicher:“ {isl.value} steht zweimal.")
        explorers = [parse_explorer(w) for w in words[1:]]
        if any(e.swum for e in explorers):
            raise NotationError("„sicher:“ Gerettete Entdecker tragen kein *.")
        result[s] = explorers
    return tuple(sorted((s, sort_explorers(es)) for s, es in result.items()))


def _hands(body: str):
    result: dict[Colour, list[Effect]] = {}
    for words in _item_words(body):
        colour = parse_colour(words[0])
        if colour in result:
            raise NotationError(f"„hand:“ {colour.title} steht zweimal.")
        tiles = [parse_effect(w) for w in words[1:]]
        if not tiles:
            raise NotationError(f"„hand:“ nach {colour.code} fehlen die Plättchen.")
        for t in tiles:
            if t.timing is Timing.NOW:
                raise NotationError(f"„hand:“ „{t.value}“ hat einen grünen Rand und wird sofort "
                                    "ausgeführt – es kann nicht auf der Hand sein.")
        result[colour] = tiles
    order = list(Effect)
    return tuple(sorted((c, tuple(sorted(ts, key=order.index))) for c, ts in result.items()))


def _backs(body: str, removed: frozenset[Space]):
    result: dict[Space, Effect] = {}
    for words in _item_words(body):
        if len(words) != 2:
            raise NotationError(f"„rückseiten:“ „{' '.join(words)}“ – so geht es: „e4 wal“.")
        s = _space(words[0])
        if s not in KIND_OF_CELL_BY_SPACE or s in removed:
            raise NotationError(f"„rückseiten:“ Auf {s.label} liegt kein Plättchen.")
        if s in result:
            raise NotationError(f"„rückseiten:“ {s.label} steht zweimal.")
        effect = parse_effect(words[1])
        kind = KIND_OF_CELL_BY_SPACE[s]
        if TILE_BACKS[effect][kind] == 0:
            raise NotationError(f"„rückseiten:“ Ein {kind.german}plättchen ({s.label}) hat nie "
                                f"„{effect.value}“ auf der Rückseite.")
        result[s] = effect
    for kind in Kind:
        for effect in Effect:
            n = sum(1 for s, e in result.items()
                    if e is effect and KIND_OF_CELL_BY_SPACE[s] is kind)
            if n > TILE_BACKS[effect][kind]:
                raise NotationError(
                    f"„rückseiten:“ {n}× „{effect.value}“ auf {kind.plural} – es gibt nur "
                    f"{TILE_BACKS[effect][kind]}.")
    return tuple(sorted(result.items()))


def _variant(word: str) -> Variant:
    found = _VARIANT_WORDS.get(word.lower())
    if found is None:
        raise NotationError(f"„{word}“ ist keine Variante; bekannt: "
                            f"{', '.join(v.value for v in Variant)}.")
    return found


def _turn(words: list[str], players: tuple[Colour, ...]):
    """Whose turn and where in it; the phase is None when not named (see :func:`_turn_start`)."""
    if not words:
        return players[0], None, MOVE_POINTS, None, None, None
    current = parse_colour(words[0])
    if current not in players:
        raise NotationError(f"„zug:“ {current.title} spielt nicht mit.")
    if len(words) < 2:
        return current, None, MOVE_POINTS, None, None, None
    phase = _PHASE_WORDS.get(words[1].lower())
    if phase is None:
        raise NotationError(f"„zug:“ „{words[1]}“ ist keine Phase; bekannt: "
                            f"{', '.join(p.value for p in Phase)}.")
    args = words[2:]
    expected = {Phase.ZIEHEN: (0, 1), Phase.KREATUR: (1, 1), Phase.ABWEHR: (4, 4),
                Phase.ENDE: (1, 1)}.get(phase, (0, 0))
    if not expected[0] <= len(args) <= expected[1]:
        raise NotationError(f"„zug:“ Nach „{phase.value}“ passt „{' '.join(args) or 'nichts'}“ "
                            f"nicht; Beispiel: {_TURN_EXAMPLES[phase]}.")
    points, rolled, pending, ended = MOVE_POINTS, None, None, None
    if phase is Phase.ZIEHEN and args:
        if args[0] not in ("0", "1", "2", "3"):
            raise NotationError(f"„zug:“ Bewegungspunkte gehen von 0 bis {MOVE_POINTS}, nicht "
                                f"„{args[0]}“.")
        points = int(args[0])
    elif phase is Phase.KREATUR:
        rolled = parse_creature(args[0])
    elif phase is Phase.ABWEHR:
        decider = parse_colour(args[0])
        creature = parse_creature(args[1])
        if creature is Creature.SCHLANGE:
            raise NotationError("„zug:“ Gegen Seeschlangen gibt es kein Abwehr-Plättchen.")
        if decider not in players or decider == current:
            raise NotationError("„zug:“ Abwehren darf nur ein anderer Mitspieler als der am Zug.")
        source = args[3].lower()
        if source not in ("würfel", "wuerfel", "plättchen", "plaettchen"):
            raise NotationError(f"„zug:“ „{args[3]}“ – die Kreatur kam per „würfel“ oder "
                                "„plättchen“.")
        pending = Pending(creature, _space(args[2]), decider, source.startswith("pl"))
    elif phase is Phase.ENDE:
        ended = _END_WORDS.get(args[0].lower())
        if ended is None:
            raise NotationError(f"„zug:“ „{args[0]}“ ist kein Spielende; bekannt: "
                                f"{', '.join(_END_WORDS)}.")
    return current, phase, points, rolled, pending, ended


_TURN_EXAMPLES = {
    Phase.KARTE: "„zug: ro karte“", Phase.ZIEHEN: "„zug: ro ziehen 2“",
    Phase.ENTFERNEN: "„zug: ro entfernen“", Phase.WUERFELN: "„zug: ro würfeln“",
    Phase.KREATUR: "„zug: ro kreatur hai“", Phase.ABWEHR: "„zug: ro abwehr bl hai g5 würfel“",
    Phase.ENDE: "„zug: ro ende vulkan“",
}


# ---------------------------------------------------------------------------------------------
# Moves


def format_move(move: Move) -> str:
    """The move's notation (it lives on the value: ``move.notation()``)."""
    if not isinstance(move, MOVE_TYPES):
        raise NotationError(f"Unbekannter Zug {move!r}.")
    return move.notation()


def _pair(text: str) -> tuple[str, str]:
    if text.count("-") != 1:
        raise NotationError(f"„{text}“ – Start und Ziel werden mit einem Strich getrennt, "
                            "z. B. „e4-f4“.")
    a, b = text.split("-")
    if not a or not b:
        raise NotationError(f"„{text}“ – vor und nach dem Strich muss ein Feld stehen.")
    return a, b


def parse_spot(text: str, state: State) -> Spot:
    require_text(text, "Ein Ort", 100)
    if not isinstance(state, State):
        raise NotationError("Ein Ort liest sich nur in einer Stellung.")
    t = text.strip().lower()
    if t.startswith("[") and t.endswith("]"):
        return Spot(Place.BOAT, _space(t[1:-1]))
    if t in {i.value for i in Island}:
        return Spot(Place.ISLAND, ISLAND_SPACE[Island(t)])
    s = _space(t)
    if CELLS[s] is Cell.ISLAND:
        return Spot(Place.ISLAND, s)
    if s in KIND_OF_CELL_BY_SPACE and s not in state.removed:
        return Spot(Place.LAND, s)
    return Spot(Place.SEA, s)


def parse_move(text: str, state: State) -> Move:
    """Read a move in the context of ``state`` (a square's label means land or sea there)."""
    if not isinstance(text, str):
        raise NotationError("Ein Zug ist ein Text wie „ro3 e4-f4“.")
    if not isinstance(state, State):
        raise NotationError("Ein Zug liest sich nur in einer Stellung.")
    words = text.strip().lower().split()
    if not words:
        raise NotationError("Der Zug ist leer; Beispiele: „ro3 e4-f4“, „boot d3-c3“, "
                            "„entferne f3“, „weiter“.")
    head, rest = words[0], words[1:]
    if head in ("weiter", "fertig", "passe") and not rest:
        return Pass()
    if head in ("abwehren",) and not rest:
        return React(True)
    if (head == "verzichten" and not rest) or (head == "nicht" and rest == ["abwehren"]):
        return React(False)
    if head == "entferne":
        return _parse_remove(text.strip().split(None, 1)[1] if rest else "")
    if head in ("würfel", "wuerfel", "würfle"):
        if len(rest) != 1:
            raise NotationError("So wird gewürfelt: „würfel hai“ (schlange, hai oder wal).")
        return Roll(parse_creature(rest[0]))
    if head in _CREATURE_WORDS:
        if len(rest) != 1:
            raise NotationError(f"So zieht eine Kreatur: „{head} h3-h5“.")
        a, b = _pair(rest[0])
        return CreatureMove(parse_creature(head), _space(a), _space(b))
    if head == "boot":
        if len(rest) != 1:
            raise NotationError("So fährt ein Boot: „boot d3-c3“.")
        a, b = _pair(rest[0])
        return BoatMove(_space(a.strip("[]")), _space(b.strip("[]")))
    if head == "spiele":
        return _parse_play(rest, state)
    if head.startswith("[") and len(words) == 1:
        a, b = _pair(head)
        return BoatMove(_space(a.strip("[]")), _space(b.strip("[]")))
    if len(words) != 2:
        raise NotationError(f"„{text.strip()}“ ist kein Zug; Beispiele: „ro3 e4-f4“, "
                            "„boot d3-c3“, „entferne f3“, „hai h3-h5“, „weiter“.")
    explorer = parse_explorer(head)
    a, b = _pair(rest[0])
    origin = parse_spot(a, state)
    return Step(_resolve_token(explorer, origin, state), origin, parse_spot(b, state))


def _resolve_token(explorer: Explorer, origin: Spot, state: State) -> Explorer:
    """Without ``*`` a token means the explorer there, marked or not (unmarked first)."""
    if explorer.swum:
        return explorer
    if origin.place is Place.BOAT:
        boat = state.boat_at(origin.space)
        there = boat.passengers if boat else ()
    else:
        source = state.sea if origin.place is Place.SEA else ()
        there = next((es for s, es in source if s == origin.space), ())
    marked = Explorer(explorer.colour, explorer.value, True)
    if explorer not in there and marked in there:
        return marked
    return explorer


def _parse_remove(text: str) -> Remove:
    match = re.fullmatch(r"\s*(\S+)(?:\s+([a-zäöü-]+))?\s*(?:\[([^\[\]]*)\])?\s*", text.lower())
    if match is None:
        raise NotationError("So wird entfernt: „entferne f3“, mit Rückseite „entferne f3 wal“ "
                            "oder „entferne f3 boot [ro2 bl1]“.")
    label, effect, boarders = match.groups()
    return Remove(_space(label), parse_effect(effect) if effect else None,
                  None if boarders is None else tuple(parse_explorer(w)
                                                      for w in _words(boarders)))


def _parse_play(rest: list[str], state: State) -> PlayTile:
    if not rest:
        raise NotationError("Welches Plättchen? Z. B. „spiele wind d3-b2“.")
    effect = parse_effect(rest[0])
    if effect is Effect.DELFIN:
        if len(rest) != 3:
            raise NotationError("So hilft der Delfin: „spiele delfin ro1 g3-g6“.")
        a, b = _pair(rest[2])
        origin = _space(a)
        token = _resolve_token(parse_explorer(rest[1]), Spot(Place.SEA, origin), state)
        return PlayTile(effect, origin, _space(b), token)
    if len(rest) != 2:
        raise NotationError(f"So wird es gespielt: „spiele {effect.value} d3-b2“.")
    a, b = _pair(rest[1])
    return PlayTile(effect, _space(a.strip("[]")), _space(b.strip("[]")))


# ---------------------------------------------------------------------------------------------
# Encounter situations


def format_encounter(creature: Creature, contents: SpaceContents) -> str:
    if not isinstance(creature, Creature) or not isinstance(contents, SpaceContents):
        raise NotationError("Aufschreiben lässt sich nur eine Kreatur mit dem Inhalt ihres "
                            "Meeresfeldes.")
    parts = []
    if contents.swimmers:
        parts.append("schwimmer " + ", ".join(_encounter_token(e) for e in contents.swimmers))
    if contents.boat is not None:
        parts.append("boot [" + ", ".join(_encounter_token(e) for e in contents.boat) + "]")
    if contents.creatures:
        parts.append("dort " + ", ".join(c.code for c in contents.creatures))
    return f"{creature.code}: " + ("; ".join(parts) if parts else "leer")


def _encounter_token(e: Explorer) -> str:
    return e.colour.word if e.value is None and not e.swum else e.code


def parse_encounter(text: str) -> tuple[Creature, SpaceContents]:
    if not isinstance(text, str) or ":" not in text:
        raise NotationError("Eine Begegnung sieht so aus: „hai: schwimmer rot, blau; "
                            "boot [gelb, gelb, rot]“.")
    head, body = text.split(":", 1)
    creature = parse_creature(head)
    swimmers: list[Explorer] = []
    boat: tuple[Explorer, ...] | None = None
    there: list[Creature] = []
    for part in _split_top(body, ";"):
        words = part.strip()
        if not words:
            continue
        key, _, rest = words.partition(" ")
        key = key.lower()
        if key == "leer" and not rest.strip():
            continue
        if key == "schwimmer":
            found = [parse_explorer(w) for w in _words(rest)]
            if not found:
                raise NotationError("Nach „schwimmer“ fehlen die Farben, z. B. „schwimmer rot“.")
            swimmers.extend(found)
        elif key.startswith("boot"):
            match = re.fullmatch(r"boot\s*\[([^\[\]]*)\]", words, flags=re.IGNORECASE)
            if match is None:
                raise NotationError(f"„{words}“ – ein Boot schreibt man „boot [rot, blau]“ oder "
                                    "leer „boot []“.")
            if boat is not None:
                raise NotationError("Auf einem Meeresfeld liegt höchstens ein Boot.")
            boat = tuple(parse_explorer(w) for w in _words(match.group(1)))
        elif key == "dort":
            found_creatures = [parse_creature(w) for w in _words(rest)]
            if not found_creatures:
                raise NotationError("Nach „dort“ fehlt die Kreatur, z. B. „dort hai“.")
            there.extend(found_creatures)
        else:
            raise NotationError(f"„{words}“ verstehe ich nicht; Teile sind „schwimmer …“, "
                                "„boot […]“, „dort hai“ oder „leer“.")
    return creature, SpaceContents(sort_explorers(swimmers),
                                   None if boat is None else sort_explorers(boat),
                                   tuple(sorted(there)))
