"""Brazil: Imperial's own data files (JSON, converted from shared/data/brazil_imperial/data.json
with the data rulings BI-D.. applied) and ``tables.py``, the same content as a Python literal.
See README.md here. Typed access: ``components``, ``cards`` and ``hexes``."""
