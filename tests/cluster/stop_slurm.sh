#!/usr/bin/env bash
# Stop daemons started by tests/cluster/start_slurm.sh, by pid.
#
#   tests/cluster/stop_slurm.sh [BASE_DIR [PID...]]   (BASE_DIR default: $FSSTAB_SLURM_DIR or
#                                                      /var/tmp/fsstab-slurm)
#
# With PIDs: stops those of the daemons listed in BASE_DIR/started (what start_slurm.sh printed
# as "started NAME PID"); without: every daemon listed there. Slurmd goes first, munged last.
# Daemons that start_slurm.sh found already running are not listed and keep running.
#
# Then, once no slurmctld or slurmd of BASE_DIR runs any more, the configuration files that
# start_slurm.sh wrote (/etc/slurm/slurm.conf and cgroup.conf, recognised by their first line)
# are removed: left behind, they would make every later `scontrol show config` -- which the
# SLURM executor plugin runs at each snakemake start -- wait ~10 s for the stopped controller.
# A configuration not written by start_slurm.sh is never touched. (FSSTAB_SLURM_ETC replaces
# /etc/slurm, for the test of this script.)
set -uo pipefail
BASE="${1:-${FSSTAB_SLURM_DIR:-/var/tmp/fsstab-slurm}}"
shift || true
ETC="${FSSTAB_SLURM_ETC:-/etc/slurm}"
MARKER="# written by tests/cluster/start_slurm.sh"
STARTED="$BASE/started"

remove_configuration() {
    local daemon pidfile pid file
    for daemon in slurmctld slurmd; do
        pidfile="$BASE/$daemon.pid"
        [ -s "$pidfile" ] || continue
        pid="$(cat "$pidfile")"
        if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$daemon" ]; then
            echo "stop_slurm: $daemon (pid $pid) still runs; keeping $ETC/slurm.conf" >&2
            return 0
        fi
    done
    for file in "$ETC/slurm.conf" "$ETC/cgroup.conf"; do
        if [ -f "$file" ] && [[ "$(head -n1 "$file")" == "$MARKER"* ]]; then
            rm -f "$file"
            echo "stop_slurm: removed $file (written by start_slurm.sh)" >&2
        fi
    done
}

if [ ! -f "$STARTED" ]; then
    remove_configuration
    exit 0
fi
wanted=" $* "
remaining=""
while read -r name pid; do
    [ -n "${pid:-}" ] || continue
    if [ $# -gt 0 ] && [[ "$wanted" != *" $pid "* ]]; then
        remaining+="$name $pid"$'\n'
        continue
    fi
    if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ]; then
        kill "$pid" 2>/dev/null
        for _ in $(seq 100); do [ -d "/proc/$pid" ] || break; sleep 0.1; done
        [ -d "/proc/$pid" ] && kill -9 "$pid" 2>/dev/null
        echo "stop_slurm: stopped $name (pid $pid)" >&2
    fi
done < <(tac "$STARTED")
printf '%s' "$remaining" | tac > "$STARTED"
remove_configuration
