#!/bin/bash
# What a screen reader hears from Regelfrisch, on a real AT-SPI bus (see listen.py).
#
# Needs Debian's packages (once): sudo apt-get install xvfb dbus-x11 at-spi2-core
#   python3-pyatspi xdotool libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1
# Usage: tests/screen_reader/run.sh [GAME SECTION [KEYS...]]
#   default: atlantis summary ctrl+7 Right Right Return k r
# Starts Xvfb, a D-Bus session and the AT-SPI bus, the app from .venv with a fresh user folder,
# presses the keys and prints what was announced.
set -u
cd "$(dirname "$0")/../.."
GAME=${1:-atlantis}; SECTION=${2:-summary}; shift 2 2>/dev/null || true
KEYS=("$@"); [ ${#KEYS[@]} -eq 0 ] && KEYS=(ctrl+7 Right Right Return k r)
WORK=$(mktemp -d)
trap 'kill $APP $BUS $XVFB $DBUS_SESSION_BUS_PID 2>/dev/null; rm -rf "$WORK"' EXIT
export DISPLAY=:97
Xvfb "$DISPLAY" -screen 0 1280x800x24 >"$WORK/xvfb.log" 2>&1 & XVFB=$!
sleep 0.5
eval "$(dbus-launch --sh-syntax)"
/usr/libexec/at-spi-bus-launcher --launch-immediately >"$WORK/bus.log" 2>&1 & BUS=$!
sleep 0.8
mkdir -p "$WORK/daten"
printf '[General]\nlast_game=%s\nlast_section=%s\n' "$GAME" "$SECTION" >"$WORK/daten/einstellungen.ini"
QT_QPA_PLATFORM=xcb QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 REGELFRISCH_DATA="$WORK/daten" \
  .venv/bin/python -m app >"$WORK/app.log" 2>&1 & APP=$!
/usr/bin/python3 tests/screen_reader/listen.py "${KEYS[@]}"
