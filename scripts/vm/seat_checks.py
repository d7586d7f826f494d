"""The checks of `metro-kiosk run` under seatd ([kiosk] session = "libseat", issue 7): the devices come from the
seat manager, which owns the VT. `chvt 2` makes the kernel ask seatd to release tty1 (VT_PROCESS): seatd drops DRM
master, revokes the evdev nodes and disables the kiosk's seat; `chvt 1` gives it back, and the kiosk must set the
mode again and redraw the whole frame, and read touches again."""
import re

from guest import GuestError
import pattern
from kiosk_checks import (WATCHDOG_USEC, camera, collect, frames_of, gesture_line, home_view_problems, markers,
                          on_screen, swipe_problems)


def line_of(lines, prefix):
    return next((l for l in lines if l.startswith(prefix)), None)


def notes_of(lines):
    """(CLOCK_MONOTONIC us, [assignments]) of every datagram the notify relay received."""
    notes = []
    for l in lines:
        if l.startswith("RUN-NOTIFY "):
            t, _, message = l[len("RUN-NOTIFY "):].partition(" ")
            if t.isdigit():
                notes.append((int(t), message.split("|")))
    return notes


def seat_checks(guest, checks, snapshots, swipe_trace, console_before):
    # -- 1. under seatd the first frame is the home view ----------------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT seat-home", 180, "the kiosk under seatd (CHECKPOINT seat-home)")
    vts = line_of(lines, "SEAT-VTS") or "no SEAT-VTS line"
    home = frames_of(lines, "seat-home")
    trouble = markers(lines) + [l for l in lines if l.startswith("SEAT-NO-SEATD")]
    if not home:
        said = [l[len("RUN-LOG "):] for l in lines if l.startswith("RUN-LOG ")]
        problem = (f"`metro-kiosk run` under seatd logged no frame: {'; '.join(trouble or ['(no marker)'])}; {vts}; "
                   f"its log: {' | '.join(said) or '(empty)'}")
        checks.record("libseat-session-shows-home-view", problem)
        raise GuestError(problem)
    checks.record("libseat-session-shows-home-view",
                  "; ".join(trouble + home_view_problems(guest, snapshots, "seat-home", home)) or None)
    home_camera = camera(home[-1])
    guest.resume()

    # -- 2. away to tty2 and back ----------------------------------------------------------------------------
    switch = []
    lines, _ = collect(guest, r"CHECKPOINT seat-away", 120, "the switch to tty2 (CHECKPOINT seat-away)")
    chvt = line_of(lines, "SEAT-CHVT away") or "no SEAT-CHVT away line"
    if not re.search(r"rc=0 active=tty2$", chvt):
        switch.append(f"`chvt 2` did not switch ({chvt}; {vts})")
    switch += markers(lines)
    inject = line_of(lines, "SEAT-INJECT-AWAY") or "no SEAT-INJECT-AWAY line"
    if inject != "SEAT-INJECT-AWAY rc=0":
        switch.append(f"the swipe while away could not be injected ({inject})")
    away_frames = frames_of(lines, "seat-away")
    if away_frames:
        switch.append(f"{len(away_frames)} frames drawn while the seat was disabled, first {away_frames[0]}")
    summary = line_of(lines, "SEAT-AWAY ") or ""
    if "alive=yes" not in summary:
        switch.append(f"the kiosk is not running while away ({summary or 'no SEAT-AWAY line'})")
    # The console of tty2, not the map: seatd dropped the kiosk's DRM master and fbcon took the screen back.
    problem, _ = on_screen(guest, snapshots, "seat-away", home[-1])
    if problem is None:
        switch.append("the map is still on screen while tty2 is active")
    guest.resume()

    lines, _ = collect(guest, r"CHECKPOINT seat-back", 120, "the switch back to tty1 (CHECKPOINT seat-back)")
    chvt = line_of(lines, "SEAT-CHVT back") or "no SEAT-CHVT back line"
    if not re.search(r"rc=0 active=tty1$", chvt):
        switch.append(f"`chvt 1` did not switch back ({chvt})")
    switch += markers(lines)
    back = frames_of(lines, "seat-back")
    if not back:
        switch.append("no frame was drawn after the seat came back (no redraw)")
    else:
        if camera(back[-1]) != home_camera:
            switch.append(f"the camera moved from {home_camera} to {camera(back[-1])} across the switch (input while"
                          " away reached the map?)")
        problem, _ = on_screen(guest, snapshots, "seat-back", back[-1])
        if problem:
            switch.append(f"after the switch back: {problem}")
    guest.resume()

    # -- 3. touch after the switch ---------------------------------------------------------------------------
    lines, _ = collect(guest, r"CHECKPOINT seat-swipe-rest", 120, "the swipe after the switch (CHECKPOINT seat-swipe-rest)")
    swipe = frames_of(lines, "seat-swipe")
    _, problem = gesture_line(lines, "seat-swipe")
    problems = [p for p in [problem] + markers(lines) if p]
    start = camera(back[-1]) if back else home_camera
    problems += swipe_problems(guest, snapshots, "seat-swipe-rest", start, swipe, swipe_trace)
    checks.record("libseat-touch-still-works-after-switch", "; ".join(problems) or None)
    guest.resume()

    # -- 2 (the watchdog while away) and 4: SIGTERM ----------------------------------------------------------
    lines, _ = collect(guest, r"RUN-END", 60, "the kiosk under seatd to stop (RUN-END)")
    notes = notes_of(lines)
    paused = next((t for t, m in notes if any(a.startswith("STATUS=paused") for a in m)), None)
    resumed = next((t for t, m in notes if any(a.startswith("STATUS=seat enabled") for a in m)), None)
    ready = [t for t, m in notes if "READY=1" in m]
    stopping = [t for t, m in notes if "STOPPING=1" in m]
    pings = [t for t, m in notes if "WATCHDOG=1" in m]
    if paused is None or resumed is None:
        switch.append(f"no STATUS=paused... and STATUS=seat enabled... pair on the notify socket: {notes[-8:]}")
    else:
        away_pings = [t for t in pings if paused < t < resumed]
        if len(away_pings) < 2:
            switch.append(f"{len(away_pings)} WATCHDOG=1 while the seat was disabled ({resumed - paused} us)")
    span = sorted(ready[:1] + pings + stopping[:1])
    gaps = [b - a for a, b in zip(span, span[1:])]
    if gaps and max(gaps) >= WATCHDOG_USEC:
        switch.append(f"a {max(gaps)} us gap between pings (WATCHDOG_USEC={WATCHDOG_USEC})")
    checks.record("libseat-vt-switch-pauses-and-restores", "; ".join(switch) or None)

    guest.wait_for(r"CHECKPOINT console-after-seat-run", 60, "checkpoint console-after-seat-run")
    exit_line = line_of(lines, "RUN-EXIT") or "no RUN-EXIT line"
    problems = []
    if exit_line != "RUN-EXIT rc=0":
        problems.append(f"`run` ended with {exit_line}")
    if not stopping:
        problems.append("no STOPPING=1 on the notify socket")
    after = guest.screendump("console-after-seat-run")
    problem = pattern.compare(after, console_before.width, console_before.height, console_before.rgb)
    if problem:
        problems.append(f"console after the kiosk differs from before: {problem}")
    checks.record("libseat-sigterm-exit-0", "; ".join(problems) or None)
    guest.resume()
