#!/bin/bash
# A sharded cqlvm search under GNU parallel, on this machine or over ssh,
# then the merge. The one-liners it runs:
#
#   parallel -j4 cqlvm run -q --shard {}/4 -o parts/part-{}.pgn q.cql games.pgn ::: 1 2 3 4 &&
#     cqlvm merge -o out.pgn parts/part-*.pgn
#
#   parallel --sshlogin 2/node1,2/node2 --workdir /shared/search \
#     cqlvm run -q --shard {}/8 -o parts/part-{}.pgn q.cql games.pgn ::: $(seq 8) &&
#     cqlvm merge -o out.pgn parts/part-*.pgn
#
# Over ssh the working directory must be on a file system every node
# sees (or the inputs copied with the same name, size and modification
# time: rsync -t; the parts then come back with --return).
#   usage: run.sh SHARDS QUERY OUTPUT INPUT... (SSHLOGIN=2/node1,2/node2 for ssh)
set -euo pipefail
shards=$1 query=$2 output=$3
shift 3
CQLVM=${CQLVM:-cqlvm}
parts=${PARTS:-$output.parts}
mkdir -p "$parts"
remote=()
if [ -n "${SSHLOGIN:-}" ]; then
	remote=(--sshlogin "$SSHLOGIN" --workdir "$PWD")
fi
parallel --halt now,fail=1 -j "${JOBS:-$shards}" "${remote[@]}" \
	"$CQLVM" run -q --threads 1 --shard "{}/$shards" -o "$parts/part-{}.pgn" "$query" "$@" \
	::: $(seq "$shards")
"$CQLVM" merge -o "$output" "$parts"/part-*.pgn
