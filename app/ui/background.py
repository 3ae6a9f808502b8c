"""Long work beside the window: a function runs in a worker thread, its answer comes back as a
signal on the window's thread.

Checking a pack (an import, the editorial review of a large pack) takes from milliseconds to
a second or two; on the window's thread it would freeze every click and repaint. The work is
model code (no Qt), so a plain Python thread runs it; the answer is delivered by a queued
signal, so every widget is touched on the window's thread only. A daemon thread never keeps
the app from quitting, and a job whose receiver is gone by the time it ends is simply dropped.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal


class BackgroundJob(QObject):
    """Runs ``work()`` in a thread once :meth:`start` is called.

    ``done(result, error)`` arrives on the thread this object lives in (the window's): ``error``
    is the exception ``work`` raised, else ``None``. :meth:`cancel` sets :attr:`stop`, which
    ``work`` may poll; the job still reports how it ended.
    """

    done = Signal(object, object)

    def __init__(self, work: Callable[[threading.Event], Any], parent: QObject | None = None):
        super().__init__(parent)
        self._work = work
        self.stop = threading.Event()
        self.running = False
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self.running = True
        self._thread = threading.Thread(target=self._run, name="regelfrisch-arbeit",
                                        daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        self.stop.set()

    def wait(self, seconds: float) -> bool:
        """Block until the work is done (for tests and for closing); whether it ended."""
        if self._thread is not None:
            self._thread.join(seconds)
            return not self._thread.is_alive()
        return True

    def _run(self) -> None:
        result: Any = None
        error: BaseException | None = None
        try:
            result = self._work(self.stop)
        except BaseException as exc:  # the window decides what to say about it
            error = exc
        # RuntimeError: the window (and this object) is gone; nobody is waiting for the answer.
        with contextlib.suppress(RuntimeError):
            self.done.emit(result, error)

    def finish(self) -> None:
        """Called by the receiver once it has the answer."""
        self.running = False
