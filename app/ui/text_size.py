"""The text size, applied without re-styling the application.

A Qt style sheet that names font sizes must be replaced at every text-size step, and
``QApplication.setStyleSheet`` re-polishes every widget of every page, shown or not (seconds
once a few pages were visited). So the sheet names no font size: it changes only with the
theme. The sizes live here instead:

* a role (the object name the sheet styles, e.g. ``H1`` or ``Pill``) is a factor of the body
  size, given to the widget when the style polishes it — so a widget made later, on any page,
  gets its size as it used to get it from the sheet;
* a step resizes the widgets of the windows on screen and of the page each shows; a page
  hidden in a ``QStackedWidget`` keeps the size it had and catches up when it is shown.

Widgets that follow the text size are recognised by their font: the body or role size of the
old step. Fonts a view chose itself (a fixed size, a drawing's own font) stay as they are,
as they did when the sheet re-polished them.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QLabel,
    QStackedWidget,
    QWidget,
)

# The sizes the sheet used to give these roles, as factors of the body size.
ROLE_SCALES = {
    "AppTitle": 1.25, "H1": 1.6, "H2": 1.25, "StepNumber": 2.2,
    "AppSubtitle": 0.85, "Muted": 0.85, "Pill": 0.85, "Tag": 0.85, "MarkBadge": 0.85,
    "CheckedBadge": 0.85, "StatusText": 0.85,
}
LINE_MINIMUM = "regelfrisch_line_minimum"  # a wrapped label's minimum: one line (widgets.relax)
_STAMP = "regelfrisch_text_pt"  # the size a hidden page was last laid out at
_FOLLOWED = "regelfrisch_follows_stack"
_current = {"pt": 11.0}


def current_pt() -> float:
    return _current["pt"]


def role_pt(name: str, body_pt: float) -> float:
    """The point size of a widget named ``name`` at body size ``body_pt``."""
    scale = ROLE_SCALES.get(name)
    # One decimal, as the sheet wrote them: equal sizes compare equal.
    return round(body_pt * scale, 1) if scale else round(body_pt, 1)


def _sizes(body_pt: float) -> dict[str, float]:
    """Every role's size at ``body_pt``; any other name (``""`` too) has the body's."""
    sizes = {name: role_pt(name, body_pt) for name in ROLE_SCALES}
    sizes[""] = round(body_pt, 1)
    return sizes


def set_size(widget: QWidget, font: QFont, pt: float) -> None:
    """``widget`` at ``pt`` (``font`` is a copy of its font). A wrapped label whose minimum
    is one line (``widgets.relax``) keeps one line of body text, as a label made at this
    text size measures it (before its role's size arrives): same look after a step."""
    font.setPointSizeF(pt)
    widget.setFont(font)
    if isinstance(widget, QLabel) and widget.property(LINE_MINIMUM):
        widget.setMinimumHeight(_body_line(font))


_LINES: dict[tuple, int] = {}


def _body_line(font: QFont) -> int:
    """The line spacing of ``font`` at the body size (the same for most labels of a step)."""
    key = (font.family(), font.weight(), font.italic(), current_pt())
    line = _LINES.get(key)
    if line is None:
        body = QFont(font)
        body.setPointSizeF(current_pt())
        line = _LINES[key] = QFontMetrics(body).lineSpacing()
    return line


def _resize(widget: QWidget, old: dict[str, float], new: dict[str, float]) -> None:
    """``old``/``new``: ``_sizes`` of the step's old and new body size."""
    name = widget.objectName()
    font = widget.font()
    size = font.pointSizeF()
    if abs(size - old.get(name, old[""])) > 0.05:
        return  # a size of its own
    wanted = new.get(name, new[""])
    if size != wanted:
        set_size(widget, font, wanted)
        if isinstance(widget, QAbstractScrollArea):
            # The viewport, resized first, took its area's old size back from the style
            # sheet (a step down only); now that the area has the new size it keeps it.
            _resize(widget.viewport(), old, new)


def _walk(root: QWidget, old_pt: float, new_pt: float) -> None:
    _walk_sizes(root, old_pt, _sizes(old_pt), _sizes(new_pt))


def _walk_sizes(root: QWidget, old_pt: float, old: dict[str, float],
                new: dict[str, float]) -> None:
    # Children first: a view that re-measures itself on its FontChange (round buttons,
    # a drawing's scale) then finds its parts at the new size already.
    if isinstance(root, QStackedWidget):
        _follow(root)
        current = root.currentWidget()
        for page in (root.widget(i) for i in range(root.count())):
            if page is current:
                _walk_sizes(page, old_pt, old, new)
            elif page.property(_STAMP) is None:
                # A hidden page: not touched now, resized when it is shown.
                page.setProperty(_STAMP, old_pt)
    elif root.findChild(QStackedWidget) is None:
        # Nothing hidden below: every widget, deepest first, found in one call.
        for widget in reversed(root.findChildren(QWidget)):
            _resize(widget, old, new)
    else:
        for child in _children(root):
            _walk_sizes(child, old_pt, old, new)
    _resize(root, old, new)


def _children(widget: QWidget) -> list[QWidget]:
    # No name argument: PySide6 6.11 reads "" as "only children with an empty name", which
    # skipped the named #Sidebar, notice bar and problems panel.
    return widget.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)


