#!/bin/sh
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring of its own
# (its own XDG_DATA_HOME and XDG_RUNTIME_DIR, deleted afterwards), so keychain tests talk to a
# real Secret Service without touching the user's keyring or another test run's. Where
# dbus-run-session or gnome-keyring-daemon is missing (macOS, Windows, a bare Linux), the command
# runs as is and the keychain tests use the OS keychain.
set -e
if [ -z "$CONFAB_KEYRING_READY" ] && command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  export CONFAB_KEYRING_READY=1
  XDG_DATA_HOME="$(mktemp -d "${TMPDIR:-/tmp}/confab-keyring-XXXXXX")"
  XDG_RUNTIME_DIR="$XDG_DATA_HOME/runtime"
  export XDG_DATA_HOME XDG_RUNTIME_DIR
  mkdir -m 700 "$XDG_RUNTIME_DIR"
  trap 'rm -rf "$XDG_DATA_HOME"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  # Should the keyring end mid-run (a CI run once met this), the bus starts it again for the next
  # caller. Debian's service file would start it with the login keyring locked and no prompt to
  # unlock it, failing every later test; this session's own service file, found first, unlocks it.
  start="$XDG_DATA_HOME/start-keyring"
  printf '#!/bin/sh\nprintf confab-test | exec gnome-keyring-daemon --foreground --unlock --components=secrets\n' > "$start"
  chmod +x "$start"
  mkdir -p "$XDG_DATA_HOME/dbus-1/services"
  for name in org.freedesktop.secrets org.gnome.keyring; do
    printf '[D-BUS Service]\nName=%s\nExec=%s\n' "$name" "$start" > "$XDG_DATA_HOME/dbus-1/services/$name.service"
  done
  status=0
  dbus-run-session -- sh -c 'printf "confab-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@" || status=$?
  exit "$status"
fi
exec "$@"
