"""The explainer's screen when a second one is attached: what to say, what people get wrong
here, what comes next, and the clock. It follows the presentation; keys pressed here act
on the presentation, so the explainer may use either keyboard."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.model.teaching import PART_TITLES, plain
from app.ui.teach.screen_view import Type, set_role
from app.ui.theme import Colours, palette_colours


class SpeakerNotes(QWidget):
    def __init__(self, presentation, colours: Colours | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.presentation = presentation
        self.setObjectName("SpeakerNotes")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setWindowTitle(f"Notizen – {presentation.lesson.title}")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        c = colours or palette_colours()
        self.setStyleSheet(f"#SpeakerNotes {{ background: {c.bg}; }} "
                           f"#SpeakerNotes QLabel {{ color: {c.text}; }} "
                           f"#SpeakerNotes QLabel#NotesHead {{ color: {c.muted}; }} "
                           f"#SpeakerNotes QLabel#NotesClock {{ color: {c.accent}; }}")
        layout = QVBoxLayout(self)
        self.layout_ = layout
        self.clock = self._label("NotesClock")
        self.where = self._label("NotesHead")
        self.title = self._label("NotesTitle")
        self.say_head = self._label("NotesHead", "Sagen")
        self.say = self._label("NotesSay")
        self.wrong_head = self._label("NotesHead", "Wird hier oft falsch gemacht")
        self.wrong = self._label("NotesWrong")
        self.next_head = self._label("NotesHead", "Danach")
        self.next_text = self._label("NotesNext")
        layout.addStretch(1)
        presentation.moved.connect(self.follow)
        presentation._ticker.timeout.connect(self.follow_clock)
        self._apply_type(QSize(1280, 800))
        self.follow()

    def _label(self, name: str, text: str = "") -> QLabel:
        label = QLabel(text)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        self.layout_.addWidget(label)
        return label

    def _apply_type(self, size: QSize) -> None:
        # The explainer reads at arm's length: half the table's sizes.
        kind = Type(Type.for_size(size.width(), size.height()).factor * 0.75)
        m = kind.px(48)
        # A readable measure (about 90 characters), centred on a wide screen.
        side = max(m, (size.width() - kind.px(1800)) // 2)
        self.layout_.setContentsMargins(side, m, side, m)
        self.layout_.setSpacing(kind.px(14))
        for label in self.findChildren(QLabel):
            role = {"NotesTitle": "title", "NotesClock": "body", "NotesHead": "small"}.get(
                label.objectName(), "label")
            set_role(label, role, kind, bold=label.objectName() in ("NotesTitle", "NotesHead"))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._apply_type(self.size())

    def follow_clock(self) -> None:
        self.clock.setText(self.presentation.clock.text())

    def follow(self) -> None:
        p = self.presentation
        screen = p.screen
        screens = p.lesson.screens
        self.where.setText(f"{PART_TITLES[screen.part]} · Seite {p.index + 1} von {len(screens)}")
        self.title.setText(screen.title)
        say = plain(screen.notes) if screen.notes else screen.text()
        if screen.question is not None:
            say = f"Frage: {plain(screen.question.question)}\nAntwort: " \
                  f"{plain(screen.question.answer)}"
        self.say.setText(say)
        wrong = [f"Nicht: {plain(b.wrong)}\nRichtig: {plain(b.text)}" for b in screen.pitfalls]
        self.wrong.setText("\n\n".join(wrong))
        self.wrong_head.setVisible(bool(wrong))
        self.wrong.setVisible(bool(wrong))
        if p.build < screen.builds and screen.moves:
            move, step = screen.move_steps[p.build]
            upcoming = f"Nächster Satz: {screen.moves[move].explanation.steps[step].text}"
        elif p.build < screen.builds:
            upcoming = "Nächster Tastendruck: die Antwort"
        elif p.index + 1 < len(screens):
            upcoming = f"Nächste Seite: {screens[p.index + 1].title}"
        else:
            upcoming = "Das ist die letzte Seite."
        self.next_text.setText(upcoming)
        self.follow_clock()

    def keyPressEvent(self, event) -> None:
        self.presentation.keyPressEvent(event)
