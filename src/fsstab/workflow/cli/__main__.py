"""``python -m fsstab.workflow.cli``: the ``fsstab`` command."""

import sys

from fsstab.workflow.cli import main

if __name__ == "__main__":
    sys.exit(main())
