"""A text-size step restyles what is on screen; hidden pages follow when they are shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QListWidget, QWidget

from app.ui.application import create_main_window
from app.ui.settings import DEFAULT_FONT_PT
from app.ui.text_size import ROLE_SCALES, role_pt

VISITED = ("pitfalls", "numbers", "calculators", "quiz")


class Restyles(QObject):
    """Counts what a re-style sends a widget (the style sheet's StyleChange, a polish, a
    font change)."""

    KINDS = (QEvent.Type.StyleChange, QEvent.Type.Polish, QEvent.Type.PolishRequest,
             QEvent.Type.FontChange)

    def __init__(self, widgets):
        super().__init__()
        self.count = 0
        self.widgets = list(widgets)
        for widget in self.widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event):
        if event.type() in self.KINDS:
            self.count += 1
        return False

    def remove(self):
        for widget in self.widgets:
            widget.removeEventFilter(self)


def trigger(window, _qtbot, keys: str) -> None:
    """The keys as a user presses them, into whatever has the focus."""
    window.activateWindow()
    QTest.keySequence(QApplication.focusWidget() or window, QKeySequence(keys))


def _fonts(page: QWidget) -> list[tuple[str, str, float, int]]:
    return [(type(w).__name__, w.objectName(), w.font().pointSizeF(), w.font().weight())
            for w in [page, *page.findChildren(QWidget)]]


@pytest.fixture
def visited(window, qtbot):
    """The window after a player looked at a few pages, back on „In 30 Sekunden“."""
    for key in VISITED:
        window.state.select_section(key)
    window.state.select_section("summary")
    qtbot.waitUntil(lambda: window.current_view().isVisible())
    yield window
    window.theme.set_font_pt(DEFAULT_FONT_PT)


def test_a_step_restyles_no_hidden_page(visited, qtbot):
    hidden = [visited._views[(visited.state.game_id, key)] for key in VISITED]
    widgets = [w for page in hidden for w in [page, *page.findChildren(QWidget)]]
    assert len(widgets) > 200  # the pages a full re-style would have gone through
    counter = Restyles(widgets)
    try:
        trigger(visited, qtbot, "Ctrl++")
        trigger(visited, qtbot, "Ctrl++")
        QApplication.processEvents()
        assert visited.theme.font_pt == DEFAULT_FONT_PT + 2
        assert counter.count == 0
    finally:
        counter.remove()
    # The page on screen did follow.
    shown = visited.current_view()
    heading = shown.findChildren(QLabel, "H1")[0]
    assert heading.font().pointSizeF() == role_pt("H1", DEFAULT_FONT_PT + 2)


def test_a_hidden_page_shown_later_looks_as_if_built_at_that_size(visited, qtbot, library):
    trigger(visited, qtbot, "Ctrl++")
    trigger(visited, qtbot, "Ctrl++")
    trigger(visited, qtbot, "Ctrl+-")
    size = DEFAULT_FONT_PT + 1
    fresh = create_main_window(library, visited.state.game_id, remember=False)
    qtbot.addWidget(fresh)
    fresh.theme.set_font_pt(size)
    # Shown, as the visited window is: parts a page draws when first shown (the worked
    # examples' pictures) exist in both.
    fresh.show()
    qtbot.waitUntil(lambda: fresh.ready)
    for key in VISITED:
        visited.state.select_section(key)
        fresh.state.select_section(key)
        QApplication.processEvents()  # what a page adds when first shown gets its style
        caught_up, built = visited.current_view(), fresh.current_view()
        assert _fonts(caught_up) == _fonts(built), key
        # Roles carry their size, everything else the body size.
        for widget in caught_up.findChildren(QWidget):
            if widget.objectName() in ROLE_SCALES:
                assert widget.font().pointSizeF() == role_pt(widget.objectName(), size)


def test_roles_made_after_a_step_get_their_size(visited, qtbot):
    trigger(visited, qtbot, "Ctrl++")
    visited.state.select_section("quiz")
    quiz = visited.current_view()
    # Starting the round builds new cards (headings, tags, muted notes) on this page.
    qtbot.keyClick(quiz.focus_target() or quiz, Qt.Key.Key_Space)
    QApplication.processEvents()
    roles = [w for w in quiz.findChildren(QLabel) if w.objectName() in ROLE_SCALES
             and w.isVisible()]
    assert roles
    for widget in roles:
        assert widget.font().pointSizeF() == role_pt(widget.objectName(), DEFAULT_FONT_PT + 1)


def test_a_wrapped_label_remembers_its_height_only_while_its_text_and_font_stay(qtbot):
    from PySide6.QtGui import QFont

    from app.ui.widgets import WrappedLabel, label

    widget = label("Eine Brücke über eine breite Lücke kostet nicht mehr als eine schmale.")
    qtbot.addWidget(widget)
    assert isinstance(widget, WrappedLabel)
    one = widget.heightForWidth(160)
    assert widget.heightForWidth(160) == one and widget.heightForWidth(2000) < one
    # Longer text, bigger font, wider margins: each asks for more height at the same width.
    widget.setText(widget.text() * 3)
    longer = widget.heightForWidth(160)
    assert longer > one
    font = QFont(widget.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    widget.setFont(font)
    bigger = widget.heightForWidth(160)
    assert bigger > longer
    widget.setContentsMargins(0, 20, 0, 20)
    assert widget.heightForWidth(160) == bigger + 40
    # What a fresh label says at each width, the remembering one says too.
    fresh = WrappedLabel(widget.text())
    qtbot.addWidget(fresh)
    fresh.setTextFormat(widget.textFormat())
    fresh.setWordWrap(True)
    fresh.setFont(font)
    fresh.setContentsMargins(0, 20, 0, 20)
    assert [widget.heightForWidth(w) for w in (90, 160, 400)] == \
        [fresh.heightForWidth(w) for w in (90, 160, 400)]


def test_a_step_grows_the_sidebar_and_every_named_part_on_screen(window, qtbot):
    # Named widgets (#Sidebar, the notice bar …) once kept their size: the walk asked for
    # children with an empty name only.
    window.resize(1280, 800)
    sidebar = window.findChild(QWidget, "Sidebar")
    listing = sidebar.findChild(QListWidget)
    before_pt, before_width = window.font().pointSizeF(), sidebar.width()
    named = [w for w in window.findChildren(QWidget) if w.objectName() and w.isVisible()
             and w.objectName() not in ROLE_SCALES]
    try:
        trigger(window, qtbot, "Ctrl++")
        trigger(window, qtbot, "Ctrl++")
        qtbot.waitUntil(lambda: sidebar.width() > before_width)
        after_pt = QApplication.font().pointSizeF()
        assert after_pt > before_pt
        assert abs(listing.font().pointSizeF() - after_pt) < 0.05
        behind = [w.objectName() for w in named if w.isVisible()
                  and abs(w.font().pointSizeF() - before_pt) < 0.05]
        assert behind == []
    finally:
        window.theme.set_font_pt(DEFAULT_FONT_PT)


# -- a step changes nothing else: the page looks as if built at that size (issue #27) ----------

# Pages that already differed from a freshly built one before the step got faster (their own
# arrangement depends on what they measured before the step): they are held to the fonts only.
# „Was passiert?“ decides its rows' direction from a box's current width; the Atlantis
# board fits its drawing to the room it had. Both are tracked in issue #27.
ARRANGED_BEFORE = {("survive", "calculators"), ("atlantis", "board")}


def _looks(page: QWidget) -> list[tuple]:
    """What a player sees of ``page``: every shown widget's kind, role, size and place."""
    from PySide6.QtCore import QPoint

    return [(type(w).__name__, w.objectName(), w.font().pointSizeF(),
             w.mapTo(page, QPoint(0, 0)).toTuple(), w.size().toTuple())
            for w in [page, *page.findChildren(QWidget)] if w.isVisible()]


