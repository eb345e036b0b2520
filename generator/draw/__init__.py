"""The drawing layer: scenes of primitives in millimetres and the backends that write them.

Game code builds scenes with :mod:`generator.draw.scene` only; :mod:`generator.draw.svg` and
:mod:`generator.draw.pdf` write them (the PDF backend and the font metrics of
:mod:`generator.draw.fonts` import reportlab lazily, on first use).
:mod:`generator.draw.content` is the text-document counterpart for player aids: paragraphs,
tables and steps that the games' ``aid.py`` fill and :mod:`generator.aids` lays out.
"""
