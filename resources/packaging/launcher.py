"""Entry script of the standalone bundle: the same start as the installed ``regelfrisch``."""

import sys

from app.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