def _follow(stack: QStackedWidget) -> None:
    if not stack.property(_FOLLOWED):
        stack.setProperty(_FOLLOWED, True)
        stack.currentChanged.connect(lambda _i, s=stack: catch_up(s.currentWidget()))


def catch_up(page: QWidget | None) -> None:
    """Bring a page that was hidden during text-size steps to the current size."""
    if page is None:
        return
    stamp = page.property(_STAMP)
    if stamp is None:
        return
    page.setProperty(_STAMP, None)
    if float(stamp) != current_pt():
        _walk(page, float(stamp), current_pt())


def set_text_size(app: QApplication, font_pt: float) -> None:
    """Body text at ``font_pt``: the application font, and every window's widgets except
    the pages hidden in a stack (they follow when shown)."""
    old_pt = current_pt()
    _current["pt"] = font_pt
    font = app.font()
    if font.pointSizeF() != font_pt:
        font.setPointSizeF(font_pt)
        app.setFont(font)
    if old_pt == font_pt:
        return
    # Hidden windows (menus, pop-ups, a closed dialog) are small: they follow now, so they
    # are right whenever they open.
    for window in app.topLevelWidgets():
        _walk(window, old_pt, font_pt)


@cache
def _style_class() -> type:
    """The style class, made on first use: naming ``QProxyStyle`` makes PySide build
    ``QStyle`` and its eleven enums (≈ 8 ms), which the first frame does without."""
    from PySide6.QtWidgets import QProxyStyle

    class TextSizeStyle(QProxyStyle):
        """Gives a role its size when it is polished: when it is first shown, or re-styled."""

        def polish(self, target):
            result = super().polish(target)
            if isinstance(target, QWidget):
                wanted = role_pt(target.objectName(), current_pt()) \
                    if target.objectName() in ROLE_SCALES else None
                if wanted is not None and target.font().pointSizeF() != wanted:
                    set_size(target, QFont(target.font()), wanted)
            return result

    return TextSizeStyle


def __getattr__(name: str):
    if name == "TextSizeStyle":
        return _style_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def install(app: QApplication) -> None:
    """Once per application, before the style sheet is set (the sheet wraps this style).

    After ``defer_install`` it waits for ``finish_install``."""
    if getattr(app, _LATER, False) or \
            isinstance(getattr(app, "_regelfrisch_text_style", None), QObject):
        return
    style = _style_class()()
    app._regelfrisch_text_style = style
    app.setStyle(style)


# The style's polish hook costs the start its first frame: every widget Qt polishes goes to
# Python, and for a widget of a class PySide does not know (Qt's private pop-ups, containers)
# PySide creates dozens of widget types and their enums to find one (issue #27). So the
# interactive start sizes the roles of what the first frame shows by hand and installs the
# style right after that frame; the sizes are the same either way.
_LATER = "_regelfrisch_text_style_later"


def defer_install(app: QApplication) -> None:
    """Leave the style out until ``finish_install``; ``size_roles`` stands in until then."""
    if not isinstance(getattr(app, "_regelfrisch_text_style", None), QObject):
        setattr(app, _LATER, True)


def finish_install(app: QApplication) -> None:
    """Install the style after all (re-polishing the widgets there are: same sizes)."""
    setattr(app, _LATER, False)
    install(app)


def size_roles(root: QWidget) -> None:
    """While the style waits (``defer_install``): give ``root`` and the widgets below it
    their role's size, as the style's polish would. Otherwise nothing to do."""
    app = QApplication.instance()
    if app is None or not getattr(app, _LATER, False):
        return
    body_pt = current_pt()
    for name in ROLE_SCALES:
        # Qt picks the widgets by name: a wrapper is made only for those (issue #27).
        found = root.findChildren(QWidget, name)
        for widget in ([root, *found] if root.objectName() == name else found):
            wanted = role_pt(name, body_pt)
            font = widget.font()
            if font.pointSizeF() != wanted:
                set_size(widget, font, wanted)
