"""The peak memory a job's log reports is the job's own, not that of the process that started
it (getrusage keeps the parent's peak across fork and exec on Linux)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from fsstab.workflow.scripting import own_peak_rss_mb

REPO = Path(__file__).resolve().parents[2]
PARENT_MB = 300
JOB = """
import resource, sys
from fsstab.workflow.scripting import resource_line
block = bytearray(int(sys.argv[1]) * 2**20)   # touched: zero-filled pages are written
block[::4096] = b"x" * len(block[::4096])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
print(resource_line())
"""

pytestmark = pytest.mark.skipif(own_peak_rss_mb() is None, reason="needs /proc (Linux)")


def run_job(job_mb: int) -> tuple[float, float]:
    """(ru_maxrss, reported peak) in MB of a job started from this process while it holds
    PARENT_MB more than it did."""
    held = bytearray(PARENT_MB * 2**20)
    held[::4096] = b"y" * len(held[::4096])
    result = subprocess.run([sys.executable, "-c", JOB, str(job_mb)], capture_output=True,
                            text=True, check=True, env={"PYTHONPATH": str(REPO / "src")})
    del held
    ru_maxrss, line = result.stdout.splitlines()
    return float(ru_maxrss), float(re.search(r"peak RSS (\d+) MB$", line).group(1))


def test_a_small_job_reports_its_own_peak():
    ru_maxrss, reported = run_job(10)
    assert ru_maxrss > PARENT_MB          # the inherited peak getrusage reports
    assert reported < PARENT_MB / 2       # the job's own: an interpreter and 10 MB


def test_a_large_job_reports_what_it_used():
    _, reported = run_job(2 * PARENT_MB)
    assert 2 * PARENT_MB <= reported < 2 * PARENT_MB + 150


def test_the_status_file_is_read_in_megabytes(tmp_path):
    status = tmp_path / "status"
    status.write_text("Name:\tpython\nVmPeak:\t  999999 kB\nVmHWM:\t  204800 kB\n")
    assert own_peak_rss_mb(status) == 200.0
    assert own_peak_rss_mb(tmp_path / "missing") is None
