#!/usr/bin/env bash
# Installs the Debian packages pkgctl needs to build, test and demo, if any are missing.
# Usage: scripts/deps.sh [build|test]   (test adds the tools the test suite drives)
set -euo pipefail
# libcurl4-openssl-dev: the release binary links Foundation statically, whose networking needs libcurl.
want=(pkg-config libavformat-dev libavcodec-dev libavutil-dev libcurl4-openssl-dev)
if [ "${1:-build}" = test ]; then
  want+=(ffmpeg python3 python3-pip python3-yaml nginx-light librsvg2-bin systemd zsh man-db groff-base)
fi
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "deps: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "deps: missing Debian packages: ${missing[*]}" >&2
    echo "deps: run as root, or: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
# threefive (PyPI): the independent SCTE-35 reader the splice tests check the output TS with.
if [ "${1:-build}" = test ] && ! python3 -c 'import threefive' >/dev/null 2>&1; then
  echo "deps: installing threefive 3.1.5 (pip)"
  python3 -m pip install --quiet threefive==3.1.5 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages threefive==3.1.5
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "deps: no 'swift' on PATH; install the Swift 6.x toolchain (https://swift.org/install) first" >&2
  exit 1
fi
