"""„Weißt du's noch?“: a keyboard-first self-check round, like a good flashcard app.

Space reveals, 1 / 2 / 3 grade (only after revealing). Engine-made situations
are answered by picking one of four choices (1–4 or A–D), then Space goes on.
The round's logic lives in :mod:`app.model.quiz_round`; this view only shows it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from app.model.loader import LoadedGame
from app.model.progress import Grade
from app.model.quiz_round import DEFAULT_LENGTH, SECTION_OF_KIND, QuizRound, Situation
from app.model.schema import format_pages
from app.ui.app_state import Services
from app.ui.theme import palette_colours
from app.ui.widgets import (
    Box,
    Card,
    PageColumn,
    clear_layout,
    flow,
    label,
    page_pill,
    pill,
    row,
    secondary,
    sentence,
)

GRADES = (
    (Grade.KNEW, "Wusste ich", "1", "Am Tisch wäre es richtig gelaufen – ohne Zögern."),
    (Grade.UNSURE, "Unsicher", "2", "Geraten oder gezögert: wird zum Nachlesen markiert."),
    (Grade.DID_NOT_KNOW, "Wusste ich nicht", "3", "Am Tisch wäre es schiefgegangen: "
                                                  "wird zum Nachlesen markiert."),
)
CHOICE_LETTERS = "ABCD"


class QuizView(PageColumn):
    """Start screen → questions → summary, all inside one card."""

    def __init__(self, loaded: LoadedGame, services: Services | None = None):
        super().__init__("Weißt du's noch?",
                         "Erst selbst überlegen, dann aufdecken – und ehrlich sein: "
                         "Was du nicht wusstest, wird in seinem Abschnitt zum Nachlesen "
                         "markiert; die Zahl in der Seitenleiste zeigt, wie viel dort wartet.")
        self.loaded = loaded
        self.services = services
        self.progress = services.progress if services else None
        self.situations = (services.situations_for(loaded.id)
                           if services and services.situations_for else None)
        self.round: QuizRound | None = None
        self.anchors = {}
        self.card = Card(padding=24, spacing=14)
        self.add(self.card)
        self.finish()
        self.confirm = self._ask
        self.grade_buttons: dict[Grade, QPushButton] = {}
        self.choice_buttons: list[QPushButton] = []
        self.reveal_button: QPushButton | None = None
        self.next_button: QPushButton | None = None
        self.space_hint: QLabel | None = None
        self.verdict: QWidget | None = None
        self.show_start()

    def focus_target(self) -> QWidget:
        """Where the keyboard belongs: the start or „Neue Runde“ button, else this page.

        During a question the page itself holds the focus, so Space, 1–3 and A–D reach
        :meth:`keyPressEvent` and never click a grade or choice button by accident.
        """
        if self.round is None or self.round.finished:
            return self.start_button or self
        if self.next_button is not None:
            return self.next_button
        return self

    # -- keyboard -----------------------------------------------------------------------------

    def keyPressEvent(self, event) -> None:
        # Keys reach us when no focused child used them: a focused button takes
        # Space/Enter itself (clicking it), digits and letters always come here.
        key = event.key()
        if key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.key_space()
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_4:
            self.key_number(key - Qt.Key.Key_0)
        elif Qt.Key.Key_A <= key <= Qt.Key.Key_D:
            self.key_letter(key - Qt.Key.Key_A + 1)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def key_space(self) -> None:
        if self.round is None:
            self.start_round(DEFAULT_LENGTH)
            return
        if self.round.finished:
            self.show_start()
            return
        if not self.round.revealed:
            if isinstance(self.round.current, Situation):
                self._say_space("Wähle zuerst eine Antwort: 1–4 oder A–D.")
                return
            self.reveal()
        elif isinstance(self.round.current, Situation):
            self.next_situation()
        else:
            # An honest quiz never grades by accident: Space only says what to press.
            self._say_space("Die Leertaste bewertet nicht – drücke 1, 2 oder 3.")

    def _say_space(self, text: str) -> None:
        if self.space_hint is None:
            self.space_hint = label("", "Body", rich=False)
            self.card.body.addWidget(self.space_hint)
        # Said louder on the page, where the eyes are, than the quiet hint was.
        self.space_hint.setText(text)
        self.space_hint.setStyleSheet("font-weight: 700;")
        self.space_hint.show()

    def key_number(self, number: int) -> None:
        if self.round is None or self.round.finished:
            return
        if isinstance(self.round.current, Situation):
            if not self.round.revealed:
                self.choose(number - 1)
        elif self.round.revealed and number <= len(GRADES):
            self.grade(GRADES[number - 1][0])

    def key_letter(self, number: int) -> None:
        if self.round is not None and isinstance(self.round.current, Situation):
            self.key_number(number)

    # -- screens ------------------------------------------------------------------------------

    def _clear(self) -> None:
        clear_layout(self.card.body)
        self.grade_buttons = {}
        self.choice_buttons = []
        self.reveal_button = None
        self.next_button = None
        self.start_button = None
        self.space_hint = None
        self.verdict = None

    def show_start(self) -> None:
        self._clear()
        self.round = None
        quiz = self.loaded.game.quiz
        body = self.card.body
        body.addWidget(label(f"**{len(quiz)} Fragen** zu {sentence(self.loaded.game.title)}",
                             "H2"))
        store = self.progress.store(self.loaded.id) if self.progress else None
        if store is not None:
            due = store.due_count([q.id for q in quiz])
            fresh = sum(1 for q in quiz if not store.seen(q.id))
            marked = len(store.marked())
            rules = "Regel" if marked == 1 else "Regeln"
            facts = [f"{due} fällig", f"{fresh} noch nie gesehen",
                     f"{marked} {rules} zum Nachlesen markiert"]
            body.addWidget(label(" · ".join(facts), "Lead"))
        body.addWidget(label("Fällige Fragen kommen zuerst, dann neue. Tasten: **Leertaste** "
                             "startet und deckt auf, **1 / 2 / 3** bewerten.", "Muted"))
        start = QPushButton(f"Runde starten ({min(DEFAULT_LENGTH, len(quiz))} Fragen)")
        start.setAccessibleName("Runde mit zehn Fragen starten")
        start.clicked.connect(lambda: self.start_round(DEFAULT_LENGTH))
        everything = secondary(QPushButton(f"Alle {len(quiz)} Fragen"))
        everything.setAccessibleName("Runde mit allen Fragen starten")
        everything.clicked.connect(lambda: self.start_round(None))
        buttons = [start, everything]
        if self.situations is not None:
            practice = secondary(QPushButton("Übungssituationen"))
            practice.setAccessibleName("Runde mit Übungssituationen der Regel-Engine starten")
            practice.setToolTip("Endlos neue Stellungen, von der Regel-Engine gestellt und "
                                "beantwortet")
            practice.clicked.connect(self.start_practice)
            buttons.append(practice)
        body.addLayout(flow(*buttons))
        if store is not None and (store.answers or store.marked()):
            reset = secondary(QPushButton("Fortschritt zurücksetzen"))
            reset.setAccessibleName("Fortschritt zurücksetzen")
            reset.clicked.connect(self.reset_progress)
            body.addLayout(row(reset))
        self.start_button = start
        start.setFocus()

    def start_round(self, length: int | None) -> None:
        store = self.progress.store(self.loaded.id)
        self.round = QuizRound.start(self.loaded.game, store, length)
        self.show_question()

    def start_practice(self, seeds: list[int] | None = None) -> None:
        store = self.progress.store(self.loaded.id)
        self.round = QuizRound.practice(self.loaded.game, store, self.situations.make,
                                        seeds or self.situations.next_seeds(DEFAULT_LENGTH))
        self.show_question()

    def show_question(self) -> None:
        self._clear()
        current = self.round.current
        if current is None:
            self.show_summary()
            return
        body = self.card.body
        kind = pill(_kind_name(current), "Pill") if isinstance(current, Situation) else None
        if kind is not None:
            kind.setToolTip(f"Übungsnummer {current.seed} (gleiche Nummer, gleiche Frage)")
        body.addLayout(row(pill(self.round.position_text, "Tag"), kind))
        body.addWidget(label(current.question, "H2"))
        if isinstance(current, Situation):
            self._situation(current)
            return
        self.reveal_button = QPushButton("Aufdecken (Leertaste)")
        self.reveal_button.setAccessibleName("Antwort aufdecken (Leertaste)")
        self.reveal_button.clicked.connect(self.reveal)
        body.addLayout(row(self.reveal_button))
        self.setFocus()

    def _situation(self, situation: Situation) -> None:
        body = self.card.body
        drawing = self.situations.drawing(situation)
        if drawing is not None:
            body.addWidget(drawing)
        for index, choice in enumerate(situation.choices):
            button = secondary(ChoiceButton(f"{CHOICE_LETTERS[index]}   {choice.text}"))
            button.setAccessibleName(f"Antwort {CHOICE_LETTERS[index]}: {choice.text}")
            button.clicked.connect(lambda _=False, i=index: self.choose(i))
            self.choice_buttons.append(button)
            body.addWidget(button)
        body.addWidget(label("Tasten: **1–4** oder **A–D** wählen, dann **Leertaste** weiter.",
                             "Muted"))
        self.setFocus()

    def reveal(self) -> None:
        if self.round is None or self.round.revealed or isinstance(self.round.current, Situation):
            return
        self.round.reveal()
        item = self.round.current
        if self.reveal_button is not None:
            self.reveal_button.hide()
        answer = Box("Answer")
        answer.body.addWidget(label(f"**{item.answer}**"))
        answer.body.addWidget(label(item.explanation))
        pages = page_pill(item.pages)
        if pages is not None:
            answer.body.addLayout(row(pages))
        self.card.body.addWidget(answer)
        self.card.body.addWidget(label("Wie war's? Sei streng: Wäre es am Tisch richtig gelaufen?",
                                       "Muted"))
        for grade, text, key, hint in GRADES:
            button = QPushButton(f"{text}  ({key})")
            if grade is not Grade.KNEW:
                secondary(button)
            button.setToolTip(hint)
            button.setAccessibleName(f"{text} – Taste {key}")
            button.setAccessibleDescription(hint)
            button.clicked.connect(lambda _=False, g=grade: self.grade(g))
            self.grade_buttons[grade] = button
        self.card.body.addLayout(flow(*self.grade_buttons.values()))
        hints = "\n".join(f"- **{text}:** {hint}" for _, text, _, hint in GRADES)
        self.card.body.addWidget(label(hints, "Muted"))
        self.space_hint = label("Bewerte mit **1 / 2 / 3** – die Leertaste bewertet nicht.",
                                "Muted")
        self.card.body.addWidget(self.space_hint)
        # The focus stays on the page: a second Space must not press „Wusste ich“.
        self.setFocus()

    def grade(self, grade: Grade) -> None:
        if self.round is None or not self.round.revealed:
            return
        self.round.grade(grade)
        self.progress.changed(self.loaded.id)
        self.show_question()

    def choose(self, index: int) -> None:
        if self.round is None:
            return
        situation = self.round.current
        result = self.round.choose(index)
        if result is None:
            return
        colours = palette_colours()
        for i, button in enumerate(self.choice_buttons):
            button.setEnabled(False)
            choice = situation.choices[i]
            letter = CHOICE_LETTERS[i]
            # Colour and shape: ✓ on green for the right one, ✗ on red for a wrong pick.
            if choice.correct:
                button.setText(f"✓  {letter}   {choice.text}")
                button.setProperty("verdict", "right")
                button.setStyleSheet(_verdict_style(colours.right, colours.right_bg))
                button.setAccessibleName(f"Richtige Antwort {letter}: {choice.text}")
            elif i == index:
                button.setText(f"✗  {letter}   {choice.text}")
                button.setProperty("verdict", "wrong")
                button.setStyleSheet(_verdict_style(colours.wrong, colours.wrong_bg))
                button.setAccessibleName(f"Deine Antwort {letter}, falsch: {choice.text}")
        verdict = Box("RightBox" if result else "WrongBox")
        chosen = situation.choices[index]
        head = "✓ Richtig!" if result else "✗ Nicht ganz."
        verdict.body.addWidget(label(f"**{head}** {situation.explanation}"))
        if not result and chosen.pitfall and situation.answerable:
            title, belief = _re_read(self.loaded, chosen.pitfall)
            verdict.body.addWidget(label(f"**Nachlesen: {title}**"))
            # The wrong belief, never the correct rule, is named as the mistake.
            why = f"Der Denkfehler dahinter: „{belief}“ – " if belief else ""
            verdict.body.addWidget(label(f"{why}zum Nachlesen markiert.", "Muted"))
        self.verdict = verdict
        pages = page_pill(list(situation.pages))
        if pages is not None:
            verdict.body.addLayout(row(pages))
        self.card.body.addWidget(verdict)
        self.next_button = QPushButton("Weiter (Leertaste)")
        self.next_button.setAccessibleName("Nächste Frage (Leertaste)")
        self.next_button.clicked.connect(self.next_situation)
        self.card.body.addLayout(row(self.next_button))
        self.next_button.setFocus()
        self.progress.changed(self.loaded.id)
        # The verdict appears below the choices: bring it into view (at 800×600 it starts
        # below the fold), once the layout knows where it is.
        QTimer.singleShot(0, self._show_verdict)

    def _show_verdict(self) -> None:
        if self.verdict is None or self.next_button is None:
            return
        # Wrapped labels learn their height in posted layout requests: settle them first.
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        # Vertically only: ensureWidgetVisible would also scroll a wide picture sideways.
        content = self.widget()
        top = self.verdict.mapTo(content, QPoint(0, 0)).y()
        bottom = self.next_button.mapTo(content, QPoint(0, self.next_button.height())).y()
        room = self.viewport().height()
        bar = self.verticalScrollBar()
        if bottom - top + 24 <= room:
            bar.setValue(max(bar.value(), bottom + 12 - room))
        else:
            bar.setValue(top - 12)

    def next_situation(self) -> None:
        if self.round is not None:
            self.round.next()
            self.show_question()

    def show_summary(self) -> None:
        self._clear()
        body = self.card.body
        total = len(self.round.log)
        body.addWidget(label(f"**Runde beendet:** {self.round.knew_count} von {total} gewusst.",
                             "H2"))
        entries = self.round.re_read()
        if entries:
            body.addWidget(label("Das solltest du vor dem Spiel noch einmal lesen:", "Body"))
            for entry in entries:
                link = secondary(QPushButton(f"{entry.title}"))
                link.setAccessibleName(f"Zu „{entry.title}“ springen")
                link.setStyleSheet("text-align: left; padding: 8px 14px;")
                link.clicked.connect(lambda _=False, e=entry: self.jump(e.kind, e.target))
                pages = pill(format_pages(list(entry.pages)) or "–")
                pages.setMinimumWidth(72)
                pages.setAlignment(Qt.AlignmentFlag.AlignCenter)
                body.addLayout(row(link, pages, grow=0))
        else:
            body.addWidget(label("Nichts zum Nachlesen – du bist bereit für den Spieleabend.",
                                 "Lead"))
        again = QPushButton("Neue Runde")
        again.clicked.connect(self.show_start)
        body.addLayout(row(again))
        self.start_button = again
        again.setFocus()

    def jump(self, kind: str, target: str) -> None:
        section = SECTION_OF_KIND.get(kind, "pitfalls")
        if self.services is not None:
            self.services.state.request_jump(section, target)

    def reset_progress(self) -> None:
        if self.confirm("Deinen ganzen Fortschritt für dieses Spiel löschen – alle Markierungen "
                        "und den Wiederholungsplan?"):
            self.progress.reset(self.loaded.id)
            self.show_start()

    def _ask(self, text: str) -> bool:
        answer = QMessageBox.question(self, "Fortschritt zurücksetzen", text,
                                      QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.Cancel,
                                      QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes


def _kind_name(situation: Situation) -> str:
    # The seed is for reproducing a question, not for the player: it stays in the tooltip.
    return "Übungssituation"


def _verdict_style(colour: str, background: str) -> str:
    return (f"QPushButton, QPushButton:disabled {{ border: 2px solid {colour}; "
            f"background: {background}; }} QLabel {{ color: {colour}; background: transparent; }}")


class ChoiceButton(QPushButton):
    """A choice whose text wraps: a long answer at large text or in a narrow window stays
    whole instead of being cut off or widening the page sideways."""

    def __init__(self, text: str):
        super().__init__()
        self._label = QLabel(text)
        self._label.setWordWrap(True)
        self._label.setTextFormat(Qt.TextFormat.PlainText)  # engine text, shown as it is
        self._label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(14, 9, 14, 9)
        layout.addWidget(self._label)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def setText(self, text: str) -> None:
        self._label.setText(text)
        self.updateGeometry()

    def text(self) -> str:
        return self._label.text()

    def sizeHint(self) -> QSize:
        return self.layout().sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.layout().minimumSize()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self.layout().totalHeightForWidth(width)


def _re_read(loaded: LoadedGame, target: str) -> tuple[str, str]:
    """What a wrong choice sends the player to re-read, and the wrong belief behind it.

    The belief is the pitfall's „Nicht:“ text – never its correct rule; a step or a numbers
    row has no belief of its own."""
    content = loaded.game.content
    for pitfall in content.pitfalls:
        if pitfall.id == target:
            return pitfall.title, pitfall.wrong
    for step in content.steps:
        if step.id == target:
            return f"Schritt {step.number}: {step.title}", ""
    return _pitfall_title(loaded, target), ""


def _pitfall_title(loaded: LoadedGame, pitfall_id: str) -> str:
    """The title of a pitfall, or the label of the numbers row a wrong choice stands for."""
    content = loaded.game.content
    titles = {p.id: p.title for p in content.pitfalls} | {n.id: n.label for n in content.numbers}
    return titles.get(pitfall_id, pitfall_id)

