"""What a screen reader is told while keys are pressed in Regelfrisch, on a real AT-SPI bus.

Run by ``tests/screen_reader/run.sh`` with the system Python (it needs Debian's pyatspi,
which the app's virtual environment does not have): it waits for the app on the bus, presses
the given keys with xdotool and prints every focus change, selection change and announcement
the app sends, as Orca would receive them. Not part of the test suite (it needs an X server,
D-Bus and the AT-SPI registry); the suite checks the same events through Qt's own
accessibility layer (tests/ui/test_accessibility.py).
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time

EVENTS = ("focus:", "object:state-changed:focused", "object:active-descendant-changed",
          "object:announcement", "object:property-change:accessible-name",
          "object:selection-changed")


def main(keys: list[str]) -> int:
    import pyatspi
    from gi.repository import GLib

    heard: list[str] = []

    def describe(acc) -> str:
        try:
            return f"[{acc.getRoleName()}] {acc.name!r}"
        except Exception as exc:  # an object gone meanwhile
            return f"<{exc}>"

    def on_event(event) -> None:
        if event.type.startswith("object:state-changed:focused") and not event.detail1:
            return
        showing = event.source.getState().contains(pyatspi.STATE_SHOWING)
        if event.type.startswith("object:property-change") and not showing:
            return
        extra = f" {event.any_data!r}" if event.type.startswith("object:announcement") else ""
        heard.append(f"{event.type}: {describe(event.source)}{extra}")

    def app_on_bus() -> bool:
        return any(a is not None and "regelfrisch" in (a.name or "").lower()
                   for a in pyatspi.Registry.getDesktop(0))

    for _ in range(60):
        if app_on_bus():
            break
        time.sleep(0.5)
    else:
        print("Regelfrisch ist nicht am AT-SPI-Bus.", file=sys.stderr)
        return 1

    def drive() -> None:
        time.sleep(1.0)
        window = subprocess.run(["xdotool", "search", "--name", "Regelfrisch"],
                                capture_output=True, text=True).stdout.split()
        for key in keys:
            heard.append(f"=== Taste {key}")
            if window:
                subprocess.run(["xdotool", "windowfocus", "--sync", window[0]],
                               capture_output=True)
            subprocess.run(["xdotool", "key", "--clearmodifiers", key], check=True)
            time.sleep(0.7)
        GLib.idle_add(pyatspi.Registry.stop)

    pyatspi.Registry.registerEventListener(on_event, *EVENTS)
    threading.Thread(target=drive, daemon=True).start()
    pyatspi.Registry.start()
    print("\n".join(heard))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
