#!/usr/bin/env bash
# Start a single-node SLURM on 127.0.0.1 for the workflow's cluster test -- idempotently.
#
#   tests/cluster/start_slurm.sh [BASE_DIR]      (default: $FSSTAB_SLURM_DIR or /var/tmp/fsstab-slurm)
#
# What it does (the recipe of ../shared/slurm/RECIPE.md):
#   1. installs Debian's slurm-wlm and munge if `slurmctld` is missing (needs root and apt-get);
#   2. creates /etc/munge/munge.key if missing and starts munged unless `munge -n | unmunge` works;
#   3. writes /etc/slurm/slurm.conf and cgroup.conf (this host as a single node on 127.0.0.1,
#      accounting off; state, logs and pid files in BASE_DIR) and starts slurmctld and slurmd
#      unless they are already running from BASE_DIR;
#   4. waits until the node is idle.
# The configuration goes to the default location because job steps must find it without
# SLURM_CONF (snakemake's jobstep executor drops SLURM_* variables before its inner srun). An
# existing /etc/slurm/slurm.conf not written by this script is never overwritten: the script
# then exits with status 3 (a real SLURM installation is not ours to reconfigure).
#
# Every daemon this invocation starts is printed on stdout as "started NAME PID" and appended to
# BASE_DIR/started; tests/cluster/stop_slurm.sh BASE_DIR [PID...] stops those, by pid, and then
# removes the configuration files written here. Daemons that were already running are reused
# and neither printed nor listed, so they are left alone.
#
# Exit status: 0 ready; 3 SLURM cannot be installed here (not root, or no apt-get) -- callers skip;
# any other non-zero status is a real failure (the message says which step).
set -euo pipefail

BASE="${1:-${FSSTAB_SLURM_DIR:-/var/tmp/fsstab-slurm}}"
log() { echo "start_slurm: $*" >&2; }
cannot() { log "cannot provide SLURM: $*"; exit 3; }

mkdir -p "$BASE"
BASE="$(cd "$BASE" && pwd)"
STARTED="$BASE/started"
touch "$STARTED"
record() { echo "$1 $2" >> "$STARTED"; echo "started $1 $2"; }

# ---- 1. packages ------------------------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    [ "$(id -u)" -eq 0 ] || cannot "slurmctld/munged are not installed and this user is not root"
    command -v apt-get >/dev/null || cannot "slurmctld/munged are not installed and there is no apt-get"
    log "installing slurm-wlm and munge with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 || cannot "apt-get update failed"
    apt-get install -y -qq slurm-wlm munge >&2 || cannot "apt-get install slurm-wlm munge failed"
fi
[ "$(id -u)" -eq 0 ] || cannot "starting slurmctld/slurmd needs root"

MARKER="# written by tests/cluster/start_slurm.sh"
ETC="${FSSTAB_SLURM_ETC:-/etc/slurm}"
CONF="$ETC/slurm.conf"
for existing in "$CONF" "$ETC/cgroup.conf"; do
    if [ -s "$existing" ] && [[ "$(head -n1 "$existing")" != "$MARKER"* ]]; then
        cannot "$existing exists and was not written by this script; not overwriting it"
    fi
done

# ---- 2. munge -----------------------------------------------------------------------------------
munge_works() { munge -n 2>/dev/null | unmunge >/dev/null 2>&1; }
if ! munge_works; then
    if [ ! -s /etc/munge/munge.key ]; then
        log "creating /etc/munge/munge.key"
        mkdir -p /etc/munge
        dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
        chown munge:munge /etc/munge/munge.key
        chmod 400 /etc/munge/munge.key
    fi
    mkdir -p /run/munge /var/lib/munge /var/log/munge
    chown munge:munge /run/munge /var/lib/munge /var/log/munge
    log "starting munged"
    runuser -u munge -- /usr/sbin/munged --force
    for _ in $(seq 50); do munge_works && break; sleep 0.2; done
    munge_works || { log "munged did not come up"; exit 1; }
    pid="$(cat /run/munge/munged.pid 2>/dev/null || pgrep -n -x munged)"
    record munged "$pid"
fi

# ---- 3. slurm.conf and the daemons ------------------------------------------------------------
HOST="$(hostname -s)"
CPUS="$(nproc)"
MEM_MB="$(awk '/MemTotal/ {printf "%d", $2 / 1024 * 0.8}' /proc/meminfo)"
mkdir -p "$BASE/spool/ctld" "$BASE/spool/d" "$BASE/log" "$ETC"
cat > "$CONF.new" <<CONF
$MARKER -- a single node on the loopback address
ClusterName=fsstab
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$BASE/spool/ctld
SlurmdSpoolDir=$BASE/spool/d
SlurmctldPidFile=$BASE/slurmctld.pid
SlurmdPidFile=$BASE/slurmd.pid
SlurmctldPort=6817
SlurmdPort=6818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SlurmctldLogFile=$BASE/log/slurmctld.log
SlurmdLogFile=$BASE/log/slurmd.log
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM_MB State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
cat > "$ETC/cgroup.conf" <<CONF
$MARKER
CgroupPlugin=cgroup/v1
CgroupAutomount=no
ConstrainCores=no
ConstrainRAMSpace=no
CONF
if ! cmp -s "$CONF.new" "$CONF"; then mv "$CONF.new" "$CONF"; else rm "$CONF.new"; fi
export SLURM_CONF="$CONF"

running() {  # running NAME: the daemon whose pid file is in BASE is alive and is NAME
    local pidfile="$BASE/$1.pid" pid
    [ -s "$pidfile" ] || return 1
    pid="$(cat "$pidfile")"
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$1" ]
}
for daemon in slurmctld slurmd; do
    if running "$daemon"; then
        log "$daemon is already running (pid $(cat "$BASE/$daemon.pid")); reusing it"
        continue
    fi
    log "starting $daemon"
    if [ "$daemon" = slurmctld ]; then slurmctld -f "$CONF" -i; else slurmd -f "$CONF"; fi
    for _ in $(seq 50); do running "$daemon" && break; sleep 0.2; done
    running "$daemon" || { log "$daemon did not start; see $BASE/log/$daemon.log"; exit 1; }
    record "$daemon" "$(cat "$BASE/$daemon.pid")"
done

# ---- 4. wait for the node -------------------------------------------------------------------
for _ in $(seq 120); do
    state="$(sinfo -h -N -o %t 2>/dev/null | head -n1 || true)"
    case "$state" in idle|mix|alloc) break ;; esac
    sleep 0.5
done
case "$state" in
    idle|mix|alloc) log "node $HOST is $state" ;;
    *) log "node $HOST is not ready (state '$state'); see $BASE/log/"; exit 1 ;;
esac
echo "SLURM_CONF=$CONF"
