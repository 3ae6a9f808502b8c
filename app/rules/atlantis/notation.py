r"""One-line text notation for Atlantis positions and moves.

Positions
=========
Sections separated by ``|``: the path first, then one section per player, then settings::

    [aab] R3/K5 H2c ~ =a S4b F6a [bcc] | a: RRSH S3 K5 = | b: KK R6 | c: - | zug:b
    phase:spiel stapel:HRS ablage:96 schachtel:76

(written on one line). The path runs from Atlantis (left) to the mainland (right); its
positions are numbered 1, 2, … (Atlantis is 0).

``[aab]``
    pawns on Atlantis (first bracket) or on the mainland (last bracket), one player letter
    (a b c d) per pawn.
``R3``
    a tile: item letter and value 1–7. Items: R Ring (blau), S Statue (weiß), K Krone (gelb),
    H Helm (grau), A Amphore (braun), O Olivenzweig (grün), F Fahne (rosa).
``R3/K5``
    a stack, written like a fraction: the upper (visible) tile first.
``H2c``
    a player letter after a tile or stack: that player's pawn stands there.
``~``
    water; ``=a`` water with player a's bridge on it. Neighbouring water forms one gap.

A player section ``a: RRSH K5 S3 = -2`` holds, in any order: the hand as item letters
(``RRSH``; ``-`` for no cards), the tiles held (``K5 S3``, or ``K5S3``), ``=`` if the bridge is
already placed, ``-2`` for 2 unpaid points from the final moves.

Settings (space separated): ``zug:b`` whose turn, ``phase:spiel|schluss|ende`` (playing, the
others' final moves, over), ``stapel:HRS`` the draw pile top card first (``stapel:-`` empty),
``ablage:12`` cards played or paid, ``schachtel:3`` tiles bought away or paid, ``begonnen`` if
the player to move has already bought cards or placed the bridge this turn.

``format_state`` writes the full form: both brackets, every player and every setting, so that
``parse_state(format_state(s)) == s`` and the text comes back unchanged; ``repr`` shows it.

Short form for hand-written examples: leave out what you do not need; what you leave out is
filled in so that a game can reach the position (see :mod:`.invariants`).
  * The path you write is the whole path (write only the stretch that matters).
  * Pawns you do not place stand on Atlantis (with ``phase:ende`` on the mainland).
  * Players: as many as the highest letter used, at least 2. A player whose section you leave
    out holds the start hand (4, 5, 6, 7 cards by seat), dealt from the end of the cards nobody
    holds in the order R S K H A O F R S … A player you write whose pawns all stand on Atlantis
    has not played yet and needs at least the start hand: ``a: HRSK``, not ``a: H`` (or put one
    of her pawns on the way or on the mainland).
  * ``zug:a``, ``phase:spiel``. Without ``stapel`` the pile is the rest of the 105 cards (15 per
    item minus the hands) in the order R S K H A O F R S …, less ``ablage`` cards from its end;
    with ``stapel`` but without ``ablage`` the cards played or paid are the rest of the 105.
    Without ``schachtel`` the box holds the tiles that are neither on the path nor held (84 in
    all), so a short path is a path most of whose tiles are gone.
  * ``aufbau 3`` (or ``aufbau 3 7`` with a seed) is the standard set-up for 3 players with the
    practice tile set.

Examples (a to move with her four start cards, her pawns on Atlantis, b's pawn on H2; then a
gap of two water positions between R3 and K5):

>>> format_path(parse_state("H2b S3 H4 | a: HRFF"))
'[aaabb] H2b S3 H4 []'
>>> from app.rules.atlantis.moves import gaps
>>> state = parse_state("[aa] R3 ~ ~ K5b O2 [abb] | a: R K4")
>>> [(gap.first, gap.last, gap.cost) for gap in gaps(state)]
[(2, 3, 3)]

Moves
=====
Parts of one turn, separated by ``;``::

    kaufen K5        buy cards with the tile K5 (only as the first part)
    brücke 7         place your bridge on the gap containing water position 7 (also: bruecke)
    3:HR             move the pawn on position 3 (0 = Atlantis) playing Helm, then Ring
    zahlen K5 RR     pay the gaps with K5 and two Ring cards (``zahlen -``: nothing)
    kein Zug         no pawn can move: show the hand, draw 2
    schluss 3        after the end: walk the pawn on position 3 to the mainland

``brücke`` after a pawn move is the bridge placed after taking the tile (R3); ``zahlen`` belongs
to the pawn move (or ``schluss``) before it. Without ``zahlen`` the engine's best payment is
used. A single part parses to that move, several to a :class:`~app.rules.atlantis.moves.Turn`;
a whole turn:

>>> turn = parse_move("kaufen K5; brücke 7; 0:HR; zahlen S3 RR")
>>> type(turn).__name__, len(turn.parts), format_move(turn)
('Turn', 3, 'kaufen K5; brücke 7; 0:HR; zahlen S3 RR')
"""

