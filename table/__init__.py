"""Applejack Table: the companion that sits in the lid of the Applejack box.

Packages: ``table.engine`` (pure rules), ``table.hardware`` (GPIO, die sensor),
``table.display`` (pygame screen). The engine imports nothing from the others.
"""

__version__ = "0.1.0"
