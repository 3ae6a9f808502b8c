"""The presentation for the table: one idea per screen, big, with the parts and the clock.

Keys are the ones presenter remotes send: PageDown/→/↓/Space go on, PageUp/←/↑/Backspace go
back, B (or .) blacks the screen, Esc leaves – the main window is where the reader left it.
A screen that plays a move reveals the engine's sentences one press at a time while the board
plays the move; a question reveals its answer on the next press. A running animation never
holds a key: the press ends it and acts at once.

With a second screen attached the table sees this window and the explainer sees the notes
(:mod:`app.ui.teach.notes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QElapsedTimer, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPainter
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.model.pages import format_pages
from app.model.teaching import PART_TITLES, Lesson
from app.ui.accessibility import announce
from app.ui.teach.first_move import FirstMoveView
from app.ui.teach.screen_view import ScreenView, Type, set_role
from app.ui.teach.stage import Stage, stage_for
from app.ui.theme import Colours, palette_colours

NEXT_KEYS = {Qt.Key.Key_PageDown, Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Space,
             Qt.Key.Key_N}
BACK_KEYS = {Qt.Key.Key_PageUp, Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Backspace,
             Qt.Key.Key_P}
BLACK_KEYS = {Qt.Key.Key_B, Qt.Key.Key_Period}
# Below this share of its size a screen's type would be too small for the table; a screen
# that needs more shrinking is a content problem (the tests hold every shipped screen to 1).
MIN_SHRINK = 0.6


def clock_text(elapsed_ms: int, minutes: int) -> str:
    """``3:07 von ≈ 10 Min.``: the time taken so far and the target.

    >>> clock_text(187_000, 10)
    '3:07 von ≈ 10 Min.'
    """
    seconds = max(0, elapsed_ms // 1000)
    return f"{seconds // 60}:{seconds % 60:02d} von ≈ {minutes} Min."


class _Bar(QWidget):
    """A thin line showing how far the explanation has come."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.fraction = 0.0
        self.colours: Colours = palette_colours()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(self.colours.line))
        done = QRect(0, 0, round(self.width() * self.fraction), self.height())
        painter.fillRect(done, QColor(self.colours.accent))
        painter.end()


class _Cover(QWidget):
    """The black screen (B): nothing shows, nothing blinks."""

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("black"))
        painter.end()


