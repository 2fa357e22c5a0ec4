#!/usr/bin/env bash
# Runs `swift ARGS` under a machine-wide lock so that parallel worktrees never run two
# Swift builds at once on the two shared cores. `-o`: the lock belongs to flock itself, not to
# the compiler processes swift spawns, so a build killed half-way can never leave a stray
# swiftc holding it.
exec flock -o /tmp/pkgctl-swift-build.lock swift "$@"
