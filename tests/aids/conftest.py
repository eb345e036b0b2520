"""The aid tests read PDFs back with ``pdftext``, which lives next to them."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
