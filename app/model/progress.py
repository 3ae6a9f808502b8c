"""The user's quiz progress per game: what to re-read, and when each question is due.

One JSON file per game in the user's data folder. It is written after every
answer, atomically (temp file + fsync + rename), so killing the app mid-round
loses at most the answer being given. A file we cannot read is never
overwritten: it is moved aside with a timestamp and the user is told.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path

from fsrs import Card, Rating, Scheduler

from app.model.paths import data_dir  # noqa: F401 - part of this module's API

SCHEMA_VERSION = 1
MAX_PROGRESS_BYTES = 5 * 1024 * 1024


class Grade(Enum):
    """The honest self-assessment after revealing an answer."""

    KNEW = "knew"
    UNSURE = "unsure"
    DID_NOT_KNOW = "did_not_know"

    @property
    def rating(self) -> Rating:
        return {Grade.KNEW: Rating.Good, Grade.UNSURE: Rating.Hard,
                Grade.DID_NOT_KNOW: Rating.Again}[self]

    @property
    def marks(self) -> bool:
        return self is not Grade.KNEW


@dataclass
class Notice:
    """Something the user must be told about their saved progress (German)."""

    message: str
    kept_aside: Path | None = None


def _now() -> datetime:
    return datetime.now(UTC)


# Fuzzing would make schedules differ between runs; a refresher wants them predictable.
_SCHEDULER = Scheduler(enable_fuzzing=False)


@dataclass
class ProgressStore:
    """Progress of one game. Create with :meth:`open`."""

    path: Path
    game_id: str
    cards: dict[str, dict] = field(default_factory=dict)
    # target id (pitfall/step/number) -> the sources that marked it (quiz ids,
    # or "situation" for engine-made questions); the mark stays while any remain.
    marks: dict[str, list[str]] = field(default_factory=dict)
    answers: int = 0
    writable: bool = True  # False only where writing could overwrite a file we could not read
    notices: list[Notice] = field(default_factory=list)
    _save_failed: bool = False

    # -- opening and saving ---------------------------------------------------------------

    @classmethod
    def open(cls, folder: Path, game_id: str) -> ProgressStore:
        store = cls(folder / f"fortschritt-{game_id}.json", game_id)
        store._load()
        return store

    def _load(self) -> None:
        path = self.path
        try:
            # Inside the try: a folder we may not even look into is an OSError too.
            if not path.exists() and not path.is_symlink():
                return
            if path.is_dir():
                raise _Unreadable("an der Stelle der Datei liegt ein Ordner")
            if path.stat().st_size > MAX_PROGRESS_BYTES:
                raise _Unreadable("die Datei ist viel zu groß")
            raw = path.read_bytes()
            try:
                data = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise _Unreadable("die Datei ist beschädigt") from exc
            self._adopt(data)
        except _Unreadable as reason:
            self._keep_aside(str(reason))
        except OSError as exc:
            # Unreadable but maybe still there: don't write over it either.
            self.writable = False
            self.notices.append(Notice(
                f"Dein Fortschritt für „{self.game_id}“ ließ sich nicht lesen ({exc.strerror}). "
                "Diese Sitzung wird nicht gespeichert."))

    def _adopt(self, data: object) -> None:
        if not isinstance(data, dict):
            raise _Unreadable("die Datei hat nicht das erwartete Format")
        version = data.get("schema")
        if version != SCHEMA_VERSION:
            raise _Unreadable(f"die Datei hat die unbekannte Version {version!r}")
        cards, marks = data.get("cards", {}), data.get("marks", {})
        if not isinstance(cards, dict) or not isinstance(marks, dict):
            raise _Unreadable("die Datei hat nicht das erwartete Format")
        for card in cards.values():
            _check_card(card)
        if not all(isinstance(v, list) and all(isinstance(s, str) for s in v)
                   for v in marks.values()):
            raise _Unreadable("die Markierungen sind beschädigt")
        self.cards = cards
        self.marks = {k: list(v) for k, v in marks.items() if v}
        self.answers = int(data.get("answers", 0)) if isinstance(data.get("answers"), int) else 0

    def _keep_aside(self, reason: str) -> None:
        stamp = _now().strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.kaputt-{stamp}")
        counter = 1
        while aside.exists():
            counter += 1
            aside = self.path.with_name(f"{self.path.name}.kaputt-{stamp}-{counter}")
        try:
            self.path.rename(aside)
        except OSError:
            self.writable = False
            self.notices.append(Notice(
                f"Dein gespeicherter Fortschritt für „{self.game_id}“ ist unlesbar ({reason}) und "
                "ließ sich nicht beiseitelegen. Er bleibt unangetastet; diese Sitzung wird nicht "
                "gespeichert."))
            return
        self.notices.append(Notice(
            f"Dein gespeicherter Fortschritt für „{self.game_id}“ war unlesbar ({reason}). "
            f"Die alte Datei liegt unverändert unter {aside.name}; es geht mit leerem "
            "Fortschritt weiter.", aside))

    def to_json(self) -> dict:
        return {"schema": SCHEMA_VERSION, "game": self.game_id, "answers": self.answers,
                "cards": self.cards, "marks": self.marks}

    def save(self) -> bool:
        """Write atomically; on failure keep going in memory and tell the user once."""
        if not self.writable:
            return False
        text = json.dumps(self.to_json(), ensure_ascii=False, indent=1, sort_keys=True)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                       dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    handle.write(text)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.replace(tmp, self.path)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
        except OSError:
            # A full disk or a locked file may pass: every answer tries again; the user is
            # told once, not at every answer.
            if not self._save_failed:
                self.notices.append(Notice(
                    f"Dein Fortschritt für „{self.game_id}“ konnte gerade nicht gespeichert "
                    f"werden ({self.path.parent}). Die App läuft weiter und versucht es bei "
                    "jeder Antwort erneut; gelingt es nicht, bleibt diese Sitzung ungespeichert."))
            self._save_failed = True
            return False
        self._save_failed = False
        return True

    # -- answering --------------------------------------------------------------------------

    def record(self, quiz_id: str, grade: Grade, targets: list[str],
               when: datetime | None = None) -> None:
        """Schedule ``quiz_id`` and mark (or clear) what it tests, then save."""
        when = when or _now()
        card = Card.from_dict(self.cards[quiz_id]) if quiz_id in self.cards else Card()
        card, _log = _SCHEDULER.review_card(card, grade.rating, when)
        self.cards[quiz_id] = card.to_dict()
        self.answers += 1
        for target in targets:
            sources = self.marks.setdefault(target, [])
            if grade.marks and quiz_id not in sources:
                sources.append(quiz_id)
            elif not grade.marks and quiz_id in sources:
                sources.remove(quiz_id)
            if not sources:
                del self.marks[target]
        self.save()

    def record_situation(self, marked_pitfalls: list[str], cleared_pitfalls: list[str]) -> None:
        """An engine-made question: a wrong choice marks its pitfall, a right one clears it."""
        self.answers += 1
        for pitfall in cleared_pitfalls:
            sources = self.marks.get(pitfall, [])
            if "situation" in sources:
                sources.remove("situation")
                if not sources:
                    del self.marks[pitfall]
        for pitfall in marked_pitfalls:
            sources = self.marks.setdefault(pitfall, [])
            if "situation" not in sources:
                sources.append("situation")
        self.save()

    def clear_mark(self, target: str) -> None:
        if self.marks.pop(target, None) is not None:
            self.save()

    def reset(self) -> None:
        self.cards.clear()
        self.marks.clear()
        self.answers = 0
        self.save()

    # -- questions about the state ----------------------------------------------------------

    def marked(self) -> set[str]:
        return set(self.marks)

    def seen(self, quiz_id: str) -> bool:
        return quiz_id in self.cards

    def due(self, quiz_id: str) -> datetime | None:
        if quiz_id not in self.cards:
            return None
        return Card.from_dict(self.cards[quiz_id]).due

    def order(self, quiz_ids: list[str], when: datetime | None = None) -> list[str]:
        """Due questions first (most overdue first); then those you did not know last time,
        even if FSRS wants them a few minutes later; then never-seen ones; then the rest."""
        when = when or _now()
        missed = {source for sources in self.marks.values() for source in sources}
        due, again, fresh, later = [], [], [], []
        for quiz_id in quiz_ids:
            moment = self.due(quiz_id)
            if moment is None:
                fresh.append(quiz_id)
            elif moment <= when:
                due.append((moment, quiz_id))
            elif quiz_id in missed:
                again.append((moment, quiz_id))
            else:
                later.append((moment, quiz_id))
        return ([q for _, q in sorted(due)] + [q for _, q in sorted(again)] + fresh
                + [q for _, q in sorted(later)])

    def due_count(self, quiz_ids: list[str], when: datetime | None = None) -> int:
        when = when or _now()
        return sum(1 for q in quiz_ids if (d := self.due(q)) is not None and d <= when)


class _Unreadable(Exception):
    pass


def _check_card(data: object) -> None:
    """A card must not only load but also work: aware datetimes, sane numbers."""
    try:
        card = Card.from_dict(data)
        moments = [card.due] + ([card.last_review] if card.last_review is not None else [])
        if any(moment.tzinfo is None for moment in moments):
            raise ValueError("Zeitpunkt ohne Zeitzone")
        if card.step is not None and not isinstance(card.step, int):
            raise ValueError("Schritt ist keine Zahl")
        for number in (card.stability, card.difficulty):
            if number is not None and not (isinstance(number, int | float)
                                           and math.isfinite(number) and number > 0):
                raise ValueError("ungültiger Wert")
        card.due - _now()  # the scheduler compares with aware datetimes
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise _Unreadable("ein Eintrag der Datei ist beschädigt") from exc
