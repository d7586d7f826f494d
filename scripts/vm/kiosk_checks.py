"""The checks of the real `metro-kiosk run` in the VM test (issue 8): what is on screen against headless snapshots
of the cameras the kiosk logged, the camera's trajectory in its frames log, and what reached the notify socket.

Screendumps are compared with snapshots pixel for pixel (tolerance 0): the kiosk and `snapshot` are the same
binary, the same renderer, config, map and font files, and the scan-out path (XRGB8888 dumb buffer, QEMU's
screendump to RGB) does not touch colours, so any difference is a real one (a frame not redrawn at full quality,
a shifted frame that is not the full redraw's pixels, a stale buffer on screen)."""
import json
import math
import os
import re
import subprocess

from guest import GuestError, Image
import pattern

# The watchdog interval the guest gives the kiosk (WATCHDOG_USEC in init).
WATCHDOG_USEC = 3_000_000
# How far (screen pixels) the scheme point under the pinch centre may drift: the frames log has the camera's
# exact offsets, the fingers arrive on whole pixels, and the renderer rounds offsets to whole pixels. A frame shows
# the fingers as they were at presentation time minus a fixed latency (issue 13): the reports' cameras resampled
# there (CameraPath), the offset moving with the scale so the zoom's fixed point stays fixed, interpolated or
# predicted alike. The fingers interpolated at that time keep the trace's still centre, so every resampled camera
# must keep the scheme point under it; the old 3 px allowed for offsets mixed linearly in time, which drifted it.
PINCH_ANCHOR_TOLERANCE_PX = 2.0
# Slack for "no further than the finger went" (rounding of the logged offsets against the trace's pixels).
TRAVEL_TOLERANCE_PX = 2.0


def snapshot_config(config, panel_mm, workdir):
    """The config the host renders a snapshot with: the guest's, plus the panel size the guest's kiosk took from its
    DRM connector (`panel_mm`, (width, height) from `outputs`) as `[input] panel_size_mm`, so the host draws the
    same millimetres (labels, lines, controls). A config with its own panel_size_mm is used as it is."""
    with open(config) as f:
        text = f.read()
    if panel_mm is None or re.search(r"^\s*panel_size_mm\s*=", text, re.M):
        return config
    line = f"panel_size_mm = [{panel_mm[0]}.0, {panel_mm[1]}.0]"
    if re.search(r"^\[input\]\s*$", text, re.M):
        text = re.sub(r"^\[input\]\s*$", lambda m: m.group(0) + "\n" + line, text, count=1, flags=re.M)
    else:
        text += f"\n[input]\n{line}\n"
    path = os.path.join(workdir, "host-" + os.path.basename(config))
    with open(path, "w") as f:
        f.write(text)
    return path


class Snapshots:
    """Headless `metro-kiosk snapshot`s on the host, with the binary, config and map the guest runs (and the panel size
    the guest's connector reports, see `snapshot_config`)."""

    def __init__(self, binary, config, maps, workdir, panel_mm=None):
        self.binary, self.maps, self.workdir = binary, maps, workdir
        self.config = snapshot_config(config, panel_mm, workdir)

    def render(self, name, width, height, camera=None):
        path = os.path.join(self.workdir, name + ".png")
        command = [self.binary, "snapshot", "--size", f"{width}x{height}", "--config", self.config, "--out", path]
        if camera is not None:
            # repr of a float round-trips, as Swift's description of the Double the kiosk logged does.
            command += ["--camera", ",".join(repr(float(v)) for v in camera)]
        env = dict(os.environ, METRO_KIOSK_DATA_DIR=os.path.abspath(self.maps))
        done = subprocess.run(command, capture_output=True, text=True, env=env)
        if done.returncode != 0:
            raise GuestError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()}")
        return Image.load_png(path)


def camera(frame):
    return (frame["x"], frame["y"], frame["scale"])


def collect(guest, end, timeout, what):
    """Serial lines up to the one matching `end`: (lines before it, the match)."""
    lines = []
    while True:
        line = guest.wait_for(r".*", timeout, what).group(0)
        m = re.search(end, line)
        if m:
            return lines, m
        lines.append(line)


