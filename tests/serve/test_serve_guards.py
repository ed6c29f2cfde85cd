"""What a connection to ``imperia serve`` cannot do (issue 7): act for another seat or with a
stale entry number, run a command, open a forwarding or reach the hub socket, log in by
password or with a key off the allow-list, send an oversized message, or see a hand as a
spectator; and take-backs that need consent ask the other seat first (casual policy)."""

from __future__ import annotations

import asyncio
import json
import struct
from fractions import Fraction

import asyncssh
import pytest
from serve_helpers import HubClient, Player, new_key, start_server

from engine.games.imperium.cards import name as card_name
from tui.serve import protocol

HAND = "Hand "


def test_serve_protocol_roundtrip_and_size_limit():
    """Frames carry views with Fractions (iMperium scores) and refuse oversized bodies."""
    msg = {"t": "view", "scores": [Fraction(1, 6), "1/4 points"], "view": {"a": [1, None]}}
    frame = protocol.encode(msg)
    (size,) = struct.unpack(">I", frame[:4])
    assert size == len(frame) - 4
    assert protocol.decode(frame[4:]) == msg
    with pytest.raises(protocol.FrameTooLarge):
        protocol.encode({"t": "chat", "text": "x" * 100}, limit=50)
    with pytest.raises(protocol.ProtocolError):
        protocol.decode(b"\x93\x01\x02\x03")  # a list, not a typed map


async def open_table(server, policy: str = "casual") -> tuple[HubClient, HubClient, object]:
    """Two raw hub clients at a started iMperium table, both watching their seats."""
    a = await HubClient().open(server.socket, "SHA256:seat-zero")
    b = await HubClient().open(server.socket, "SHA256:seat-one")
    a.send({"t": "lobby"})
    b.send({"t": "lobby"})
    a.send({"t": "create", "game": "imperium", "seats": 2, "policy": policy, "options": {}})
    created = await a.expect("created")
    b.send({"t": "sit", "table": created["table"]})
    await a.expect("started")
    await b.expect("started")
    for c in (a, b):
        c.send({"t": "watch", "table": created["table"]})
    table = server.hub.tables[created["table"]]
    return a, b, table


async def act(client: HubClient, table, seat: int) -> None:
    """``client`` makes ``seat``'s first choice that is not a take-back of a pick, tagged with
    the current entry number, and waits until the hub has made it."""
    m = table.match
    before = m.entries
    choice = next(c for c in m.prompt(seat).choices if c.group != "unpick").id
    client.send({"t": "act", "table": table.info.id, "entries": before, "choice": choice})
    for _ in range(300):
        if m.entries != before:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"seat {seat}: {choice} was not made")


async def test_serve_choices_only_for_own_seat_and_current_entry(tmp_path):
    """A client acts only for its own seat, only while that seat decides, and only with the
    entry number it saw; refusals leave the match untouched."""
    server = await start_server(tmp_path / "srv")
    try:
        a, b, table = await open_table(server)
        va = await a.expect("view")
        vb = await b.expect("view")
        assert (va["seat"], vb["seat"]) == (0, 1)
        m = table.match
        # Each view carries only its own seat's hand (IMP-2).
        assert va["view"]["seats"][0]["hand"] and va["view"]["seats"][1]["hand"] is None
        assert vb["view"]["seats"][1]["hand"] and vb["view"]["seats"][0]["hand"] is None
        # Seat 0 finishes its opening discard (pick, pick, confirm) while seat 1 still decides.
        for _ in range(3):
            await act(a, table, 0)
        assert m.waiting() == (1,)
        entries, state = m.entries, m.hash()
        # Seat 0 tries seat 1's choice: refused (it is not seat 0's decision).
        other = m.prompt(1).choices[0].id
        a.send({"t": "act", "table": table.info.id, "entries": entries, "choice": other})
        notice = await a.expect("notice")
        assert "no longer available" in notice["text"]
        # Seat 1 with a stale entry number: refused.
        b.send({"t": "act", "table": table.info.id, "entries": entries - 1, "choice": other})
        notice = await b.expect("notice")
        assert "no longer available" in notice["text"]
        assert (m.entries, m.hash()) == (entries, state)
        # A spectator cannot act at all, and its view shows no hand.
        c = await HubClient().open(server.socket, "SHA256:watcher")
        c.send({"t": "watch", "table": table.info.id, "spectate": True})
        vc = await c.expect("view")
        assert vc["seat"] is None and vc["prompt"] is None
        assert all(s["hand"] is None for s in vc["view"]["seats"])
        c.send({"t": "act", "table": table.info.id, "entries": entries, "choice": other})
        assert "Spectators" in (await c.expect("notice"))["text"]
        # Seat 1 with the right entry number: made.
        b.send({"t": "act", "table": table.info.id, "entries": entries, "choice": other})
        await b.expect("view", entries=entries + 1)
        assert m.entries == entries + 1
        for x in (a, b, c):
            x.close()
    finally:
        await server.close()


