#!/bin/bash -eu
# Builds every native Go fuzz target of destgen as a libFuzzer binary in
# $OUT, with its seeds as $OUT/<fuzzer>_seed_corpus.zip (go-118-fuzz-build
# ignores f.Add; internal/seedcorpus writes the seeds and the committed
# corpus in its input encoding). Run by ClusterFuzzLite or OSS-Fuzz in the
# image of Dockerfile, where compile_native_go_fuzzer is defined;
# .clusterfuzzlite/check.sh runs it here with a stand-in for that.
#
# Every fuzz target of the module must be listed below (check.sh fails
# otherwise): package, function, fuzzer name.
cd "$SRC/destgen"

# compile_native_go_fuzzer rewrites the target's file to import this.
go get github.com/AdamKorcz/go-118-fuzz-build/testing@v0.0.0-20250520111509-a70c2aa677fa

# seeds exports a target's seeds: its own go test run, seeds written by
# seedcorpus.Add.
seeds() {
	local pkg=$1 func=$2 name=$3 dir
	dir=$(mktemp -d)
	SEED_CORPUS_DIR="$dir" go test -count=1 -run "^${func}\$" "$pkg"
	(cd "$dir/$func" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
	rm -rf "$dir"
}

# build_fuzzer exports a target's seeds and builds it. compile_native_go_
# fuzzer finds the target's file by grepping its package directory for
# the function's name and wants one file: other non-test files naming it
# (fuzz/doc.go lists every target) are set aside meanwhile. It compiles
# that file alone of the package's tests; a target whose helpers live in
# sibling _test.go files is built by compile_native_go_fuzzer_v2 (fourth
# argument v2), which includes them.
build_fuzzer() {
	local pkg=$1 func=$2 name=$3 v2=${4:-} dir f
	seeds "$pkg" "$func" "$name"
	dir=$(go list -f '{{.Dir}}' "$pkg")
	local hidden=()
	for f in $(grep -l -s "$func" "$dir"/*.go); do
		if ! grep -q "^func $func(" "$f"; then
			mv "$f" "$f.hidden"
			hidden+=("$f")
		fi
	done
	if [ "$v2" = v2 ]; then
		compile_native_go_fuzzer_v2 "$pkg" "$func" "$name"
	else
		compile_native_go_fuzzer "$pkg" "$func" "$name"
	fi
	for f in "${hidden[@]:+${hidden[@]}}"; do
		mv "$f.hidden" "$f"
	done
}

build_fuzzer github.com/destgen/destgen/fuzz FuzzCompiled compiled
build_fuzzer github.com/destgen/destgen/fuzz FuzzConfig config
build_fuzzer github.com/destgen/destgen/fuzz FuzzDecodePlan decode_plan v2
build_fuzzer github.com/destgen/destgen/fuzz FuzzExample example
build_fuzzer github.com/destgen/destgen/fuzz FuzzLive live v2
build_fuzzer github.com/destgen/destgen/fuzz FuzzLiveConfig live_config v2
build_fuzzer github.com/destgen/destgen/fuzz FuzzPolicyIndex policy_index
build_fuzzer github.com/destgen/destgen/fuzz FuzzPolicyPattern policy_pattern
build_fuzzer github.com/destgen/destgen/gen/javaregex FuzzTranslate translate v2
build_fuzzer github.com/destgen/destgen/gen/plan FuzzPolicyDFA policy_dfa v2
