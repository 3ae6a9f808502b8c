"""The boards for screen readers: each board is a list whose items are its fields.

A drawn board is one opaque widget to Qt. Boards that answer ``accessible_fields()`` get an
accessible interface (installed with ``QAccessible.installFactory``) whose children are the
fields, each with a German name that says what lies there and whether it is an allowed target,
a role, a state (focused, selected) and its rectangle on screen. When the keyboard cursor moves,
``announce_cursor`` sends a focus event for the field it reached, which is what a screen reader
speaks. Drawings that are only pictures (the small Atlantis strips) become one named image.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QGraphicsView, QWidget
from shiboken6 import isValid as shiboken_valid


@dataclass(frozen=True)
class BoardField:
    """One field as a screen reader hears it; ``rect`` is in the board widget's coordinates."""

    name: str
    rect: QRect
    description: str = ""
    cursor: bool = False  # the keyboard cursor is here
    selected: bool = False  # e.g. the pawn chosen to move
    target: bool = False  # choosing it now would do something the rules allow


ALLOWED = "erlaubt"


def field_name(text: str, target: bool | None, target_word: str = "erlaubtes Ziel") -> str:
    """``text`` plus, where the board shows targets, the target in words (not only as tint)."""
    if target is None:
        return text
    return f"{text} – {target_word}" if target else text


class _FieldInterface(QAccessibleInterface):
    """One field; asks its board for fresh data on every question, so it never goes stale."""

    def __init__(self, board: _BoardInterface, index: int):
        super().__init__()
        self.board = board
        self.index = index

    def _field(self) -> BoardField | None:
        try:
            fields = self.board.fields()
        except RuntimeError:  # the board is gone; an assistive tool may still hold the field
            return None
        return fields[self.index] if self.index < len(fields) else None

    def isValid(self) -> bool:
        return self._field() is not None

    def object(self):
        return None

    def window(self):
        return self.board.window()

    def relations(self, match=QAccessible.RelationFlag.AllRelations):
        return []

    def focusChild(self):
        return None

    def childAt(self, x: int, y: int):
        return None

    def parent(self):
        return self.board

    def child(self, index: int):
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child) -> int:
        return -1

    def text(self, kind) -> str:
        field = self._field()
        if field is None:
            return ""
        if kind == QAccessible.Text.Name:
            return field.name
        if kind == QAccessible.Text.Description:
            return field.description
        return ""

    def setText(self, kind, text: str) -> None:
        pass

    def rect(self) -> QRect:
        field = self._field()
        widget = self.board.widget()
        if field is None or widget is None:
            return QRect()
        return QRect(widget.mapToGlobal(field.rect.topLeft()), field.rect.size())

    def role(self):
        return QAccessible.Role.ListItem

    def state(self):
        state = QAccessible.State()
        field = self._field()
        if field is None:
            state.invalid = True
            return state
        widget = self.board.widget()
        state.focusable = True
        state.selectable = True
        state.focused = bool(field.cursor and widget is not None and widget.hasFocus())
        state.selected = field.selected
        return state


class _BoardInterface(QAccessibleWidget):
    """A board widget as a list of fields (the widget's own name and description stay)."""

    def __init__(self, widget: QWidget):
        super().__init__(widget, QAccessible.Role.List)
        self._children: list[_FieldInterface] = []

    def fields(self) -> list[BoardField]:
        widget = self.widget()
        return list(widget.accessible_fields()) if widget is not None and \
            shiboken_valid(widget) else []

    def _child(self, index: int) -> _FieldInterface:
        while len(self._children) <= index:
            self._children.append(_FieldInterface(self, len(self._children)))
        return self._children[index]

    def childCount(self) -> int:
        return len(self.fields())

    def child(self, index: int):
        return self._child(index) if 0 <= index < self.childCount() else None

    def indexOfChild(self, child) -> int:
        for index, known in enumerate(self._children):
            if known is child:
                return index
        return -1

    def focusChild(self):
        widget = self.widget()
        if widget is None or not widget.hasFocus():
            return None
        index = cursor_index(self.fields())
        return self._child(index) if index is not None else None

    def childAt(self, x: int, y: int):
        widget = self.widget()
        if widget is None:
            return None
        local = widget.mapFromGlobal(QPoint(x, y))
        # Fields of a hex map overlap at their corners: the one whose centre is nearest wins.
        hits = [(_distance(field.rect.center(), local), index)
                for index, field in enumerate(self.fields()) if field.rect.contains(local)]
        return self._child(min(hits)[1]) if hits else None

    def state(self):
        state = super().state()
        state.focusable = True
        return state