def _shown_window(library, qtbot, font_pt: float | None = None):
    win = create_main_window(library, "atlantis", remember=False)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    if font_pt is not None:
        win.theme.set_font_pt(font_pt)
    win.show()
    qtbot.waitUntil(lambda: win.ready)
    return win


def _diff(stepped: list[tuple], built: list[tuple]) -> str:
    pairs = [(a, b) for a, b in zip(stepped, built, strict=False) if a != b]
    return f"{len(stepped)} vs {len(built)} widgets; first differences: {pairs[:3]}"


def test_every_page_after_steps_looks_as_a_window_built_at_that_size(library, qtbot):
    stepped = _shown_window(library, qtbot)
    pages = []
    for game in [stepped.game_switcher.itemData(i)
                 for i in range(stepped.game_switcher.count())]:
        stepped.state.select_game(game)
        pages += [(game, section.key) for section in stepped.sections()]
    try:
        # Every page takes a step while it is shown (up, down, up …); a page stepped down
        # catches up with the last step up when it is shown again.
        for index, (game, section) in enumerate(pages):
            stepped.state.open(game, section)
            QApplication.processEvents()
            trigger(stepped, qtbot, "Ctrl+-" if index % 2 else "Ctrl++")
        if len(pages) % 2 == 0:
            trigger(stepped, qtbot, "Ctrl++")
        size = stepped.theme.font_pt
        assert size == DEFAULT_FONT_PT + 1
        built = _shown_window(library, qtbot, size)
        for game, section in pages:
            stepped.state.open(game, section)
            built.state.open(game, section)
            after, fresh = stepped.current_view(), built.current_view()
            if (game, section) in ARRANGED_BEFORE:
                qtbot.waitUntil(lambda a=after, f=fresh: _fonts(a) == _fonts(f))
                continue
            # Pictures a page draws once shown (worked examples) come a moment later.
            try:
                qtbot.waitUntil(lambda a=after, f=fresh: _looks(a) == _looks(f), timeout=3000)
            except AssertionError:
                pytest.fail(f"{game}/{section}: {_diff(_looks(after), _looks(fresh))}")
    finally:
        stepped.theme.set_font_pt(DEFAULT_FONT_PT)


