"""Who had the cores while the wall's first frame was made: Linux's scheduler switches, recorded
with perf beside Chromium's trace and cut to each load's gap (scripts/trace-page --sched).

perf records with CLOCK_MONOTONIC, the clock of Chromium's trace timestamps, so a switch's time
and a trace event's line up. Needs `perf` (Debian's linux-perf) and the right to record every
CPU's sched tracepoints (root, or kernel.perf_event_paranoid <= -1).
"""
import bisect, collections, os, re, shutil, signal, subprocess, tempfile

SWITCH = re.compile(r"^\s*(\d+)/(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:(sched_switch|sched_wakeup):\s+(.*)$")


class Recorder:
    """perf recording the scheduler's switches and wake-ups on every CPU until stop()."""

    def __init__(self):
        if not shutil.which("perf"):
            raise SystemExit("--sched needs perf (apt-get install linux-perf)")
        self.folder = tempfile.mkdtemp(prefix="trace-page-sched-")
        self.path = os.path.join(self.folder, "sched.data")
        self.process = subprocess.Popen(["perf", "record", "-q", "-e", "sched:sched_switch", "-e", "sched:sched_wakeup",
                                         "-a", "-k", "CLOCK_MONOTONIC", "-o", self.path],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def stop(self):
        """Stops recording; returns the switches and wake-ups as (pid, tid, cpu, seconds, kind, fields)."""
        self.process.send_signal(signal.SIGINT)
        _, errors = self.process.communicate(timeout=120)
        if not os.path.exists(self.path):
            raise SystemExit("perf recorded nothing: " + errors.decode(errors="replace")[-400:])
        text = subprocess.run(["perf", "script", "-i", self.path, "-F", "pid,tid,cpu,time,event,trace"],
                              capture_output=True, text=True, check=True).stdout
        shutil.rmtree(self.folder, ignore_errors=True)
        found = []
        for line in text.splitlines():
            m = SWITCH.match(line)
            if m:
                fields = dict(re.findall(r"(\w+)=(\S+)", m.group(6)))
                found.append((int(m.group(1)), int(m.group(2)), int(m.group(3)), float(m.group(4)), m.group(5), fields))
        return found


def window_of(events, laid_out_us, painted_us):
    """What the analysis needs of one load's trace: the gap in seconds, the page's renderer and its
    main and raster threads, and every process the trace knows."""
    fcp = [e for e in events if e.get("name") == "firstContentfulPaint"][-1]
    renderer = fcp["pid"]
    rasters = collections.Counter(e["tid"] for e in events if e.get("name") == "RasterTask" and e.get("pid") == renderer)
    names = {e["pid"]: e.get("args", {}).get("name", "") for e in events if e.get("ph") == "M" and e.get("name") == "process_name"}
    return dict(start=laid_out_us / 1e6, end=painted_us / 1e6, renderer=renderer, main=fcp["tid"],
                raster=rasters.most_common(1)[0][0] if rasters else None, names=names)


def thread_states(switches, tid, start, end):
    """Milliseconds thread `tid` spent running, runnable (woken or preempted, waiting for a core)
    and asleep between `start` and `end`."""
    spent, state, since = collections.Counter(), None, start
    for _, _, _, t, kind, fields in switches:
        if kind == "sched_switch" and int(fields.get("prev_pid", -1)) == tid:
            new = "runnable" if fields.get("prev_state", "").startswith("R") else "asleep"
        elif kind == "sched_switch" and int(fields.get("next_pid", -1)) == tid:
            new = "running"
        elif kind == "sched_wakeup" and int(fields.get("pid", -1)) == tid:
            new = "runnable"
        else:
            continue
        if t >= end:
            break
        if t > start and state:
            spent[state] += (t - since) * 1000
        if t > start:
            since = t
        state = new
    if state:
        spent[state] += (end - since) * 1000
    return spent


def core_time(switches, window):
    """Milliseconds of core time between the window's start and end, by who had the core: the
    page's renderer, the browser, the GPU process, Chromium's other processes (its UI's renderer,
    a spare renderer, those started for the context while the wall loaded, many of which the
    trace does not know), and everything else on the machine."""
    spent, last = collections.Counter(), {}
    start, end, names = window["start"], window["end"], window["names"]
    for pid, _, cpu, t, kind, fields in switches:
        if kind != "sched_switch":
            continue
        began, last[cpu] = last.get(cpu), t
        if began is None or t <= start or began >= end:
            continue
        inside = (min(t, end) - max(began, start)) * 1000
        comm = fields.get("prev_comm", "")
        if pid == window["renderer"]:
            key = "page renderer"
        elif names.get(pid) in ("Browser", "GPU Process"):
            key = names[pid].split()[0].lower()
        elif pid in names:
            key = "other Chromium processes"
        elif comm.startswith("swapper"):
            key = "idle"
        elif comm in ("chromium", "Chrome_ChildIOT") or comm.startswith("ThreadPool") or comm in ("Compositor", "HangWatcher"):
            key = "other Chromium processes"
        else:
            key = "rest of the machine"
        spent[key] += inside
    return spent


def measure(switches, times, window):
    """The figures scripts/trace-page prints for one load; `times` are the switches' times, for
    cutting out the window (with two seconds before it, to know each thread's state at its start)."""
    switches = switches[bisect.bisect_left(times, window["start"] - 2.0):bisect.bisect_right(times, window["end"])]
    main = thread_states(switches, window["main"], window["start"], window["end"])
    raster = thread_states(switches, window["raster"], window["start"], window["end"]) if window["raster"] else {}
    cores = core_time(switches, window)
    return dict(main_running=main.get("running", 0), main_waiting=main.get("runnable", 0),
                raster_running=raster.get("running", 0), raster_waiting=raster.get("runnable", 0),
                cores_page=cores.get("page renderer", 0), cores_browser_gpu=cores.get("browser", 0) + cores.get("gpu", 0),
                cores_other_chromium=cores.get("other Chromium processes", 0),
                cores_rest=cores.get("rest of the machine", 0), cores_idle=cores.get("idle", 0))
