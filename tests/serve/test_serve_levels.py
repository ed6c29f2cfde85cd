"""Bot levels at an SSH table (issue 18): the table dialog's kind reaches the hub, the seat
records it, and a search bot thinks in the hub's worker processes."""

from __future__ import annotations

import asyncio

from serve_helpers import HubClient, start_server

from tui.serve.hub import bot_name


def test_bot_names_per_level():
    assert [bot_name(k) for k in ("random", "bot", "bot:easy", "bot:hard", "bot:expert")] == [
        "Random",
        "Bot",
        "Easy bot",
        "Hard bot",
        "Expert bot",
    ]


async def test_serve_hard_bot_seat_thinks_in_the_hub_pool(tmp_path):
    server = await start_server(tmp_path / "srv")
    try:
        a = await HubClient().open(server.socket, "SHA256:solo")
        a.send({"t": "lobby"})
        a.send({"t": "create", "game": "imperium", "seats": 2, "policy": "casual", "options": {}})
        created = await a.expect("created")
        a.send({"t": "bot", "table": created["table"], "kind": "bot:silly"})
        a.send({"t": "bot", "table": created["table"], "kind": "bot:hard"})
        await a.expect("started")
        table = server.hub.tables[created["table"]]
        assert [(s.name, s.kind) for s in table.match.seats][1] == ("Hard bot", "bot:hard")
        assert table.session.pool is server.hub.search
        for _ in range(600):  # the hard bot's opening pick comes from the hub's worker
            if table.match.entries > 0:
                break
            await asyncio.sleep(0.05)
        assert table.match.entries > 0
        assert server.hub.search.workers[0]._proc is not None
        a.close()
    finally:
        await server.close()
