#!/usr/bin/env bash
# Fuzzes the SCTE-35 decoder with libFuzzer + AddressSanitizer.
#
# Compiles Primitives as a module, then CueDetect's sources and Fuzz/SCTE35Fuzzer.swift as one
# module against it, with swiftc (no SwiftPM involved, so the fuzzer flags never touch the
# normal build), seeds Fuzz/corpus/
# (git-ignored) with every section recorded in the test fixtures, then runs for
# ${FUZZ_SECONDS:-60} seconds. Crash inputs land in .build/fuzz/ as crash-*.
# Holds the shared Swift build lock while compiling, like scripts/swift-locked.sh.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.build/fuzz"
corpus="$root/Fuzz/corpus"
seconds="${FUZZ_SECONDS:-60}"
mkdir -p "$out" "$corpus"

# Seed corpus: the base64 of each fixture cue, decoded to the raw section.
for fixture in "$root"/Tests/PackagerTests/Fixtures/*.cues.json; do
    name=$(basename "$fixture" .cues.json)
    index=0
    grep -o '"base64": *"[^"]*"' "$fixture" | sed 's/.*"\([^"]*\)"$/\1/' | while read -r encoded; do
        printf '%s' "$encoded" | base64 -d > "$corpus/$name-$index.bin"
        index=$((index + 1))
    done
done
# The SCTE 35 §14.1/§14.2 examples.
printf '%s' FC3034000000000000FFFFF00506FE72BD0050001E021C435545494800008E7FCF0001A599B00808000000002CA0A18A3402009AC9D17E \
    | xxd -r -p > "$corpus/spec-14-1.bin"
printf '%s' FC302F000000000000FFFFF014054800008F7FEFFE7369C02EFE0052CCF500000000000A0008435545490000013562DBA30A \
    | xxd -r -p > "$corpus/spec-14-2.bin"

mapfile -t primitives < <(find "$root/Sources/Primitives" -name '*.swift' | sort)
mapfile -t sources < <(find "$root/Sources/CueDetect" -name '*.swift' | sort)
flock /tmp/pkgctl-swift-build.lock sh -c '
    set -e
    cd "$1"; shift
    swiftc -sanitize=address -sanitize-coverage=edge -parse-as-library -O -module-name Primitives \
        -emit-module -emit-module-path Primitives.swiftmodule -wmo -c "$@" -o Primitives.o
' primitives "$out" "${primitives[@]}"
flock /tmp/pkgctl-swift-build.lock \
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name CueDetectFuzz -I "$out" \
    "${sources[@]}" "$root/Fuzz/SCTE35Fuzzer.swift" "$out/Primitives.o" -o "$out/scte35-fuzzer"

exec "$out/scte35-fuzzer" -max_total_time="$seconds" -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$out/" "$corpus"