class _PictureInterface(QAccessibleWidget):
    """A drawing that only shows something: one image, named by the widget's accessible name,
    instead of a scroll area with a nameless viewport."""

    def __init__(self, widget: QWidget):
        super().__init__(widget, QAccessible.Role.Graphic)

    def childCount(self) -> int:
        return 0

    def child(self, index: int):
        return None

    def indexOfChild(self, child) -> int:
        return -1


def _distance(a: QPoint, b: QPoint) -> int:
    return (a.x() - b.x()) ** 2 + (a.y() - b.y()) ** 2


def cursor_index(fields: list[BoardField]) -> int | None:
    return next((i for i, f in enumerate(fields) if f.cursor), None)


def _factory(key: str, obj):
    if isinstance(obj, QWidget) and hasattr(obj, "accessible_fields"):
        return _BoardInterface(obj)
    if isinstance(obj, QGraphicsView) and obj.focusPolicy() == obj.focusPolicy().NoFocus:
        return _PictureInterface(obj)
    return None


_installed = False


def install_board_factory() -> None:
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True


def announce_cursor(board: QWidget) -> None:
    """Tell assistive technology that the field under the keyboard cursor has the focus."""
    install_board_factory()
    if not board.hasFocus():
        return
    fields = list(board.accessible_fields())
    index = cursor_index(fields)
    if index is None:
        return
    board._accessible_spoken = (index, fields[index].name)
    event = QAccessibleEvent(board, QAccessible.Event.Focus)
    event.setChild(index)
    QAccessible.updateAccessibility(event)


def announce_change(board: QWidget) -> None:
    """After a move: if the field under the cursor now reads differently (a derrick placed, a
    pawn chosen), say its new name; a moved cursor is announced by ``announce_cursor``."""
    if not board.hasFocus():
        return
    fields = list(board.accessible_fields())
    index = cursor_index(fields)
    spoken = getattr(board, "_accessible_spoken", None)
    if index is None or spoken is None or spoken[0] != index or spoken[1] == fields[index].name:
        return
    board._accessible_spoken = (index, fields[index].name)
    event = QAccessibleEvent(board, QAccessible.Event.NameChanged)
    event.setChild(index)
    QAccessible.updateAccessibility(event)


# -- the fields of each board -------------------------------------------------------------------
# Kept here rather than in the board modules: they only read what the boards already know.


def _cached(board, parts: tuple, build) -> list[BoardField]:
    """``build()``, reused while ``parts`` (what the fields depend on) stay the same: a screen
    reader asks for every field of every child, and each answer costs an engine call."""
    cache = getattr(board, "_accessible_cache", None)
    if cache is not None and len(cache[0]) == len(parts) and all(
            old is new or old == new for old, new in zip(cache[0], parts, strict=True)):
        return cache[1]
    fields = build()
    board._accessible_cache = (parts, fields)
    return fields


def atacama_fields(board) -> list[BoardField]:
    """The 81 squares in reading order: coordinate, sub-board, resource, derricks, verdict."""
    return _cached(board, (board.state, board._second, board.cursor_square,
                           board.square_rect(0), board.square_rect(80)),
                   lambda: _atacama_fields(board))