def expect_run_exit_0(guest, checks, name, end):
    """The serial lines up to `end` (the run's last line) say the kiosk stopped by SIGTERM exited 0."""
    lines, _ = collect(guest, end, 60, f"the run to stop ({end})")
    exit_line = next((l for l in lines if l.startswith("RUN-EXIT")), "no RUN-EXIT line")
    checks.expect(name, exit_line == "RUN-EXIT rc=0", f"`run` ended with {exit_line}")


def frames_of(lines, label):
    prefix = f"RUN-FRAME {label} "
    return [json.loads(l[len(prefix):]) for l in lines if l.startswith(prefix)]


def markers(lines):
    """What the guest reported going wrong while it waited (RUN-NOT-AT-REST, RUN-DIED, ...)."""
    return [l for l in lines if re.match(r"RUN-(NOT-AT-REST|DIED|NO-|RELAY-FAILED)", l)]


def gesture_line(lines, label):
    line = next((l for l in lines if l.startswith(f"RUN-GESTURE {label} ")), None)
    if line is None:
        return None, f"no RUN-GESTURE {label} line"
    problems = []
    if "inject=0" not in line:
        problems.append(f"inject failed ({line})")
    if "alive=yes" not in line:
        problems.append("the kiosk is no longer running")
    return line, "; ".join(problems) or None


def on_screen(guest, snapshots, name, frame):
    """None when the screen shows exactly the snapshot of this frame's camera, else why not."""
    shot = guest.screendump(name)
    want = snapshots.render(name + "-snapshot", shot.width, shot.height, camera(frame))
    problem = pattern.compare(shot, want.width, want.height, want.rgb)
    return problem and f"screen differs from the snapshot of camera {camera(frame)}: {problem}", shot


def read_csv(path):
    """{time_us: [(slot, phase, x, y)]} of a CSV trace, in time order."""
    rows = {}
    for line in open(path):
        line = line.split("#")[0].strip()
        if not line or line.startswith("time_us"):
            continue
        t, slot, phase, x, y = (line.split(",") + ["", ""])[:5]
        rows.setdefault(int(t), []).append((int(slot), phase, float(x) if x else None, float(y) if y else None))
    return dict(sorted(rows.items()))


def finger_travel(path, until_us=None, from_first_move=False):
    """(dx, dy) of a one-finger trace from its touch-down (or its first move) to its last position (or its last up
    to until_us after the first frame)."""
    rows = read_csv(path)
    start = next(iter(rows))
    points = [(x, y) for t, events in rows.items() for _, phase, x, y in events
              if x is not None and (until_us is None or t - start <= until_us)]
    origin = points[1] if from_first_move else points[0]
    return points[-1][0] - origin[0], points[-1][1] - origin[1]


def home_view_problems(guest, snapshots, name, home):
    """What is wrong with the kiosk's first frames (logged as `home`) and the screen showing them: the camera must
    not move before any touch, the screen must be the snapshot of the first frame's camera, and that camera the
    configured home view."""
    first = home[0]
    shot = guest.screendump(name)
    wanted = snapshots.render(name + "-snapshot", shot.width, shot.height, camera(first))
    home_view = snapshots.render(name + "-home-view", shot.width, shot.height)
    problems = []
    moved = [camera(f) for f in home if camera(f) != camera(first)]
    if moved:
        problems.append(f"the camera moved before any touch: {camera(first)} then {moved[:3]}")
    problem = pattern.compare(shot, wanted.width, wanted.height, wanted.rgb)
    if problem:
        problems.append(f"screen differs from the snapshot of the first frame's camera {camera(first)}: {problem}")
    if wanted.rgb != home_view.rgb:
        problems.append(f"the first frame's camera {camera(first)} is not the configured home view")
    return problems


