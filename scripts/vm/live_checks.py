"""The live-service check of the VM test (issue 32): the demo kiosk with a file:// realtime source polled every
`poll_s` that is not there when it starts. Once the kiosk has looked for it twice, the guest drops the demo's alert
(Embankment closed, NO_SERVICE) into place and stops; the harness screendumps until Embankment's neighbourhood
differs from the screen before the drop, and that must happen within one poll (plus the jitter and a frame). The
status strip must have changed too (it said "Live information unavailable" without a feed), a station away from
Embankment must not, and status.json must count the alert, not stale. Then the guest moves the clock a minute on:
the departures board (the kiosk's own next departures), and nothing else, must be drawn again.

The comparisons are with the screen before, not with a snapshot: the departures are worded by the second, and
`snapshot --at` takes minutes."""
import json
import re
import time
import tomllib

from kiosk_checks import collect, expect_run_exit_0, frames_of, markers

ALERTED, ELSEWHERE, HERE = "embankment", "guild-hall", "central-square"
# Screen pixels each side of a station's centre looked at: its circle and the cross drawn over it, not the next
# station.
RADIUS_PX = 20
# Pixels that must differ there for the cross to count as drawn (it covers hundreds at this scale).
CROSS_PIXELS = 50
# The poll's jitter (`RetrySchedule`: up to a tenth more), then the kiosk's next turn (≤ 1 s: it wakes each second
# for the departures), the whole map drawn again with the cross (~1 s under TCG), the harness's screendumps (~0.5 s)
# and a second for a loaded host. A poller backing off after the two misses would look again 4 polls later.
JITTER = 1.1
SLACK_S = 3.5
# Rows at the top of the screen the status strip covers above its words (grey "unavailable" before, the alert's colour
# after).
STRIP_ROWS = 4


def station_positions(maps):
    with open(f"{maps}/demo-city.toml", "rb") as f:
        return {s["id"]: s["position"] for s in tomllib.load(f)["station"]}


def on_screen(position, frame):
    """Where the kiosk draws a scheme point with the frame's camera (point·scale − offset)."""
    return position[0] * frame["scale"] - frame["x"], position[1] * frame["scale"] - frame["y"]


def differing(a, b, box=None):
    """The pixels (x, y) where two screendumps differ, within `box` (x0, y0, x1, y1; the whole screen when None)."""
    x0, y0, x1, y1 = box or (0, 0, a.width, a.height)
    x0, y0, x1, y1 = max(0, int(x0)), max(0, int(y0)), min(a.width, int(x1)), min(a.height, int(y1))
    out = []
    for y in range(y0, y1):
        start, end = (y * a.width + x0) * 3, (y * a.width + x1) * 3
        if a.rgb[start:end] == b.rgb[start:end]:
            continue
        out += [(x, y) for x in range(x0, x1) if a.rgb[start + (x - x0) * 3:start + (x - x0) * 3 + 3]
                != b.rgb[start + (x - x0) * 3:start + (x - x0) * 3 + 3]]
    return out


def around(point):
    """The square of RADIUS_PX about a screen point."""
    return point[0] - RADIUS_PX, point[1] - RADIUS_PX, point[0] + RADIUS_PX + 1, point[1] + RADIUS_PX + 1


def status_line(lines, label):
    """(the rest of the LIVE-STATUS line, its realtime source) or (None, None)."""
    line = next((l for l in lines if l.startswith(f"LIVE-STATUS {label}")), None)
    if line is None:
        return None, None
    text = line[len(f"LIVE-STATUS {label}"):]
    m = re.search(r"\{.*\}", text)
    try:
        sources = json.loads(m.group(0)).get("realtime") if m else None
    except ValueError:
        sources = None
    return text, (sources or [None])[0]


def source_problem(source, label):
    if source is None:
        return f"status.json ({label}) has no realtime source"
    if source.get("alerts") != 1 or source.get("stale") is not False or source.get("fromDisk") is not False:
        return f"status.json ({label}): {source}"
    return None