async def test_serve_undo_needs_consent_of_the_other_seat(tmp_path):
    """Casual policy: a take-back past the other seat's choices asks that seat; a no keeps
    the match as it is, a yes takes it back."""
    server = await start_server(tmp_path / "srv")
    try:
        a, b, table = await open_table(server, "casual")
        m = table.match
        tid = table.info.id
        # Both finish the opening discard (pick, pick, confirm each).
        for client, seat in ((a, 0), (b, 1)):
            for _ in range(3):
                await act(client, table, seat)
        check = m.check_undo(0)
        assert not check.allowed and check.needs_consent == (1,)
        entries = m.entries
        a.send({"t": "undo", "table": tid})
        ask = await b.expect("ask")
        assert "take back" in ask["text"]
        b.send({"t": "consent", "id": ask["id"], "yes": False})
        assert "said no" in (await a.expect("notice", level="warning"))["text"]
        assert m.entries == entries
        a.send({"t": "undo", "table": tid})
        ask = await b.expect("ask")
        b.send({"t": "consent", "id": ask["id"], "yes": True})
        await a.expect("view", entries=entries + 1)
        assert m.records[-1][0] == 1  # an undo entry in the journal
        assert m.waiting() == (0, 1) or 0 in m.waiting()
        a.close()
        b.close()
    finally:
        await server.close()


async def test_serve_hub_refuses_oversized_frames(tmp_path):
    """A frame over the size limit closes the connection with a clear message."""
    server = await start_server(tmp_path / "srv")
    try:
        c = await HubClient().open(server.socket, "SHA256:big")
        assert c.writer is not None
        c.writer.write(struct.pack(">I", protocol.MAX_FRAME + 1))
        err = await c.expect("error")
        assert "limit" in err["text"]
        c.close()
    finally:
        await server.close()


async def test_serve_no_command_no_forwarding_no_password(tmp_path):
    """The connection can only run the app: exec, shells without a PTY, TCP and unix
    forwarding (the hub socket included) and password logins are refused."""
    server = await start_server(tmp_path / "srv")
    key = new_key()
    try:
        async with asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="x",
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
        ) as conn:
            result = await conn.run("cat /etc/passwd", term_type=None)
            assert result.exit_status == 1
            assert "only runs Imperia" in result.stdout and "root:" not in result.stdout
            result = await conn.run(term_type=None)
            assert "needs a terminal" in result.stdout
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", server.port)
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_unix_connection(str(server.socket))
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.ProcessError)):
                await conn.run(subsystem="sftp", check=True)
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="x",
                password="x",
                client_keys=None,
                known_hosts=None,
                agent_path=None,
            )
    finally:
        await server.close()


async def test_serve_allow_list_and_connection_limit(tmp_path):
    """With ``allowed_keys`` only those keys get in; past max connections a player is told
    the server is full."""
    data = tmp_path / "srv"
    data.mkdir()
    good, bad = new_key(), new_key()
    (data / "allowed_keys").write_text(good.export_public_key().decode())
    server = await start_server(data, max_connections=1)
    first = Player(good, "Ann")
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="x",
                client_keys=[bad],
                known_hosts=None,
                agent_path=None,
            )
        await first.connect(server.port)
        await first.wait_for("Your name")
        second = Player(good, "Ann again")
        await second.connect(server.port)
        await second.wait_for("The server is full (1 players)")
        await second.drop()
    finally:
        await first.drop()
        await server.close()


async def test_serve_spectator_screen_shows_no_hand(tmp_path):
    """A spectator's screen shows hand counts only, never a card of a hand (IMP-2)."""
    server = await start_server(tmp_path / "srv")
    watcher = Player(new_key(), "Cleo")
    try:
        a, b, table = await open_table(server)
        await watcher.connect(server.port)
        await watcher.type_name()
        await watcher.wait_for("playing")
        watcher.press("w")
        await watcher.wait_for("iMperium")
        text = await watcher.wait_for("hand 6")
        assert HAND not in text.replace("hand ", "")
        m = table.match
        public = json.dumps(m.view(None))
        for seat in (0, 1):
            for cid in m.view(seat)["seats"][seat]["hand"]:
                if f'"{cid}"' not in public:
                    assert card_name(cid) not in text, f"spectator sees {card_name(cid)}"
        assert "(you)" not in text
        a.close()
        b.close()
    finally:
        await watcher.drop()
        await server.close()


