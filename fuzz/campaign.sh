#!/usr/bin/env bash
# Fuzzing campaign: runs every native fuzz target of the module in turn for
# FUZZTIME each, ROUNDS times (0: until interrupted), and reports what it
# found. Usable unattended: a crashing target does not stop the campaign,
# each run's output is kept under LOGDIR, and the summary lists every new
# crasher, which go test has already written to the target package's
# testdata/fuzz/<Target>/ (commit those as regression seeds: plain
# `go test` then replays them).
#
#   FUZZTIME=30s fuzz/campaign.sh            # what `make fuzz` runs
#   FUZZTIME=1h ROUNDS=0 fuzz/campaign.sh    # overnight
#   TARGETS='FuzzConfig FuzzExample' fuzz/campaign.sh
#   PARALLEL=1 nice -n 19 fuzz/campaign.sh  # one worker per target, on a shared machine
#
# Exit status: 0 when no target crashed, 1 otherwise.
set -uo pipefail

cd "$(dirname "$0")/.."
FUZZTIME=${FUZZTIME:-30s}
ROUNDS=${ROUNDS:-1}
LOGDIR=${LOGDIR:-$(mktemp -d "${TMPDIR:-/tmp}/destgen-fuzz.XXXXXX")}
mkdir -p "$LOGDIR"

# targets prints "package target" for every Fuzz function of the module
# (found by grep, which is quicker than building every test binary).
targets() {
	grep -rEo --include='*_test.go' --exclude-dir=testdata '^func Fuzz[A-Za-z0-9_]*' . | sort |
		while IFS=: read -r file fn; do
			t=${fn#func }
			if [ -z "${TARGETS:-}" ] || [[ " $TARGETS " == *" $t "* ]]; then
				echo "./$(dirname "${file#./}") $t"
			fi
		done
}

# corpus lists the committed crashers of every target, to spot new ones.
corpus() {
	find . -path '*/testdata/fuzz/Fuzz*' -type f | sort
}

mapfile -t list < <(targets)
if [ ${#list[@]} -eq 0 ]; then
	echo "campaign: no fuzz targets found" >&2
	exit 2
fi
echo "campaign: ${#list[@]} targets, $FUZZTIME each, rounds ${ROUNDS} (0 = forever); logs in $LOGDIR"
before=$(corpus)
crashed=()
round=0
while [ "$ROUNDS" -eq 0 ] || [ "$round" -lt "$ROUNDS" ]; do
	round=$((round + 1))
	for entry in "${list[@]}"; do
		read -r pkg target <<<"$entry"
		log="$LOGDIR/round$round-$target.log"
		start=$(date +%s)
		# -run='^$' skips the ordinary tests; -fuzz needs a single target.
		go test -run='^$' -fuzz="^${target}\$" -fuzztime="$FUZZTIME" ${PARALLEL:+-parallel="$PARALLEL"} "$pkg" >"$log" 2>&1
		status=$?
		execs=$(grep -o 'execs: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
		interesting=$(grep -o 'new interesting: [0-9]*' "$log" | tail -1 | cut -d' ' -f3)
		printf 'round %d  %-20s %-45s %4ss  execs %-10s new interesting %-5s %s\n' \
			"$round" "$target" "$pkg" "$(($(date +%s) - start))" "${execs:-?}" "${interesting:-?}" \
			"$([ $status -eq 0 ] && echo ok || echo "FAILED (see $log)")"
		if [ $status -ne 0 ]; then
			crashed+=("$target")
			grep -m 5 -E 'Failing input written to|--- FAIL|panic:' "$log" | sed 's/^/    /'
		fi
	done
done
new=$(comm -13 <(echo "$before") <(corpus))
echo
if [ -n "$new" ]; then
	echo "campaign: new crashers (commit them as regression seeds):"
	echo "$new" | sed 's/^/    /'
else
	echo "campaign: no new crashers"
fi
[ ${#crashed[@]} -eq 0 ]
