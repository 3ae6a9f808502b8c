"""One screen of the explanation: its words, big, and – where it talks about play – the board.

Type is measured in points for a 1920×1080 screen and scaled with the window (:class:`Type`),
so the body is 28 pt there and as large relative to any other screen. Content text is Markdown
rendered without raw HTML; the engine's sentences are plain text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.model.pages import format_pages
from app.model.teaching import Block, Screen
from app.ui.widgets import markdown_html

BASE_W, BASE_H = 1920, 1080
# Point sizes at 1920×1080; everything on a screen is one of these.
SIZES = {"title": 46.0, "body": 28.0, "number": 60.0, "label": 24.0, "small": 20.0,
         "caption": 28.0}
BODY_PT = SIZES["body"]


@dataclass(frozen=True)
class Type:
    """The type scale for a window: ``factor`` × the 1920×1080 sizes."""

    factor: float

    @classmethod
    def for_size(cls, width: int, height: int) -> Type:
        return cls(min(width / BASE_W, height / BASE_H))

    def pt(self, role: str) -> float:
        return SIZES[role] * self.factor

    def px(self, value: float) -> int:
        """A distance given for 1920×1080, in this window."""
        return max(1, round(value * self.factor))


def set_role(widget: QWidget, role: str, kind: Type, bold: bool = False) -> None:
    widget.setProperty("role", role)
    font = QFont(widget.font())
    font.setPointSizeF(kind.pt(role))
    font.setBold(bold)
    widget.setFont(font)


def text_label(text: str, role: str, kind: Type, *, rich: bool = True, bold: bool = False,
               name: str = "") -> QLabel:
    label = QLabel()
    label.setObjectName(name or f"Teach{role.capitalize()}")
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setText(markdown_html(text) if rich else text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
    label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    set_role(label, role, kind, bold)
    return label


class ScreenView(QWidget):
    """The words of ``screen`` in a column; ``board`` (a stage, if any) beside them.

    ``caption`` is the label for the engine's sentence about the move being played (filled by
    the presentation build by build); ``answer`` the question's revealed answer.
    """

    def __init__(self, screen: Screen, kind: Type, board: QWidget | None = None,
                 parent: QWidget | None = None, sentences: Sequence[str] = ()):
        super().__init__(parent)
        self.screen = screen
        self.kind = kind
        self.caption: QLabel | None = None
        self.caption_head: QLabel | None = None
        self.answer: QWidget | None = None
        self.caption_box: _CaptionBox | None = None
        self.board: QWidget | None = None
        self.right: QVBoxLayout | None = None
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(kind.px(64))
        column = QVBoxLayout()
        column.setSpacing(kind.px(26))
        self.column = column
        column.addWidget(text_label(screen.title, "title", kind, rich=False, bold=True,
                                    name="TeachTitle"))
        if screen.question is not None:
            self._question(column)
        single_step = len(screen.blocks) == 1 and screen.blocks[0].kind == "step"
        for block in screen.blocks:
            column.addLayout(self._block(block, bare=single_step))
        column.addStretch(1)
        text = QWidget()
        text.setLayout(column)
        text.setObjectName("TeachText")
        if board is None:
            # Text alone: a readable measure, centred.
            outer.addStretch(1)
            text.setMaximumWidth(kind.px(1400))
            outer.addWidget(text, 8)
            outer.addStretch(1)
            return
        outer.addWidget(text, 9)
        right = QVBoxLayout()
        right.setSpacing(kind.px(18))
        right.addWidget(board, 1)
        self.board, self.right = board, right
        # The room for the engine's sentences is the same on every screen with a board, so
        # the board keeps its place and size from screen to screen and sentence to sentence
        # (and its painted pictures stay valid, see app.ui.teach.stage).
        box = _CaptionBox(kind, sentences)
        self.caption_box = box
        right.addWidget(box)
        if screen.moves:
            self.caption_head, self.caption = box.head, box.caption
        else:
            box.head.hide()
            box.caption.hide()
        outer.addLayout(right, 11)

    def _question(self, column: QBoxLayout) -> None:
        kind, item = self.kind, self.screen.question
        column.addWidget(text_label(item.question, "body", kind))
        answer = QWidget()
        answer.setObjectName("TeachAnswer")
        box = QVBoxLayout(answer)
        box.setContentsMargins(kind.px(28), kind.px(20), kind.px(28), kind.px(20))
        box.setSpacing(kind.px(12))
        box.addWidget(text_label(f"**Antwort:** {item.answer}", "body", kind, name="TeachRight"))
        box.addWidget(text_label(item.explanation, "label", kind, name="TeachMuted"))
        if item.pages:
            box.addWidget(text_label(format_pages(list(item.pages)), "small", kind, rich=False,
                                     name="TeachPill"), 0, Qt.AlignmentFlag.AlignLeft)
        answer.hide()
        self.answer = answer
        column.addWidget(answer)

    def _block(self, block: Block, *, bare: bool) -> QBoxLayout:
        kind = self.kind
        layout = QVBoxLayout()
        layout.setSpacing(kind.px(10))
        if block.kind == "pitfall":
            for word, text, name in (("Nicht:", block.wrong, "TeachWrong"),
                                     ("Richtig:", block.text, "TeachRight")):
                layout.addWidget(text_label(f"**{word}** {text}", "body", kind, name=name))
        elif block.kind == "number":
            layout.setSpacing(kind.px(2))
            layout.addWidget(text_label(block.title, "label", kind, rich=False, name="TeachMuted"))
            layout.addWidget(text_label(block.text, "body", kind, bold=True))
        elif block.kind == "step" and not bare:
            row = QHBoxLayout()
            row.setSpacing(kind.px(24))
            number = text_label(str(block.number), "number", kind, rich=False, bold=True,
                                name="TeachStepNumber")
            number.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
            number.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Minimum)
            row.addWidget(number)
            words = QVBoxLayout()
            words.addWidget(text_label(block.title, "body", kind, rich=False, bold=True))
            words.addWidget(text_label(block.text, "body", kind))
            row.addLayout(words, 1)
            layout.addLayout(row)
        else:
            if block.title and block.kind != "step":
                layout.addWidget(text_label(block.title, "body", kind, rich=False, bold=True))
            layout.addWidget(text_label(block.text, "body", kind))
        if block.pages:
            layout.addWidget(text_label(format_pages(list(block.pages)), "small", kind,
                                        rich=False, name="TeachPill"), 0,
                             Qt.AlignmentFlag.AlignLeft)
        return layout

    def dock(self, board: QWidget) -> None:
        """Put ``board`` (the stage) in the place kept for it."""
        if self.board is board or self.board is None:
            return
        self.right.replaceWidget(self.board, board)
        self.board.hide()
        self.board.deleteLater()
        self.board = board


    def set_caption(self, head: str, sentence: str) -> None:
        """The line above the sentence and the engine's sentence (empty: none yet)."""
        if self.caption is None:
            return
        self.caption_head.setText(head)
        self.caption.setText(sentence)
        self.caption.setVisible(bool(sentence))
        self.caption_box.place()

    def labels(self) -> list[QLabel]:
        return [w for w in self.findChildren(QLabel) if w.isVisibleTo(self)]


