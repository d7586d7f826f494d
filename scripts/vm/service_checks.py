"""The checks of the kiosk's service side in the VM test (issue 19): the screen schedule turning the CRTC off and on
(read back from the kernel by `metro-kiosk outputs`), a touch that wakes the dark screen without moving the map,
status.json (and the Prometheus file) following the state, and `metro-kiosk screenshot` against QEMU's screendump.

The guest sets its clock a few seconds before each edge of the config's night (kiosk-service.toml: 03:00-03:01,
UTC), so the kiosk crosses each edge by its own deadline; the guest notes the wall-clock time it saw each switch in
the kiosk's log (SVC-SEEN), which must not be before the edge."""
import base64
import json
import os
import re

from guest import GuestError, Image
import pattern
from kiosk_checks import camera, collect, frames_of, gesture_line, markers, on_screen
from seat_checks import line_of, notes_of

# The connector the kiosk shows the map on (the first connected one on both GPUs).
CONNECTOR = "Virtual-1"
# What status.json always holds (KioskStatus); the optional fields (frame times, lastTouch, residentBytes, lastError)
# are left out while they have no value, as JSONEncoder leaves out a nil.
STATUS_FIELDS = {"state", "screenOn", "writtenAt", "uptimeSeconds", "frames", "touches", "config", "map", "pid"}
OPTIONAL_FIELDS = {"frameTimeP50Milliseconds", "frameTimeP99Milliseconds", "lastTouch", "residentBytes", "lastError",
                   "panel", "realtime", "audio", "inputLatency"}
# How long after an edge the guest may first see the switch in the log: the kiosk's loop wakes at the edge (or at
# its next watchdog turn, 1.5 s), the guest polls every 0.1 s, and under TCG a busy moment can stretch both.
SWITCH_LATENESS_S = 10


def power_of(lines, label):
    """{'dpms': 'on', 'active': '1', ...} of the kiosk's connector in the `outputs` listing labelled `label`."""
    for l in lines:
        m = re.match(rf"SVC-POWER {re.escape(label)} {CONNECTOR} (.*)$", l)
        if m:
            return dict(kv.split("=", 1) for kv in m.group(1).split())
    return None


def status_of(lines, label):
    """(the status JSON of `label`, a problem or None)."""
    line = line_of(lines, f"SVC-STATUS {label} ")
    if line is None:
        return None, f"no SVC-STATUS {label} line"
    text = line[len(f"SVC-STATUS {label} "):]
    try:
        status = json.loads(text)
    except ValueError as error:
        return None, f"status.json ({label}) is not JSON ({error}): {text[:200]}"
    missing = STATUS_FIELDS - set(status)
    unknown = set(status) - STATUS_FIELDS - OPTIONAL_FIELDS
    if missing or unknown:
        return status, f"status.json ({label}) lacks {sorted(missing)}, has unknown {sorted(unknown)}"
    # Nothing goes wrong in this run: a screen power switch the kernel refused would be the last error.
    if status.get("lastError") is not None:
        return status, f"status.json ({label}) reports an error: {status['lastError']}"
    return status, None


def connector_size_of(lines, label):
    """(width, height) in mm the kernel reports for the kiosk's connector in the `outputs` listing `label`, or None."""
    for l in lines:
        m = re.match(rf"SVC-SIZE {re.escape(label)} {CONNECTOR} size=(\d+)x(\d+)mm$", l)
        if m:
            return int(m.group(1)), int(m.group(2))
    return None


def panel_problems(lines, log_lines, status):
    """What is wrong with the panel size the kiosk says it draws millimetres at: with no `[input] panel_size_mm` in
    kiosk-service.toml, it must be the connector's (QEMU's EDID gives one), in the log and in status.json."""
    size = connector_size_of(lines, "on")
    if size is None:
        return [f"`outputs` (on) printed no size for {CONNECTOR}"]
    if size[0] <= 0 or size[1] <= 0:
        return [f"{CONNECTOR} reports {size[0]}x{size[1]} mm: the GPU gives no physical size to check against"]
    want = f"{size[0]}x{size[1]} mm from the DRM connector"
    problems = []
    if status is None or status.get("panel") != want:
        problems.append(f"status.json says panel {status and status.get('panel')!r}, expected {want!r}")
    if not any(f"panel: {want}" in l for l in log_lines):
        said = [l for l in log_lines if "panel:" in l]
        problems.append(f"the start-up log does not say 'panel: {want}': {said[:2] or 'no panel line'}")
    return problems


def prom_of(lines, label):
    line = line_of(lines, f"SVC-PROM {label} ") or ""
    return dict(re.findall(r"(metro_kiosk_\w+) (\S+)", line))


