# Sourced by the bench scripts (from the repository root): sets $pkgctl to the binary given as
# the script's first argument, else builds the release binary as `make build` does (its log only
# on failure).
if [ -n "${1:-}" ]; then
    pkgctl=$1
else
    if ! build_log=$(scripts/swift-locked.sh build -c release --product pkgctl --static-swift-stdlib 2>&1); then
        echo "$build_log" >&2
        exit 1
    fi
    pkgctl=.build/release/pkgctl
fi
