"""What a screen reader gets: the accessibility tree of every section of every game and of the
dialogs, walked as an AT-SPI client walks it (names, roles, Label relations), and the boards,
whose fields are children that are announced as the keyboard cursor reaches them."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QWidget

from app.rules.atlantis import explain, parse_state

Role = QAccessible.Role
# Roles a user operates (scroll bars aside: their role is what a screen reader says).
INTERACTIVE = {Role.PushButton, Role.CheckBox, Role.RadioButton, Role.ComboBox,
               Role.EditableText, Role.SpinBox, Role.Slider, Role.List, Role.ListItem,
               Role.Table, Role.Tree, Role.PageTab, Role.Link, Role.ButtonMenu,
               Role.ButtonDropDown, Role.MenuItem}
IMAGES = {Role.Graphic, Role.Chart}
ENGLISH = {"close", "cancel", "ok", "clear", "search", "open", "apply", "yes", "no", "help",
           "button", "scroll", "page"}


def walk(iface):
    """Every node below ``iface`` that a screen reader would show (hidden parts left out)."""
    yield iface
    for index in range(iface.childCount()):
        child = iface.child(index)
        if child is not None and child.isValid() and not child.state().invisible:
            yield from walk(child)


def takes_tab_focus(iface) -> bool:
    obj = iface.object()
    return isinstance(obj, QWidget) and bool(obj.focusPolicy() & Qt.FocusPolicy.TabFocus)


def describe(iface) -> str:
    obj = iface.object()
    where = []
    while obj is not None and len(where) < 4:
        where.append(f"{type(obj).__name__}#{obj.objectName()}")
        obj = obj.parent()
    return f"{iface.role().name} {'/'.join(where)} „{iface.text(QAccessible.Text.Name)}“"


def problems(root) -> tuple[list[str], int]:
    """What a screen reader user would miss below ``root``, and how many controls were seen."""
    found, controls = [], 0
    for iface in walk(root):
        role, state = iface.role(), iface.state()
        name = iface.text(QAccessible.Text.Name).strip()
        interactive = role in INTERACTIVE or (state.focusable and takes_tab_focus(iface))
        if interactive:
            controls += 1
            if not re.search(r"[A-Za-zÄÖÜäöüß0-9]", name):
                found.append("ohne Namen: " + describe(iface))
            elif name.lower() in ENGLISH:
                found.append("englischer Name: " + describe(iface))
        if role == Role.ComboBox:
            labels = iface.relations(QAccessible.RelationFlag.Label)
            if not labels or not labels[0][0].text(QAccessible.Text.Name).strip():
                found.append("Auswahlliste ohne verknüpfte Beschriftung: " + describe(iface))
        if role in IMAGES and not (name or iface.text(QAccessible.Text.Description).strip()):
            found.append("Bild ohne Textalternative: " + describe(iface))
    return found, controls


def test_every_section_of_every_game_is_named_for_a_screen_reader(window):
    all_problems, controls, sections = [], 0, 0
    for game in ("atlantis", "atacama", "survive"):
        window.state.select_game(game)
        for section in window.sections():
            window.view_for(section.key)
            QApplication.processEvents()
            found, seen = problems(QAccessible.queryAccessibleInterface(window))
            all_problems += [f"{game}/{section.key}: {p}" for p in found]
            controls += seen
            sections += 1
    assert sections >= 27
    assert controls > 278  # every section's controls were really walked
    assert not all_problems, "\n".join(sorted(set(all_problems)))


def test_the_dialogs_are_named_for_a_screen_reader(qtbot, window):
    for opener in (window.open_search, window.show_shortcuts, window.show_about):
        opener()
        dialog = window.last_dialog
        if opener == window.open_search:
            dialog.set_query("Brücke")  # results and the clear button appear
        QApplication.processEvents()
        found, controls = problems(QAccessible.queryAccessibleInterface(dialog))
        assert controls >= 1
        assert not found, "\n".join(found)
        dialog.close()


def test_combo_box_value_is_not_its_name_but_the_linked_label_is(window):
    """Qt on Linux names a combo box by its value; the linked label says what it is for."""
    iface = QAccessible.queryAccessibleInterface(window.game_switcher)
    assert iface.text(QAccessible.Text.Name) == "Atlantis"
    (label, _relation), = iface.relations(QAccessible.RelationFlag.Label)
    assert label.text(QAccessible.Text.Name) == "Spiel wählen"


# --- the boards ----------------------------------------------------------------------------------


def field_names(widget) -> list[str]:
    iface = QAccessible.queryAccessibleInterface(widget)
    return [iface.child(i).text(QAccessible.Text.Name) for i in range(iface.childCount())]


def check_children(widget, count: int) -> None:
    iface = QAccessible.queryAccessibleInterface(widget)
    assert iface.role() == Role.List
    assert iface.childCount() == count
    board = QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())
    for index in range(count):
        child = iface.child(index)
        assert child.role() == Role.ListItem
        assert child.parent() is not None and child.parent().object() is widget
        assert iface.indexOfChild(child) == index
        assert board.intersects(child.rect()), index
        # A point inside the field leads back to it (how screen magnifiers and touch find it).
        hit = iface.childAt(child.rect().center().x(), child.rect().center().y())
        assert hit is not None and hit.text(QAccessible.Text.Name) == \
            child.text(QAccessible.Text.Name)


def test_atlantis_board_lists_its_fields_in_words(window):
    window.state.select_game("atlantis")
    view = window.view_for("board")
    view.session.start(parse_state("R3 H2b ~ S4 K5 [a] | a: HS R2 | stapel:OR"), source="Test")
    QApplication.processEvents()
    canvas = view.canvas
    names = field_names(canvas)
    # Atlantis, four positions, the mainland.
    assert names == ["Atlantis: Figuren Blau 2, Weiß 2 – Figur wählbar", "Feld 1: Ring 3",
                     "Feld 2: Helm 2, Figur Weiß", "Feld 3: Wasser", "Feld 4: Statue 4",
                     "Feld 5: Krone 5", "Festland: Figuren Blau 1"]
    check_children(canvas, len(names))
    # Blue's pawns on Atlantis may move (said in words, not only drawn); White's may not.
    # In bridge mode the water is the target instead.
    qtbot_free_bridge = view.draft.set_bridge_mode
    qtbot_free_bridge(True)
    assert [n for n in field_names(canvas) if "Brücke möglich" in n] == \
        ["Feld 3: Wasser – Brücke möglich"]


def test_atacama_board_lists_81_squares_with_the_allowed_ones_said(window):
    window.state.select_game("atacama")
    view = window.view_for("board")
    board = view.board
    names = field_names(board)
    check_children(board, 81)
    assert names[0].startswith("Feld a1, Teilplan A")
    allowed = [n for n in names if n.endswith("Setzen erlaubt")]
    assert allowed and len(allowed) == sum(board.is_placeable(s) for s in range(81))


def test_survive_map_lists_every_space_with_what_lies_there(window):
    """Not only the tiles: the sea with its boats, swimmers and creatures and the safe islands
    with whoever reached them are fields too, in reading order."""
    from app.rules.survive import parse_position
    from app.rules.survive.board import SPACES

    window.state.select_game("survive")
    view = window.view_for("board")
    view.draft.load(parse_position(
        "spieler: ro bl ge; zug: ro entfernen; weg: f3 g3; land: e4 ro3; "
        "boote: d3 [ro2 bl4], k5 []; "
        "see: b3 ro1; sicher: nw ge6; schlangen: d2 i2; haie: i3"))
    QApplication.processEvents()
    board = view.map
    names = field_names(board)
    check_children(board, len(SPACES))
    by_space = dict(zip((s.label for s in SPACES), names, strict=True))
    assert by_space["d3"] == "Feld d3, Meer, Boot mit Rot und Blau"
    assert by_space["k5"] == "Feld k5, Meer, leeres Boot"
    assert by_space["b3"] == "Feld b3, Meer, Schwimmer: Rot"
    assert by_space["d2"] == "Feld d2, Meer, 1 Seeschlange"
    assert by_space["i3"] == "Feld i3, Meer, 1 Hai"
    assert by_space["e4"].startswith("Feld e4, ") and "Auf dem Plättchen: Rot" in by_space["e4"]
    safe = [n for n in names if "(sichere Insel)" in n]
    assert len(safe) == 4 and any("Gerettet: Gelb" in n for n in safe)
    tiles = [n for n in names if re.match(r"Feld [a-m]\d+, (Strand|Wald|Berg)plättchen", n)]
    assert len(tiles) == len(board.tiles())
    # The allowed removals are the puzzle: said only once the board shows them.
    assert not any("darf weg" in n for n in names)
    board.set_show_allowed(True)
    assert sum("darf weg" in n for n in field_names(board)) == len(board.allowed)


def test_survive_verdict_is_kept_back_until_allowed_tiles_are_shown(qtbot, window):
    """Neither the board's description nor a field's nor the tooltip text tells whether the
    tile under the cursor may go, until „Erlaubte zeigen“ is on (README: that is the puzzle)."""
    from app.rules.survive import removal_check

    window.state.select_game("survive")
    view = window.view_for("board")
    board = view.map
    tab_to(qtbot, window, board)
    state = view.session.state
    iface = QAccessible.queryAccessibleInterface(board)
    seen = 0
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left):
        qtbot.keyClick(board, key)
        verdict = removal_check(state, board.cursor_space)[1]
        assert verdict not in board.accessibleDescription()
        assert verdict not in board.describe(board.cursor_space)
        focused = iface.focusChild()
        assert focused is not None
        assert focused.text(QAccessible.Text.Description) == ""
        seen += 1
    qtbot.keyClick(view.allowed_box, Qt.Key.Key_Space)
    assert view.map.show_allowed
    verdict = removal_check(state, board.cursor_space)[1]
    assert verdict in board.accessibleDescription()
    cursor = next(i for i, f in enumerate(board.accessible_fields()) if f.cursor)
    assert iface.child(cursor).text(QAccessible.Text.Description) == verdict
    assert seen == 4


# --- a whole turn on each board, by keys alone, listening to what is announced --------------------


@pytest.fixture
def announced(monkeypatch):
    """Every focus event on a field, with the field's name at that moment (what a screen reader
    speaks); ``announced.changes`` collects the name changes of the field under the cursor."""
    heard = Heard()
    real = QAccessible.updateAccessibility

    def listen(event):
        kinds = {QAccessible.Event.Focus: heard, QAccessible.Event.NameChanged: heard.changes}
        if event.type() == QAccessible.Event.Announcement:
            urgent = event.politeness() == QAccessible.AnnouncementPoliteness.Assertive
            heard.said.append((event.object(), event.message(), urgent))
        elif event.type() in kinds and event.child() >= 0:
            iface = QAccessible.queryAccessibleInterface(event.object())
            child = iface.child(event.child())
            kinds[event.type()].append(
                (event.object(), event.child(), child.text(QAccessible.Text.Name)))
        real(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", listen)
    return heard


class Heard(list):
    def __init__(self):
        super().__init__()
        self.changes: list[tuple[QWidget, int, str]] = []
        # Announcements (what a move did, why it was refused): (board, text, urgent).
        self.said: list[tuple[QWidget, str, bool]] = []


def tab_to(qtbot, window, widget) -> None:
    """Tab through the window, as a user would, until ``widget`` has the focus."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.section_list.setFocus(Qt.FocusReason.MouseFocusReason)
    for _ in range(80):
        if widget.hasFocus():
            return
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    raise AssertionError(f"Tab erreicht {widget} nicht")