class _Area(QWidget):
    """Holds the current screen at exactly its own size."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("TeachArea")
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.view: QWidget | None = None

    def set_view(self, view: QWidget) -> None:
        self.view = view
        view.setParent(self)
        view.setGeometry(self.rect())
        view.show()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.view is not None:
            self.view.setGeometry(self.rect())


class Presentation(QWidget):
    """The full-screen explanation of one :class:`Lesson`."""

    moved = Signal()  # screen or build changed (the notes follow)
    closed = Signal()

    def __init__(self, lesson: Lesson, colours: Colours | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"Erklären – {lesson.title}")
        self.setObjectName("Presentation")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.lesson = lesson
        self.colours = colours
        self.index = 0
        self.build = 0
        self.view: QWidget | None = None
        self.kind = Type.for_size(1920, 1080)
        self.shrink = 1.0
        self.players = lesson.table_players()
        # Every sentence the engine says on a screen: the room under the board fits the longest.
        self.sentences = [step.text for screen in lesson.screens for move in screen.moves
                          for step in move.explanation.steps]
        self.stage: Stage | None = stage_for(lesson.game_id, self) \
            if lesson.engine is not None else None
        if self.stage is not None:
            self.stage.hide()
        self.timer = QElapsedTimer()
        self.timer.start()

        root = QVBoxLayout(self)
        self.root = root
        top = QHBoxLayout()
        self.part_labels: dict[str, QLabel] = {}
        for key, title in lesson.parts():
            label = QLabel(title)
            label.setObjectName("TeachPart")
            label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.part_labels[key] = label
            top.addWidget(label)
        top.addStretch(1)
        self.clock = QLabel()
        self.clock.setObjectName("TeachClock")
        top.addWidget(self.clock)
        self.top = top
        root.addLayout(top)
        self.bar = _Bar(self)
        root.addWidget(self.bar)
        # The screen is placed by hand, never by a layout: a screen whose words need more
        # room must not grow the window past the display, it must show as cut (and shrink).
        self.area = _Area(self)
        root.addWidget(self.area, 1)
        self.cover = _Cover(self)
        self.cover.hide()
        self._prepared: tuple[int, Type, ScreenView] | None = None
        self._view_timer = QTimer(self)
        self._view_timer.setSingleShot(True)
        self._view_timer.setInterval(0)
        self._view_timer.timeout.connect(self._prepare_next_view)
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self._tick)
        self._ticker.start()
        self._apply_type(QSize(1920, 1080))
        self._show(0, 0, announce_it=False)

    # -- navigation -------------------------------------------------------------------------

    @property
    def screen(self):
        return self.lesson.screens[self.index]

    def next(self) -> None:
        self._finish_animation()
        if self.build < self.screen.builds:
            self.build += 1
            self._reveal(animate=True)
            self.moved.emit()
        elif self.index + 1 < len(self.lesson.screens):
            self._show(self.index + 1, 0)
        else:
            announce(self, "Das war die letzte Seite. Esc beendet das Erklären.")

    def back(self) -> None:
        self._finish_animation()
        if self.build > 0:
            self.build -= 1
            self._reveal(animate=False)
            self.moved.emit()
        elif self.index > 0:
            previous = self.lesson.screens[self.index - 1]
            self._show(self.index - 1, previous.builds)

    def go_to(self, index: int, build: int = 0) -> None:
        self._finish_animation()
        self._show(max(0, min(index, len(self.lesson.screens) - 1)), build)

    def toggle_black(self) -> None:
        if self.cover.isVisible():
            self.cover.hide()
            announce(self, "Bild wieder an.")
        else:
            self.cover.setGeometry(self.rect())
            self.cover.raise_()
            self.cover.show()
            announce(self, "Bild schwarz. B schaltet es wieder an.")

    @property
    def black(self) -> bool:
        return self.cover.isVisible()

    def _finish_animation(self) -> None:
        if self.stage is not None:
            self.stage.finish()

    # -- keys -------------------------------------------------------------------------------

    def keyPressEvent(self, event) -> None:
        key = event.key()
        first = self.view if isinstance(self.view, FirstMoveView) else None
        if key == Qt.Key.Key_Escape:
            self.close()
        elif key in BLACK_KEYS:
            self.toggle_black()
        elif self.black:
            # Any other key brings the picture back first, like a slide deck.
            self.toggle_black()
        elif first is not None and key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._finish_animation()
            first.step(1 if key == Qt.Key.Key_Down else -1)
            self.moved.emit()
        elif first is not None and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._finish_animation()
            first.play()
            self.moved.emit()
        elif first is not None and Qt.Key.Key_2 <= key <= Qt.Key.Key_9:
            self._finish_animation()
            if first.new_game(key - Qt.Key.Key_0):
                self.players = first.players
                self.moved.emit()
        elif first is not None and ((key in NEXT_KEYS and first.next_page())
                                    or (key in BACK_KEYS and first.previous_page())):
            # A long explanation of a move goes on a page at a time before the keys leave.
            self.moved.emit()
        elif key in NEXT_KEYS or key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.next()
        elif key in BACK_KEYS:
            self.back()
        elif key == Qt.Key.Key_Home:
            self.go_to(0)
        elif key == Qt.Key.Key_End:
            self.go_to(len(self.lesson.screens) - 1)
        else:
            super().keyPressEvent(event)

    # -- showing a screen -------------------------------------------------------------------

    def _show(self, index: int, build: int, *, announce_it: bool = True) -> None:
        self.index, self.build = index, build
        self._rebuild()
        self._reveal(animate=False)
        for key, label in self.part_labels.items():
            first, last = self.lesson.part_span(key)
            state = "current" if first <= index <= last else "done" if last < index else "todo"
            if label.property("state") != state:
                label.setProperty("state", state)
                label.style().unpolish(label)
                label.style().polish(label)
        self.bar.fraction = (index + 1) / len(self.lesson.screens)
        self.bar.update()
        if announce_it:
            words = self.screen.text()
            announce(self, f"{PART_TITLES[self.screen.part]}, Seite {index + 1} von "
                           f"{len(self.lesson.screens)}. {words}")
        self.setAccessibleName(f"Erklären – {self.lesson.title}: {self.screen.title}")
        self.moved.emit()

    def _rebuild(self) -> None:
        old = self.view
        if self.stage is not None:
            self.stage.hide()
            self.stage.setParent(self)
        screen = self.screen
        kind = Type(self.kind.factor * self.shrink)
        if screen.first_move:
            view = FirstMoveView(self.lesson, screen, kind, self.stage, self.players)
        else:
            view = self._take_prepared(kind)
            if view is None:
                view = self._screen_view(self.index, kind)
            if screen.position is not None and self.stage is not None:
                view.dock(self.stage)
                self.stage.show_state(screen.position)
        if self.stage is not None and (screen.first_move or screen.position is not None):
            self.stage.show()
        self.area.set_view(view)
        self.view = view
        if old is not None:
            old.hide()
            old.deleteLater()
        # Lay the screen out now, not at the next turn of the loop: the board gets its final
        # size before this frame (no second layout pass, no picture painted for a passing size).
        if view.layout() is not None:
            view.layout().activate()

    def _screen_view(self, index: int, kind: Type) -> ScreenView:
        """Screen ``index``'s words laid out, with a place for the board where it has one."""
        screen = self.lesson.screens[index]
        slot = QWidget() if screen.position is not None and self.stage is not None else None
        return ScreenView(screen, kind, slot, sentences=self.sentences)

    def _prepare_next_view(self) -> None:
        """Build the next screen while the table listens: a press then only swaps it in."""
        index = self.index + 1
        if index >= len(self.lesson.screens) or self.lesson.screens[index].first_move:
            return
        kind = Type(self.kind.factor * self.shrink)
        if self._prepared is not None:
            if self._prepared[:2] == (index, kind):
                return
            self._drop_prepared()
        view = self._screen_view(index, kind)
        view.hide()
        view.setParent(self.area)
        view.setGeometry(self.area.rect())
        view.ensurePolished()
        view.layout().activate()
        self._prepared = (index, kind, view)

    def _take_prepared(self, kind: Type) -> ScreenView | None:
        prepared, self._prepared = self._prepared, None
        if prepared is None:
            return None
        index, prepared_kind, view = prepared
        if (index, prepared_kind) == (self.index, kind):
            return view
        view.deleteLater()
        return None

    def _drop_prepared(self) -> None:
        if self._prepared is not None:
            self._prepared[2].deleteLater()
            self._prepared = None

    def skip_preparation(self) -> None:
        """Forget the work planned for idle time (the benchmark's cold presses)."""
        self._view_timer.stop()
        self._drop_prepared()
        if self.stage is not None:
            self.stage.prepare([])

    def _reveal(self, animate: bool) -> None:
        """Show the first ``build`` sentences of the screen's moves, or its answer."""
        self._show_build(animate)
        if self.stage is not None:
            self.stage.prepare(self.coming_frames())
        self._view_timer.start()

    def coming_frames(self) -> list:
        """The board pictures the next press shows (painted while the table listens)."""
        screen = self.screen
        if self.build < screen.builds and screen.question is None:
            move_index, step_index = screen.move_steps[self.build]
            return Stage.frames(screen.moves[move_index]) if step_index == 0 else []
        if self.index + 1 >= len(self.lesson.screens):
            return []
        coming = self.lesson.screens[self.index + 1]
        if coming.position is None or coming.first_move:
            return []
        frames = [(coming.position, None, True)]
        if coming.moves:
            frames += Stage.frames(coming.moves[0])
        return frames

    def _show_build(self, animate: bool) -> None:
        view, screen = self.view, self.screen
        if not isinstance(view, ScreenView):
            return
        if view.answer is not None:
            view.answer.setVisible(self.build >= 1)
            if animate and self.build >= 1:
                announce(self, f"Antwort: {screen.question.answer}")
            return
        if view.caption is None or self.stage is None:
            return
        steps = screen.move_steps
        if self.build == 0:
            self.stage.show_state(screen.position)
            first = screen.moves[0]
            view.set_caption(f"Weiter: der Zug von {first.player}" if first.player
                             else "Weiter: der Zug", "")
            return
        move_index, step_index = steps[self.build - 1]
        demo = screen.moves[move_index]
        starts_move = step_index == 0
        if starts_move and animate:
            self.stage.play(demo)
        elif self.stage.current is not demo:
            self.stage.play(demo, animate=False)
        step = demo.explanation.steps[step_index]
        count = len(demo.explanation.steps)
        head = f"{demo.player} · Satz {step_index + 1} von {count}" if demo.player else \
            f"Satz {step_index + 1} von {count}"
        if step.pages:
            head += f" · {_sources(step.pages)}"
        view.set_caption(head, step.text)
        if animate:
            announce(self, step.text)

    def caption_text(self) -> str:
        """The engine's sentence now on screen (empty if none)."""
        view = self.view
        if isinstance(view, ScreenView) and view.caption is not None and view.caption.isVisible():
            return view.caption.text()
        return ""

    # -- type and colours -------------------------------------------------------------------

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.cover.setGeometry(self.rect())
        if abs(Type.for_size(self.width(), self.height()).factor - self.kind.factor) > 1e-3:
            self._apply_type(self.size())
            self._rebuild()
            self._reveal(animate=False)

    def _apply_type(self, size: QSize) -> None:
        kind = Type.for_size(size.width(), size.height())
        self.kind = kind
        self.shrink = 1.0
        margin = kind.px(64)
        self.root.setContentsMargins(margin, kind.px(26), margin, kind.px(40))
        self.root.setSpacing(kind.px(30))
        self.top.setSpacing(kind.px(36))
        self.bar.setFixedHeight(max(2, kind.px(5)))
        for label in (*self.part_labels.values(), self.clock):
            set_role(label, "small", kind)
        self.setStyleSheet(style_sheet(self.colours or palette_colours(), kind))
        self.bar.colours = self.colours or palette_colours()
        self._tick()

    def prepare(self, size: QSize) -> None:
        """Lay the current screen out for a window of ``size`` (before it is shown)."""
        self._apply_type(size)
        self._rebuild()
        self._reveal(animate=False)

    def fit(self) -> bool:
        """Shrink the type of this screen until nothing is cut; True if it fits."""
        while True:
            clipped = self.clipped_labels()
            if not clipped or self.shrink <= MIN_SHRINK:
                return not clipped
            self.shrink = max(MIN_SHRINK, self.shrink * 0.92)
            self._rebuild()
            self._reveal(animate=False)

    def clipped_labels(self) -> list[QLabel]:
        """Labels whose text needs more room than they were given (after layout)."""
        layout = self.layout()
        layout.activate()
        if self.view is not None and self.view.layout() is not None:
            self.view.layout().activate()
        return [label for label in self.findChildren(QLabel)
                if label.isVisibleTo(self) and not fits(label, self)]

    def _tick(self) -> None:
        self.clock.setText(clock_text(self.timer.elapsed(), self.lesson.minutes))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.setFocus()
        QTimer.singleShot(0, self.fit)

    def closeEvent(self, event) -> None:
        self._ticker.stop()
        if self.stage is not None:
            self.stage.finish()
        self.closed.emit()
        super().closeEvent(event)