def seen_at(lines, label):
    """Seconds after 00:00 at which the guest first saw the switch `label` in the kiosk's log."""
    line = line_of(lines, f"SVC-SEEN {label} ")
    m = line and re.search(r"(\d\d):(\d\d):(\d\d)$", line)
    return int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3)) if m else None


def state_problems(lines, label, lit):
    """What is wrong with the kernel's, the status file's and the Prometheus file's idea of the screen at `label`."""
    problems = []
    power = power_of(lines, label)
    want = {"dpms": "on" if lit else "off", "active": "1" if lit else "0"}
    if power is None:
        problems.append(f"`outputs` ({label}) printed no power line for {CONNECTOR}")
    elif any(power.get(k) != v for k, v in want.items()):
        problems.append(f"{CONNECTOR} ({label}) reads back {power}, expected {want}")
    status, problem = status_of(lines, label)
    if problem:
        problems.append(problem)
    if status is not None:
        state = "showing" if lit else "screenOff"
        if status.get("screenOn") is not lit or status.get("state") != state:
            problems.append(f"status.json ({label}) says state={status.get('state')} screenOn={status.get('screenOn')},"
                            f" expected {state}/{lit}")
    prom = prom_of(lines, label)
    if prom.get("metro_kiosk_screen_on") != ("1" if lit else "0"):
        problems.append(f"the Prometheus file ({label}) says screen_on {prom.get('metro_kiosk_screen_on')}")
    return problems, status


def edge_problem(lines, label, edge_s):
    seen = seen_at(lines, label)
    if seen is None:
        return f"no SVC-SEEN {label} line"
    if not edge_s <= seen <= edge_s + SWITCH_LATENESS_S:
        return f"the switch ({label}) was seen at {seen // 3600:02}:{seen % 3600 // 60:02}:{seen % 60:02}," \
               f" not within {SWITCH_LATENESS_S} s after its edge"
    return None


def screenshot_of(lines, workdir):
    """The PNG `metro-kiosk screenshot` wrote in the guest, sent over the serial log in base64, or a problem."""
    result = line_of(lines, "SVC-SCREENSHOT ") or "no SVC-SCREENSHOT line"
    if not result.startswith("SVC-SCREENSHOT rc=0"):
        return None, f"`metro-kiosk screenshot` failed: {result}"
    data = base64.b64decode("".join(l[len("SVC-PNG "):] for l in lines if l.startswith("SVC-PNG ")))
    path = os.path.join(workdir, "svc-screenshot.png")
    with open(path, "wb") as f:
        f.write(data)
    try:
        return Image.load_png(path), None
    except GuestError as error:
        return None, f"the screenshot is not a PNG we can read: {error}"