def press(qtbot, board, key, heard) -> None:
    """A key on the board; a field the cursor reaches must be announced, by name."""
    def cursor_now():
        fields = board.accessible_fields()
        return fields, next((i for i, f in enumerate(fields) if f.cursor), None)

    before, (old_fields, was) = len(heard), cursor_now()
    qtbot.keyClick(board, key)
    fields, cursor = cursor_now()
    if cursor is None or (was is not None and fields[cursor].rect == old_fields[was].rect):
        return  # an edge of the board, or a key that chose the field under the cursor
    assert len(heard) > before, f"nichts angesagt nach {key}"
    obj, index, name = heard[-1]
    assert obj is board and index == cursor and name == fields[cursor].name


def test_atlantis_turn_by_keys_announces_each_field(qtbot, window, announced):
    qtbot.keyClick(window, Qt.Key.Key_7, Qt.KeyboardModifier.ControlModifier)
    view = window.current_view()
    view.session.start(parse_state("R3 H2a ~ S4 K5 H6 | a: HS R2"), source="Test")
    canvas = view.canvas
    tab_to(qtbot, window, canvas)
    assert announced and announced[-1][2].startswith("Atlantis")
    press(qtbot, canvas, Qt.Key.Key_Right, announced)
    assert announced[-1][2].startswith("Feld 2: Helm 2, Figur Blau – Figur wählbar")
    press(qtbot, canvas, Qt.Key.Key_Left, announced)
    press(qtbot, canvas, Qt.Key.Key_Right, announced)
    press(qtbot, canvas, Qt.Key.Key_Return, announced)
    assert view.draft.origin == 2
    assert announced.changes[-1][2].startswith("Feld 2: Helm 2, Figur Blau, ausgewählt")
    qtbot.keyClick(canvas, Qt.Key.Key_R)  # a card Blue does not hold: refused, said at once
    obj, text, urgent = announced.said[-1]
    assert obj is canvas and urgent and text == view.session.message.text
    assert "keine Karte Ring (blau)" in text
    qtbot.keyClick(canvas, Qt.Key.Key_H)  # play the helmet card: the pawn moves, the turn ends
    assert view.session.outcome is not None and view.session.outcome.movement.landing == 6
    reached = {name.split(" – ")[0] for _obj, _i, name in announced}
    assert {"Feld 2: Helm 2, Figur Blau"} <= reached
    # What the move did is said aloud: the explanation the page shows, and who is on now.
    obj, text, urgent = announced.said[-1]
    assert obj is canvas and not urgent
    assert text.startswith("Zug von Blau (a): ")
    for step in explain(view.session.outcome).steps:
        assert step.text in text
    assert "Feld 6" in text and text.endswith(" am Zug.")