async def test_serve_bot_seat_plays_in_the_hub(tmp_path):
    """A bot added to a free seat starts the table (every seat filled) and the hub plays its
    turns: after the human's opening discard the bot's is made too (IMP-2.5 both discard)."""
    server = await start_server(tmp_path / "srv")
    try:
        a = await HubClient().open(server.socket, "SHA256:solo")
        a.send({"t": "lobby"})
        a.send({"t": "create", "game": "imperium", "seats": 2, "policy": "casual", "options": {}})
        created = await a.expect("created")
        a.send({"t": "bot", "table": created["table"], "kind": "bot"})
        await a.expect("started")
        table = server.hub.tables[created["table"]]
        assert [s.kind for s in table.match.seats] == ["human", "bot"]
        a.send({"t": "watch", "table": created["table"]})
        for _ in range(3):
            await act(a, table, 0)
        for _ in range(200):
            if table.match.view(None)["seats"][1]["opening_done"]:
                break
            await asyncio.sleep(0.05)
        assert table.match.view(None)["seats"][1]["opening_done"], "the bot discarded"
        a.close()
    finally:
        await server.close()


async def test_serve_idle_timeout_and_input_flood_close_with_a_message(tmp_path):
    """Limits end a connection with one plain line naming the limit (apps started by exec)."""
    server = await start_server(tmp_path / "srv", prefork=False, idle_timeout=8.0, input_rate=256)
    assert server.zygote is None  # these apps start by exec (the fallback path)
    idle, flood = Player(new_key(), "Idle"), Player(new_key(), "Flood")
    try:
        await asyncio.gather(idle.connect(server.port), flood.connect(server.port))
        await flood.wait_for("Your name")
        flood.press("x" * 4096)
        await asyncio.wait_for(flood.closed.wait(), 30)
        assert b"more than 256 bytes of input per second" in flood.raw
        await asyncio.wait_for(idle.closed.wait(), 30)
        assert b"closed after" in idle.raw and b"without a key pressed" in idle.raw
    finally:
        await idle.drop()
        await flood.drop()
        await server.close()


async def test_serve_consent_dropped_when_the_other_player_leaves(tmp_path):
    """A take-back waiting for an answer is off when the asked player leaves; asking while
    they are away is refused with their name (casual policy)."""
    server = await start_server(tmp_path / "srv")
    try:
        a, b, table = await open_table(server, "casual")
        m = table.match
        for client, seat in ((a, 0), (b, 1)):
            for _ in range(3):
                await act(client, table, seat)
        entries = m.entries
        a.send({"t": "undo", "table": table.info.id})
        await b.expect("ask")
        b.close()
        left = await a.expect("notice", level="warning")
        assert "left before answering" in left["text"]
        a.send({"t": "undo", "table": table.info.id})
        away = await a.expect("notice", level="warning")
        assert away["text"] == f"{m.seats[1].name} must agree, but is not at the table now."
        assert m.entries == entries
        a.close()
    finally:
        await server.close()


def test_serve_display_names_cannot_carry_markup_or_control_characters():
    """Other players' screens show a chosen name: no brackets (markup), no escapes, one line,
    at most 24 characters."""
    from tui.serve.tables import display_name

    assert display_name("[b]Ann[/b]") == "b Ann /b"
    assert display_name("Eve\x1b[31m\nred") == "Eve 31m red"
    assert display_name("  ") == ""
    assert len(display_name("x" * 100)) == 24


async def test_serve_every_registered_game_starts_and_sends_its_seat_view(tmp_path):
    """The server uses only the engine contract: for every playable game a table fills with
    bots, starts, and the human seat receives exactly ``rules.view(state, seat)`` (through
    msgpack) and its prompt."""
    from engine import registry

    server = await start_server(tmp_path / "srv")
    try:
        for rules in registry.games(playable_only=True):
            a = await HubClient().open(server.socket, f"SHA256:{rules.id}")
            a.send({"t": "lobby"})
            a.send({"t": "create", "game": rules.id, "seats": rules.min_seats, "options": {}})
            created = await a.expect("created")
            for _ in range(rules.min_seats - 1):
                a.send({"t": "bot", "table": created["table"], "kind": "random"})
            await a.expect("started", table=created["table"])
            table = server.hub.tables[created["table"]]
            a.send({"t": "watch", "table": created["table"]})
            m = table.match
            for _ in range(500):  # until the bots have moved and seat 0 decides
                if m.waiting() == (0,) and not table.thinking:
                    break
                await asyncio.sleep(0.02)
            assert m.waiting() == (0,), f"{rules.id}: seat 0 never came to decide alone"
            view = await a.expect("view", entries=m.entries)
            expected = protocol.decode(protocol.encode({"t": "x", "v": m.view(0)})[4:])
            assert view["view"] == expected["v"], rules.id
            prompt = m.prompt(0)
            assert [c[0] for c in view["prompt"]["choices"]] == [c.id for c in prompt.choices]
            a.close()
    finally:
        await server.close()
