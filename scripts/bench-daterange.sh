#!/usr/bin/env bash
# Rendering 100 000 interstitial date ranges through the same-ID ledger (goal: well under 1 s).
set -euo pipefail
pkgctl=${1:-.build/release/pkgctl}
for _ in 1 2 3; do "$pkgctl" bench daterange --count 100000; done