def walk_board(qtbot, board, heard, wanted, limit: int = 200) -> None:
    """Snake over the board with the arrow keys until ``wanted()`` holds for the cursor."""
    right = True
    for _ in range(limit):
        if wanted():
            return
        cursor_before = [f for f in board.accessible_fields() if f.cursor]
        press(qtbot, board, Qt.Key.Key_Right if right else Qt.Key.Key_Left, heard)
        if [f for f in board.accessible_fields() if f.cursor] == cursor_before:
            press(qtbot, board, Qt.Key.Key_Down, heard)
            right = not right
    raise AssertionError("kein erlaubtes Feld mit den Pfeiltasten erreicht")


def test_atacama_turn_by_keys_announces_each_field(qtbot, window, announced):
    window.state.select_game("atacama")
    view = window.view_for("board")
    board = view.board
    tab_to(qtbot, window, board)
    assert announced[-1][0] is board
    press(qtbot, board, Qt.Key.Key_Up, announced)
    press(qtbot, board, Qt.Key.Key_Left, announced)
    walk_board(qtbot, board, announced, lambda: board.is_placeable(board.cursor_square))
    assert announced[-1][2].endswith("Setzen erlaubt")
    mover = view.session.state.to_move
    press(qtbot, board, Qt.Key.Key_Return, announced)
    assert view.session.state.to_move != mover  # placed: the other player's turn
    assert announced.said and announced.said[-1] == (board, view.session.message.text, False)
    # The field under the cursor now holds the derrick, and says so.
    assert announced.changes and "Bohrturm" in announced.changes[-1][2]
    assert announced.changes[-1][1] == announced[-1][1]
    assert len({name for _o, _i, name in announced}) >= 3


