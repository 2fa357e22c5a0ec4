#!/usr/bin/env bash
# Runs `swift ARGS` under a machine-wide lock so that parallel worktrees never run two
# Swift builds at once on the two shared cores.
exec flock /tmp/pkgctl-swift-build.lock swift "$@"
