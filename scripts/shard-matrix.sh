#!/bin/bash
# make shard-matrix: for n = 1, 2, 3, 7 and 16, the merged parts of n
# shards against the single run, byte for byte, on the bundled corpora
# (sample, studies, games) and on human.pgn (from ../shared, or HUMAN=),
# for a plain and a sorting query, as PGN and as JSON lines; the plain
# files first without and then with an index. Prints one line a case and
# fails if any differs. Works in MATRIX_DIR (default /tmp/cqlvm-shard-matrix).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${MATRIX_DIR:-/tmp/cqlvm-shard-matrix}
human=${HUMAN:-$root/../shared/data/human.pgn.gz}
mkdir -p "$work"
(cd "$root" && go build -o "$work/cqlvm" ./cmd/cqlvm)
cqlvm=$work/cqlvm
cd "$work"
for c in sample studies games; do cp "$root/testdata/pgn/$c.pgn" .; done
corpora="sample studies games"
if [ -s human.pgn ] || [ -f "$human" ]; then
	[ -s human.pgn ] || gunzip -c "$human" >human.pgn
	corpora="$corpora human"
else
	echo "shard-matrix: no $human: human.pgn left out"
fi
echo 'cql() pin from [RBQ] through [qr]' >plain.cql
echo 'cql() sort "queens" #[Qq]  pin from [RBQ] through [qr]' >sort.cql

# run FORMAT OUT CQLVM-RUN-ARGS...: one run, its output (PGN or JSON) in
# OUT and its summary line in OUT.report
run() {
	local format=$1 out=$2
	shift 2
	if [ "$format" = jsonl ]; then
		"$cqlvm" run -q --json "$@" >"$out" 2>"$out.report"
	else
		"$cqlvm" run -q -o "$out" "$@" >"$out.report"
	fi
}

# totals FILE: "N matches of M games (E with errors)" of the summary line
# that ends FILE
totals() { tail -n 1 "$1" | sed 's/ in [0-9.]* seconds.*//'; }

failed=0
for indexed in no yes; do
	for c in $corpora; do
		rm -f $c.pgn.cqlidx
		[ $indexed = yes ] && "$cqlvm" index $c.pgn
		for q in plain sort; do
			for format in pgn jsonl; do
				run $format single.$format $q.cql $c.pgn
				for n in 1 2 3 7 16; do
					rm -rf parts && mkdir parts
					for i in $(seq $n); do
						summary=()
						[ $format = jsonl ] && summary=(--shard-summary parts/$i.$format.shard.json)
						run $format parts/$i.$format --shard $i/$n "${summary[@]}" $q.cql $c.pgn
					done
					"$cqlvm" merge -o merged.$format parts/*.$format >merged.report
					result=identical
					cmp -s single.$format merged.$format || result=DIFFERENT
					[ "$(totals single.$format.report)" = "$(totals merged.report)" ] || result="$result, totals $(totals merged.report)"
					[ "$result" = identical ] || failed=1
					printf '%-8s index %-3s %-5s %-5s n=%-2d %s (%d bytes; %s)\n' $c $indexed $q $format $n "$result" \
						"$(stat -c %s single.$format)" "$(totals single.$format.report)"
				done
			done
		done
	done
done
if [ $failed = 0 ]; then echo "shard-matrix: all identical"; else echo "shard-matrix: FAIL"; fi
exit $failed