from __future__ import annotations

import re
import string
from functools import lru_cache

from app.rules.atlantis.invariants import check_state
from app.rules.atlantis.moves import (
    Advance,
    Buy,
    Finish,
    Move,
    NoMove,
    Part,
    PlaceBridge,
    Turn,
)
from app.rules.atlantis.setup import PATH_TILES, TOTAL_CARDS, standard_setup, start_hand_sizes
from app.rules.atlantis.types import (
    ATLANTIS,
    CARDS_PER_ITEM,
    ITEM_LETTERS,
    ITEMS,
    MAINLAND,
    PAWNS_PER_PLAYER,
    PLAYER_LETTERS,
    WATER,
    Item,
    Payment,
    Phase,
    PlayerState,
    Position,
    State,
    Tile,
    sorted_cards,
    sorted_tiles,
)
from app.rules.errors import NotationError, RulesError

_ITEM_HELP = "erlaubt: " + " ".join(ITEM_LETTERS)
_BRACKET_OR_TOKEN = re.compile(r"\[[^\]]*\]?|[^\s\[]+")
_PLAYER_SECTION = re.compile(r"^\s*([a-z])\s*:(.*)$", re.S)
_NUMBER = re.compile(r"^[0-9]{1,4}$")


# --- pieces ---------------------------------------------------------------------------------------


def _item(letter: str, where: str) -> Item:
    if letter in ITEM_LETTERS:
        return Item.from_letter(letter)
    hint = " (Gegenstände groß schreiben)" if letter.upper() in ITEM_LETTERS else ""
    raise NotationError(f"{where}: unbekannter Gegenstand „{letter}“{hint} – {_ITEM_HELP}.")


def _tile(letter: str, digits: str, where: str) -> Tile:
    item = _item(letter, where)
    value = int(digits)
    if not 1 <= value <= 7:
        raise NotationError(f"{where}: Wert {digits} – Plättchen haben Werte von 1 bis 7.",
                            code="tile_value")
    return Tile(item, value)


def _scan(text: str, where: str) -> tuple[list[Tile], list[Item]]:
    """Tiles (letter + value) and cards (letters) in ``text``; spaces and commas ignored."""
    tiles: list[Tile] = []
    cards: list[Item] = []
    compact = re.sub(r"[\s,]+", "", text)
    for match in re.finditer(r"(.)([0-9]*)", compact):
        letter, digits = match.groups()
        if not letter.isalpha():
            raise NotationError(f"{where}: „{letter}“ ist weder Gegenstand noch Plättchen.")
        if digits:
            if len(digits) > 2:
                raise NotationError(f"{where}: Wert {digits} – Plättchen haben Werte von 1 bis 7.")
            tiles.append(_tile(letter, digits, where))
        else:
            cards.append(_item(letter, where))
    return tiles, cards


def _player(letter: str, where: str) -> int:
    index = PLAYER_LETTERS.find(letter) if len(letter) == 1 else -1
    if index < 0:
        raise NotationError(
            f"{where}: „{letter}“ ist kein Spieler – Spieler heißen a, b, c, d (2 bis 4)."
        )
    return index


def parse_tile(text: str) -> Tile:
    """``"K5"`` → Krone with value 5."""
    if not isinstance(text, str):
        raise NotationError("Ein Plättchen wird als Text wie „K5“ geschrieben.")
    tiles, cards = _scan(text, f"Plättchen „{text}“")
    if len(tiles) != 1 or cards:
        raise NotationError(f"Plättchen „{text}“: genau ein Gegenstand mit Wert, z. B. „K5“.")
    return tiles[0]


