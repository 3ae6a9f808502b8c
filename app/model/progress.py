"""The user's quiz progress per game: what to re-read, and when each question is due.

One JSON file per game in the user's data folder. It is written after every
answer, atomically (temp file + fsync + rename), so killing the app mid-round
loses at most the answer being given. A file we cannot read is never
overwritten: it is moved aside with a timestamp and the user is told.

Several windows (or processes) may answer at once. Every change is an operation that is
kept until it is on disk; a save takes the lock, reads the file as it is now, replays this
window's unsaved operations on it and writes the result. So the last writer never wins
over another window's answers. The lock itself comes from the caller (the UI passes a
``QLockFile``); this layer imports no Qt.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from app.model.paths import data_dir  # noqa: F401 - part of this module's API
from app.model.safe_files import UnreadableFile, german_os_error, read_regular_file

if TYPE_CHECKING:
    from fsrs import Rating, Scheduler

SCHEMA_VERSION = 1
MAX_PROGRESS_BYTES = 5 * 1024 * 1024
# What a saved card may hold: the bounds the scheduler works within, with room to spare.
MAX_STABILITY_DAYS = 1e7
DIFFICULTY_RANGE = (1.0, 10.0)
YEAR_RANGE = (1970, 2300)
MAX_STEP = 100
MAX_ANSWERS = 10**12
CARD_KEYS = frozenset({"card_id", "state", "step", "stability", "difficulty", "due",
                       "last_review"})
# A notice that a window-less job (``--pdf``) could not show; the next window shows it.
PENDING_NOTICE_SUFFIX = ".hinweis"

# ``lock(path)`` guards read-merge-write of ``path``; it raises ``TimeoutError`` (an OSError)
# when the lock cannot be had. The default suits one process only (tests, tools).
Lock = Callable[[Path], AbstractContextManager]


def single_process_lock(path: Path) -> AbstractContextManager:
    return contextlib.nullcontext()


class Grade(Enum):
    """The honest self-assessment after revealing an answer."""

    KNEW = "knew"
    UNSURE = "unsure"
    DID_NOT_KNOW = "did_not_know"

    @property
    def rating(self) -> Rating:
        from fsrs import Rating

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


@cache
def _scheduler() -> Scheduler:
    # Imported on first use: FSRS costs a start-up that only shows marks ~13 ms.
    from fsrs import Scheduler

    # Fuzzing would make schedules differ between runs; a refresher wants them predictable.
    return Scheduler(enable_fuzzing=False)


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
    lock: Lock = single_process_lock
    _save_failed: bool = False
    # This window's changes not yet on disk, replayed on the file's current state at saving.
    _pending: list[Callable[[ProgressStore], None]] = field(default_factory=list)

    # -- opening and saving ---------------------------------------------------------------

    @classmethod
    def open(cls, folder: Path, game_id: str, lock: Lock | None = None) -> ProgressStore:
        store = cls(folder / f"fortschritt-{game_id}.json", game_id,
                    lock=lock or single_process_lock)
        if store._tidy():
            # Nothing to tidy: read without the lock. A save replaces the file in one rename,
            # so a reader sees the old file or the new one whole; the lock (a file made and
            # removed, ≈ 2 ms of the window's first frame) is for tidying up after others.
            try:
                store._read_disk()
                return store
            except (_NewerVersion, _Unreadable, OSError):
                pass  # told and kept aside under the lock, as below
        try:
            with store.lock(store.path):
                # Under the lock no other window is between writing a temp file and renaming
                # it, so every temp file left is one a killed save left behind.
                store._remove_stale_temp_files()
                store._take_pending_notices()
                store._load()
        except OSError:
            # No lock (read-only folder, a hung window): read anyway, clean up next time.
            store._load()
        return store

    def _load(self) -> None:
        try:
            self._read_disk()
        except _NewerVersion as newer:
            self.writable = False
            self.notices.append(Notice(
                f"Dein Fortschritt für „{self.game_id}“ wurde von einer neueren Version von "
                f"Regelfrisch gespeichert (Format {newer}). Die Datei bleibt unangetastet; "
                "diese Sitzung wird nicht gespeichert. Bitte Regelfrisch aktualisieren."))
        except _Unreadable as reason:
            self._keep_aside(str(reason))
        except OSError as exc:
            # Unreadable but maybe still there: don't write over it either.
            self.writable = False
            self.notices.append(Notice(
                f"Dein Fortschritt für „{self.game_id}“ ließ sich nicht lesen "
                f"({german_os_error(exc)}). "
                "Diese Sitzung wird nicht gespeichert."))

    def _read_disk(self) -> None:
        """Replace the state in memory by the file's; an absent file is an empty store."""
        path = self.path
        # Inside the caller's try: a folder we may not even look into is an OSError too.
        if not path.exists():
            # No file yet, or a link to a file not yet there (a synced folder not yet filled).
            self.cards, self.marks, self.answers = {}, {}, 0
            return
        try:
            raw = read_regular_file(path, MAX_PROGRESS_BYTES)
        except IsADirectoryError:
            raise _Unreadable("an der Stelle der Datei liegt ein Ordner") from None
        except UnreadableFile as exc:
            too_big = "zu groß" in str(exc)
            raise _Unreadable("die Datei ist viel zu groß" if too_big else
                              "an der Stelle der Datei liegt keine gewöhnliche Datei") from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise _Unreadable("die Datei ist beschädigt") from exc
        except (ValueError, RecursionError) as exc:
            # Numbers with thousands of digits, brackets nested thousands deep.
            raise _Unreadable("die Datei enthält unmögliche Werte") from exc
        self._adopt(data)

    def _adopt(self, data: object) -> None:
        if not isinstance(data, dict):
            raise _Unreadable("die Datei hat nicht das erwartete Format")
        version = data.get("schema")
        if isinstance(version, int) and not isinstance(version, bool) \
                and SCHEMA_VERSION < version < 10**6:
            raise _NewerVersion(version)
        if version != SCHEMA_VERSION or isinstance(version, bool):
            raise _Unreadable(f"die Datei hat die unbekannte Version {_short(version)}")
        cards, marks = data.get("cards", {}), data.get("marks", {})
        if not isinstance(cards, dict) or not isinstance(marks, dict):
            raise _Unreadable("die Datei hat nicht das erwartete Format")
        for card in cards.values():
            _check_card(card)
        if not all(isinstance(v, list) and all(isinstance(s, str) and _writable_text(s)
                                               for s in v)
                   for v in marks.values()) or not all(map(_writable_text, marks)):
            raise _Unreadable("die Markierungen sind beschädigt")
        if not all(map(_writable_text, cards)):
            raise _Unreadable("ein Eintrag der Datei ist beschädigt")
        answers = data.get("answers", 0)
        if not (isinstance(answers, int) and not isinstance(answers, bool)
                and 0 <= answers <= MAX_ANSWERS):
            raise _Unreadable("die Zahl der Antworten ist beschädigt")
        self.cards = dict(cards)
        self.marks = {k: list(v) for k, v in marks.items() if v}
        self.answers = answers

    def _tidy(self) -> bool:
        """No temp file left by a save and no notice left for us (an unsearchable folder is
        not tidy: the locked path tells about it)."""
        try:
            return not self._leftovers() and not self._pending_notice_path().exists()
        except OSError:
            return False

    def _leftovers(self) -> list[Path]:
        """Temp files of saves of this file (``.<name>.<random>.tmp``), finished or not."""
        prefixes = (f".{self._target().name}.", f".{self.path.name}.")
        found = []
        for folder in {self.path.parent, self._target().parent}:
            with contextlib.suppress(OSError), os.scandir(folder) as entries:
                found += [Path(entry.path) for entry in entries
                          if entry.name.startswith(prefixes) and entry.name.endswith(".tmp")]
        return found

    def _remove_stale_temp_files(self) -> None:
        for leftover in self._leftovers():
            with contextlib.suppress(OSError):
                leftover.unlink()

    def _pending_notice_path(self) -> Path:
        return self.path.with_name(self.path.name + PENDING_NOTICE_SUFFIX)

    def _take_pending_notices(self) -> None:
        """Show what a window-less run (``--pdf``) had to tell, then forget it."""
        note = self._pending_notice_path()
        try:
            if not note.exists():
                return
            text = read_regular_file(note, 64 * 1024).decode("utf-8", errors="replace")
            note.unlink()
        except OSError:
            return
        for line in text.splitlines():
            if line.strip():
                self.notices.append(Notice(line.strip()))

    def defer_notices(self) -> None:
        """Keep the notices for the next window start (for runs that have no window)."""
        if not self.notices:
            return
        note = self._pending_notice_path()
        with contextlib.suppress(OSError):
            earlier = (read_regular_file(note, 64 * 1024).decode("utf-8", errors="replace")
                       if note.exists() else "")
            text = earlier + "".join(n.message.replace("\n", " ") + "\n" for n in self.notices)
            note.write_text(text, "utf-8")

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

    def _target(self) -> Path:
        """The file that is really written: a symlinked progress file is written through the
        link (a synced file stays where it is), never replaced by a regular file."""
        if self.path.is_symlink():
            return Path(os.path.realpath(self.path))
        return self.path

    def _change(self, operation: Callable[[ProgressStore], None]) -> None:
        operation(self)
        self._pending.append(operation)
        self.save()

    def _merge_with_disk(self) -> None:
        """Under the lock: the file as other windows left it, plus this window's changes."""
        try:
            self._read_disk()
        except _NewerVersion as newer:
            self._load_newer_version_notice(newer)
            return
        except _Unreadable as reason:
            # Our memory is the best there is now; the broken file goes aside untouched.
            cards, marks, answers = self.cards, self.marks, self.answers
            self._keep_aside(str(reason))
            self.cards, self.marks, self.answers = cards, marks, answers
            return
        for operation in self._pending:
            operation(self)

    def refresh(self) -> bool:
        """Take in what other windows saved (no lock needed: files are replaced whole).

        Returns whether anything changed. A file that cannot be read now is dealt with at
        the next save, under the lock."""
        if not self.writable:
            return False
        before = (self.cards, self.marks, self.answers)
        snapshot = json.dumps(self.to_json(), sort_keys=True)
        try:
            self._read_disk()
        except (_Unreadable, _NewerVersion, OSError):
            self.cards, self.marks, self.answers = before
            return False
        for operation in self._pending:
            operation(self)
        return json.dumps(self.to_json(), sort_keys=True) != snapshot

    def _load_newer_version_notice(self, newer: _NewerVersion) -> None:
        self.writable = False
        self.notices.append(Notice(
            f"Dein Fortschritt für „{self.game_id}“ wurde inzwischen von einer neueren Version "
            f"von Regelfrisch gespeichert (Format {newer}). Die Datei bleibt unangetastet; "
            "diese Sitzung wird nicht mehr gespeichert."))

    def save(self) -> bool:
        """Read-merge-write under the lock; on failure keep going in memory, tell once."""
        if not self.writable:
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.lock(self.path):
                self._merge_with_disk()
                if not self.writable:
                    return False
                self._write(self._target())
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
        self._pending.clear()
        self._save_failed = False
        return True

    def _write(self, target: Path) -> None:
        text = json.dumps(self.to_json(), ensure_ascii=False, indent=1, sort_keys=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    # -- answering --------------------------------------------------------------------------

    def record(self, quiz_id: str, grade: Grade, targets: list[str],
               when: datetime | None = None) -> None:
        """Schedule ``quiz_id`` and mark (or clear) what it tests, then save."""
        when = when or _now()
        targets = list(targets)

        from fsrs import Card

        if not _writable_text(quiz_id):
            return  # no content id looks like this; what cannot be saved is not recorded
        targets = [t for t in targets if _writable_text(t)]

        def answer(store: ProgressStore) -> None:
            cards = store.cards
            card = Card.from_dict(cards[quiz_id]) if quiz_id in cards else Card()
            card, _log = _scheduler().review_card(card, grade.rating, when)
            cards[quiz_id] = _within_limits(card.to_dict())
            store.answers = min(store.answers + 1, MAX_ANSWERS)
            for target in targets:
                sources = store.marks.setdefault(target, [])
                if grade.marks and quiz_id not in sources:
                    sources.append(quiz_id)
                elif not grade.marks and quiz_id in sources:
                    sources.remove(quiz_id)
                if not sources:
                    del store.marks[target]

        self._change(answer)

    def record_situation(self, marked_pitfalls: list[str], cleared_pitfalls: list[str]) -> None:
        """An engine-made question: a wrong choice marks its pitfall, a right one clears it."""
        marked_pitfalls = [p for p in marked_pitfalls if _writable_text(p)]
        cleared_pitfalls = [p for p in cleared_pitfalls if _writable_text(p)]

        def answer(store: ProgressStore) -> None:
            store.answers = min(store.answers + 1, MAX_ANSWERS)
            for pitfall in cleared_pitfalls:
                sources = store.marks.get(pitfall, [])
                if "situation" in sources:
                    sources.remove("situation")
                    if not sources:
                        del store.marks[pitfall]
            for pitfall in marked_pitfalls:
                sources = store.marks.setdefault(pitfall, [])
                if "situation" not in sources:
                    sources.append("situation")

        self._change(answer)

    def clear_mark(self, target: str) -> None:
        if target in self.marks:
            self._change(lambda store: store.marks.pop(target, None))

    def reset(self) -> None:
        def forget(store: ProgressStore) -> None:
            store.cards, store.marks, store.answers = {}, {}, 0

        self._change(forget)

    # -- questions about the state ----------------------------------------------------------

    def marked(self) -> set[str]:
        return set(self.marks)

    def seen(self, quiz_id: str) -> bool:
        return quiz_id in self.cards

    def due(self, quiz_id: str) -> datetime | None:
        if quiz_id not in self.cards:
            return None
        from fsrs import Card

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


class _NewerVersion(Exception):
    pass


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 20 else text[:19] + "…"


_VALID_CARDS: set[str] = set()


def _check_card(data: object) -> None:
    """A card must not only load but work: every field as the scheduler needs it, and a trial
    review with every grade must pass (so a bad card never kills the keys mid-quiz)."""
    try:
        key = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError, RecursionError) as exc:
        raise _Unreadable("ein Eintrag der Datei ist beschädigt") from exc
    if key in _VALID_CARDS:
        return
    from fsrs import Card, Rating

    try:
        _check_card_fields(data)
        card = Card.from_dict(data)
        for rating in Rating:
            _scheduler().review_card(card, rating, _now())
    except Exception as exc:  # the scheduler's own verdict, whatever it raises
        # fsrs checks with assert (AssertionError, or under -O a TypeError further on) and
        # arithmetic; any refusal by the scheduler means the card cannot be answered.
        raise _Unreadable("ein Eintrag der Datei ist beschädigt") from exc
    if len(_VALID_CARDS) < 100_000:
        _VALID_CARDS.add(key)