def swipe_problems(guest, snapshots, name, start, swipe, swipe_trace):
    """What is wrong with a swipe's frames (`swipe`, from the camera `start`) and the screen after it: the map
    follows the finger from its first move, ends at rest, and the screen is the snapshot of the resting camera."""
    if not swipe:
        return ["no frame was drawn for the swipe"]
    problems = []
    rest = swipe[-1]
    # A pan starts with translation 0 where the finger passed the touch slop (GestureEvent: no jump), which is
    # the trace's first move (8 ms samples, each well past 2 mm), so the map follows the finger from there.
    fdx, fdy = finger_travel(swipe_trace, from_first_move=True)
    # Content follows the finger, so the offset (what is left of/above the screen) moves against it. While the
    # finger is down it follows all of that travel (90 %: the last samples may be drawn only after the lift).
    # The fling after the lift is left out of the amount: the trace eases out to a stop, and under TCG the
    # guest's event timestamps bunch up, so the release velocity the kiosk measures is near zero with either
    # sign (a few dozen px of glide either way). Where the map rests must still be on the finger's side.
    # A guest slowed by a busy host may draw only a frame or two while the finger is down; the first frame after
    # the lift then shows the rest of the travel (a release starts from where the fingers put the map).
    dragged = [f for f in swipe if f["state"] == "dragging"]
    if dragged:
        after = swipe.index(dragged[-1]) + 1
        dragged += swipe[after:after + 1]
    far = max(dragged, key=lambda f: abs(f["x"] - start[0])) if dragged else rest
    dx, dy = far["x"] - start[0], far["y"] - start[1]
    if not (dx * -fdx > 0 and abs(dx) >= 0.9 * abs(fdx)):
        problems.append(f"finger moved {fdx:+.0f} px in x, the content offset followed {dx:+.1f} px (expected the"
                        f" opposite sign, at least {0.9 * abs(fdx):.0f} px)")
    if not (dy * -fdy > 0 and abs(dy) >= 0.5 * abs(fdy)):
        problems.append(f"finger moved {fdy:+.0f} px in y, the content offset followed {dy:+.1f} px (expected the"
                        f" opposite sign, at least {0.5 * abs(fdy):.0f} px)")
    rx, ry = rest["x"] - start[0], rest["y"] - start[1]
    if not (rx * -fdx > 0.5 * abs(fdx) and ry * -fdy > 0):
        problems.append(f"the map came to rest {rx:+.1f},{ry:+.1f} px from where it started, not on the finger's side"
                        f" of it (finger {fdx:+.0f},{fdy:+.0f} px)")
    if not any(f["state"] == "dragging" for f in swipe):
        problems.append(f"no frame in state dragging: {[f['state'] for f in swipe]}")
    if rest["state"] != "idle" or rest["touches"] != 0:
        problems.append(f"the last frame is {rest['state']} with {rest['touches']} touches, not at rest")
    problem, _ = on_screen(guest, snapshots, name, rest)
    if problem:
        problems.append(problem)
    return problems


def latency_problem(gpu, frames):
    """The input-to-flip latency the kiosk logged for each frame that answered the swipe (`input_latency_us`: from
    the kernel's event time to the page flip's), stated as p50/p95. Under TCG the numbers say little of a real
    device; the check is that latency is measured end to end, on the real input and flip clocks, and sane."""
    latencies = sorted(f["input_latency_us"] for f in frames if "input_latency_us" in f)
    if not latencies:
        return "no frame of the swipe carries input_latency_us"
    def rank(p):
        return latencies[min(len(latencies) - 1, max(0, math.ceil(p * len(latencies)) - 1))] / 1000
    print(f"  {gpu}: swipe input-to-flip latency p50 {rank(0.5):.1f} ms, p95 {rank(0.95):.1f} ms over "
          f"{len(latencies)} frames (TCG)", flush=True)
    if latencies[0] < 0 or latencies[-1] > 2_000_000:
        return f"implausible latencies from {latencies[0]} to {latencies[-1]} us"
    return None