def _sources(pages) -> str:
    """``S. 3–4 · Auslegung R1``: a ruling named as one, never a bare code beside the pages.

    >>> _sources((3, 4, "R1"))
    'S. 3–4 · Auslegung R1'
    """
    numbers = [p for p in pages if not isinstance(p, str)]
    parts = [format_pages(numbers)] if numbers else []
    parts += [f"Auslegung {code}" for code in pages if isinstance(code, str)]
    return " · ".join(parts)


def fits(label: QLabel, window: QWidget) -> bool:
    """Whether ``label`` shows its whole text: tall and wide enough, and inside ``window``."""
    rect = label.contentsRect()
    if label.wordWrap():
        if label.heightForWidth(label.width()) > label.height() + 1:
            return False
    else:
        hint = label.sizeHint()
        if hint.width() > label.width() + 1 or hint.height() > label.height() + 1:
            return False
    bottom_right = label.mapTo(window, rect.bottomRight())
    top_left = label.mapTo(window, rect.topLeft())
    return top_left.x() >= 0 and top_left.y() >= 0 and \
        bottom_right.x() <= window.width() and bottom_right.y() <= window.height()


def style_sheet(c: Colours, kind: Type) -> str:
    px = kind.px
    return f"""
    #Presentation {{ background: {c.bg}; }}
    #Presentation QLabel {{ color: {c.text}; background: transparent; }}
    QLabel#TeachPart {{ color: {c.muted}; padding-bottom: {px(6)}px;
                        border-bottom: {px(4)}px solid transparent; }}
    QLabel#TeachPart[state="done"] {{ color: {c.text}; }}
    QLabel#TeachPart[state="current"] {{ color: {c.accent}; border-bottom-color: {c.accent}; }}
    QLabel#TeachClock {{ color: {c.muted}; }}
    #Presentation QLabel#TeachMuted, #Presentation QLabel#TeachCaptionHead {{ color: {c.muted}; }}
    #Presentation QLabel#TeachStepNumber {{ color: {c.accent}; }}
    #Presentation QLabel#TeachWrong {{ background: {c.wrong_bg}; border-left: {px(8)}px solid
        {c.wrong}; border-radius: {px(10)}px; padding: {px(14)}px {px(22)}px; }}
    #Presentation QLabel#TeachRight {{ background: {c.right_bg}; border-left: {px(8)}px solid
        {c.right}; border-radius: {px(10)}px; padding: {px(14)}px {px(22)}px; }}
    #Presentation QWidget#TeachAnswer QLabel#TeachRight {{ border: none; padding: 0; }}
    #Presentation QWidget#TeachAnswer {{ background: {c.right_bg}; border-radius: {px(12)}px; }}
    #Presentation QLabel#TeachPill {{ background: {c.pill_bg}; color: {c.muted};
        border-radius: {px(14)}px; padding: {px(2)}px {px(16)}px; }}
    #Presentation QLabel#TeachCaption {{ background: {c.accent_soft}; border-radius: {px(12)}px;
        padding: {px(16)}px {px(24)}px; }}
    """


