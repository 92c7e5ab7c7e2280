#!/usr/bin/env bash
# Speed work on `simulate` (issue 21) must leave every report as it was.
# This plays the same spread of adventures with two builds and compares what
# they write, byte for byte; with --callgrind it also counts the
# instructions a playthrough of seed 7 takes in each (runs 2 to 201, so the
# loading drops out). docs/src/benchmarks.md ("How a speed change is
# checked") says what each part covers.
#
#   benches/speed-check.sh [--callgrind] BASE NEW
#
# BASE and NEW are `tilecrawl` binaries, e.g. the release build of the
# commit before the change copied aside, and target/release/tilecrawl:
#
#   git worktree add /tmp/base HEAD && (cd /tmp/base && cargo build --release)
#   cargo build --release
#   benches/speed-check.sh --callgrind /tmp/base/target/release/tilecrawl target/release/tilecrawl
#
# The adventures are made by BASE in a temporary folder (removed at the
# end unless KEEP=1). Exit status 0 when every output is the same, 1 when
# one differs, 2 on bad usage. About a minute on two cores, a few more
# with --callgrind (valgrind must be installed).
set -euo pipefail

callgrind=0
if [[ ${1:-} == --callgrind ]]; then
    callgrind=1
    shift
fi
if [[ $# -ne 2 || ! -x $1 || ! -x $2 ]]; then
    echo "usage: $0 [--callgrind] BASE NEW (two tilecrawl binaries)" >&2
    exit 2
fi
base=$(realpath "$1")
new=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
big="$here/data/big-tileset.yaml"
work=$(mktemp -d "${TMPDIR:-/tmp}/speed-check.XXXXXX")
if [[ ${KEEP:-0} != 1 ]]; then
    trap 'rm -rf "$work"' EXIT
fi
sc="$work/adventures"
mkdir -p "$sc"

echo "adventures (made by BASE) in $sc"
gen() { # NAME ARGS…
    local name=$1
    shift
    "$base" generate "$@" --out "$sc/$name" -q >/dev/null
}
gen s7 --seed 7
for s in 1 2 3; do gen "t$s" --seed "$s" --sets 3; done
gen m1 --seed 11 --mission rescue
gen m2 --seed 11 --mission stealth
gen m3 --seed 11 --mission kidnapping
gen m4 --seed 11 --mission quest+split-up+timed
gen f2 --seed 5 --floors 2
gen b4 --seed 7 --sets 4 --tileset "$big" --table 400x400
gen b8 --seed 7 --sets 8 --tileset "$big" --table 400x400
"$base" batch --count 40 --only yaml --out "$sc/w" -q >/dev/null
# The other two games: a Dungeons Dark & Dangerous board of each scenario
# (two seeds), a larger board, one with locked and secret doors, and
# war-parties with Huge and flying models (seeds 12, 13); Dungeon World
# 10 mm dungeons of four seeds, also played scaled down.
for k in battle ambush treasure-hunt object-of-power free-prisoner secrets-of-the-ancients; do
    for s in 1 2; do gen "dd-$k-$s" --ruleset dd-and-d --scenario "$k" --seed "$s"; done
done
gen dd-big --ruleset dd-and-d --seed 9 --board 48x36
gen dd-doors --ruleset dd-and-d --seed 3 --locked-doors 4 --secret-doors 3
for s in 12 13; do "$base" warparty new --seed "$s" --out "$sc/wp$s.yaml" -q; done
for s in 1 2 3 7; do gen "dw-$s" --ruleset dungeon-world-10mm --seed "$s"; done

play() { # BIN OUT
    local bin=$1 out=$2
    mkdir -p "$out"
    "$bin" simulate "$sc/s7/scenario.yaml" --runs 200 --jobs 1 -q >"$out/s7-jobs1.txt"
    "$bin" simulate "$sc/s7/scenario.yaml" --runs 200 --jobs 2 -q >"$out/s7-jobs2.txt"
    "$bin" simulate "$sc/s7/scenario.yaml" --runs 200 --json -q >"$out/s7.json"
    for a in t1 t2 t3 m1 m2 m3 m4 b4 b8; do
        "$bin" simulate "$sc/$a/scenario.yaml" --runs 100 -q >"$out/$a.txt"
    done
    "$bin" simulate "$sc/f2/dungeon.yaml" --runs 100 -q >"$out/f2.txt"
    for d in "$sc"/w/*/; do
        local seed
        seed=$(basename "$d")
        "$bin" simulate "$d/scenario.yaml" --runs 200 -q >"$out/w$seed.txt"
    done
    for d in "$sc"/dd-*/; do
        local name
        name=$(basename "$d")
        "$bin" simulate "$d/scenario.yaml" --runs 30 --jobs 1 -q >"$out/$name.txt"
        "$bin" simulate "$d/scenario.yaml" --runs 30 --jobs 2 --json -q >"$out/$name.json"
        "$bin" simulate "$d/scenario.yaml" --runs 20 --warparty "$sc/wp12.yaml" \
            --opponent "$sc/wp13.yaml" -q >"$out/$name-huge.txt"
    done
    for d in "$sc"/dw-*/; do
        local name
        name=$(basename "$d")
        "$bin" simulate "$d/scenario.yaml" --runs 30 --jobs 1 -q >"$out/$name.txt"
        "$bin" simulate "$d/scenario.yaml" --runs 30 --jobs 2 --json -q >"$out/$name.json"
        "$bin" simulate "$d/scenario.yaml" --runs 20 --scaled-down -q >"$out/$name-small.txt"
    done
    "$bin" batch --count 200 --simulate 100 --only index --out "$out/rated" -q >/dev/null
    "$bin" batch --count 2000 --only index --out "$out/plain" -q >/dev/null
    for b in rated plain; do
        mv "$out/$b/index.csv" "$out/$b-index.csv"
        mv "$out/$b/index.yaml" "$out/$b-index.yaml"
        rm -rf "${out:?}/$b"
    done
}

echo "playing with BASE"
play "$base" "$work/base"
echo "playing with NEW"
play "$new" "$work/new"

same=1
for f in "$work/base"/*; do
    name=$(basename "$f")
    if ! cmp -s "$f" "$work/new/$name"; then
        echo "DIFFERS: $name"
        same=0
    fi
done
count=$(find "$work/base" -type f | wc -l)
if [[ $same == 1 ]]; then
    echo "same: all $count outputs byte-identical"
fi

if [[ $callgrind == 1 ]]; then
    per_playthrough() { # BIN → instructions a playthrough, in millions
        local bin=$1 one many
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" simulate \
            "$sc/s7/scenario.yaml" --runs 1 --jobs 1 -q >/dev/null 2>"$work/cg1"
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" simulate \
            "$sc/s7/scenario.yaml" --runs 201 --jobs 1 -q >/dev/null 2>"$work/cg201"
        one=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/cg1")
        many=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/cg201")
        awk -v a="$one" -v b="$many" 'BEGIN { printf "%.4f", (b - a) / 200 / 1e6 }'
    }
    echo "instructions a playthrough of seed 7 (callgrind, runs 2-201):"
    echo "  BASE $(per_playthrough "$base") M"
    echo "  NEW  $(per_playthrough "$new") M"
fi

[[ $same == 1 ]]