def parse_payment(text: str, where: str = "zahlen") -> Payment:
    """``"K5 RR"`` → the tile K5 and two Ring cards; ``"-"`` → nothing."""
    if not isinstance(text, str):
        raise NotationError(f"{where}: eine Zahlung wird als Text wie „K5 RR“ geschrieben.")
    if text.strip() == "-":
        return Payment()
    if not text.strip():
        raise NotationError(f"{where}: womit zahlst du? z. B. „zahlen K5 RR“ oder „zahlen -“.")
    tiles, cards = _scan(text, where)
    return Payment(sorted_tiles(tiles), sorted_cards(cards))


# --- positions ------------------------------------------------------------------------------------


# A path repeats the same few dozen tokens in every position parsed; positions are immutable,
# so a token read once is read again from here (errors are not kept: they name the field).
_READ_TOKENS: dict[str, tuple[Position, int | None]] = {}


def _position(token: str, number: int) -> tuple[Position, int | None]:
    known = _READ_TOKENS.get(token)
    if known is None:
        known = _read_position(token, number)
        if len(_READ_TOKENS) < 4096:
            _READ_TOKENS[token] = known
    return known


def _read_position(token: str, number: int) -> tuple[Position, int | None]:
    where = f"Weg, Feld {number} „{token}“"
    if token == "~":
        return WATER, None
    if token.startswith("="):
        return Position((), _player(token[1:], where)), None
    if token.startswith("~"):
        raise NotationError(
            f"{where}: auf Wasser steht keine Figur; eine Brücke schreibt man „=a“.",
            code="pawn_places",
        )
    body = token.rstrip(string.ascii_lowercase)
    pawns = token[len(body):]
    pawn = None
    if pawns and body:
        if len(pawns) > 1:
            raise NotationError(f"{where}: höchstens eine Figur pro Plättchen (S. 3).",
                                code="pawn_places")
        pawn = _player(pawns, where)
    parts = body.split("/")
    if len(parts) > 2:
        raise NotationError(f"{where}: höchstens 2 Plättchen liegen übereinander (S. 2).",
                            code="stacks")
    tiles = []
    for part in parts:
        match = re.fullmatch(r"(.)([0-9]{1,2})", part)
        if not match:
            raise NotationError(
                f"{where}: erwartet ein Plättchen wie „R3“, einen Stapel wie „R3/K5“ (oberes "
                "zuerst), „~“ für Wasser oder „=a“ für eine Brücke."
            )
        tiles.append(_tile(*match.groups(), where))
    return Position(tuple(reversed(tiles))), pawn


def _parse_path(text: str) -> tuple[list[Position], list[list[int]]]:
    """Positions, and pawn locations per player (index of the letter)."""
    tokens = _BRACKET_OR_TOKEN.findall(text)
    pawns: list[list[int]] = [[] for _ in PLAYER_LETTERS]
    positions: list[Position] = []
    brackets = 0
    for k, token in enumerate(tokens):
        if token.startswith("["):
            if not token.endswith("]"):
                raise NotationError(f"Weg: die Klammer „{token}“ wird nicht geschlossen.")
            at_start = not positions and brackets == 0
            at_end = k == len(tokens) - 1
            if not (at_start or at_end):
                raise NotationError(
                    f"Weg: „{token}“ – Figuren in Klammern stehen nur ganz links (Atlantis) oder "
                    "ganz rechts (Festland)."
                )
            brackets += 1
            place = ATLANTIS if at_start else MAINLAND
            for letter in re.sub(r"[\s,]+", "", token[1:-1]):
                pawns[_player(letter, f"Weg, Klammer {token}")].append(place)
            continue
        if brackets == 2:
            raise NotationError(f"Weg: „{token}“ steht hinter dem Festland.")
        position, pawn = _position(token, len(positions) + 1)
        positions.append(position)
        if pawn is not None:
            pawns[pawn].append(len(positions))
    if positions and positions[0].is_water:
        raise NotationError("Weg: Feld 1 ist Wasser – neben Atlantis gibt es keine Lücke (S. 5).",
                            code="edge_water")
    if positions and positions[-1].is_water:
        raise NotationError(
            f"Weg: Feld {len(positions)} ist Wasser – neben dem Festland gibt es keine Lücke "
            "(S. 5).",
            code="edge_water",
        )
    return positions, pawns