# (width, type, sentences, style) → the caption box's height; measuring costs a few ms.
_CAPTION_HEIGHTS: dict[tuple, int] = {}


class _CaptionBox(QWidget):
    """The head line and the sentence under the board, as tall as the longest of
    ``sentences`` needs (measured once per width and type size)."""

    def __init__(self, kind: Type, sentences: Sequence[str], parent: QWidget | None = None):
        super().__init__(parent)
        self.kind = kind
        self.sentences = tuple(dict.fromkeys(sentences))
        # No layout of its own: a layout's height for a width would replace this widget's.
        self.spacing = kind.px(18)
        self.head = text_label("", "small", kind, rich=False, name="TeachCaptionHead")
        self.caption = text_label("", "caption", kind, rich=False, name="TeachCaption")
        self.head.setParent(self)
        self.caption.setParent(self)
        self._measure = text_label("", "caption", kind, rich=False, name="TeachCaption")
        self._measure.setParent(self)
        self._measure.hide()
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if not self.sentences:
            return 0
        self._measure.ensurePolished()
        self.head.ensurePolished()
        key = (width, self.kind.factor, self.sentences, self.styleSheet() or
               self.window().styleSheet())
        height = _CAPTION_HEIGHTS.get(key)
        if height is None:
            tallest = 0
            for sentence in self.sentences:
                self._measure.setText(sentence)
                tallest = max(tallest, self._measure.heightForWidth(width))
            self.head.ensurePolished()
            head = self.head.fontMetrics().height() + self.head.contentsMargins().top() + \
                self.head.contentsMargins().bottom()
            height = head + self.spacing + tallest
            if len(_CAPTION_HEIGHTS) > 256:
                _CAPTION_HEIGHTS.clear()
            _CAPTION_HEIGHTS[key] = height
        return height

    def sizeHint(self) -> QSize:
        width = max(1, self.width())
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.heightForWidth(max(1, self.width())))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.place()

    def place(self) -> None:
        """Head line on top, the sentence below it, as tall as its text needs."""
        width = self.width()
        head = self.head.heightForWidth(width) if self.head.text() else \
            self.head.fontMetrics().height()
        self.head.setGeometry(0, 0, width, head)
        top = head + self.spacing
        height = self.caption.heightForWidth(width) if self.caption.text() else 0
        self.caption.setGeometry(0, top, width, max(0, min(height, self.height() - top)))
