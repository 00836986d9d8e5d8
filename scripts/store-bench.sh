#!/usr/bin/env bash
# store-bench.sh: the game store's figures (issue 27), side by side in one
# run, one thread each: cqlvm over the store, cqlvm over the PGN, and the
# official program over the PGN when it is there (CQL_REFERENCE, default
# ../shared/reference/cql; its timings are taken once each, since it takes
# 25-60 s a query on human.pgn); the store's size and build time against
# the PGN's size and a mate run; the largest resident memory of each run;
# and whether cqlvm writes the same bytes over the store as over the PGN.
#
#   scripts/store-bench.sh [-n RUNS] [-copies K] [FILE.pgn[.gz]]
#
# FILE defaults to ../shared/data/human.pgn.gz. The database is measured
# as it is and as K (default 4) copies of it concatenated, to show how
# the figures grow. cqlvm's runs alternate store and PGN, RUNS times
# each (default 2), and the least CPU of each is reported. Everything is
# written to a temporary directory, removed at the end.
set -euo pipefail

runs=2
copies=4
while [ $# -gt 0 ]; do
	case "$1" in
	-n) runs=$2; shift 2 ;;
	-copies) copies=$2; shift 2 ;;
	*) break ;;
	esac
done
cd "$(dirname "$0")/.."
input=${1:-../shared/data/human.pgn.gz}
official=${CQL_REFERENCE:-../shared/reference/cql}
[ -x "$official" ] || official=""

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
CGO_ENABLED=0 go build -o "$work/cqlvm" ./cmd/cqlvm
cqlvm=$work/cqlvm

case "$input" in
*.gz) gzip -dc "$input" >"$work/db1.pgn" ;;
*) cp "$input" "$work/db1.pgn" ;;
esac
for _ in $(seq "$copies"); do cat "$work/db1.pgn"; done >"$work/db$copies.pgn"

# The exact position: a middlegame board that a handful of the games of
# human.pgn reach (14), after 1.d4 Nf6 2.c4 g6 ... in a Catalan-like line.
fen=${STORE_BENCH_FEN:-r1bq1rk1/pp3pbp/4p1p1/3N4/3n4/4P1P1/PP3PBP/R1BQ1RK1}

# name|filters (the -fen query has no filters: the option is the query)
queries=(
	"mate|mate"
	"check|check"
	"two queens each|Q>=2 q>=2"
	"rook endgame|R==1 r==1 [QBNqbn]==0"
	"five pawns on a file|[Pp]a1-8>=5 or [Pp]b1-8>=5 or [Pp]c1-8>=5 or [Pp]d1-8>=5 or [Pp]e1-8>=5 or [Pp]f1-8>=5 or [Pp]g1-8>=5 or [Pp]h1-8>=5"
	"promotion to N or B|move promote [NB]"
	"exact position (-fen)|"
)

# cpu CMD...: runs CMD, prints "user+sys seconds, max RSS in MB, and the
# summary line's match count", its output in $work/out.pgn.
cpu() {
	local t
	/usr/bin/time -f "TIME %U %S %M" "$@" >"$work/stdout" 2>"$work/stderr" || true
	t=$(grep '^TIME' "$work/stderr" | tail -1)
	local matches
	matches=$(grep -ho '^[0-9]* matches' "$work/stdout" "$work/stderr" | head -1 | cut -d' ' -f1)
	echo "$t" | awk -v m="${matches:-?}" '{printf "%.2f %.0f %s\n", $2+$3, $4/1024, m}'
}

# min of a list of numbers
least() { printf '%s\n' "$@" | sort -g | head -1; }

measure_db() {
	local db=$1 label=$2
	local size
	size=$(stat -c %s "$db")
	echo
	echo "## $label: $(basename "$db"), $(awk -v s="$size" 'BEGIN{printf "%.1f MB", s/1e6}'), $(grep -c '^\[Event ' "$db") games"
	rm -f "$db".cqlstore "$db".cqlpos "$db".cqlidx
	local build
	build=$(cpu "$cqlvm" index "$db")
	local ssize psize
	ssize=$(stat -c %s "$db".cqlstore)
	psize=$(stat -c %s "$db".cqlpos)
	echo
	echo "store: $(awk -v s="$ssize" -v p="$size" 'BEGIN{printf "%.1f MB (%.0f%% of the PGN)", s/1e6, 100*s/p}'), position index $(awk -v s="$psize" -v p="$size" 'BEGIN{printf "%.1f MB (%.0f%%)", s/1e6, 100*s/p}'); cqlvm index (the game index, the store and the position index) $(echo "$build" | awk '{printf "%s s CPU, %s MB max RSS", $1, $2}')"
	echo
	echo "| query | matches | official (PGN) | cqlvm PGN | cqlvm store | store / PGN | official / store | max RSS PGN / store (MB) | same output |"
	echo "|---|---|---|---|---|---|---|---|---|"
	for entry in "${queries[@]}"; do
		local name=${entry%%|*} filters=${entry#*|}
		local args=(-cql "$filters")
		[ -n "$filters" ] || args=(--fen "$fen")
		local oargs=(-cql "$filters")
		[ -n "$filters" ] || oargs=(-fen "$fen")
		local pgn_t=() store_t=() pgn_m store_m rss_p rss_s m1 m2 same=yes
		for _ in $(seq "$runs"); do
			read -r t rss m1 < <(cpu "$cqlvm" run -s --nostore "${args[@]}" "$db" -o "$work/pgn.pgn")
			pgn_t+=("$t"); rss_p=$rss
			read -r t rss m2 < <(cpu "$cqlvm" run -s "${args[@]}" "$db" -o "$work/store.pgn")
			store_t+=("$t"); rss_s=$rss
			cmp -s "$work/pgn.pgn" "$work/store.pgn" || same=no
		done
		[ "$m1" = "$m2" ] || same="no ($m1 / $m2 matches)"
		local tp ts off="-" ratio_off="-"
		tp=$(least "${pgn_t[@]}")
		ts=$(least "${store_t[@]}")
		if [ -n "$official" ]; then
			read -r off _ _ < <(cpu "$official" -s "${oargs[@]}" -i "$db" -o "$work/official.pgn")
			ratio_off=$(awk -v a="$off" -v b="$ts" 'BEGIN{printf "%.0f×", a/(b>0?b:0.01)}')
		fi
		echo "| $name | $m1 | $off | $tp | $ts | $(awk -v a="$tp" -v b="$ts" 'BEGIN{printf "%.1f×", a/(b>0?b:0.01)}') | $ratio_off | $rss_p / $rss_s | $same |"
	done
}

echo "# Game store figures: $(date -u +%Y-%m-%dT%H:%MZ), $(git rev-parse --short HEAD), one thread, CPU seconds (user+sys)"
[ -n "$official" ] || echo "(no official program: its column is empty)"
measure_db "$work/db1.pgn" "the database"
measure_db "$work/db$copies.pgn" "$copies copies"
