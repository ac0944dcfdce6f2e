#!/usr/bin/env python3
"""cpu_time.py RUNS CMD... - run CMD RUNS times and print one line per run,
"cpu_seconds wall_seconds", then one more run under /usr/bin/time and the line
"peak_rss_kib N". A short command runs more often, until its runs add up to MIN_SECONDS
of CPU (environment, default 0: exactly RUNS runs; at most 25 times RUNS): a 30 ms run
varies by 10-20 % on a shared machine, and the median of more runs steadies it. CPU time
(user + sys) comes from wait4's rusage of the command itself (microseconds; /usr/bin/time
rounds to 10 ms, too coarse for a trace of a few MB, and its own start-up would be
counted); the peak resident set size from /usr/bin/time's %M (a fork of this interpreter
would count the interpreter's pages). Exits non-zero, naming the command, if a run
fails."""
import os
import sys
import tempfile
import time


def run_once(argv):
    """Run argv; (rusage, wall seconds). Exits if it fails."""
    t0 = time.monotonic()
    try:  # posix_spawn: no copy of this interpreter's pages is charged to the command
        pid = os.posix_spawnp(argv[0], argv, os.environ)
    except OSError as e:
        sys.exit(f"cpu_time.py: {argv[0]}: {e.strerror}")
    _, status, ru = os.wait4(pid, 0)
    wall = time.monotonic() - t0
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"cpu_time.py: {' '.join(argv)}: exit status {code}")
    return ru, wall


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: cpu_time.py RUNS CMD... (RUNS a positive integer)")
    cmd = sys.argv[2:]
    runs = int(sys.argv[1])
    try:
        min_seconds = float(os.environ.get("MIN_SECONDS", "0"))
    except ValueError:
        sys.exit(f"cpu_time.py: MIN_SECONDS={os.environ['MIN_SECONDS']!r} (expected seconds)")
    total, n = 0.0, 0
    while n < runs or (total < min_seconds and n < 25 * runs):
        ru, wall = run_once(cmd)
        cpu = ru.ru_utime + ru.ru_stime
        total += cpu
        n += 1
        print(f"{cpu:.6f} {wall:.6f}", flush=True)
    with tempfile.NamedTemporaryFile("r", suffix=".time") as rss:
        run_once(["/usr/bin/time", "-f", "%M", "-o", rss.name] + cmd)
        print(f"peak_rss_kib {int(rss.read().split()[-1])}", flush=True)


if __name__ == "__main__":
    main()
