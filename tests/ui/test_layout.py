"""Every section of every game fits at 800×600, 900×700 and 1280×800 with text size +3,
light and dark: nothing is cut off in a way a program can see.

Clipping we detect:
- a label, button or field narrower (or lower) than its text needs – for a word-wrapped
  label, lower than its ``heightForWidth`` at its width;
- a label whose text Qt would elide (shown text ≠ text);
- a page wider than its viewport while the page cannot scroll sideways;
- a visible widget that reaches outside its window's content area (off the edge, where
  no scroll bar leads).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QWidget,
)

from app.ui.application import create_main_window, make_application
from app.ui.progress_model import ProgressModel
from app.ui.settings import DEFAULT_FONT_PT

SIZES = [(800, 600), (900, 700), (1280, 800)]
LARGER = 3  # Ctrl+Plus three times
TOLERANCE = 1  # pixels of rounding


def _scroller(widget: QWidget) -> QAbstractScrollArea | None:
    """The nearest scroll area whose viewport shows ``widget``."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and parent.viewport().isAncestorOf(widget):
            return parent
        parent = parent.parentWidget()
    return None


def _own_text_widget(widget: QWidget) -> bool:
    # Parts of composite Qt widgets (the spin box's line edit, a combo's popup) are judged
    # through their owner.
    parent = widget.parentWidget()
    return not isinstance(parent, (QAbstractSpinBox, QComboBox))


def clipping(root: QWidget) -> list[str]:
    """What is cut off under ``root`` (only widgets a user can see)."""
    # Layouts settle in a few rounds of posted events (a label's new text, then its bar).
    for _ in range(3):
        QApplication.processEvents()
    problems: list[str] = []
    window = root.window()
    content = window.rect()
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible() or widget.width() <= 0 or not _own_text_widget(widget):
            continue
        name = f"{type(widget).__name__}({widget.objectName() or widget.accessibleName()})"
        if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
            text = widget.text()[:50]
            if widget.wordWrap():
                needed = widget.heightForWidth(widget.width())
                if needed > 0 and widget.height() + TOLERANCE < needed:
                    problems.append(f"{name} „{text}“: {widget.height()} px hoch, "
                                    f"braucht {needed}")
            else:
                hint = widget.sizeHint()
                if widget.width() + TOLERANCE < hint.width():
                    problems.append(f"{name} „{text}“: {widget.width()} px breit, "
                                    f"braucht {hint.width()}")
                if widget.height() + TOLERANCE < widget.minimumSizeHint().height():
                    problems.append(f"{name} „{text}“: {widget.height()} px hoch, "
                                    f"braucht {widget.minimumSizeHint().height()}")
        elif isinstance(widget, (QAbstractButton, QComboBox, QAbstractSpinBox, QLineEdit)):
            hint = widget.minimumSizeHint()
            if isinstance(widget, QAbstractButton) and widget.text():
                hint = hint.expandedTo(widget.sizeHint())
            if widget.width() + TOLERANCE < hint.width() or \
                    widget.height() + TOLERANCE < hint.height():
                problems.append(f"{name} „{getattr(widget, 'text', lambda: '')()[:40]}“: "
                                f"{widget.width()}×{widget.height()}, braucht "
                                f"{hint.width()}×{hint.height()}")
        if isinstance(widget, QScrollArea) and widget.widget() is not None \
                and widget.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            inner = widget.widget()
            wide = max(inner.width(), inner.minimumSizeHint().width())
            if wide > widget.viewport().width() + TOLERANCE:
                problems.append(f"{name}: Seite {wide} px breit, sichtbar "
                                f"{widget.viewport().width()}, ohne waagerechte Bildlaufleiste")
        # Off the window's edge, where no scroll area leads.
        if _scroller(widget) is None and widget is not window:
            rect = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
            if not content.adjusted(-TOLERANCE, -TOLERANCE, TOLERANCE, TOLERANCE) \
                    .contains(rect):
                problems.append(f"{name}: ragt aus dem Fenster ({rect.x()},{rect.y()} "
                                f"{rect.width()}×{rect.height()})")
    return problems


@pytest.fixture
def big_window(qtbot, library, tmp_path):
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.theme.set_font_pt(DEFAULT_FONT_PT + LARGER)
    window.show()
    # As a user meets it: painted, and what follows the first frame (menus, keys) set up.
    qtbot.waitUntil(lambda: window.ready)
    yield window
    window.theme.set_font_pt(DEFAULT_FONT_PT)


def test_the_themes_differ_only_in_colour():
    # So the walk below, done in the light theme, holds for the dark one: both sheets are one
    # template whose only blanks are colours (and the icon folder, the same in both).
    from string import Template

    from PySide6.QtGui import QColor

    from app.model.paths import resources_root
    from app.ui.theme import DARK, LIGHT

    template = Template((resources_root() / "style.qss").read_text(encoding="utf-8"))
    blanks = set(template.get_identifiers())
    assert blanks - {"icons"} <= set(LIGHT._asdict()), blanks
    for colours in (LIGHT, DARK):
        assert all(QColor(v).isValid() for v in colours._asdict().values()), colours


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_section_fits(big_window, size):
    window = big_window
    window.resize(*size)
    found = []
    for entry in window.state.entries():
        window.state.select_game(entry.id)
        for section in window.sections():
            window.view_for(section.key)
            for problem in clipping(window):
                found.append(f"{entry.id}/{section.key}: {problem}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("which", ["about", "shortcuts"])
def test_dialogs_fit_a_small_screen_at_big_text(big_window, qtbot, which):
    from PySide6.QtTest import QTest

    window = big_window
    window.resize(800, 600)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window and window.ready)
    if which == "shortcuts":
        QTest.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_F1)
    else:
        window.actions_by_name["about"].trigger()
    dialog = window.last_dialog
    qtbot.waitUntil(dialog.isVisible)
    screen = window.screen().availableGeometry()
    assert dialog.frameGeometry().height() <= screen.height()
    assert dialog.frameGeometry().width() <= screen.width()
    assert clipping(dialog) == []
    if which == "about":
        assert not dialog.icon.pixmap().isNull(), "the app's icon"
        assert "Atlantis" in dialog.text.text() and "Regelfrisch 0" not in dialog.text.text()


