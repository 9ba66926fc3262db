#!/usr/bin/env bash
# Checks the ClusterFuzzLite build (.clusterfuzzlite/build.sh) without a
# container engine:
#   1. every native fuzz target of the module (func FuzzX(f *testing.F) in
#      a _test.go file) is built by build.sh, and build.sh builds nothing
#      else, under distinct fuzzer names;
#   2. when go-118-fuzz-build (the tool behind compile_native_go_fuzzer)
#      installs from the module proxy, build.sh runs in a copy of the
#      repository with a stand-in for compile_native_go_fuzzer that does
#      what OSS-Fuzz's does but link (no libFuzzer here): each target must
#      turn into an archive, and each seed corpus zip must hold seeds. (A
#      target build.sh builds with compile_native_go_fuzzer_v2 is listed
#      but not built: go-118-fuzz-build's v2 is not on the module proxy.)
# Exit status 1 on any failure. CI runs it (make cflite-check).
set -euo pipefail
cd "$(dirname "$0")/.."
build=.clusterfuzzlite/build.sh
FUZZBUILD_VERSION=v0.0.0-20250520111509-a70c2aa677fa # as build.sh's go get

# 1. The lists.
want=$(grep -rEo --include='*_test.go' --exclude-dir=testdata --exclude-dir=bench --exclude-dir=broker \
	'^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . | sort |
	while IFS=: read -r file fn; do
		fn=${fn#func }
		echo "$(go list -f '{{.ImportPath}}' "./$(dirname "${file#./}")") ${fn%%(*}"
	done | sort)
have=$(grep -E '^build_fuzzer ' "$build" | awk '{print $2, $3}' | sort)
names=$(grep -E '^build_fuzzer ' "$build" | awk '{print $4}' | sort)
status=0
if [ "$want" != "$have" ]; then
	echo "cflite-check: build.sh's targets differ from the module's (< missing from build.sh, > not a target):"
	diff <(echo "$want") <(echo "$have") | grep '^[<>]' || true
	status=1
fi
if [ -n "$(echo "$names" | uniq -d)" ]; then
	echo "cflite-check: fuzzer names used twice: $(echo "$names" | uniq -d)"
	status=1
fi
echo "cflite-check: $(echo "$want" | wc -l) fuzz targets, all in build.sh: $([ $status -eq 0 ] && echo yes || echo no)"

# 2. The build, as build.sh runs it.
work=$(mktemp -d "${TMPDIR:-/tmp}/destgen-cflite.XXXXXX")
if [ -z "${KEEP:-}" ]; then # KEEP=1: keep the copy and logs, for debugging
	trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
else
	echo "cflite-check: working in $work"
fi
if ! GOBIN="$work/bin" go install "github.com/AdamKorcz/go-118-fuzz-build@$FUZZBUILD_VERSION" >"$work/install.log" 2>&1; then
	echo "cflite-check: go-118-fuzz-build@$FUZZBUILD_VERSION did not install; build not checked:"
	tail -3 "$work/install.log"
	exit $status
fi
if ! command -v zip >/dev/null; then
	echo "cflite-check: zip is not installed; build not checked"
	exit $status
fi
mkdir -p "$work/src/destgen" "$work/out"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
	[ -e "$f" ] && mkdir -p "$work/src/destgen/$(dirname "$f")" && cp -p "$f" "$work/src/destgen/$f"
done

# compile_native_go_fuzzer as OSS-Fuzz's base-builder-go defines it, up
# to the link with libFuzzer: find the one file declaring the target,
# then go-118-fuzz-build it into an archive (.a).
compile_native_go_fuzzer() {
	local path=$1 function=$2 fuzzer=$3 dir file
	dir=$(go list -tags gofuzz -f '{{.Dir}}' "$path")
	file=$(grep -r -l -s "$function" "$dir")
	if [ "$(grep -r "func $function" $file | grep -c "testing.F")" -ne 1 ]; then
		echo "Could not find the function: func ${function}(f *testing.F) (files: $file)"
		return 1
	fi
	go-118-fuzz-build -tags gofuzz -o "$OUT/$fuzzer.a" -func "$function" "$dir"
}
# compile_native_go_fuzzer_v2 needs go-118-fuzz-build's v2, which the
# module proxy does not serve: its targets are listed, not built.
compile_native_go_fuzzer_v2() {
	touch "$OUT/$3.v2"
}
export -f compile_native_go_fuzzer compile_native_go_fuzzer_v2
export SRC="$work/src" OUT="$work/out" PATH="$work/bin:$PATH"
failed=0
if ! bash -eu "$build" >"$work/build.log" 2>&1; then
	failed=1
fi
for entry in $(grep -E '^build_fuzzer ' "$build" | awk '{print $3 ":" $4}'); do
	fn=${entry%%:*} name=${entry#*:}
	seeds=$( (unzip -l "$OUT/${name}_seed_corpus.zip" 2>/dev/null || true) | tail -1 | awk '{print $2}')
	if [ -e "$OUT/$name.v2" ] && [ "${seeds:-0}" -gt 0 ]; then
		printf 'cflite-check: %-18s %-20s %s seeds; built by compile_native_go_fuzzer_v2, not checked here\n' "$fn" "$name" "$seeds"
	elif [ -s "$OUT/$name.a" ] && [ "${seeds:-0}" -gt 0 ]; then
		printf 'cflite-check: %-18s %-20s built, %s seeds\n' "$fn" "$name" "$seeds"
	else
		printf 'cflite-check: %-18s %-20s NOT BUILT (archive %s, %s seeds)\n' "$fn" "$name" \
			"$([ -s "$OUT/$name.a" ] && echo yes || echo no)" "${seeds:-0}"
		failed=1
	fi
done
if [ $failed -ne 0 ]; then
	echo "cflite-check: build.sh failed; its log:"
	grep -vE '^go: (downloading|finding)' "$work/build.log" | tail -40
	status=1
fi
exit $status