def service_checks(guest, checks, snapshots, console_before):
    schedule, statuses = [], []

    # -- lit, at start: the screenshot against the screendump --------------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT svc-on$", 180, "the service run (CHECKPOINT svc-on)")
    home = frames_of(lines, "svc-home")
    trouble = markers(lines)
    if not home:
        said = [l[len("RUN-LOG "):] for l in lines if l.startswith("RUN-LOG ")]
        problem = f"the service run logged no frame: {'; '.join(trouble or ['(no marker)'])}; its log: {' | '.join(said)}"
        checks.record("schedule-turns-crtc-off-and-on", problem)
        raise GuestError(problem)
    home_camera = camera(home[-1])
    problems, first_status = state_problems(lines, "on", True)
    first_lines = lines
    schedule += trouble + problems
    shot = guest.screendump("svc-on")
    picture, problem = screenshot_of(lines, snapshots.workdir)
    if picture is not None:
        problem = pattern.compare(shot, picture.width, picture.height, picture.rgb)
        problem = problem and f"the screenshot differs from the screendump: {problem}"
    problem, _ = (problem, None) if problem else on_screen(guest, snapshots, "svc-on-snapshot-check", home[-1])
    checks.record("screenshot-equals-screendump", problem)
    guest.resume()

    # -- dark at 03:00 ------------------------------------------------------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT svc-off$", 120, "the night (CHECKPOINT svc-off)")
    schedule += markers(lines)
    problem = edge_problem(lines, "off", 3 * 3600)
    schedule += [problem] if problem else []
    problems, off_status = state_problems(lines, "off", False)
    schedule += problems
    drawn = frames_of(lines, "svc-off")
    if drawn:
        schedule.append(f"{len(drawn)} frames drawn while dark, first {drawn[0]}")
    guest.resume()

    # -- lit at 03:01: the whole frame drawn again, the same picture ----------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT svc-on-again$", 120, "the morning (CHECKPOINT svc-on-again)")
    schedule += markers(lines)
    problem = edge_problem(lines, "on-again", 3 * 3600 + 60)
    schedule += [problem] if problem else []
    problems, again_status = state_problems(lines, "on-again", True)
    schedule += problems
    again = frames_of(lines, "svc-on-again")
    if not again:
        schedule.append("no frame was drawn when the screen came back on")
    else:
        if any(camera(f) != home_camera for f in again):
            schedule.append(f"the camera moved across the night: {home_camera} then {[camera(f) for f in again][:3]}")
        problem, _ = on_screen(guest, snapshots, "svc-on-again", again[-1])
        schedule += [f"after the night: {problem}"] if problem else []
    guest.resume()

    # -- dark again, then a touch wakes it; the map stays ---------------------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT svc-woken$", 120, "the wake (CHECKPOINT svc-woken)")
    wake = []
    problem = edge_problem(lines, "off-again", 3 * 3600)
    wake += [problem] if problem else []
    _, problem = gesture_line(lines, "svc-wake")
    wake += [problem] if problem else []
    wake += markers(lines)
    problems, woken_status = state_problems(lines, "woken", True)
    wake += problems
    woken = frames_of(lines, "svc-wake")
    if not woken:
        wake.append("no frame was drawn when the touch woke the screen")
    else:
        moved = [camera(f) for f in woken if camera(f) != home_camera]
        if moved:
            wake.append(f"the waking touch moved the map: {home_camera} then {moved[:3]}")
        problem, _ = on_screen(guest, snapshots, "svc-woken", woken[-1])
        wake += [f"after the wake: {problem}"] if problem else []
    if woken_status is not None and again_status is not None:
        if woken_status.get("touches", 0) <= again_status.get("touches", 0) or woken_status.get("lastTouch") is None:
            wake.append(f"status.json counts no waking touch: touches {again_status.get('touches')} then"
                        f" {woken_status.get('touches')}, lastTouch {woken_status.get('lastTouch')}")
    checks.record("touch-wakes-screen-map-stays", "; ".join(wake) or None)
    guest.resume()

    # -- status.json follows the state; SIGTERM --------------------------------------------------------------
    lines, _ = collect(guest, r"RUN-END", 60, "the service run to stop (RUN-END)")
    notes = notes_of(lines)
    said = [a for _, m in notes for a in m if a.startswith("STATUS=")]
    if "STATUS=screen off until 03:01" not in said:
        schedule.append(f"no STATUS=screen off until 03:01 on the notify socket: {said[:8]}")
    checks.record("schedule-turns-crtc-off-and-on", "; ".join(schedule) or None)

    sequence = [("on", first_status), ("off", off_status), ("on-again", again_status), ("woken", woken_status)]
    present = [(label, s) for label, s in sequence if s is not None]
    for (la, a), (lb, b) in zip(present, present[1:]):
        if not (a["uptimeSeconds"] < b["uptimeSeconds"] and a["writtenAt"] != b["writtenAt"]):
            statuses.append(f"status.json did not update from {la} to {lb}: uptime {a['uptimeSeconds']} then"
                            f" {b['uptimeSeconds']}, written {a['writtenAt']} then {b['writtenAt']}")
        if b["frames"] < a["frames"]:
            statuses.append(f"frames went back from {a['frames']} ({la}) to {b['frames']} ({lb})")
    if len(present) < len(sequence):
        statuses.append(f"status.json was missing or unreadable at {[l for l, s in sequence if s is None]}")
    if first_status is not None and (first_status.get("frames", 0) < 1 or not first_status.get("config", {}).get("hash")
                                     or first_status.get("config", {}).get("path") != "/scenario/kiosk-service.toml"
                                     or not first_status.get("residentBytes")
                                     or first_status.get("frameTimeP50Milliseconds") is None):
        statuses.append(f"status.json at start: frames {first_status.get('frames')}, config {first_status.get('config')},"
                        f" residentBytes {first_status.get('residentBytes')},"
                        f" frame time p50 {first_status.get('frameTimeP50Milliseconds')}")
    checks.record("status-json-valid-and-updates", "; ".join(statuses) or None)
    log_lines = [l[len("RUN-LOG "):] for l in lines if l.startswith("RUN-LOG ")]
    checks.record("panel-size-from-connector", "; ".join(panel_problems(first_lines, log_lines, first_status)) or None)

    guest.wait_for(r"CHECKPOINT console-after-svc-run", 60, "checkpoint console-after-svc-run")
    problems = []
    exit_line = line_of(lines, "RUN-EXIT") or "no RUN-EXIT line"
    if exit_line != "RUN-EXIT rc=0":
        problems.append(f"`run` ended with {exit_line}")
    after = guest.screendump("console-after-svc-run")
    problem = pattern.compare(after, console_before.width, console_before.height, console_before.rgb)
    if problem:
        problems.append(f"console after the kiosk differs from before: {problem}")
    checks.record("service-sigterm-exit-0", "; ".join(problems) or None)
    guest.resume()