def _luminance(colour) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green())
            + 0.0722 * channel(colour.blue()))


def contrast(first, second) -> float:
    a, b = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


@pytest.mark.parametrize("theme", ["hell", "dunkel"])
def test_light_swatches_have_a_visible_rim(big_window, theme):
    from PySide6.QtGui import QColor, QImage

    from app.ui.theme import colours_for
    from app.ui.widgets import SWATCH_BORDER, swatch_uri

    page = QColor(colours_for(theme).bg)
    for item in big_window.state.library.game("atlantis").game.content.meta.items:
        image = QImage()
        assert image.loadFromData(__import__("base64").b64decode(
            swatch_uri(item.colour).split(",", 1)[1]))
        rim, inside = QColor(image.pixel(0, 0)), QColor(image.pixel(image.width() // 2,
                                                                      image.height() // 2))
        assert inside.name().upper() == QColor(item.colour).name().upper()
        assert rim.name().upper() == QColor(SWATCH_BORDER).name().upper()
        # The swatch as a whole (rim or fill) stands out at 3:1, the white statue included.
        assert max(contrast(rim, page), contrast(inside, page)) >= 3.0, item.name


def test_sidebar_names_are_whole_with_a_count_badge(big_window):
    from PySide6.QtGui import QFont, QFontMetrics

    from app.ui.section_delegate import COUNT_ROLE, badge_room

    window = big_window
    window.resize(800, 600)
    progress = window.services.progress
    for game in ("atlantis", "atacama", "survive"):
        window.state.select_game(game)
        loaded = window.state.library.game(game)
        pitfall = loaded.game.content.pitfalls[0].id
        progress.store(game).marks[pitfall] = ["quiz"]
        progress.changed(game)
        assert window.marked_count("pitfalls") == 1
        listing = window.section_list
        font = QFont(listing.font())
        font.setWeight(QFont.Weight.DemiBold)
        metrics = QFontMetrics(font)
        for row in range(listing.count()):
            item = listing.item(row)
            rect = listing.visualItemRect(item)
            # icon, paddings and (for a counted section) the badge leave this for the name
            count = item.data(COUNT_ROLE) or 0
            # the delegate narrows the name's room by the badge it paints (section_delegate)
            badge = badge_room(listing.font(), count) if count else 0
            room = rect.width() - 16 - listing.iconSize().width() - 12 - badge
            assert metrics.horizontalAdvance(item.text()) <= room, (game, item.text())


def test_no_sideways_shift_when_the_scroll_bar_appears(big_window):
    window = big_window
    window.resize(1280, 800)
    view = window.view_for("quiz")  # a short page: no scroll bar at the start
    QApplication.processEvents()
    assert not view.verticalScrollBar().isVisible()
    before = view.column.mapTo(window, QPoint(0, 0)).x(), view.column.width()
    view.start_round(10)
    view.reveal()  # the answer and grade buttons make the page long
    window.resize(1280, 420)
    window.resize(1280, 420)
    QApplication.processEvents()
    QApplication.processEvents()
    assert view.verticalScrollBar().isVisible()
    after = view.column.mapTo(window, QPoint(0, 0)).x(), view.column.width()
    assert after == before


def test_spin_boxes_with_a_prefix_keep_their_arrows(big_window):
    from PySide6.QtWidgets import QSpinBox, QStyle, QStyleOptionSpinBox

    window = big_window
    window.resize(900, 700)
    seen = []
    for game, section in (("atacama", "board"), ("survive", "board"),
                          ("survive", "calculators")):
        window.state.select_game(game)
        view = window.view_for(section)
        QApplication.processEvents()
        for spin in view.findChildren(QSpinBox):
            if not spin.prefix() or not spin.isVisible():
                continue
            option = QStyleOptionSpinBox()
            spin.initStyleOption(option)
            style = spin.style()
            up = style.subControlRect(QStyle.ComplexControl.CC_SpinBox, option,
                                      QStyle.SubControl.SC_SpinBoxUp, spin)
            text = style.subControlRect(QStyle.ComplexControl.CC_SpinBox, option,
                                        QStyle.SubControl.SC_SpinBoxEditField, spin)
            assert up.width() >= 8 and up.left() >= text.right() - 1, spin.prefix()
            assert up.right() <= spin.width(), "the arrows lie inside the box"
            seen.append(spin.prefix())
    assert {"Plan Nr. ", "Übungsstellung Nr. ", "Nr. "} <= set(seen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_normal_text_no_page_scrolls_sideways(qtbot, library, tmp_path, size):
    make_application()
    window = create_main_window(library, "atlantis", ProgressModel(tmp_path))
    qtbot.addWidget(window)
    window.theme.set_font_pt(DEFAULT_FONT_PT)
    window.resize(*size)
    window.show()
    sideways = []
    for entry in window.state.entries():
        window.state.select_game(entry.id)
        for section in window.sections():
            view = window.view_for(section.key)
            QApplication.processEvents()
            QApplication.processEvents()
            for area in [view, *view.findChildren(QAbstractScrollArea)]:
                if isinstance(area, QAbstractScrollArea) and area.isVisible() \
                        and area.horizontalScrollBar().isVisible():
                    sideways.append(f"{entry.id}/{section.key}")
    assert sideways == []
