#!/usr/bin/env python3
"""cpu_time.py RUNS CMD... - run CMD RUNS times under /usr/bin/time; print one line per run:
"cpu_seconds wall_seconds peak_rss_kib". CPU time (user + sys) comes from wait4's rusage
(microseconds; /usr/bin/time rounds to 10 ms, too coarse for a trace of a few MB), the peak
resident set size from /usr/bin/time's %M (the child's own: a fork of this interpreter would
count the interpreter's pages). Exits non-zero, naming the command, if a run fails."""
import os
import sys
import tempfile
import time


def run_once(cmd):
    """One run: (cpu seconds, wall seconds, peak RSS KiB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as rss:
        argv = ["/usr/bin/time", "-f", "%M", "-o", rss.name] + cmd
        t0 = time.monotonic()
        pid = os.fork()
        if pid == 0:
            try:
                os.execv(argv[0], argv)
            finally:
                os._exit(127)
        _, status, ru = os.wait4(pid, 0)
        wall = time.monotonic() - t0
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            sys.exit(f"cpu_time.py: {' '.join(cmd)}: exit status {code}")
        return ru.ru_utime + ru.ru_stime, wall, int(rss.read().split()[-1])


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: cpu_time.py RUNS CMD... (RUNS a positive integer)")
    for _ in range(int(sys.argv[1])):
        cpu, wall, rss = run_once(sys.argv[2:])
        print(f"{cpu:.6f} {wall:.6f} {rss}", flush=True)


if __name__ == "__main__":
    main()
