#!/usr/bin/env bash
# deps.sh [run|test]: install the Debian packages pathlens needs that are missing.
#   run:  what Ebiten needs to build and open a window (cgo, GL, X11, ALSA headers), and
#         xclip, which the prompt's Ctrl+V reads the clipboard with (Ebiten reads none).
#   test: the above plus a virtual display and the tools the window tests drive it with.
# Installs only what dpkg says is not installed, runs `apt-get update` once before the first
# install, and uses sudo when not root. Does nothing (quickly) when everything is present.
set -euo pipefail

want=(gcc libc6-dev libgl1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev libxrandr-dev
      libxxf86vm-dev libasound2-dev pkg-config xclip)
if [ "${1:-run}" = test ]; then
  want+=(xvfb xauth libgl1-mesa-dri xdotool x11-apps imagemagick)
fi

if ! command -v go >/dev/null 2>&1; then
  echo "deps: Go is not installed (or not on PATH); install Go 1.24 or newer first" >&2
  exit 1
fi

# `dpkg -s` succeeds for a package removed but not purged (its config files
# remain), so ask for the status itself.
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'; }
missing=()
for p in "${want[@]}"; do
  installed "$p" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "deps: missing packages (${missing[*]}) and no apt-get here; install them by hand" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
  fi
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
