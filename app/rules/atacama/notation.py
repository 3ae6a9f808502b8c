"""Reading the one-line notation for positions, moves and single lines (grammar in the package
docstring); each value writes its own (``state.notation()``, ``board.notation()`` …), and the
``*_text`` functions here are kept as names for it.

Parsing never lets anything but :class:`NotationError` escape; a text that reads fine but
describes an impossible position (derricks sharing an edge, too many derricks of one player)
is a :class:`NotationError` too, with the rule in the message and the rule's reason code
(``edge_contact``, ``delivery_order`` …) in ``code``.
"""

from __future__ import annotations

from app.rules.atacama import geometry as geo
from app.rules.atacama.types import (
    BASE,
    EMPTY,
    PRACTICE_PREFIX,
    Board,
    Direction,
    Field,
    Line,
    Move,
    Place,
    PlayerRight,
    Resource,
    Right,
    State,
    TakeRight,
    Variant,
    practice_board,
)
from app.rules.errors import NotationError, RulesError, require_text

_PRACTICE_PREFIXES = ("übung:", "uebung:")
_MAX_TEXT = 2000
_RESOURCE_BY_LETTER = {r.value: r for r in Resource}
_RIGHT_BY_TEXT = {r.value: r for r in Right}
_DIRECTION_BY_LETTER = {d.value: d for d in Direction}
_KEY_ALIASES = {"plan": "plan", "türme": "türme", "tuerme": "türme", "rechte": "rechte"}


# -- fields and boards -------------------------------------------------------------------
def field_text(f: Field) -> str:
    return f.notation()


def parse_field(text: str) -> Field:
    require_text(text, "Ein Feld des Plans", 100)
    if len(text) != 2 or text[0] not in _RESOURCE_BY_LETTER or text[1] not in "12345":
        raise NotationError(
            f"„{text}“ ist kein Feld des Plans: erwartet wird k, s oder g (Kupfer, Silber, "
            "Gold) und ein Wert 1–5, z. B. „g4“."
        )
    return Field(_RESOURCE_BY_LETTER[text[0]], int(text[1]))


def board_text(board: Board) -> str:
    """``übung:N`` for a practice board, else nine rows of ``k3s1…`` joined by ``/``."""
    return board.notation()


def parse_board(text: str) -> Board:
    """``übung:N`` or nine rows of fields joined by ``/``.

    >>> parse_board("übung:3").label
    'Übungsplan – nicht der gedruckte Plan (Nr. 3)'
    """
    require_text(text, "Ein Plan", _MAX_TEXT)
    for prefix in _PRACTICE_PREFIXES:
        if text[: len(prefix)].lower() == prefix:
            number = text[len(prefix) :]
            if not number or len(number) > 9 or any(ch not in "0123456789" for ch in number):
                raise NotationError(
                    f"„{text}“: nach „{PRACTICE_PREFIX}“ folgt die Nummer des Übungsplans "
                    "(0 bis 999999999)."
                )
            return practice_board(int(number))
    rows = text.split("/")
    if len(rows) != geo.SIZE:
        raise NotationError(
            f"Der Plan hat {geo.SIZE} Reihen, getrennt durch „/“ – gefunden: {len(rows)}. "
            f"Oder kurz „{PRACTICE_PREFIX}N“ für einen Übungsplan."
        )
    fields: list[Field] = []
    for number, row in enumerate(rows, start=1):
        if row != row.lower():
            raise NotationError(
                f"Reihe {number} des Plans: im Plan stehen nur Rohstoffe in Kleinbuchstaben "
                "(k, s, g); Bohrtürme stehen unter „türme=“."
            )
        if len(row) != 2 * geo.SIZE:
            raise NotationError(
                f"Reihe {number} des Plans braucht {geo.SIZE} Felder wie „k3“ "
                f"({2 * geo.SIZE} Zeichen), hat aber {len(row)} Zeichen."
            )
        fields.extend(parse_field(row[i : i + 2]) for i in range(0, len(row), 2))
    return Board(tuple(fields))


# -- variant, derricks, rights -----------------------------------------------------------
def variant_text(variant: Variant) -> str:
    return variant.notation()


