"""CPU time of a benchmark run, from /proc (Linux; no extra package): the spawned server's
process groups (uvicorn's master and workers, the projector and its analytics process), the
PostgreSQL backends serving that server's connections, and the load generator (the children
this process waited for). docs/targets.md section 4.1 asks for the CPU time per command.

Reading another user's ``/proc/PID/fd`` (to find the server's sockets) needs root or the same
user; without it the PostgreSQL share is 0 and :class:`CpuMeter` says so (``backends_seen``)."""

from __future__ import annotations

import os
import resource
from collections.abc import Iterable
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """``(process group, user + system CPU seconds)`` of ``pid``, None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # after the command: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    return int(fields[2]), (int(fields[11]) + int(fields[12])) / TICK


def _pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def group_pids(pgids: Iterable[int]) -> list[int]:
    """Every live process whose process group is one of ``pgids``."""
    wanted = set(pgids)
    found = []
    for pid in _pids():
        stat = _stat(pid)
        if stat and stat[0] in wanted:
            found.append(pid)
    return found


def cpu_of(pids: Iterable[int]) -> dict[int, float]:
    """``{pid: CPU seconds so far}`` of those of ``pids`` still alive."""
    out = {}
    for pid in pids:
        stat = _stat(pid)
        if stat:
            out[pid] = stat[1]
    return out


def _local_ports_to(pids: Iterable[int], remote_port: int) -> set[int]:
    """Local TCP ports of the sockets the processes ``pids`` hold open to ``remote_port``."""
    inodes: set[str] = set()
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
                if link.startswith("socket:["):
                    inodes.add(link[8:-1])
        except OSError:
            continue
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table, encoding="ascii") as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            cols = row.split()
            local, remote, inode = cols[1], cols[2], cols[9]
            if inode in inodes and int(remote.rsplit(":", 1)[1], 16) == remote_port:
                ports.add(int(local.rsplit(":", 1)[1], 16))
    return ports


def _client_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class CpuMeter:
    """CPU seconds spent between ``__enter__`` and ``__exit__`` by: ``server`` (every process of
    the process groups ``pgids``), ``postgres`` (the backends whose client sockets belong to
    those processes, found through ``/proc/net/tcp`` and ``pg_stat_activity.client_port``;
    a backend first seen at the end counts whole) and ``client`` (children of this process
    that ended in the window: the load generator). ``conn``: a psycopg connection to the
    server's PostgreSQL (port ``pg_port``); None measures no backends. ``seconds`` holds the
    three after exit, ``backends_seen`` how many backends were found."""

    def __init__(self, pgids: Iterable[int], conn: Any | None, pg_port: int = 5432) -> None:
        self.pgids = list(pgids)
        self.conn = conn
        self.pg_port = pg_port
        self.seconds: dict[str, float] = {}
        self.backends_seen = 0

    def _backends(self, server_pids: list[int]) -> dict[int, float]:
        if self.conn is None:
            return {}
        ports = sorted(_local_ports_to(server_pids, self.pg_port))
        if not ports:
            return {}
        rows = self.conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE client_port = ANY(%s)", (ports,)
        ).fetchall()
        return cpu_of(int(r[0]) for r in rows)

    def _sample(self) -> tuple[dict[int, float], dict[int, float], float]:
        pids = group_pids(self.pgids)
        return cpu_of(pids), self._backends(pids), _client_seconds()

    def __enter__(self) -> CpuMeter:
        self._start = self._sample()
        return self

    def __exit__(self, *exc: object) -> None:
        server, backends, client = self._sample()
        s0, b0, c0 = self._start
        self.backends_seen = len(backends)
        self.seconds = {
            "server": sum(cpu - s0.get(pid, 0.0) for pid, cpu in server.items()),
            "postgres": sum(cpu - b0.get(pid, 0.0) for pid, cpu in backends.items()),
            "client": client - c0,
        }
