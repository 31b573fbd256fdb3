"""PyArrow's allocator under an address-space cap.

PyArrow's default memory pool (mimalloc in the PyPI wheels) reserves 1 GiB of address space
at its first allocation. The reservation costs no memory, but under a cap on the address space
(``ulimit -v``; a batch scheduler's virtual-memory limit) it takes room that the data and the
other allocators need: a read that fits under the cap without the reservation then fails with
an out-of-memory error, and only for caps a little above the reservation (a smaller cap makes
the reservation itself fail, and mimalloc then allocates as it goes). Under such a cap fsstab
uses the system allocator, unless ``ARROW_DEFAULT_MEMORY_POOL`` chooses a pool.
"""

from __future__ import annotations

import os
import sys


def address_space_capped() -> bool:
    """Whether this process runs under a finite soft limit of its address space (RLIMIT_AS)."""
    try:
        import resource
    except ImportError:  # not a POSIX system: no such limit
        return False
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return soft != resource.RLIM_INFINITY


def use_system_pool_under_cap() -> None:
    """Make the system allocator PyArrow's pool if the address space is capped and the user has
    not chosen a pool.

    Before PyArrow is imported the choice goes through ``ARROW_DEFAULT_MEMORY_POOL`` (PyArrow
    reads it once, and the jobs a process starts inherit it); once it is imported, through
    :func:`pyarrow.set_memory_pool`.
    """
    if "ARROW_DEFAULT_MEMORY_POOL" in os.environ or not address_space_capped():
        return
    os.environ["ARROW_DEFAULT_MEMORY_POOL"] = "system"
    if "pyarrow" in sys.modules:
        import pyarrow

        pyarrow.set_memory_pool(pyarrow.system_memory_pool())