def _writable_text(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8: JSON may hold a lone surrogate („\\ud800“),
    which loads but cannot be saved again."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_LATEST = datetime(YEAR_RANGE[1], 12, 31, tzinfo=UTC)
_EARLIEST = datetime(YEAR_RANGE[0], 1, 1, tzinfo=UTC)


def _within_limits(card: dict) -> dict:
    """The scheduler's card held to what a saved card may hold, so the app never writes a file
    its next start would refuse (stability at the limit grows with every good answer)."""
    from fsrs.scheduler import STABILITY_MIN

    if card["stability"] is not None:
        card["stability"] = min(max(card["stability"], STABILITY_MIN), MAX_STABILITY_DAYS)
        card["difficulty"] = min(max(card["difficulty"], DIFFICULTY_RANGE[0]),
                                 DIFFICULTY_RANGE[1])
    if card["step"] is not None:
        card["step"] = min(card["step"], MAX_STEP)
    for key in ("due", "last_review"):
        if card[key] is not None:
            moment = datetime.fromisoformat(card[key])
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=UTC)
            clamped = min(max(moment, _EARLIEST), _LATEST)
            if clamped != moment:
                card[key] = clamped.isoformat()
    return card


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def _moment(value: object) -> datetime:
    if not isinstance(value, str) or len(value) > 40:
        raise _Unreadable("Zeitpunkt ist kein Text")
    moment = datetime.fromisoformat(value)
    if moment.tzinfo is None:
        raise _Unreadable("Zeitpunkt ohne Zeitzone")
    if not YEAR_RANGE[0] <= moment.year <= YEAR_RANGE[1]:
        raise _Unreadable("Zeitpunkt außerhalb jeder Planung")
    return moment


