"""Allow `python -m klaro`."""

import sys

from klaro.cli import main

sys.exit(main())
