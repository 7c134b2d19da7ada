"""``python -m table`` is the same as ``applejack-table``."""

import sys

from table.cli import main

sys.exit(main())
