"""Choice ids: the compact strings a prompt offers and a journal stores.

An id is a verb, optionally followed by ``":"`` and an argument (``"play:legion"``,
``"ret:3"``, ``"accept:2"``, ``"end"``); see each game's README "Choice ids". Games read the
argument with :func:`split_choice` rather than a fixed-length slice (``choice[7:]``), so a
wrong verb fails loudly instead of yielding a wrong argument.
"""

from __future__ import annotations

__all__ = ["split_choice"]


def split_choice(choice_id: str, prefix: str) -> str:
    """The argument of ``choice_id`` when it reads ``"<prefix>:<argument>"``.

    ``prefix`` is the verb without the colon: ``split_choice("ret:3", "ret") == "3"``,
    ``split_choice("a:b:c", "a") == "b:c"`` (only the first colon separates), and
    ``split_choice("pick:", "pick") == ""``.

    Raises ValueError naming ``choice_id`` and ``prefix`` when ``choice_id`` does not start
    with ``prefix + ":"``.
    """
    n = len(prefix)
    if choice_id[n : n + 1] != ":" or not choice_id.startswith(prefix):
        raise ValueError(f"choice id {choice_id!r} does not start with {prefix + ':'!r}")
    return choice_id[n + 1 :]
