"""PyArrow's allocator under an address-space cap (fsstab._arrow_memory).

Each case runs in a fresh interpreter: the cap must be set before fsstab and PyArrow are
imported, and PyArrow chooses its pool once per process.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")

#: Caps the address space (argv[1] MiB; 0: no cap), then imports what argv[2] names and prints
#: PyArrow's pool and whether 100 MiB of NumPy memory could be had after one Arrow allocation.
SCRIPT = textwrap.dedent("""
    import resource, sys
    cap = int(sys.argv[1]) * 2**20
    if cap:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    for name in sys.argv[2].split(","):
        __import__(name)
    import numpy as np
    import pyarrow as pa
    pa.array(range(1_000_000), type=pa.int64())  # the pool's first allocation (a copy)
    try:
        np.ones(100 * 2**20 // 8)
        room = "room"
    except MemoryError:
        room = "no room"
    print(pa.default_memory_pool().backend_name, room)
""")

#: The address space (MiB) of an interpreter that has imported fsstab.sources and NumPy.
SIZE_SCRIPT = textwrap.dedent("""
    import fsstab.sources, numpy, pyarrow
    for line in open("/proc/self/status"):
        if line.startswith("VmSize:"):
            print(int(line.split()[1]) // 1024)
""")


def child_env(pool: str | None = None) -> dict[str, str]:
    """This environment for a child on src/, one BLAS thread, ``pool`` as the only choice of
    PyArrow's pool."""
    env = {k: v for k, v in os.environ.items() if k != "ARROW_DEFAULT_MEMORY_POOL"}
    env.update(PYTHONPATH=SRC, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    if pool is not None:
        env["ARROW_DEFAULT_MEMORY_POOL"] = pool
    return env


def run(cap_mb: int, modules: str, pool: str | None = None) -> str:
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(cap_mb), modules],
                            env=child_env(pool), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout.strip()


def wheel_default_pool() -> str:
    return run(0, "pyarrow").split()[0]


pytestmark = pytest.mark.skipif(not Path("/proc/self/status").is_file(),
                                reason="reads the address space from /proc (Linux)")


def test_without_a_cap_the_pool_is_pyarrows_own():
    assert run(0, "fsstab.sources").split()[0] == wheel_default_pool()


def test_under_a_cap_fsstab_uses_the_system_allocator():
    assert run(4096, "fsstab.sources").split()[0] == "system"
    # PyArrow imported before fsstab: the pool is switched as well
    assert run(4096, "pyarrow,fsstab.sources").split()[0] == "system"


def test_a_pool_the_user_chose_is_kept():
    assert run(4096, "fsstab.sources", pool="jemalloc").split()[0] == "jemalloc"


def test_a_cap_just_above_mimallocs_reservation_leaves_room_for_the_data():
    """Under a cap 1 GiB + 64 MiB above what the imports take, mimalloc's 1 GiB reservation
    (chosen explicitly here) leaves no room for 100 MiB of NumPy memory; fsstab's choice of
    the system allocator does."""
    if wheel_default_pool() != "mimalloc":
        pytest.skip("this PyArrow's default pool is not mimalloc")
    size = int(subprocess.run([sys.executable, "-c", SIZE_SCRIPT], env=child_env(),
                              capture_output=True, text=True, check=True, timeout=120).stdout)
    cap = size + 1024 + 64
    assert run(cap, "fsstab.sources", pool="mimalloc") == "mimalloc no room"
    assert run(cap, "fsstab.sources") == "system room"
