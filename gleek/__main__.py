"""``python -m gleek`` runs the ``gleek`` command."""

import sys

from gleek.cli import main

sys.exit(main())
