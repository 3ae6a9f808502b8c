"""Colours and the application style sheet, for light and dark mode."""

from __future__ import annotations

from string import Template
from typing import NamedTuple

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from app.model.paths import resources_root
from app.ui import text_size


class Colours(NamedTuple):
    # A named tuple, not a dataclass: made before the first frame, where a frozen
    # dataclass's generated methods cost a millisecond (issue #27).
    bg: str
    surface: str
    sidebar: str
    text: str
    muted: str
    accent: str
    accent_soft: str
    line: str
    wrong: str
    wrong_bg: str
    right: str
    right_bg: str
    mark: str
    mark_bg: str
    pill_bg: str
    zebra: str
    # Borders that identify a control (fields, cards, check boxes, scrollbar handles): ≥ 3:1
    # against every page colour, as WCAG 2.1 asks of non-text contrast. ``line`` stays the
    # quiet colour for separators that only decorate.
    border: str
    # A focused primary button: a fill its ``focus_text`` reads on at 4.5:1, and against which
    # the ``text``-coloured focus ring stands at 3:1 (the plain accent fill is too close).
    focus_fill: str
    focus_text: str


LIGHT = Colours(
    bg="#FAFAF7", surface="#FFFFFF", sidebar="#F0F0EB", text="#1F2328", muted="#5F6670",
    accent="#1F5E8C", accent_soft="#DCE8F2", line="#E3E3DE", wrong="#B3261E", wrong_bg="#FBEAEA",
    right="#1E7B45", right_bg="#E7F4EC", mark="#8A5A00", mark_bg="#FFF1CC", pill_bg="#ECECE6",
    zebra="#F4F4EF", border="#7A8089", focus_fill="#41769D", focus_text="#FFFFFF",
)
DARK = Colours(
    bg="#1C1E21", surface="#24272B", sidebar="#17191C", text="#E6E6E6", muted="#A4A9B0",
    accent="#6FA8DC", accent_soft="#23384A", line="#33363A", wrong="#F28B82", wrong_bg="#3A2323",
    right="#81C995", right_bg="#1F3326", mark="#F6C766", mark_bg="#3B3120", pill_bg="#2E3237",
    zebra="#212428", border="#747A83", focus_fill="#436584", focus_text="#E6E6E6",
)


def palette_colours() -> Colours:
    """LIGHT or DARK, whichever the application's palette shows now.

    Drawings ask this at paint time, so a theme switch needs no wiring to reach them.
    """
    app = QApplication.instance()
    if app is None:
        return LIGHT
    window = app.palette().color(QPalette.ColorRole.Window)
    return DARK if window.lightness() < 128 else LIGHT


def mix(first: str | QColor, second: str | QColor, amount: float) -> QColor:
    """``first`` moved ``amount`` (0–1) of the way towards ``second``."""
    a, b = QColor(first), QColor(second)
    return QColor(round(a.red() + (b.red() - a.red()) * amount),
                  round(a.green() + (b.green() - a.green()) * amount),
                  round(a.blue() + (b.blue() - a.blue()) * amount))


def relative_luminance(colour: str | QColor) -> float:
    """WCAG 2.1 relative luminance of an opaque colour (0 black … 1 white)."""
    c = QColor(colour)

    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast_ratio(first: str | QColor, second: str | QColor) -> float:
    """WCAG 2.1 contrast ratio, 1 to 21; text needs 4.5, control borders and focus rings 3."""
    high, low = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def with_alpha(colour: str | QColor, alpha: int) -> QColor:
    result = QColor(colour)
    result.setAlpha(alpha)
    return result


def system_prefers_dark() -> bool:
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    return bool(scheme and scheme() == Qt.ColorScheme.Dark)


def colours_for(mode: str) -> Colours:
    """``mode`` is "hell", "dunkel" or "system"."""
    if mode == "dunkel" or (mode == "system" and system_prefers_dark()):
        return DARK
    return LIGHT


def apply_theme(app: QApplication, colours: Colours, font_pt: float = 11.0) -> None:
    palette = QPalette()
    for role, value in (
        (QPalette.ColorRole.Window, colours.bg), (QPalette.ColorRole.Base, colours.surface),
        (QPalette.ColorRole.AlternateBase, colours.zebra), (QPalette.ColorRole.Text, colours.text),
        (QPalette.ColorRole.WindowText, colours.text), (QPalette.ColorRole.Button, colours.surface),
        (QPalette.ColorRole.ButtonText, colours.text),
        (QPalette.ColorRole.Highlight, colours.accent),
        (QPalette.ColorRole.HighlightedText, colours.surface),
        (QPalette.ColorRole.ToolTipBase, colours.surface),
        (QPalette.ColorRole.ToolTipText, colours.text),
        (QPalette.ColorRole.PlaceholderText, colours.muted),
        (QPalette.ColorRole.Link, colours.accent),
    ):
        palette.setColor(role, QColor(value))
    # Re-styling re-polishes every widget of every page, so skip whatever is already in
    # place; the text size is not in the sheet, so a step re-styles nothing.
    text_size.install(app)
    if app.palette() != palette:
        app.setPalette(palette)
    text_size.set_text_size(app, font_pt)
    sheet = style_sheet(colours)
    if app.styleSheet() != sheet:
        app.setStyleSheet(sheet)


def style_sheet(colours: Colours) -> str:
    """The application's sheet for ``colours``; the same at every text size."""
    template = Template((resources_root() / "style.qss").read_text(encoding="utf-8"))
    icons = (resources_root() / "icons").as_posix()
    return template.substitute(colours._asdict(), icons=icons)


class ThemeController(QObject):
    """Light, dark or the system's choice, and the text size; re-styles the app on change."""

    changed = Signal()

    def __init__(self, app: QApplication, mode: str = "system", font_pt: float = 11.0,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.app = app
        self.mode = mode
        self.font_pt = font_pt
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):
            hints.colorSchemeChanged.connect(self._system_changed)

    @property
    def colours(self) -> Colours:
        return colours_for(self.mode)


    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self.apply()

    def set_font_pt(self, font_pt: float) -> None:
        self.font_pt = font_pt
        self.apply()

    def apply(self) -> None:
        apply_theme(self.app, self.colours, self.font_pt)
        self.changed.emit()

    def _system_changed(self, *_args) -> None:
        if self.mode == "system":
            self.apply()
