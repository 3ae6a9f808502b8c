"""WCAG 2.1 contrast of every colour pair the style sheet uses, in both themes: text at 4.5:1,
control borders and focus indicators at 3:1 (non-text contrast). The pairs are read from
resources/style.qss itself, so a new rule is checked without touching this test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QCheckBox, QLineEdit, QPushButton, QVBoxLayout, QWidget

from app.model.paths import resources_root
from app.ui.boards.survive_map import MapColours
from app.ui.theme import DARK, LIGHT, Colours, apply_theme, contrast_ratio

THEMES = {"hell": LIGHT, "dunkel": DARK}
# Where text and controls can sit: the page, cards, the sidebar, zebra rows.
PAGES = ("bg", "surface", "sidebar", "zebra")
# Separators that only decorate (WCAG asks no contrast of them); every other border
# identifies a control and must reach 3:1.
DECORATIVE = {"QToolTip", "#Sidebar", "#Row", "#NoticeBar", "QMenuBar", "QMenu",
              "QMenu::separator", "QStatusBar", "#SectionList::item:hover"}
CONTROLS = ("QLineEdit", "QSpinBox", "QComboBox", "#GameSwitcher", "#Card",
            'QPushButton[secondary="true"]', "QCheckBox::indicator", "QRadioButton::indicator")


def rules() -> list[tuple[str, dict[str, str]]]:
    """``(selector, {property: value})`` for every selector of every rule, comments removed."""
    text = re.sub(r"/\*.*?\*/", "", (resources_root() / "style.qss").read_text("utf-8"),
                  flags=re.S)
    found = []
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", text):
        props = {}
        for declaration in body.split(";"):
            if ":" in declaration:
                key, value = declaration.split(":", 1)
                props[key.strip()] = value.strip()
        for selector in selectors.split(","):
            found.append((" ".join(selector.split()), props))
    return found


def colour_names(value: str) -> list[str]:
    return re.findall(r"\$(\w+)", value)


def base_selector(selector: str) -> str:
    return re.sub(r":(focus|hover|checked|disabled|selected)", "", selector)


def background_of(selector: str, props: dict[str, str], table) -> str | None:
    """The rule's own fill, else the fill of the same selector without its state."""
    for candidate in (props, table.get(base_selector(selector), {})):
        names = colour_names(candidate.get("background", ""))
        if len(names) == 1 and "gradient" not in candidate.get("background", ""):
            return names[0]
    return None


def border_colours(props: dict[str, str]) -> list[str]:
    names = []
    for key, value in props.items():
        if key.startswith("border") and "radius" not in key and "none" not in value:
            names += colour_names(value)
    return names


@pytest.fixture(scope="module")
def table():
    merged: dict[str, dict[str, str]] = {}
    for selector, props in rules():
        merged.setdefault(selector, {}).update(props)
    return merged


@pytest.mark.parametrize("theme", THEMES)
def test_text_colours_reach_4_5(theme, table):
    colours = THEMES[theme]._asdict()
    checked, failures = 0, []
    for selector, props in table.items():
        if ":disabled" in selector or "::" in selector:
            continue
        fg = colour_names(props.get("color", ""))
        if not fg:
            continue
        fill = background_of(selector, props, table)
        grounds = [fill] if fill and fill != "transparent" else list(PAGES)
        for ground in grounds:
            ratio = contrast_ratio(colours[fg[0]], colours[ground])
            checked += 1
            if ratio < 4.5:
                failures.append(f"{selector}: {fg[0]} auf {ground} = {ratio:.2f}")
    assert checked >= 29
    assert not failures, failures


@pytest.mark.parametrize("theme", THEMES)
def test_borders_and_focus_rings_reach_3(theme, table):
    colours = THEMES[theme]._asdict()
    checked, failures = 0, []
    for selector, props in table.items():
        if base_selector(selector) in DECORATIVE or ":disabled" in selector:
            continue
        names = border_colours(props)
        if ":focus" in selector:
            assert names, f"{selector}: Fokus ohne Rahmenfarbe"
        for name in names:
            fill = background_of(selector, props, table)
            # The border must stand out from what is inside it and from every page around it;
            # a border in the fill's own colour is part of a filled control (a ticked box).
            grounds = {*PAGES, *([fill] if fill and fill != name else [])}
            for ground in grounds:
                ratio = contrast_ratio(colours[name], colours[ground])
                checked += 1
                if ratio < 3.0:
                    failures.append(f"{selector}: {name} gegen {ground} = {ratio:.2f}")
    assert checked >= 60
    assert not failures, failures


@pytest.mark.parametrize("theme", THEMES)
def test_scrollbar_handles_reach_3(theme, table):
    colours = THEMES[theme]._asdict()
    handles = [s for s in table if "::handle" in s]
    assert len(handles) == 2
    for selector in handles:
        name = colour_names(table[selector]["background"])[0]
        for ground in PAGES:
            assert contrast_ratio(colours[name], colours[ground]) >= 3.0, (selector, ground)