def parse_variant(text: str) -> Variant:
    require_text(text, "Eine Variante", 100)
    parts = text.lower().split("+")
    if parts[0] not in ("2p", "4p"):
        raise NotationError(
            f"„{text}“: eine Stellung beginnt mit der Personenzahl „2p“ oder „4p“, "
            "danach wahlweise „+taktik“ und „+aufbau“."
        )
    extras = parts[1:]
    for extra in extras:
        if extra not in ("taktik", "aufbau"):
            raise NotationError(
                f"„+{extra}“ kenne ich nicht: Varianten sind „+taktik“ und „+aufbau“."
            )
    if len(set(extras)) != len(extras):
        raise NotationError(f"„{text}“ nennt eine Variante doppelt.")
    try:
        return Variant(int(parts[0][0]), "taktik" in extras, "aufbau" in extras)
    except RulesError as err:
        raise NotationError(str(err), code=err.code) from None


def derricks_text(state: State) -> str:
    return state.derricks_notation()


def parse_derricks(text: str, variant: Variant) -> tuple[int, ...]:
    require_text(text, "Die Bohrtürme", _MAX_TEXT)
    if not isinstance(variant, Variant):
        raise NotationError("Die Bohrtürme lesen sich nur zu einer Spielvariante.")
    codes = [EMPTY] * geo.SQUARES
    if text == "-":
        return tuple(codes)
    for token in text.split(","):
        square_text, star, player_text = token.partition("*")
        if not square_text:
            raise NotationError(f"„{token}“: es fehlt das Feld, z. B. „e5“ oder „e5*1“.")
        square = geo.parse_square(square_text)
        if codes[square] != EMPTY:
            raise NotationError(f"{geo.square_name(square)} steht doppelt unter „türme=“.")
        if not star:
            codes[square] = BASE
            continue
        if not variant.tactical:
            raise NotationError(
                f"„{token}“: Bohrtürme der zweiten Farbe („*“) gibt es nur in der Taktikvariante.",
                code="no_second_colour",
            )
        if len(player_text) != 1 or not "1" <= player_text <= str(variant.players):
            raise NotationError(
                f"„{token}“: nach „*“ folgt, wer den Turm der zweiten Farbe gesetzt hat "
                f"(1 bis {variant.players})."
            )
        codes[square] = 1 + int(player_text)
    return tuple(codes)


def rights_text(state: State) -> str:
    return state.rights_notation()


def parse_player_right(text: str) -> PlayerRight:
    require_text(text, "Ein Schürfrecht", 100)
    right_text, slash, direction_text = text.lower().partition("/")
    if right_text not in _RIGHT_BY_TEXT or not slash or direction_text not in _DIRECTION_BY_LETTER:
        raise NotationError(
            f"„{text}“ ist kein Schürfrecht: erwartet „kg-s“ (Kupfer + Gold − Silber) oder "
            "„sg-k“ (Silber + Gold − Kupfer), dann „/r“ für Reihen oder „/s“ für Spalten."
        )
    return PlayerRight(_RIGHT_BY_TEXT[right_text], _DIRECTION_BY_LETTER[direction_text])


def parse_rights(text: str, variant: Variant) -> tuple[tuple[PlayerRight | None, ...], int | None]:
    require_text(text, "Die Schürfrechte", _MAX_TEXT)
    if not isinstance(variant, Variant):
        raise NotationError("Die Schürfrechte lesen sich nur zu einer Spielvariante.")
    if text.lower() == "offen":
        return (None,) * variant.players, None
    tokens = text.split(",")
    if len(tokens) != variant.players:
        raise NotationError(
            f"Unter „rechte=“ steht je Person ein Schürfrecht ({variant.players}), "
            f"gefunden: {len(tokens)}.",
            code="rights_count",
        )
    rights: list[PlayerRight | None] = []
    taker = None
    for player, token in enumerate(tokens):
        if token.endswith("!"):
            if taker is not None:
                raise NotationError(
                    "Nur eine Person kann ein Schürfrecht bezahlt haben („!“).", code="one_taker"
                )
            taker = player
            token = token[:-1]
        rights.append(parse_player_right(token))
    return tuple(rights), taker


# -- whole positions ---------------------------------------------------------------------
def position_text(state: State) -> str:
    """The canonical one-line form; :func:`parse_position` reads it back to an equal state."""
    return state.notation()