def run_checks(guest, checks, snapshots, swipe_trace, drag_trace, pinch_trace, console_before):
    # -- 1. the first frame is the home view ----------------------------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT run-home", 120, "the kiosk's first frame (CHECKPOINT run-home)")
    home = frames_of(lines, "home")
    trouble = markers(lines)
    if not home:
        raise GuestError("`metro-kiosk run` logged no frame: " + "; ".join(trouble or ["(no marker)"]))
    first = home[0]
    checks.record("home-view-on-screen", "; ".join(home_view_problems(guest, snapshots, "run-home", home)) or None)
    guest.resume()

    # -- 2. a swipe pans the map its way and comes to rest --------------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT run-swipe-rest", 120, "the swipe (CHECKPOINT run-swipe-rest)")
    swipe = frames_of(lines, "swipe")
    _, problem = gesture_line(lines, "swipe")
    problems = [p for p in [problem] + markers(lines) if p]
    problems += swipe_problems(guest, snapshots, "run-swipe-rest", camera(home[-1]), swipe, swipe_trace)
    checks.record("swipe-moves-map-and-rests", "; ".join(problems) or None)
    checks.record("swipe-input-latency-measured", latency_problem(checks.gpu, swipe))
    guest.resume()

    # -- 5. the touchscreen unplugged mid-drag: a cancel, no fling ------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT run-unplug-rest", 120, "the unplugged drag (CHECKPOINT run-unplug-rest)")
    unplug = frames_of(lines, "unplug")
    _, problem = gesture_line(lines, "unplug")
    problems = [p for p in [problem] + markers(lines) if p]
    before = swipe[-1] if swipe else home[-1]
    if not unplug:
        problems.append("no frame was drawn for the drag")
    else:
        # The drag is unplugged 100 ms in (init), when the finger has gone (tx, ty) from its touch-down at about
        # 3 px/ms. A cancel must not fling: a glide at that speed would carry the map ~1500 px further. So:
        # - no frame is in state decelerating (the velocity-driven glide), and
        # - no frame is further from the camera before the drag than the finger went (+2 px for rounding) on either
        #   axis: the map followed the finger and then stayed, or sprang back towards its edges (a rubber-band
        #   bounce only ever returns towards where the drag started, which was inside the edges).
        # The drag must have happened (a dragging frame, moved against the finger) or the check would be vacuous.
        tx, ty = finger_travel(drag_trace, until_us=100_000)
        gliding = [f for f in unplug if f["state"] == "decelerating"]
        if gliding:
            problems.append(f"{len(gliding)} frames in state decelerating after the cancel (a fling), first {gliding[0]}")
        far = [f for f in unplug if abs(f["x"] - before["x"]) > abs(tx) + TRAVEL_TOLERANCE_PX
               or abs(f["y"] - before["y"]) > abs(ty) + TRAVEL_TOLERANCE_PX]
        if far:
            problems.append(f"{len(far)} frames travelled further than the finger ({tx:+.0f}, {ty:+.0f}) px from"
                            f" ({before['x']}, {before['y']}): first {far[0]}")
        if not any(f["state"] == "dragging" for f in unplug) or not (unplug[-1]["x"] - before["x"]) * -tx > 0:
            problems.append(f"the drag did not move the map against the finger: states {[f['state'] for f in unplug]},"
                            f" x {before['x']} -> {unplug[-1]['x']}")
        if unplug[-1]["state"] != "idle" or unplug[-1]["touches"] != 0:
            problems.append(f"the last frame is {unplug[-1]['state']} with {unplug[-1]['touches']} touches, not at rest")
        if any(f["scale"] != before["scale"] for f in unplug):
            problems.append("the scale changed during a one-finger drag")
        problem, _ = on_screen(guest, snapshots, "run-unplug-rest", unplug[-1])
        if problem:
            problems.append(problem)
    checks.record("unplug-mid-drag-cancels", "; ".join(problems) or None)
    guest.resume()

    # -- 3. a pinch zooms about the fingers' centre ---------------------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT run-pinch-rest", 120, "the pinch (CHECKPOINT run-pinch-rest)")
    pinch = frames_of(lines, "pinch")
    _, problem = gesture_line(lines, "pinch")
    problems = [p for p in [problem] + markers(lines) if p]
    before = unplug[-1] if unplug else before
    centres = set()
    positions = {}
    for t, events in read_csv(pinch_trace).items():
        for slot, phase, x, y in events:
            if x is not None:
                positions[slot] = (x, y)
            else:
                positions.pop(slot, None)
        if len(positions) == 2:
            (ax, ay), (bx, by) = positions.values()
            centres.add(((ax + bx) / 2, (ay + by) / 2))
    if len(centres) != 1:
        raise GuestError(f"{pinch_trace}: the fingers' centre moves ({sorted(centres)[:3]}...); this check needs it still")
    cx, cy = centres.pop()
    pinching = [f for f in pinch if f["state"] == "pinching"]
    if not pinching:
        problems.append(f"no frame in state pinching: {[f['state'] for f in pinch]}")
    else:
        # The scheme point under the centre before the pinch, (centre + offset) / scale, must be drawn under the
        # centre in every pinching frame (at point·scale − offset): the fingers' centre at the kiosk's time base.
        px, py = (cx + before["x"]) / before["scale"], (cy + before["y"]) / before["scale"]
        drift = [(math.hypot(px * f["scale"] - f["x"] - cx, py * f["scale"] - f["y"] - cy), f) for f in pinching]
        worst = max(drift, key=lambda d: d[0])
        if worst[0] > PINCH_ANCHOR_TOLERANCE_PX:
            problems.append(f"the scheme point ({px:.2f}, {py:.2f}) under the fingers' centre ({cx:.0f}, {cy:.0f}) drifted"
                            f" {worst[0]:.1f} px (tolerance {PINCH_ANCHOR_TOLERANCE_PX}) at {worst[1]}")
        grown = max(f["scale"] for f in pinching) / before["scale"]
        if grown < 1.5:
            problems.append(f"the fingers spread 2.4x but the scale grew only {grown:.2f}x")
    checks.record("pinch-zooms-about-the-fingers", "; ".join(problems) or None)
    if pinch:
        problem, _ = on_screen(guest, snapshots, "run-pinch-rest", pinch[-1])
        rest = pinch[-1]["state"] == "idle" and pinch[-1]["touches"] == 0
        checks.record("pinch-rests-at-full-quality",
                      problem if rest else f"the last frame is {pinch[-1]['state']}, not at rest")
    guest.resume()

    # -- 4 and 6: the notify socket, SIGTERM ----------------------------------------------------------------
    lines, end = collect(guest, r"RUN-END", 60, "the kiosk to stop (RUN-END)")
    exit_line = next((l for l in lines if l.startswith("RUN-EXIT")), "no RUN-EXIT line")
    notes = []
    for l in lines:
        if l.startswith("RUN-NOTIFY "):
            t, _, message = l[len("RUN-NOTIFY "):].partition(" ")
            notes.append((int(t), message.split("|")))
    ready = [t for t, m in notes if "READY=1" in m]
    first_us = first["t_us"]
    checks.expect("ready-after-first-frame", len(ready) == 1 and ready[0] >= first_us,
                  f"READY=1 arrived at {ready} (CLOCK_MONOTONIC us), the first frame was on screen at {first_us}"
                  if ready else "READY=1 never arrived: " + repr(notes[:5]))

    pings = [t for t, m in notes if "WATCHDOG=1" in m]
    stopping = [t for t, m in notes if "STOPPING=1" in m]
    problems = []
    # Idle: between the first frame and the swipe's first frame nothing is drawn; pings must still come.
    idle_end = swipe[0]["t_us"] if swipe else None
    idle_pings = [t for t in pings if first_us < t and (idle_end is None or t < idle_end)]
    if len(idle_pings) < 3:
        problems.append(f"{len(idle_pings)} WATCHDOG=1 while idle after the first frame, expected at least 3")
    # The service manager kills the kiosk when a whole interval passes without a ping: from READY to STOPPING
    # every gap must be shorter.
    span = sorted(ready[:1] + pings + stopping[:1])
    gaps = [b - a for a, b in zip(span, span[1:])]
    if gaps and max(gaps) >= WATCHDOG_USEC:
        problems.append(f"a {max(gaps)} us gap between pings (WATCHDOG_USEC={WATCHDOG_USEC})")
    if not stopping:
        problems.append("no STOPPING=1, so the span of pings has no end")
    problems += [l for l in lines if l.startswith("RUN-NO-WATCHDOG")]
    if not pings:
        problems = [f"no WATCHDOG=1 arrived: {notes[:5]}"]
    checks.record("watchdog-keeps-arriving", "; ".join(problems) or None)

    guest.wait_for(r"CHECKPOINT console-after-run", 60, "checkpoint console-after-run")
    after = guest.screendump("console-after-run")
    problem = pattern.compare(after, console_before.width, console_before.height, console_before.rgb)
    problems = []
    if exit_line != "RUN-EXIT rc=0":
        problems.append(f"`run` ended with {exit_line}")
    if problem:
        problems.append(f"console after the kiosk differs from before: {problem}")
    checks.record("sigterm-restores-crtc-exit-0", "; ".join(problems) or None)
    guest.resume()