def _atacama_fields(board) -> list[BoardField]:
    fields = []
    for square in range(81):
        head, _newline, reason = board.describe(square).partition("\n")
        target = board.is_placeable(square)
        name = "Feld " + head.replace(" · ", ", ")
        fields.append(BoardField(
            field_name(name, target, "Setzen erlaubt"), board.square_rect(square), reason,
            cursor=square == board.cursor_square, target=target))
    return fields


def survive_fields(board) -> list[BoardField]:
    """Every space of the map in reading order: the tiles still on the island (the keyboard
    cursor's stops), the sea with its boats, swimmers and creatures, and the safe islands with
    whoever reached them. Allowed removals are said only when the board shows them."""
    return _cached(board, (board.state, board.show_allowed, board.cursor_space, board.radius),
                   lambda: _survive_fields(board))


def _survive_fields(board) -> list[BoardField]:
    fields = []
    show = board.show_allowed
    tiles = set(board.tiles())
    for space in board.spaces():
        head, *contents = board.describe(space, verdict=False).split("\n")
        name = ", ".join(["Feld " + head.replace(" · ", ", "),
                          *(line.replace(" · ", ", ") for line in contents)])
        if space not in tiles:
            fields.append(BoardField(name, board.tile_rect(space)))
            continue
        target = space in board.allowed
        # The engine's verdict is the answer to the practice puzzle: only once it is shown.
        description = board.verdict(space) if show else ""
        fields.append(BoardField(
            field_name(name, target if show else None, "darf weg"), board.tile_rect(space),
            description, cursor=space == board.cursor_space, target=target and show))
    return fields


def atlantis_fields(canvas) -> list[BoardField]:
    """Atlantis, every path position and the mainland: tile or water, bridge, pawns; the
    player's own pawns are the targets, or the gaps while a bridge is to be placed."""
    from app.rules.atlantis import ATLANTIS, MAINLAND
    from app.ui.boards.atlantis_scene import PLAYER_NAMES

    state, scene = canvas.state, canvas.board
    if state is None or scene is None:
        return []
    draft = canvas.owner.draft
    cursor = canvas.focused_pawn()
    if draft.awaiting is not None:
        targets, word = set(draft.preview_gaps()), "Brücke möglich"
    elif draft.bridge_mode:
        targets = {p for p in range(1, len(state.path) + 1) if state.position(p).is_water}
        word = "Brücke möglich"
    else:
        targets, word = set(draft.own_pawns()), "Figur wählbar"
    offset = canvas.viewport().pos()
    fields = []
    for location in [ATLANTIS, *range(1, len(state.path) + 1), MAINLAND]:
        rect = scene.rect_of(location)
        if rect is None:
            continue
        pawns = [PLAYER_NAMES[i] for i, player in enumerate(state.players)
                 for pawn in player.pawns if pawn == location]
        if location in (ATLANTIS, MAINLAND):
            text = "Atlantis" if location == ATLANTIS else "Festland"
            counts = {name: pawns.count(name) for name in dict.fromkeys(pawns)}
            text += (": Figuren " + ", ".join(f"{name} {n}" for name, n in counts.items())
                     if counts else ": keine Figur")
        else:
            position = state.position(location)
            if position.is_water:
                text = f"Feld {location}: Wasser"
                if position.bridge is not None:
                    text += f", Brücke von {PLAYER_NAMES[position.bridge]}"
            else:
                text = f"Feld {location}: {position.top.item.label} {position.top.value}"
            if pawns:
                text += ", Figur " + " und ".join(pawns)
        if location == draft.origin:
            text += ", ausgewählt"
        target = location in targets
        view_rect = canvas.mapFromScene(rect).boundingRect().translated(offset)
        fields.append(BoardField(
            field_name(text, target, word), view_rect, cursor=location == cursor,
            selected=location == draft.origin, target=target))
    return fields
