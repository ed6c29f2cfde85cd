"""What the journal's fsync policies cost: microseconds per appended record (issue 14).

    python scripts/journal_sync_bench.py [--dir FOLDER] [--records 300]

Appends ``--records`` act records to a fresh journal in ``FOLDER`` (default: the user's save
folder, i.e. the disk saves really go to) with each policy of engine/journal.py: "never"
(one os.write per record, the local app's default), "group" (the SSH hub's: a background
fdatasync at most 5 ms after a record, shared by the records meanwhile) and "always" (os.write
+ fdatasync before returning). Prints one JSON line: the folder, and per policy the mean and 99th-percentile
microseconds per append call, and the total time including the final close (and sync).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import journal as jr  # noqa: E402


def cost(folder: Path, policy: str, records: int) -> dict[str, float]:
    header = jr.Header("imperium", 1, {}, [{"name": "A", "kind": "human"}] * 2, 1)
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        writer = jr.JournalWriter.create(Path(tmp) / "sync.imperia", header, sync=policy)
        times = []
        start = time.perf_counter()
        for i in range(records):
            t0 = time.perf_counter()
            writer.append((jr.ACT, i % 2, "play:legion"))
            times.append(time.perf_counter() - t0)
        writer.close()  # syncs what is pending (group)
        total = time.perf_counter() - start
    times.sort()
    return {
        "mean_us": round(sum(times) / len(times) * 1e6, 1),
        "p99_us": round(times[int(len(times) * 0.99) - 1] * 1e6, 1),
        "total_ms": round(total * 1e3, 1),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dir", help="folder on the disk to measure (default: the save folder)")
    p.add_argument("--records", type=int, default=300)
    args = p.parse_args()
    folder = Path(args.dir) if args.dir else jr.default_save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    out = {"dir": str(folder), "records": args.records}
    for policy in jr.SYNC_POLICIES:
        out[policy] = cost(folder, policy, args.records)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
