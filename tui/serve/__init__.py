"""Play over SSH: ``imperia serve`` (see README.md in this folder for the design)."""