def test_every_control_has_a_border_that_identifies_it(table):
    for control in CONTROLS:
        names = border_colours(table[control])
        assert names, control
        assert "line" not in names, f"{control}: dekorative Linienfarbe als Rahmen"


def test_every_focusable_control_has_a_focus_rule(table):
    for control in ("QPushButton", 'QPushButton[secondary="true"]', "QLineEdit", "QSpinBox",
                    "QComboBox", "#GameSwitcher", "QCheckBox", "QRadioButton", "#SectionList"):
        assert border_colours(table.get(f"{control}:focus", {})), control


@pytest.mark.parametrize("theme", THEMES)
def test_primary_focus_ring_stands_out_from_its_fill_and_the_page(theme, table):
    colours = THEMES[theme]._asdict()
    focus = table["QPushButton:focus"]
    ring = border_colours(focus)[0]
    fill = colour_names(focus["background"])[0]
    text = colour_names(focus["color"])[0]
    assert contrast_ratio(colours[ring], colours[fill]) >= 3.0
    assert contrast_ratio(colours[text], colours[fill]) >= 4.5
    for ground in PAGES:
        assert contrast_ratio(colours[ring], colours[ground]) >= 3.0


@pytest.mark.parametrize("theme", THEMES)
def test_survive_map_text_reaches_4_5(theme):
    c = MapColours.from_colours(THEMES[theme])
    pairs = [(c.terrain_text[k], c.terrain[k], f"Gelände {k}") for k in c.terrain]
    pairs += [(c.player_text[k], c.players[k], f"Figur {k}") for k in c.players]
    pairs += [(c.island_text, c.island, "Insel")]
    for text, ground, what in pairs:
        assert contrast_ratio(text, ground) >= 4.5, (what, contrast_ratio(text, ground))


def _changed_pixels(before, after, minimum: float) -> int:
    """Pixels whose colour changed by at least ``minimum``:1 (WCAG's focus-change measure)."""
    count = 0
    for y in range(0, before.height()):
        for x in range(0, before.width()):
            a, b = before.pixelColor(x, y), after.pixelColor(x, y)
            if a != b and contrast_ratio(a, b) >= minimum:
                count += 1
    return count


@pytest.mark.parametrize("theme", THEMES)
def test_focus_is_visible_on_game_chooser_check_box_and_buttons(qtbot, window, theme):
    """Focus drawn as pixels: at least a one-pixel ring round the control (rounded corners
    aside) changes colour by 3:1 or more (WCAG's measure for focus indicators)."""
    apply_theme(QApplication.instance(), THEMES[theme])
    host = QWidget()
    layout = QVBoxLayout(host)
    box = QCheckBox("Turm der zweiten Farbe")
    primary = QPushButton("Aufdecken")
    secondary = QPushButton("Ansehen")
    secondary.setProperty("secondary", True)
    field = QLineEdit("Helm")
    for widget in (box, primary, secondary, field):
        layout.addWidget(widget)
    qtbot.addWidget(host)
    host.show()
    host.activateWindow()
    qtbot.waitUntil(host.isActiveWindow)
    targets = [box, primary, secondary, field]
    for widget in targets:
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        window.game_switcher.clearFocus()
        qtbot.waitUntil(widget.hasFocus)
        focused = host.grab(widget.geometry()).toImage()
        host.setFocus()
        qtbot.waitUntil(lambda w=widget: not w.hasFocus())
        plain = host.grab(widget.geometry()).toImage()
        ring = 0.9 * 2 * (widget.width() + widget.height())
        assert _changed_pixels(plain, focused, 3.0) >= ring, widget
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    switcher = window.game_switcher
    window.section_list.setFocus()
    qtbot.waitUntil(lambda: not switcher.hasFocus())
    area = QRect(switcher.mapTo(window, QPoint(0, 0)), switcher.size())
    plain = window.grab(area).toImage()
    switcher.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(switcher.hasFocus)
    focused = window.grab(area).toImage()
    assert _changed_pixels(plain, focused, 3.0) >= 0.9 * 2 * (switcher.width()
                                                              + switcher.height())
    apply_theme(QApplication.instance(), LIGHT)


def test_colours_know_every_placeholder():
    names = set()
    for _selector, props in rules():
        for value in props.values():
            names.update(colour_names(value))
    assert names - {"icons"} <= set(Colours._fields)
    assert QColor(LIGHT.border).isValid() and QColor(DARK.border).isValid()


def test_style_sheets_written_in_code_give_controls_the_border_colour():
    """Widgets styled in code (segments, chips, the search field) follow the same rule: a
    border drawn in the decorative ``line`` colour would stand at about 1.3:1."""
    app_ui = Path(__file__).resolve().parents[2] / "app" / "ui"
    found = []
    for path in sorted(app_ui.rglob("*.py")):
        for number, text in enumerate(path.read_text("utf-8").splitlines(), start=1):
            # #SearchEmpty is a message box, not a control.
            if re.search(r"border[\w-]*:[^;]*solid \{\w+\.line\}", text) \
                    and "#SearchEmpty" not in text:
                found.append(f"{path.name}:{number}")
    assert not found, found