def _check_card_fields(data: object) -> None:
    from fsrs import State
    from fsrs.scheduler import STABILITY_MIN

    if not isinstance(data, dict) or set(data) != CARD_KEYS:
        raise _Unreadable("Karte hat nicht die erwarteten Felder")
    if not _is_int(data["card_id"]) or not 0 <= data["card_id"] < 2**63:
        raise _Unreadable("Karten-Nummer")
    if not _is_int(data["state"]) or data["state"] not in {s.value for s in State}:
        raise _Unreadable("Zustand")
    step = data["step"]
    if data["state"] == State.Review.value:
        if step is not None:
            raise _Unreadable("Schritt in der Wiederholung")
    elif not (_is_int(step) and 0 <= step <= MAX_STEP):
        raise _Unreadable("Schritt")
    stability, difficulty = data["stability"], data["difficulty"]
    if (stability is None) != (difficulty is None):
        raise _Unreadable("Stabilität und Schwierigkeit nur halb")
    # Only a card never answered is without them: fsrs's Card() is Learning, step 0, with
    # neither; a relearning or review card has been answered and the scheduler needs both.
    if stability is None and (data["state"] != State.Learning.value
                              or data["last_review"] is not None):
        raise _Unreadable("eine schon gelernte Karte ohne Stabilität")
    if stability is not None:
        if not (_is_number(stability) and STABILITY_MIN <= stability <= MAX_STABILITY_DAYS):
            raise _Unreadable("Stabilität")
        if not (_is_number(difficulty)
                and DIFFICULTY_RANGE[0] <= difficulty <= DIFFICULTY_RANGE[1]):
            raise _Unreadable("Schwierigkeit")
    _moment(data["due"])
    if data["last_review"] is not None:
        _moment(data["last_review"])