def live_checks(guest, checks, config, maps):
    with open(config, "rb") as f:
        poll = tomllib.load(f)["network"]["poll_s"]
    positions = station_positions(maps)
    started = time.monotonic()
    lines, _ = collect(guest, r"CHECKPOINT live-before", 180, "the live run's home view (CHECKPOINT live-before)")
    frames = frames_of(lines, "live-home")
    problems = markers(lines)
    before = guest.screendump("live-before")
    guest.resume()
    guest.wait_for(r"CHECKPOINT live-dropped", 60, "the alert file dropped (CHECKPOINT live-dropped)")
    dropped = time.monotonic()
    limit = poll * JITTER + SLACK_S
    if not frames:
        problems.append("no frames logged before the drop")
        guest.resume()
        checks.record("live-alert-on-screen-within-one-poll", "; ".join(problems))
        return
    camera = frames[-1]
    alerted, elsewhere = (on_screen(positions[s], camera) for s in (ALERTED, ELSEWHERE))
    # Screendumps until Embankment's neighbourhood changes, or well past the limit (to say how late it was).
    shown_after, after = None, None
    while time.monotonic() - dropped < limit + 20:
        after = guest.screendump("live-alert")
        if len(differing(before, after, around(alerted))) >= CROSS_PIXELS:
            shown_after = time.monotonic() - dropped
            break
    guest.resume()
    if shown_after is None:
        problems.append(f"Embankment unchanged on screen {limit + 20:.0f} s after the drop")
    else:
        print(f"  {checks.gpu}: live: Embankment crossed out {shown_after:.1f} s after the file appeared"
              f" (poll_s {poll})", flush=True)
        if shown_after > limit:
            problems.append(f"Embankment crossed out {shown_after:.1f} s after the drop, more than {limit:.1f} s")
    strip = differing(before, after, (0, 0, after.width, STRIP_ROWS))
    if len(strip) < 0.95 * STRIP_ROWS * after.width:
        problems.append(f"the status strip did not change: {len(strip)} of {STRIP_ROWS * after.width} top pixels did")
    moved = differing(before, after, around(elsewhere))
    if moved:
        problems.append(f"{len(moved)} pixels changed around {ELSEWHERE}, which no alert touches")
    checks.record("live-alert-on-screen-within-one-poll", "; ".join(problems) or None)

    lines, _ = collect(guest, r"CHECKPOINT live-later", 120, "the clock a minute on (CHECKPOINT live-later)")
    problems = markers(lines)
    seen, source = status_line(lines, "seen-after=")
    m = re.match(r"([\d.]+)", seen or "")
    if m is None:
        problems.append("no status line after the drop")
    elif float(m.group(1)) > limit + 1:
        problems.append(f"status.json said the alert {m.group(1)} s after the drop, more than {limit + 1:.1f} s")
    problems.append(source_problem(source, "after the drop"))
    if source and source.get("errors", 0) < 2:
        problems.append(f"the source was not looked for twice before the drop: {source}")
    problems = [p for p in problems if p]
    checks.record("live-status-counts-the-alert-not-stale", "; ".join(problems) or None)

    problems = []
    later = guest.screendump("live-later")
    changed = differing(after, later)
    # The departures are on the board docked at the bottom of the journey card's column (JourneyCardElement: 12 px
    # from the left times the layout scale, 36 % of the width, at least 360 px, at most half), in the lower half.
    s = max(1, min(later.width, later.height) / 800)
    board_right = int(12 * s) + min(later.width // 2, max(360, int(later.width * 0.36))) + 4
    outside = [(x, y) for x, y in changed if x > board_right or y < later.height // 2]
    if len(changed) < CROSS_PIXELS:
        problems.append(f"the departures were not drawn again a minute on ({len(changed)} pixels changed)")
    if outside:
        problems.append(f"{len(outside)} pixels changed outside the departures board, e.g. {outside[:3]}")
    if differing(after, later, around(alerted)):
        problems.append("Embankment's cross changed a minute on")
    _, source = status_line(lines, "later")
    problems.append(source_problem(source, "a minute on"))
    problems = [p for p in problems if p]
    checks.record("live-departures-tick-down-alert-stays", "; ".join(problems) or None)
    guest.resume()

    expect_run_exit_0(guest, checks, "live-run-exit-0", "LIVE-END")
    print(f"  {checks.gpu}: live: the run took {time.monotonic() - started:.1f} s", flush=True)