def _parse_player(letter: str, body: str) -> dict:
    where = f"Spieler {letter}"
    found: dict = {"hand": [], "tiles": [], "bridge": False, "debt": 0}
    for token in body.split():
        if token == "-":
            continue
        if token == "=":
            found["bridge"] = True
        elif re.fullmatch(r"-[0-9]{1,4}", token):
            found["debt"] += int(token[1:])
        else:
            tiles, cards = _scan(token, f"{where}, „{token}“")
            found["tiles"].extend(tiles)
            found["hand"].extend(cards)
    return found


def _parse_settings(body: str) -> dict:
    found: dict = {}
    for token in body.split():
        key, _, value = token.partition(":")
        key = key.lower()
        where = f"Angabe „{token}“"
        if key in found:
            raise NotationError(f"{where}: „{key}“ steht doppelt da.")
        if key == "begonnen":
            if value:
                raise NotationError(f"{where}: „begonnen“ steht allein, ohne Wert.")
            found[key] = True
        elif key == "zug":
            found[key] = _player(value, where)
        elif key == "phase":
            phases = {phase.value: phase for phase in Phase}
            if value.lower() not in phases:
                raise NotationError(f"{where}: die Phase heißt spiel, schluss oder ende.")
            found[key] = phases[value.lower()]
        elif key == "stapel":
            if value == "-":
                found[key] = ()
            else:
                tiles, cards = _scan(value, where)
                if tiles or not cards:
                    raise NotationError(f"{where}: der Stapel besteht aus Gegenstandsbuchstaben "
                                        "wie „RSK“ („-“ für leer).")
                found[key] = tuple(cards)
        elif key in ("ablage", "schachtel"):
            if not _NUMBER.fullmatch(value):
                raise NotationError(f"{where}: erwartet eine Zahl, z. B. „{key}:0“.")
            found[key] = int(value)
        else:
            raise NotationError(
                f"{where}: unbekannte Angabe – möglich sind zug:, phase:, stapel:, ablage:, "
                "schachtel: und begonnen; Spieler schreibt man „a: …“."
            )
    return found


def default_pile(players: tuple[PlayerState, ...]) -> tuple[Item, ...]:
    """The rest of the 105 cards in the fixed order R S K H A O F R S … (short form)."""
    return _in_order([max(0, CARDS_PER_ITEM - sum(p.hand[i] for p in players))
                      for i in range(len(ITEMS))])


def _in_order(left: list[int]) -> tuple[Item, ...]:
    """Cards counted per item, laid out in the fixed order R S K H A O F R S …"""
    left = list(left)
    cards: list[Item] = []
    while any(left):
        for index, item in enumerate(ITEMS):
            if left[index]:
                left[index] -= 1
                cards.append(item)
    return tuple(cards)


def _start_hands(raw_players: dict[int, dict], count: int, pile: tuple[Item, ...] | None
                 ) -> dict[int, list[Item]]:
    """The start hand of every player the short form leaves out (4, 5, 6, 7 cards by seat).

    They are dealt from the end of the cards nobody holds, in the fixed order, so the top of
    the default pile – the cards a worked example draws – stays the same.
    """
    left = [CARDS_PER_ITEM] * len(ITEMS)
    for raw in raw_players.values():
        for card in raw["hand"]:
            left[card.index] -= 1
    for card in pile or ():
        left[card.index] -= 1
    spare = list(_in_order([max(0, n) for n in left]))
    hands: dict[int, list[Item]] = {}
    for index, size in enumerate(start_hand_sizes(count)):
        if index not in raw_players:
            hands[index] = spare[len(spare) - size:] if size <= len(spare) else spare[:]
            del spare[len(spare) - len(hands[index]):]
    return hands


def parse_state(text: str) -> State:
    """Read a position in the full or the short form (see the module docstring)."""
    if not isinstance(text, str):
        raise NotationError("Eine Stellung wird als Text geschrieben.")
    return _parse_state(text)


