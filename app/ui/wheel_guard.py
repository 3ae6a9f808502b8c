"""No control changes anything on a wheel scroll it did not ask for (issue #27).

A player scrolls a page with the wheel; a combo box or spin box that passes under the
pointer must not take the scroll as a choice (it changed a finished move's payment on the
Atlantis board). Such a control takes the wheel only once it has the keyboard focus (a click
or Tab); otherwise the wheel scrolls the page around it, as everywhere else.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QComboBox, QWidget

_GUARDED = "_regelfrisch_wheel_guard"


class _WheelGuard(QObject):
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Wheel or not isinstance(obj, QWidget) or obj.hasFocus():
            return False
        area = _scroll_area_around(obj)
        if area is not None:
            bar = (area.verticalScrollBar() if abs(event.angleDelta().y())
                   >= abs(event.angleDelta().x()) else area.horizontalScrollBar())
            QCoreApplication.sendEvent(bar, event)
        return True


_guard: _WheelGuard | None = None


def guard_wheel(root: QWidget) -> None:
    """Make every combo and spin box below ``root`` (and ``root`` itself) wheel-safe."""
    global _guard
    if _guard is None:
        _guard = _WheelGuard(QCoreApplication.instance())
    # Asked by type: Qt finds them, and only they get Python wrappers (every widget of a
    # page would, with types PySide makes for them, before the first frame).
    widgets = [root, *root.findChildren(QComboBox), *root.findChildren(QAbstractSpinBox)]
    for widget in widgets:
        if isinstance(widget, (QComboBox, QAbstractSpinBox)) and not widget.property(_GUARDED):
            widget.setProperty(_GUARDED, True)
            # The wheel alone must not give the focus (Qt's default for combo boxes).
            widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            widget.installEventFilter(_guard)


def _scroll_area_around(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and \
                parent.verticalScrollBar().maximum() > 0:
            return parent
        parent = parent.parentWidget()
    return None