# -- opening ---------------------------------------------------------------------------------


def open_presentation(lesson: Lesson, *, screens: Sequence[Any] | None = None,
                      near: QWidget | None = None, size: QSize | None = None,
                      colours: Colours | None = None) -> Presentation:
    """Show ``lesson`` full screen; with two screens the notes go to the explainer's.

    ``screens`` defaults to ``QGuiApplication.screens()``; the one ``near`` (the main window)
    is on is the explainer's, another one the table's. ``size`` shows a window of that size
    instead of full screen (tests, screenshots).
    """
    screens = list(QGuiApplication.screens() if screens is None else screens)
    presentation = Presentation(lesson, colours)
    presentation.notes = None
    own = near.screen() if near is not None else None
    table = next((s for s in screens if s is not own), None) if len(screens) > 1 else None
    if table is not None:
        from app.ui.teach.notes import SpeakerNotes

        explainer = own if own in screens else screens[0]
        notes = SpeakerNotes(presentation, colours)
        presentation.notes = notes
        _place(notes, explainer, size)
        presentation.closed.connect(notes.close)
    _place(presentation, table or (screens[0] if screens else None), size)
    presentation.raise_()
    presentation.activateWindow()
    presentation.setFocus()
    return presentation


def _place(window: QWidget, screen: Any, size: QSize | None) -> None:
    target = size or (screen.geometry().size() if screen is not None else None)
    if isinstance(window, Presentation) and target is not None:
        # Type for the final size first: the larger default would hold the window wider.
        window.prepare(target)
    if screen is not None:
        window.setGeometry(screen.geometry())
        if hasattr(screen, "availableGeometry") and window.windowHandle() is None:
            window.winId()  # a native window, so it can be put on that screen
        handle = window.windowHandle()
        if handle is not None and type(screen).__name__ == "QScreen":
            handle.setScreen(screen)
    if size is not None:
        window.resize(size)
        window.show()
    else:
        window.showFullScreen()


def open_teaching(entry: Any, window: QWidget, **options) -> Presentation:
    """Explain the game of ``entry`` (a loaded game) from ``window``; Esc comes back to it as
    the reader left it. A player's own pack is explained without a board."""
    from app.model.teaching import build_lesson

    lesson = build_lesson(entry.game, None if entry.own_pack else "auto")
    presentation = open_presentation(lesson, near=window, **options)

    def back() -> None:
        window.activateWindow()
        focus = getattr(window, "focus_page", None)
        if callable(focus):
            focus()

    presentation.closed.connect(back)
    return presentation
