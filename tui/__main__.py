"""``python -m tui`` runs the ``imperia`` command."""

import sys

from tui.cli import main

sys.exit(main())
