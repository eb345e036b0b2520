"""The drawing layer: scenes of primitives in millimetres and the backends that write them.

Game code builds scenes with :mod:`generator.draw.scene` only; :mod:`generator.draw.svg` and
:mod:`generator.draw.pdf` import svgwrite and reportlab lazily when a file is written.
:mod:`generator.draw.content` is the text-document counterpart for player aids: paragraphs,
tables and steps that the games' ``aid.py`` fill and :mod:`generator.aids` lays out.
"""
