"""The hub's match side: watching a table, views pushed to every watcher, choices, take-backs
with consent, resigning, and the bots (see :mod:`tui.serve.hub` for the rules it enforces)."""

from __future__ import annotations

import asyncio
from typing import Any

from engine import journal as jr
from engine.match import Match, UndoRefused
from engine.rules import IllegalAction, unavailable_choices
from tui.last_turn import LastTurn
from tui.serve.clients import Client, Consent, Table, log, prompt_map
from tui.session import LogLine, describe


def turn_map(turn: LastTurn) -> dict[str, Any]:
    """The other seats' last turn as plain data for a frame (see
    :func:`tui.serve.client.turn_from`): its lines, its lines by seat, and the views before and
    after it (from which the board marks what changed)."""
    return {
        "lines": list(turn.lines),
        "parts": [[name, list(lines)] for name, lines in turn.parts],
        "before": turn.before,
        "after": turn.after,
    }


class Play:
    """Mixin of :class:`tui.serve.hub.Hub`: the requests about a running match.

    Uses the hub's ``tables``, ``executor``, ``bot_delay``, ``_tasks``, ``_consent_ids``,
    ``_table`` and ``_lobby_changed``.
    """

    tables: dict[str, Table]
    bot_delay: float
    executor: Any
    _tasks: set[asyncio.Task[Any]]
    _consent_ids: int

    def _table(self, client: Client, msg: dict[str, Any]) -> Table | None:
        raise NotImplementedError

    def _lobby_changed(self) -> None:
        raise NotImplementedError

    def _on_watch(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(client, msg)
        if table is None:
            return
        if table.match is None:
            client.notice(table.error or "That match has not started yet.", "warning")
            return
        self._leave_table(client)
        client.lobby = False
        client.table = table
        client.seat = table.info.seat_of(client.player)
        if msg.get("spectate"):
            client.seat = None
        client.log_sent, client.log_cache, client.turn_sent = [], [], None
        table.watchers.add(client)
        self._push(table, [client])

    def _on_unwatch(self, client: Client, msg: dict[str, Any]) -> None:
        self._leave_table(client)

    def _leave_table(self, client: Client) -> None:
        table, seat = client.table, client.seat
        client.table, client.seat = None, None
        if table is not None:
            table.watchers.discard(client)
            self._left(table, seat)

    def _log_lines(self, client: Client, match: Match) -> list[LogLine]:
        old, new = client.log_cache, []
        for i, item in enumerate(match.log):
            if i < len(old) and old[i][0] is item:
                line = old[i][1]
                if line.undone != item.undone:
                    line = LogLine(line.text, item.undone)
            else:
                line = LogLine(describe(match, item, client.seat), item.undone)
            new.append((item, line))
        client.log_cache = new
        return [line for _, line in new]

    def view_message(
        self, table: Table, client: Client, views: dict, reason: str = ""
    ) -> dict[str, Any]:
        """The ``view`` frame for ``client`` (its seat's view or the spectator's; the log from
        the first line that changed since the last frame; the other seats' last turn when it
        changed; the forced step's choice id, if any, which the client takes as local play
        does; ``reason``: what moved the match, "undo" and "redo" included)."""
        session = table.session
        assert session is not None
        m = session.match
        seat = client.seat
        if seat not in views:
            views[seat] = m.view(seat)
        lines = self._log_lines(client, m)
        sent = client.log_sent
        k = 0
        while k < len(sent) and k < len(lines) and sent[k] == lines[k]:
            k += 1
        client.log_sent = lines
        out = m.outcome()
        undo = None
        if seat is not None and m.policy != "strict":
            check = m.check_undo(seat)
            undo = {
                "allowed": check.allowed,
                "target": check.target,
                "count": check.count,
                "needs": list(check.needs_consent),
                "reason": check.reason,
                "crosses": check.crosses,
                "summary": session.undo_summary(seat, check) if check.target is not None else "",
            }
        prompt = None if seat is None else m.prompt(seat)
        forced = None if seat is None else session.forced_choice(seat, prompt)
        frame: dict[str, Any] = {
            "t": "view",
            "table": table.info.id,
            "game": m.rules.id,
            "seats": [[s.name, s.kind] for s in m.seats],
            "policy": m.policy,
            "seat": seat,
            "entries": m.entries,
            "view": views[seat],
            "prompt": prompt_map(prompt),
            "waiting": list(m.waiting()),
            "log_from": k,
            "log": [[line.text, line.undone] for line in lines[k:]],
            "outcome": None
            if out is None
            else {
                "winners": list(out.winners),
                "reason": out.reason,
                "scores": list(out.scores),
                "shared": out.shared,
            },
            "undo": undo,
            "redo": seat is not None and m.can_redo(seat),
            "forced": None if forced is None else forced.id,
            "reason": reason,
            "unavailable": []
            if seat is None
            else [list(pair) for pair in unavailable_choices(m.rules, m.state, seat)],
        }
        turn = session.last_turn_of(seat)
        told = (turn.start, turn.end, turn.lines)
        if told != client.turn_sent:
            client.turn_sent = told
            frame["turn"] = turn_map(turn)
        return frame

    def _push(self, table: Table, clients: Any = None, reason: str = "") -> None:
        views: dict[int | None, Any] = {}
        for c in list(table.watchers if clients is None else clients):
            c.send(self.view_message(table, c, views, reason))

    def _changed(self, table: Table, reason: str = "") -> None:
        """The match moved: drop a stale consent request, push every watcher, run the bots."""
        m = table.match
        if table.consent is not None and m is not None and table.consent.entries != m.entries:
            lapsed, table.consent = table.consent, None
            for c in table.watchers:
                if c.seat == lapsed.seat:
                    c.notice("Your take-back request lapsed: the match moved on.", "warning")
        self._push(table, reason=reason)
        if m is not None and m.over:
            self._lobby_changed()
        self._schedule_bots(table)

    # ------------------------------------------------------------ playing
    def _playing(self, client: Client, msg: dict[str, Any]) -> tuple[Table, Match, int] | None:
        table = client.table
        if table is None or table.match is None or str(msg.get("table")) != table.info.id:
            client.notice("Open the table first.", "warning")
            return None
        if client.seat is None:
            client.notice("Spectators only watch.", "warning")
            return None
        return table, table.match, client.seat

    def _on_act(self, client: Client, msg: dict[str, Any]) -> None:
        got = self._playing(client, msg)
        if got is None:
            return
        table, m, seat = got
        if msg.get("entries") != m.entries or seat not in m.waiting():
            client.notice("That choice is no longer available.", "warning")
            self._push(table, [client])
            return
        try:
            m.act(seat, str(msg["choice"]))
        except IllegalAction:
            client.notice("That choice is no longer available.", "warning")
            self._push(table, [client])
            return
        except jr.JournalError as err:
            client.notice(f"Not made: it could not be saved ({err}).", "error")
            return
        self._changed(table)

    def _on_undo(self, client: Client, msg: dict[str, Any]) -> None:
        got = self._playing(client, msg)
        if got is None:
            return
        table, m, seat = got
        check = m.check_undo(seat)
        if check.allowed:
            self._undo(client, table, seat, False)
            return
        if not check.needs_consent:
            client.notice(check.reason or "Nothing to take back.", "warning")
            return
        if table.consent is not None:
            client.notice("A take-back is already waiting for an answer.", "warning")
            return
        present = {c.seat for c in table.watchers}
        missing = [s for s in check.needs_consent if s not in present]
        if missing:
            names = ", ".join(m.seats[s].name for s in missing)
            client.notice(f"{names} must agree, but is not at the table now.", "warning")
            return
        self._consent_ids += 1
        table.consent = Consent(self._consent_ids, seat, m.entries, set(check.needs_consent))
        assert table.session is not None
        summary = table.session.undo_summary(seat, check)
        question = f"{m.seats[seat].name} asks to take back {summary}. Do you agree?"
        for c in table.watchers:
            if c.seat in table.consent.waiting:
                c.send(
                    {"t": "ask", "table": table.info.id, "id": self._consent_ids, "text": question}
                )
        client.notice("Asked the other players to agree.")

    def _undo(self, client: Client | None, table: Table, seat: int, consent: bool) -> None:
        m = table.match
        assert m is not None
        try:
            n = m.undo(seat, consent=consent)
        except (UndoRefused, jr.JournalError) as err:
            if client is not None:
                client.notice(str(err), "warning")
            return
        if client is None:  # agreed by the others: tell the asker (who otherwise says it)
            for c in table.watchers:
                if c.seat == seat:
                    c.notice(f"Took back {n} choice{'s' if n != 1 else ''}.")
        self._changed(table, "undo")

    def _on_consent(self, client: Client, msg: dict[str, Any]) -> None:
        table = client.table
        pending = table.consent if table is not None else None
        if table is None or pending is None or msg.get("id") != pending.id:
            return
        if client.seat not in pending.waiting:
            return
        m = table.match
        assert m is not None
        if not msg.get("yes"):
            table.consent = None
            for c in table.watchers:
                if c.seat == pending.seat:
                    c.notice(f"{m.seats[client.seat].name} said no.", "warning")
            return
        pending.waiting.discard(client.seat)
        if not pending.waiting:
            table.consent = None
            if m.entries == pending.entries:
                self._undo(None, table, pending.seat, True)

    def _on_redo(self, client: Client, msg: dict[str, Any]) -> None:
        got = self._playing(client, msg)
        if got is None:
            return
        table, m, seat = got
        try:
            n = m.redo(seat)
        except (UndoRefused, jr.JournalError) as err:
            client.notice(str(err), "warning")
            return
        client.notice(f"Redid {n} choice{'s' if n != 1 else ''}.")
        self._changed(table, "redo")

    def _on_resign(self, client: Client, msg: dict[str, Any]) -> None:
        got = self._playing(client, msg)
        if got is None:
            return
        table, m, seat = got
        try:
            m.resign(seat)
        except (IllegalAction, jr.JournalError) as err:
            client.notice(str(err), "warning")
            return
        self._changed(table)

    # ------------------------------------------------------------ bots
    def _schedule_bots(self, table: Table) -> None:
        session = table.session
        if session is None or table.thinking or session.match.over:
            return
        task = session.bot_task()
        if task is None:
            return
        table.thinking = True
        job = asyncio.get_running_loop().create_task(self._bot_turn(table, task))
        self._tasks.add(job)
        job.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, table: Table, task: Any) -> None:
        session = table.session
        assert session is not None
        loop = asyncio.get_running_loop()
        try:
            started = loop.time()
            choice = await loop.run_in_executor(self.executor, session.think, task)
            wait = self.bot_delay - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
        except Exception as err:
            table.thinking = False
            log.error("table %s: the bot failed: %s", table.info.id, err)
            return
        table.thinking = False
        m = session.match
        if m.entries == task.token and task.seat in m.waiting():
            try:
                m.act(task.seat, choice)
            except (IllegalAction, jr.JournalError) as err:
                log.error("table %s: bot move refused: %s", table.info.id, err)
                return
            self._changed(table)
        else:
            self._schedule_bots(table)
