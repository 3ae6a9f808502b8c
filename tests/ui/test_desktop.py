"""Desktop manners: shortcuts, history, text size, dark mode, remembered state, About."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel

from app.ui.application import create_main_window, make_application
from app.ui.settings import Settings, clamp_to
from app.ui.theme import DARK, LIGHT
from tests.ui.util import visible_text


def trigger(window, qtbot, keys: str) -> None:
    """Press a shortcut the way the window's actions receive it."""
    for action in window.actions():
        if any(k.toString() == keys for k in action.shortcuts()):
            action.trigger()
            return
    raise AssertionError(f"no action for {keys}")


@pytest.mark.parametrize("number", range(1, 8))
def test_ctrl_number_opens_section(window, qtbot, number):
    trigger(window, qtbot, f"Ctrl+{number}")
    assert window.state.section == window.sections()[number - 1].key
    assert window.section_list.currentItem().text() == window.sections()[number - 1].title


def test_back_and_forward_through_visited_sections(window, qtbot):
    trigger(window, qtbot, "Ctrl+3")
    trigger(window, qtbot, "Ctrl+4")
    window.state.select_game("atacama")
    assert window.windowTitle() == "Regelfrisch — Atacama"
    trigger(window, qtbot, "Alt+Left")
    assert (window.state.game_id, window.state.section) == ("atlantis", "pitfalls")
    trigger(window, qtbot, "Alt+Left")
    assert window.state.section == "numbers"
    assert window.actions_by_name["forward"].isEnabled()
    trigger(window, qtbot, "Alt+Right")
    trigger(window, qtbot, "Alt+Right")
    assert window.state.game_id == "atacama"
    assert not window.actions_by_name["forward"].isEnabled()


def test_text_size_shortcuts(window, qtbot):
    start = window.theme.font_pt
    trigger(window, qtbot, "Ctrl++")
    trigger(window, qtbot, "Ctrl++")
    assert window.theme.font_pt == start + 2
    assert QApplication.font().pointSizeF() == pytest.approx(start + 2)
    heading = window.current_view().findChildren(QLabel, "H1")[0]
    assert heading.font().pointSizeF() == pytest.approx((start + 2) * 1.6, abs=0.05), \
        "headings grow"
    trigger(window, qtbot, "Ctrl+-")
    assert window.theme.font_pt == start + 1
    trigger(window, qtbot, "Ctrl+0")
    assert window.theme.font_pt == 11.0


def test_f1_lists_every_shortcut(window, qtbot):
    trigger(window, qtbot, "F1")
    dialog = window.last_dialog
    assert dialog.isVisible()
    text = visible_text(dialog)
    for action in window.actions():
        for key in action.shortcuts() if action.isVisible() else ():
            assert key.toString(key.SequenceFormat.NativeText) in text
    assert "Leicht vergessen" in text and "Auslegungen" in text, "section names, not numbers"
    for words in ("Suchen", "Zurück", "Schrift größer", "Leertaste", "1 / 2 / 3"):
        assert words in text


def test_dark_mode_is_applied_when_chosen(window):
    window.set_theme("dunkel")
    palette = QApplication.palette()
    assert palette.color(QPalette.ColorRole.Window).name().upper() == DARK.bg.upper()
    assert DARK.wrong_bg.lower() in QApplication.instance().styleSheet().lower()
    assert window.actions_by_name["theme_dunkel"].isChecked()
    window.set_theme("hell")
    assert QApplication.palette().color(QPalette.ColorRole.Window).name().upper() == LIGHT.bg


def test_system_scheme_is_followed(window, monkeypatch):
    window.set_theme("system")
    monkeypatch.setattr("app.ui.theme.system_prefers_dark", lambda: True)
    window.theme._system_changed()
    assert QApplication.palette().color(QPalette.ColorRole.Window).name().upper() == DARK.bg
    monkeypatch.setattr("app.ui.theme.system_prefers_dark", lambda: False)
    window.theme._system_changed()
    assert QApplication.palette().color(QPalette.ColorRole.Window).name().upper() == LIGHT.bg


def test_settings_are_restored_in_a_new_window(qtbot, library):
    make_application()
    first = create_main_window(library, "atacama")
    qtbot.addWidget(first)
    first.show()
    first.state.select_section("numbers")
    first.set_theme("dunkel")
    first.zoom(2)
    first.resize(780, 580)  # the offscreen screen is 800 × 600
    first.close()

    second = create_main_window(library)
    qtbot.addWidget(second)
    assert (second.state.game_id, second.state.section) == ("atacama", "numbers")
    assert second.theme.mode == "dunkel" and second.theme.font_pt == 13.0
    assert (second.width(), second.height()) == (780, 580)
    second.set_theme("system")
    second.zoom(0)


def test_geometry_is_clamped_to_the_visible_screen(qtbot):
    make_application()
    from PySide6.QtWidgets import QWidget
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.resize(3000, 2000)
    widget.move(5000, 4000)
    screen = QRect(0, 0, 1280, 800)
    clamp_to(widget, screen)
    assert screen.contains(widget.frameGeometry())


def test_settings_values_are_sanitised(tmp_path):
    from PySide6.QtCore import QSettings
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    store.setValue("theme", "lila")
    store.setValue("font_pt", "riesig")
    settings = Settings(store)
    assert settings.theme == "system"
    assert settings.font_pt == 11.0
    settings.font_pt = 99
    assert settings.font_pt == 20.0


def test_about_names_sources_and_rulings(window):
    window.show_about()
    text = visible_text(window.last_dialog)
    assert "Regelfrisch 0." in text
    assert "AMIGO" in text and "Mücke" in text
    assert "Auslegungen" in text


def test_every_button_has_an_accessible_name(window, qtbot):
    for key in ("summary", "turn", "numbers", "pitfalls", "quiz", "interpretations", "source"):
        window.view_for(key)
    # Qt's own helpers (e.g. the menu bar's overflow arrow) are named qt_…; ours are not.
    buttons = [b for b in window.findChildren(QAbstractButton)
               if not b.objectName().startswith("qt_")]
    assert len(buttons) > 10
    for button in buttons:
        assert button.accessibleName() or button.text().strip(), button


def test_tab_order_follows_the_screen(window):
    chain = _chain(window.game_switcher, 80)
    assert chain.index(window.section_list) < chain.index(window.stack)
    assert chain.index(window.section_list) <= 2


def _chain(start, length):
    chain, widget = [], start
    for _ in range(length):
        widget = widget.nextInFocusChain()
        chain.append(widget)
    return chain


def test_window_has_app_icon(window):
    assert not window.windowIcon().isNull()
    assert not QGuiApplication.windowIcon().isNull()
    assert Qt.WindowType.Window & window.windowFlags()


def test_no_shortcut_is_listed_twice(window):
    from app.ui.shortcuts_dialog import shortcut_rows
    for _name, keys in shortcut_rows(window.actions()):
        parts = keys.split(" oder ")
        assert len(parts) == len(set(parts)), keys
