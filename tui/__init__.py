"""The Imperia terminal app (Textual) and the ``imperia`` command."""
