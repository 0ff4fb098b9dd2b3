#!/bin/sh
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring of its own
# (its own XDG_DATA_HOME, deleted afterwards), so keychain tests talk to a real Secret Service
# without touching the user's keyring or another test run's. Where dbus-run-session or
# gnome-keyring-daemon is missing (macOS, Windows, a bare Linux), the command runs as is and
# the keychain tests use the OS keychain.
set -e
if [ -z "$CONFAB_KEYRING_READY" ] && command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  export CONFAB_KEYRING_READY=1
  XDG_DATA_HOME="$(mktemp -d "${TMPDIR:-/tmp}/confab-keyring-XXXXXX")"
  export XDG_DATA_HOME
  trap 'rm -rf "$XDG_DATA_HOME"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  status=0
  dbus-run-session -- sh -c 'printf "confab-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@" || status=$?
  exit "$status"
fi
exec "$@"
