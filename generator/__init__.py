"""tombgen: printable material for four Egyptian-themed tabletop games."""

__version__ = "0.1.0"
GENERATOR = f"tombgen {__version__}"
