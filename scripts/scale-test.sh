#!/bin/bash
# make scale-test: a 4-shard search of human.pgn (149,352 games) run
# (1) under GNU parallel and (2) as a job array on a one-node Slurm
# cluster that it configures, each merged and compared byte for byte with
# the single-machine run, for a plain and for a sorting query. It installs
# parallel, slurm-wlm and munge from Debian when they are missing (as
# root), and prints the Slurm jobs' records and the measurements:
# cqlvm index speed, the shards' CPU time against the single run's, and
# the merge time.
#
# Needs ../shared/data/human.pgn.gz beside the checkout (or HUMAN=path to
# a human.pgn or .pgn.gz). Works in SCALE_DIR (default /tmp/cqlvm-scale-test).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${SCALE_DIR:-/tmp/cqlvm-scale-test}
human=${HUMAN:-$root/../shared/data/human.pgn.gz}
shards=4
mkdir -p "$work"
exec > >(tee "$work/scale-test.log") 2>&1
step() { printf '\n== %s\n' "$*"; }

step "install what is missing (parallel, slurm-wlm, munge, time)"
missing=()
command -v parallel >/dev/null || missing+=(parallel)
command -v slurmctld >/dev/null || missing+=(slurm-wlm)
command -v munged >/dev/null || missing+=(munge)
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then
	echo "installing ${missing[*]} (apt-get's output in $work/apt-get.log)"
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >"$work/apt-get.log" 2>&1 ||
		{ tail -20 "$work/apt-get.log"; exit 1; }
else
	echo "all installed"
fi
dpkg-query -W -f '${Package} ${Version}\n' parallel slurm-wlm munge

step "build cqlvm"
(cd "$root" && go build -o "$work/cqlvm" ./cmd/cqlvm)
cqlvm=$work/cqlvm
"$cqlvm" version

step "the games: human.pgn"
if [ ! -s "$work/human.pgn" ]; then
	[ -f "$human" ] || { echo "scale-test: no $human (set HUMAN to human.pgn or human.pgn.gz)" >&2; exit 1; }
	case $human in
	*.gz) gunzip -c "$human" >"$work/human.pgn.tmp" && mv "$work/human.pgn.tmp" "$work/human.pgn" ;;
	*) cp "$human" "$work/human.pgn" ;;
	esac
fi
ls -l "$work/human.pgn"
cd "$work"
rm -f human.pgn.cqlidx
"$cqlvm" index human.pgn

echo 'cql() echo (source target) { source:check  target:check  source:A == A }' >plain.cql
echo 'cql() sort "queens" #[Qq]  pin from [RBQ] through [qr]' >sort.cql

# cpu FILE CMD...: run CMD, adding its user+system CPU seconds to FILE
cpu() {
	local file=$1
	shift
	/usr/bin/time -a -o "$file" -f '%U %S' "$@"
}
cpusum() { awk '{ s += $1 + $2 } END { printf "%.2f", s }' "$1"; }
now() { date +%s.%N; }

step "Slurm: a one-node cluster"
bash "$root/scripts/slurm-single-node.sh"

status=0
for q in plain sort; do
	step "$q query: the single run"
	cat $q.cql
	rm -f cpu-single-$q
	cpu cpu-single-$q "$cqlvm" run -q --threads 1 -o single-$q.pgn $q.cql human.pgn
	echo "single run CPU: $(cpusum cpu-single-$q) s"

	step "$q query: $shards shards under GNU parallel"
	rm -rf parallel-$q && mkdir parallel-$q && rm -f cpu-parallel-$q
	parallel --halt now,fail=1 -j $shards /usr/bin/time -a -o cpu-parallel-$q -f "'%U %S'" "$cqlvm" run -q --threads 1 \
		--shard {}/$shards -o parallel-$q/part-{}.pgn $q.cql human.pgn ::: $(seq $shards)
	start=$(now)
	"$cqlvm" merge -o parallel-$q.pgn parallel-$q/part-*.pgn
	awk -v a="$start" -v b="$(now)" -v n="$(stat -c %s parallel-$q.pgn)" 'BEGIN { printf "merge: %.2f s wall for %d bytes\n", b - a, n }'
	awk -v a="$(cpusum cpu-single-$q)" -v b="$(cpusum cpu-parallel-$q)" -v n=$shards \
		'BEGIN { printf "CPU: single run %.2f s, the %d shards together %.2f s (%+.1f%%)\n", a, n, b, 100 * (b - a) / a }'
	if cmp single-$q.pgn parallel-$q.pgn; then echo "GNU parallel, $q: identical to the single run"; else status=1; fi

	step "$q query: a $shards-task Slurm job array and the merge job"
	rm -rf slurm-$q && mkdir slurm-$q
	ids=$(cd slurm-$q && SHARDS=$shards QUERY=$work/$q.cql INPUTS=$work/human.pgn PARTS=$work/slurm-$q/parts \
		OUTPUT=$work/slurm-$q.pgn CQLVM=$cqlvm bash "$root/deploy/slurm/submit.sh")
	read -r array merge <<<"$ids"
	echo "array job $array, merge job $merge"
	while squeue -h -j "$array,$merge" 2>/dev/null | grep -q .; do sleep 2; done
	scontrol show job "$array"
	scontrol show job "$merge"
	if scontrol show job "$merge" | grep -q 'JobState=COMPLETED' && cmp single-$q.pgn slurm-$q.pgn; then
		echo "Slurm, $q: identical to the single run"
	else
		status=1
		cat slurm-$q/*.log || true
	fi
done
step "jobcomp records"
tail -n $((2 * (shards + 1))) /var/log/slurm/jobcomp.log || true
if [ $status = 0 ]; then echo "scale-test: PASS"; else echo "scale-test: FAIL"; fi
exit $status
