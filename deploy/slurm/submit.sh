#!/bin/bash
# Submits a sharded cqlvm search to Slurm: a job array of SHARDS tasks and
# the merge job after it. Prints the two job ids ("ARRAY MERGE").
#   SHARDS=16 QUERY=q.cql INPUTS="lichess_db_2024-01.pgn" PARTS=$PWD/parts \
#   OUTPUT=$PWD/out.pgn deploy/slurm/submit.sh [more sbatch options]
# More sbatch options (a partition, --cpus-per-task=4) apply to both jobs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${SHARDS:?set SHARDS to the number of shards}"
array=$(sbatch --parsable --export=ALL --array="1-$SHARDS" "$@" "$here/cqlvm-shards.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --export=ALL --dependency="afterok:$array" "$@" "$here/cqlvm-merge.sbatch")
echo "$array ${merge%%;*}"
