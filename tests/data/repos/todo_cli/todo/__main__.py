"""Run the command line with `python -m todo`."""

import sys

from todo.cli import main

sys.exit(main())