# A state is immutable, so a text read a moment ago (a drawing and its situation, a page and
# its worked example) is the same state again; failures are not kept (lru_cache re-raises).
@lru_cache(maxsize=512)
def _parse_state(text: str) -> State:
    setup = re.fullmatch(r"\s*aufbau\s+(\S+)(?:\s+(\S+))?\s*", text, re.I)
    if setup:
        return _parse_setup(*setup.groups())
    sections = text.split("|")
    positions, pawns = _parse_path(sections[0])
    raw_players: dict[int, dict] = {}
    settings: dict = {}
    for section in sections[1:]:
        match = _PLAYER_SECTION.match(section)
        if match:
            letter = match.group(1)
            index = _player(letter, f"Abschnitt „{section.strip()}“")
            if index in raw_players:
                raise NotationError(f"Spieler {letter} steht doppelt da.")
            raw_players[index] = _parse_player(letter, match.group(2))
        elif section.strip():
            for key, value in _parse_settings(section).items():
                if key in settings:
                    raise NotationError(f"Angabe „{key}“ steht doppelt da.")
                settings[key] = value
        else:
            raise NotationError("Ein Abschnitt zwischen „|“ ist leer.")
    used = [i for i, locs in enumerate(pawns) if locs]
    used += list(raw_players) + [pos.bridge for pos in positions if pos.bridge is not None]
    used.append(settings.get("zug", 0))
    count = max(2, max(used) + 1)
    phase = settings.get("phase", Phase.PLAYING)
    return _build(positions, pawns, raw_players, settings, count, phase)


def _parse_setup(players: str, seed: str | None) -> State:
    if not _NUMBER.fullmatch(players) or (seed is not None and not _NUMBER.fullmatch(seed)):
        raise NotationError("„aufbau“: erwartet die Spielerzahl und optional einen Startwert, "
                            "z. B. „aufbau 3“ oder „aufbau 3 7“.")
    try:
        return standard_setup(int(players), int(seed or 0))
    except RulesError as error:
        raise NotationError(f"„aufbau {players}“: {error}", code=error.code) from None


def _build(positions: list[Position], pawns: list[list[int]], raw_players: dict[int, dict],
           settings: dict, count: int, phase: Phase) -> State:
    bridges: dict[int, int] = {}
    for number, pos in enumerate(positions, 1):
        if pos.bridge is not None:
            if pos.bridge in bridges:
                raise NotationError(
                    f"Weg: Spieler {PLAYER_LETTERS[pos.bridge]} hat nur eine Brücke, sie liegt "
                    f"aber auf Feld {bridges[pos.bridge]} und Feld {number} (S. 4).",
                    code="bridges",
                )
            bridges[pos.bridge] = number
    default_place = MAINLAND if phase is Phase.OVER else ATLANTIS
    start_hands = _start_hands(raw_players, count, settings.get("stapel"))
    players = []
    for index in range(count):
        letter = PLAYER_LETTERS[index]
        locations = pawns[index]
        if len(locations) > PAWNS_PER_PLAYER:
            raise NotationError(
                f"Weg: Spieler {letter} hat {len(locations)} Figuren – jeder hat 3 (S. 2).",
                code="pawns",
            )
        locations = locations + [default_place] * (PAWNS_PER_PLAYER - len(locations))
        raw = raw_players.get(index) or {"hand": start_hands[index], "tiles": [],
                                         "bridge": False, "debt": 0}
        hand = [0] * len(ITEMS)
        for card in raw["hand"]:
            hand[card.index] += 1
        players.append(PlayerState(
            hand=tuple(hand),
            tiles=sorted_tiles(raw["tiles"]),
            pawns=tuple(sorted(locations)),
            bridge_placed=raw["bridge"] or index in bridges,
            debt=raw["debt"],
        ))
    players_t = tuple(players)
    turn = settings.get("zug", 0)
    _check_phase(players_t, phase, turn, settings.get("begonnen", False))
    hands = sum(p.card_count for p in players_t)
    if "stapel" in settings:
        pile = settings["stapel"]
        discard = settings.get("ablage", max(0, TOTAL_CARDS - hands - len(pile)))
    else:
        # The cards played or paid leave from the end, so the top of the pile stays the same.
        discard = settings.get("ablage", 0)
        pile = default_pile(players_t)
        pile = pile[:max(0, len(pile) - discard)]
    on_path = sum(len(pos.tiles) for pos in positions) + sum(len(p.tiles) for p in players_t)
    box = settings.get("schachtel", max(0, PATH_TILES - on_path))
    state = State(tuple(positions), players_t, turn, phase, pile, discard, box,
                  settings.get("begonnen", False))
    return check_state(state)


