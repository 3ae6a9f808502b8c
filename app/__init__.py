"""Regelfrisch: Brettspielregeln auffrischen."""

__version__ = "0.1.0"
