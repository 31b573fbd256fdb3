#!/usr/bin/env bash
# Stop daemons started by tests/cluster/start_slurm.sh, by pid.
#
#   tests/cluster/stop_slurm.sh [BASE_DIR [PID...]]   (BASE_DIR default: $FSSTAB_SLURM_DIR or
#                                                      /var/tmp/fsstab-slurm)
#
# With PIDs: stops those of the daemons listed in BASE_DIR/started (what start_slurm.sh printed
# as "started NAME PID"); without: every daemon listed there. Slurmd goes first, munged last.
# Daemons that start_slurm.sh found already running are not listed and keep running.
set -uo pipefail
BASE="${1:-${FSSTAB_SLURM_DIR:-/var/tmp/fsstab-slurm}}"
shift || true
STARTED="$BASE/started"
[ -f "$STARTED" ] || exit 0
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