def _check_phase(players: tuple[PlayerState, ...], phase: Phase, turn: int, started: bool) -> None:
    letter = PLAYER_LETTERS[turn]
    if phase is Phase.PLAYING:
        for index, player in enumerate(players):
            if player.pawns_home == PAWNS_PER_PLAYER:
                raise NotationError(
                    f"phase:spiel, aber Spieler {PLAYER_LETTERS[index]} hat alle 3 Figuren auf dem "
                    "Festland – dann ist das Spiel beendet (phase:schluss oder phase:ende, S. 5).",
                    code="phase",
                )
        return
    if started:
        raise NotationError("„begonnen“ gibt es nur während des Spiels (phase:spiel).",
                            code="started")
    if phase is Phase.FINAL and players[turn].pawns_home == PAWNS_PER_PLAYER:
        raise NotationError(
            f"phase:schluss, zug:{letter}: Spieler {letter} hat keine Figur mehr unterwegs.",
            code="phase",
        )
    if phase is Phase.OVER and any(p.pawns_home < PAWNS_PER_PLAYER for p in players):
        raise NotationError("phase:ende: dann stehen alle Figuren auf dem Festland.",
                            code="phase")


def format_state(state: State) -> str:
    """The full one-line notation of ``state`` (:meth:`State.notation`)."""
    return state.notation()


def format_path(state: State) -> str:
    """Only the path section of the full form (with both brackets)."""
    return state.path_notation()


# --- moves ----------------------------------------------------------------------------------------


def format_move(move: Move) -> str:
    """The text of a move or a whole turn (see the module docstring); ``str(move)``."""
    return str(move)


def parse_move(text: str) -> Move:
    """Read a move or a whole turn; a single part gives that part, several a ``Turn``."""
    if not isinstance(text, str):
        raise NotationError("Ein Zug wird als Text geschrieben, z. B. „0:HR“.")
    parts: list[Part] = []
    for raw in text.split(";"):
        part = raw.strip()
        where = f"Zug „{part}“"
        keyword, _, rest = re.sub(r"\s+", " ", part).partition(" ")
        keyword = keyword.lower()
        last = parts[-1] if parts else None
        if not part:
            raise NotationError("Zug: ein Teil zwischen „;“ ist leer.")
        if keyword == "zahlen":
            if not isinstance(last, Advance | Finish) or last.payment is not None:
                raise NotationError(f"{where}: „zahlen“ gehört direkt hinter einen Figurenzug "
                                    "(z. B. „0:HR; zahlen K5“) oder „schluss …“.")
            parts[-1] = _with_payment(last, parse_payment(rest, where))
        elif keyword in ("brücke", "bruecke"):
            position = _number(rest, where, "die Nummer eines Wasserfelds, z. B. „brücke 7“")
            if isinstance(last, Advance) and last.bridge_after is None and last.payment is None:
                parts[-1] = Advance(last.origin, last.cards, position)
            else:
                parts.append(PlaceBridge(position))
        elif keyword == "kaufen":
            parts.append(Buy(_one_tile(rest, where)))
        elif keyword == "schluss":
            parts.append(Finish(_number(rest, where, "das Feld der Figur, z. B. „schluss 3“")))
        elif re.fullmatch(r"kein\s+zug", part, re.I):
            parts.append(NoMove())
        elif ":" in part:
            origin, _, cards = part.partition(":")
            number = _number(origin.strip(), where, "das Feld der Figur vor dem „:“ (0 = Atlantis)")
            tiles, items = _scan(cards, where)
            if tiles or not items:
                raise NotationError(f"{where}: hinter „:“ stehen die gespielten Karten als "
                                    "Buchstaben, z. B. „0:HR“.")
            parts.append(Advance(number, tuple(items)))
        else:
            raise NotationError(
                f"{where}: unbekannt – möglich sind „kaufen K5“, „brücke 7“, „3:HR“, "
                "„zahlen K5 RR“, „kein Zug“ und „schluss 3“."
            )
    return parts[0] if len(parts) == 1 else Turn(tuple(parts))


def _number(text: str, where: str, expected: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise NotationError(f"{where}: erwartet {expected}.")
    return int(text)


def _one_tile(text: str, where: str) -> Tile:
    tiles, cards = _scan(text, where)
    if len(tiles) != 1 or cards:
        raise NotationError(f"{where}: erwartet genau ein Plättchen, z. B. „kaufen K5“.")
    return tiles[0]


def _with_payment(move: Advance | Finish, payment: Payment) -> Advance | Finish:
    if isinstance(move, Advance):
        return Advance(move.origin, move.cards, move.bridge_after, payment)
    return Finish(move.origin, payment)