def test_a_step_lays_each_label_out_once_at_the_width_it_shows(window, qtbot):
    """Qt asks every container for its natural size; a container answered with the height
    of its wrapped text at that width, so a step laid every label out at widths the page
    never shows: about four layouts per label on „Leicht vergessen“."""
    from app.ui.widgets import WrappedLabel

    window.resize(1280, 800)
    try:
        for game, section in (("atlantis", "pitfalls"), ("survive", "numbers"),
                              ("atacama", "interpretations")):
            window.state.open(game, section)
            page = window.current_view()
            qtbot.waitUntil(page.isVisible)
            QApplication.processEvents()
            labels = [w for w in page.findChildren(WrappedLabel) if w.isVisible()]
            assert len(labels) >= 14
            trigger(window, qtbot, "Ctrl++")
            QApplication.processEvents()
            widths = [w.laid_out_widths() for w in labels]
            # Each at the width it shows, few anywhere else.
            assert all(w.width() in laid for w, laid in zip(labels, widths, strict=True))
            others = sum(len(laid) - 1 for laid in widths)
            assert others <= len(labels) // 3, (game, section, others, len(labels))
            trigger(window, qtbot, "Ctrl+-")
    finally:
        window.theme.set_font_pt(DEFAULT_FONT_PT)


def test_a_cards_hint_lays_no_text_out(qtbot):
    """A card's hint is its layout's: the wrapped paragraph is not laid out at the card's
    natural width (Qt's own hint for a wrapping layout), only at the width it shows."""
    from PySide6.QtGui import QFont

    from app.ui.widgets import Card, label

    card = Card()
    qtbot.addWidget(card)
    paragraph = label("Ein langer Absatz, der umbricht, sobald die Karte schmal ist. " * 6)
    card.body.addWidget(paragraph)
    card.body.addWidget(label("Eine Zeile, die nicht umbricht und breiter ist als der Absatz "
                              "in seiner natürlichen Breite.", wrap=False))
    card.resize(320, 400)
    card.show()
    qtbot.waitUntil(lambda: paragraph.width() > 0)
    font = QFont(paragraph.font())
    font.setPointSizeF(font.pointSizeF() + 1)
    paragraph.setFont(font)  # forgets its layouts
    QApplication.processEvents()
    shown = {paragraph.width()}
    assert paragraph.laid_out_widths() == shown
    hint = card.sizeHint()
    assert paragraph.laid_out_widths() == shown
    margins = card.contentsMargins()
    assert hint.toTuple() == (
        card.body.sizeHint().width() + margins.left() + margins.right(),
        card.body.sizeHint().height() + margins.top() + margins.bottom())
    assert hint.width() == card.body.totalSizeHint().width()


def test_a_refitted_survive_map_has_each_tile_a_hexagon_round_its_centre(qtbot):
    """A step re-fits every map on the page; each tile is the same hexagon, moved."""
    import math

    from app.ui.boards.survive_map import SurviveMapWidget

    board = SurviveMapWidget()
    qtbot.addWidget(board)
    for radius in (14.0, 17.5, 23.0):
        board.set_radius(radius)
        for space, polygon in board._polygons.items():
            centre = board._centres[space]
            corners = [(p.x() - centre.x(), p.y() - centre.y()) for p in polygon]
            assert len(corners) == 6, space
            for index, (dx, dy) in enumerate(corners):
                angle = math.radians(60 * index - 30)
                # One pixel inside the grid: the page shows through as a seam.
                assert dx == pytest.approx((radius - 1) * math.cos(angle), abs=1e-9)
                assert dy == pytest.approx((radius - 1) * math.sin(angle), abs=1e-9)


def test_the_atlantis_boards_remembered_sizes_are_the_layouts():
    from app.ui.boards.atlantis_scene import snake_layout, snake_size

    for length in (0, 1, 7, 24, 39):
        for columns in range(2, 20):
            assert snake_size(length, columns) == snake_layout(length, columns).size
    # A copy each time: a caller changing it changes nothing remembered.
    size = snake_size(12, 6)
    size.setWidth(1)
    assert snake_size(12, 6) == snake_layout(12, 6).size
