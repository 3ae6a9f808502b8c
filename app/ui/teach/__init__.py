"""Erklärmodus: the presentation for the table (see :mod:`app.model.teaching`)."""
