#!/bin/bash
# Configures and starts a one-node Slurm cluster on this machine (as root):
# munge with its key, slurmctld and slurmd, one partition of this node's
# CPUs. Process tracking by /proc and no task plugin, so it needs neither
# systemd nor cgroups (which a container does not give). Finished jobs
# stay visible to `scontrol show job` for an hour (MinJobAge) and are
# logged to /var/log/slurm/jobcomp.log. Idempotent: a running cluster with
# this configuration is left as it is.
set -euo pipefail
node=$(hostname -s)
conf=/etc/slurm/slurm.conf
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
# the node's line as slurmd sees the hardware (CPUs, sockets, memory)
hardware=$(slurmd -C | head -1 | sed "s/^NodeName=[^ ]*/NodeName=$node/")
cat >"$conf.new" <<CONF
# written by scripts/slurm-single-node.sh (cqlvm's make scale-test)
ClusterName=cqlvm-test
SlurmctldHost=$node
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MinJobAge=3600
MaxArraySize=10001
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
JobCompType=jobcomp/filetxt
JobCompLoc=/var/log/slurm/jobcomp.log
$hardware State=UNKNOWN
PartitionName=batch Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
changed=1
if [ -f "$conf" ] && cmp -s "$conf" "$conf.new"; then
	changed=0
	rm "$conf.new"
else
	mv "$conf.new" "$conf"
fi

if [ ! -s /etc/munge/munge.key ]; then
	mungekey --create --keyfile=/etc/munge/munge.key 2>/dev/null ||
		dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
fi
chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge 2>/dev/null || true
chmod 0400 /etc/munge/munge.key
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
	runuser -u munge -- /usr/sbin/munged
	sleep 1
fi

running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
if [ "$changed" = 1 ]; then
	for pidfile in /run/slurmd.pid /run/slurmctld.pid; do
		if running "$pidfile"; then
			kill "$(cat "$pidfile")"
			sleep 2
		fi
	done
fi
running /run/slurmctld.pid || slurmctld
running /run/slurmd.pid || slurmd
for _ in $(seq 30); do
	if sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
		sinfo
		exit 0
	fi
	sleep 1
done
echo "slurm-single-node: the node did not come up; see /var/log/slurm/" >&2
sinfo >&2 || true
exit 1