def test_survive_turn_by_keys_announces_each_tile(qtbot, window, announced):
    window.state.select_game("survive")
    view = window.view_for("board")
    board = view.map
    tab_to(qtbot, window, board)
    assert announced[-1][0] is board
    removed = len(view.session.state.removed)
    walk_board(qtbot, board, announced, lambda: board.cursor_space in board.allowed)
    press(qtbot, board, Qt.Key.Key_Return, announced)
    assert len(view.session.state.removed) == removed + 1
    assert len(announced) >= 2
    # The verdict (and what came out from under the tile) is said aloud.
    obj, text, urgent = announced.said[-1]
    assert obj is board and not urgent and view.session.message.text in text


def test_a_field_outlives_its_board_without_crashing(qtbot):
    """A screen reader may still hold a field when its board is closed: it turns invalid."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from app.ui.accessibility import install
    from app.ui.boards.atacama_board import AtacamaBoardWidget

    install()
    board = AtacamaBoardWidget()
    board.show()
    field = QAccessible.queryAccessibleInterface(board).child(3)
    assert field.isValid() and field.text(QAccessible.Text.Name).startswith("Feld d1")
    board.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not field.isValid()
    assert field.text(QAccessible.Text.Name) == ""


# --- where the focus lands --------------------------------------------------------------------


def test_after_choosing_who_boards_the_focus_is_back_on_the_map(qtbot, window, announced):
    """S9: the revealer picks the three who board; the keys go on where the choice came from,
    not to the game chooser at the top of the window."""
    from app.rules.survive import parse_position

    window.state.select_game("survive")
    view = window.view_for("board")
    view.draft.load(parse_position(
        "spieler: ro bl ge; zug: ro entfernen; weg: j5; land: f3 ro1 bl2 ge3 ro4; "
        "rückseiten: f3 boot"))
    board = view.map
    tab_to(qtbot, window, board)
    goal = board.tile_point("f3")
    for _ in range(20):  # arrows towards f3, as someone looking at the map would press them
        if board.cursor_space.label == "f3":
            break
        here = board.tile_point(board.cursor_space)
        if abs(goal.y() - here.y()) > board.radius / 2:
            key = Qt.Key.Key_Up if goal.y() < here.y() else Qt.Key.Key_Down
        else:
            key = Qt.Key.Key_Left if goal.x() < here.x() else Qt.Key.Key_Right
        press(qtbot, board, key, announced)
    assert board.cursor_space.label == "f3"
    qtbot.keyClick(board, Qt.Key.Key_Return)
    assert view.boarding_box.isVisible()
    first = view.boarding_buttons[0]
    assert QApplication.focusWidget() is first
    qtbot.keyClick(first, Qt.Key.Key_Space)
    assert not view.boarding_box.isVisible()
    boat = next(b for b in view.session.state.boats if b.space.label == "f3")
    assert len(boat.passengers) == 3
    QApplication.processEvents()
    assert QApplication.focusWidget() is board
    assert not window.game_switcher.hasFocus()


def _visible_texts(widget) -> str:
    from PySide6.QtWidgets import QLabel

    from app.ui.accessibility import _plain

    labels = ([widget] if isinstance(widget, QLabel) else []) + widget.findChildren(QLabel)
    return " ".join(_plain(lab) for lab in labels if lab.isVisibleTo(widget) or lab is widget)


def test_a_search_jump_lands_on_an_element_named_by_its_text(qtbot, window):
    """Enter in the search puts the keyboard on the hit; a screen reader then says what the hit
    shows (its first text as the name), not a bare „Gruppe“."""
    landed = []
    for query, downs in (("luecke ohne bruecke", 0), ("bruecke", 1), ("bruecke", 3),
                         ("wal", 0), ("bohrturm", 2)):
        window.open_search()
        dialog = window.last_dialog
        dialog.set_query("")
        qtbot.keyClicks(dialog.field, query)
        for _ in range(downs):
            qtbot.keyClick(dialog.field, Qt.Key.Key_Down)
        qtbot.keyClick(dialog.field, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is not None
                        and QApplication.focusWidget().window() is window)
        focus = QApplication.focusWidget()
        name = QAccessible.queryAccessibleInterface(focus).text(QAccessible.Text.Name).strip()
        assert re.search(r"[A-Za-zÄÖÜäöü]", name), f"{query}: {type(focus).__name__} „{name}“"
        assert name in _visible_texts(focus) or focus.focusPolicy() & Qt.FocusPolicy.TabFocus
        landed.append((query, type(focus).__name__, name))
    assert len({name for _q, _t, name in landed}) >= 4, landed


# --- drawn text follows the text size ---------------------------------------------------------


def _numbers_on_screen(qtbot, window, font_pt: float, shot: str) -> float:
    from app.ui.boards.atlantis_scene import _NumbersItem

    window.theme.set_font_pt(font_pt)
    view = window.view_for("board")
    QApplication.processEvents()
    canvas = view.canvas
    image = canvas.grab()
    image.save(shot)
    items = [i for i in canvas.scene().items() if isinstance(i, _NumbersItem)]
    assert len(items) == 1
    return items[0].screen_pixels


def test_atlantis_position_numbers_grow_with_the_text_size(qtbot, window):
    """Measured as painted: the numbers' pixel size on screen (font size × the view's scale).
    Before, the board shrank at large text and took its numbers along (8.3 px at 11 pt, 7.3 px
    at 20 pt)."""
    window.resize(1280, 800)
    window.state.select_game("atlantis")
    small = _numbers_on_screen(qtbot, window, 11.0, "/tmp/a11y-numbers-11.png")
    large = _numbers_on_screen(qtbot, window, 20.0, "/tmp/a11y-numbers-20.png")
    window.theme.set_font_pt(11.0)
    assert small >= 9.5  # no smaller than the smallest text of the pages around it
    assert large >= 1.3 * small, (small, large)


# --- every focus stop shows its focus ---------------------------------------------------------


def _focus_change(qtbot, window, widget) -> float:
    """The largest contrast between the same pixel focused and unfocused, round ``widget``."""
    from app.ui.theme import contrast_ratio

    area = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size()).adjusted(
        -3, -3, 3, 3).intersected(window.rect())
    focused = window.grab(area).toImage()
    window.status_text.setFocus() if window.status_text.focusPolicy() else widget.clearFocus()
    qtbot.waitUntil(lambda: not widget.hasFocus())
    QApplication.processEvents()
    plain = window.grab(area).toImage()
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus)
    best = 1.0
    for y in range(0, plain.height()):
        for x in range(0, plain.width()):
            a, b = plain.pixelColor(x, y), focused.pixelColor(x, y)
            if a != b:
                best = max(best, contrast_ratio(a, b))
    return best


@pytest.mark.parametrize("game,section", [("atlantis", "board"), ("survive", "board"),
                                          ("atacama", "board"), ("atlantis", "pitfalls"),
                                          ("survive", "summary")])
def test_every_tab_stop_shows_its_focus_at_3_to_1(qtbot, window, game, section):
    """Tab through the page as a user would; each stop must change colour by at least 3:1
    (WCAG 2.4.11 / 1.4.11) between focused and unfocused – the page itself included."""
    window.resize(1280, 800)
    window.state.select_game(game)
    window.view_for(section)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.section_list.setFocus(Qt.FocusReason.TabFocusReason)
    seen, weak = [], []
    for _ in range(40):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        if widget is None or widget is window.section_list or widget in seen:
            break
        seen.append(widget)
        ratio = _focus_change(qtbot, window, widget)
        if ratio < 3.0:
            weak.append(f"{type(widget).__name__}#{widget.objectName()} "
                        f"„{widget.accessibleName()}“ {ratio:.2f}")
    assert len(seen) >= 2
    assert not weak, "\n".join(weak)