def parse_position(text: str) -> State:
    if not isinstance(text, str):
        raise NotationError("Eine Stellung ist ein Text.")
    if len(text) > _MAX_TEXT:
        raise NotationError(f"Eine Stellung hat höchstens {_MAX_TEXT} Zeichen.")
    tokens = text.split()
    if not tokens:
        raise NotationError("Die Stellung ist leer.")
    variant = parse_variant(tokens[0])
    sections: dict[str, str] = {}
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        canonical = _KEY_ALIASES.get(key.lower())
        if not eq or canonical is None:
            raise NotationError(
                f"„{token}“: nach der Variante folgen „plan=…“, „türme=…“ und „rechte=…“."
            )
        if canonical in sections:
            raise NotationError(f"„{canonical}=“ steht doppelt in der Stellung.")
        if not value:
            raise NotationError(f"Nach „{canonical}=“ fehlt der Inhalt.")
        sections[canonical] = value
    if "plan" not in sections:
        raise NotationError("Es fehlt der Plan: „plan=übung:N“ oder die neun Reihen.")
    board = parse_board(sections["plan"])
    derricks = parse_derricks(sections.get("türme", "-"), variant)
    default_rights = "offen" if variant.buildup else None
    rights_part = sections.get("rechte", default_rights)
    if rights_part is None:
        raise NotationError("Es fehlen die Schürfrechte: „rechte=…“, je Person eines.")
    rights, taker = parse_rights(rights_part, variant)
    try:
        return State(variant, board, rights, derricks, taker)
    except NotationError:
        raise
    except RulesError as err:
        raise NotationError(str(err), code=err.code) from None


# -- moves ------------------------------------------------------------------------------
def move_text(move: Move) -> str:
    return move.notation()


def parse_move(text: str) -> Move:
    """``e5`` (base colour), ``e5*`` (second colour), ``recht kg-s/r`` (Aufbauspiel)."""
    if not isinstance(text, str) or len(text) > 100:
        raise NotationError("Ein Zug ist ein kurzer Text wie „e5“, „e5*“ oder „recht kg-s/r“.")
    words = text.split()
    if len(words) == 2 and words[0].lower() in ("recht", "nimm"):
        pr = parse_player_right(words[1])
        return TakeRight(pr.right, pr.direction)
    if len(words) == 1:
        word = words[0]
        second = word.endswith("*")
        return Place(geo.parse_square(word[:-1] if second else word), second)
    raise NotationError(
        f"„{text}“ ist kein Zug: erwartet „e5“, „e5*“ (zweite Farbe) oder „recht kg-s/r“."
    )


# -- a single line, for short worked examples --------------------------------------------
def line_text(line: Line) -> str:
    return line.notation()


def parse_line(text: str) -> Line:
    """``linie k3 G5 s2 K4 g1 S2* k3 g4 s1``: nine fields; an upper-case letter marks a
    derrick on that field, a trailing ``*`` a derrick of the second colour."""
    if not isinstance(text, str) or len(text) > 200:
        raise NotationError("Eine Linie ist ein kurzer Text wie „linie k3 G5 s2 …“.")
    words = text.split()
    if not words or words[0].lower() != "linie":
        raise NotationError("Eine einzelne Linie beginnt mit „linie“.")
    cells = words[1:]
    if len(cells) != geo.SIZE:
        raise NotationError(
            f"Eine Linie hat {geo.SIZE} Felder, gefunden: {len(cells)}. "
            "Beispiel: „linie k3 G5 s2 K4 g1 S2 k3 G4 s1“."
        )
    fields = []
    codes = []
    for cell in cells:
        second = cell.endswith("*")
        body = cell[:-1] if second else cell
        has_derrick = body[:1].isupper()
        if second and not has_derrick:
            raise NotationError(
                f"„{cell}“: „*“ (zweite Farbe) steht nur an einem Feld mit Bohrturm "
                "(Großbuchstabe)."
            )
        fields.append(parse_field(body.lower() if has_derrick and body.isupper() else body))
        codes.append(2 if second else 1 if has_derrick else 0)
    for i in range(geo.SIZE - 1):
        if codes[i] and codes[i + 1]:
            raise NotationError(
                f"Die Bohrtürme auf Feld {i + 1} und {i + 2} der Linie teilen eine Kante – "
                "so eine Linie kann es nicht geben.",
                code="edge_contact",
            )
    return Line(tuple(fields), tuple(codes))
