#!/usr/bin/env bash
# benchci.sh is a broker's benchmark gate: it builds the test binaries of
# the destination lookups of a base and a head, runs their benchmarks
# (written by destgen -tests) alternately, and fails the job when
# `destgen benchgate` finds a significant regression.
#
#   benchci.sh [options] -configs BASE.json HEAD.json
#       generates a package from each config (destgen -tests) and compares
#   benchci.sh [options] -git BASE_REF HEAD_REF [PKG]
#       checks both commits out, regenerates PKG (default ./routes) with
#       go generate, and compares; run it from the broker's module
#
# Options (environment): ROUNDS (8) runs of each binary, alternated;
# BENCHTIME (50ms) per benchmark and run; BENCH (Destgen) the benchmarks'
# -test.bench pattern; MAX_REGRESSION (10%); ALPHA (0.05); OUT (a temporary
# directory) where base.txt and head.txt are kept, for a CI artifact.
# The destgen that generates and gates is the module's (go build of the
# version go.mod requires). The exit status is benchgate's: 0 no
# regression, 1 regression, 2 error.
set -euo pipefail

ROUNDS=${ROUNDS:-8}
BENCHTIME=${BENCHTIME:-50ms}
BENCH=${BENCH:-Destgen}
MAX_REGRESSION=${MAX_REGRESSION:-10%}
ALPHA=${ALPHA:-0.05}

usage() {
	sed -n '7,11p' "$0" | sed 's/^# //' >&2
	exit 2
}

# build_configs CONFIG SIDE: generate package SIDE from CONFIG inside the
# module (a package must be in a module to build) and build its test binary.
build_configs() {
	local dir="$work_pkg/$2"
	mkdir -p "$dir"
	cp "$1" "$dir/config.json"
	(cd "$dir" && "$bin/destgen" -config config.json -o routes_gen.go -pkg routes -tests)
	(cd "$dir" && go test -c -o "$bin/$2.test" .)
}

# build_git REF SIDE PKG: check REF out into a worktree, regenerate PKG
# there (so that a destgen upgrade in go.mod is measured too) and build its
# test binary.
build_git() {
	local top prefix tree="$bin/tree-$2"
	top=$(git rev-parse --show-toplevel)
	prefix=$(git rev-parse --show-prefix)
	git -C "$top" worktree add --quiet --detach "$tree" "$1"
	(cd "$tree/$prefix" && go generate "$3" && go test -c -o "$bin/$2.test" "$3")
	git -C "$top" worktree remove --force "$tree"
}

# run_rounds: ROUNDS runs of each binary, base first in odd rounds and head
# first in even ones, so that a slow phase of a shared machine falls on
# both sides alike rather than on one.
run_rounds() {
	local i side
	for i in $(seq "$ROUNDS"); do
		local order="base head"
		((i % 2 == 0)) && order="head base"
		for side in $order; do
			"$bin/$side.test" -test.run '^$' -test.bench "$BENCH" -test.benchtime "$BENCHTIME" \
				-test.count 1 >>"$OUT/$side.txt"
		done
	done
}

[[ $# -ge 3 ]] || usage
mode=$1
shift
bin=$(mktemp -d)
OUT=${OUT:-$bin}
mkdir -p "$OUT"
rm -f "$OUT/base.txt" "$OUT/head.txt"
case $mode in
-configs)
	[[ $# -eq 2 ]] || usage
	base_cfg=$(realpath "$1") head_cfg=$(realpath "$2")
	cd "$(dirname "$0")"
	# Inside the module, as a package must be; "_" keeps the go command's
	# ./... patterns (go vet, go generate) out of it while it exists.
	work_pkg=$(mktemp -d "$PWD/_work.XXXXXX")
	trap 'rm -rf "$bin" "$work_pkg"' EXIT
	go build -o "$bin/destgen" github.com/destgen/destgen/cmd/destgen
	build_configs "$base_cfg" base
	build_configs "$head_cfg" head
	;;
-git)
	[[ $# -eq 2 || $# -eq 3 ]] || usage
	trap 'rm -rf "$bin"; git worktree prune' EXIT
	go build -o "$bin/destgen" github.com/destgen/destgen/cmd/destgen
	build_git "$1" base "${3:-./routes}"
	build_git "$2" head "${3:-./routes}"
	;;
*) usage ;;
esac
echo "benchci: $ROUNDS rounds of $BENCH at -benchtime $BENCHTIME, base and head alternated" >&2
run_rounds
cd "$OUT"
"$bin/destgen" benchgate -max-regression "$MAX_REGRESSION" -alpha "$ALPHA" base.txt head.txt
