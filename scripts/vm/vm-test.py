#!/usr/bin/env python3
"""Boots the VM test's initramfs on each virtual GPU and checks what the real kernel scanned out.
Each check is named; a failure says which and why. Artifacts (serial log, screendumps) stay in --artifacts
when a check fails."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from guest import Guest, GuestError  # noqa: E402
import pattern  # noqa: E402
from kiosk_checks import Snapshots, run_checks  # noqa: E402
from seat_checks import seat_checks  # noqa: E402
from service_checks import service_checks  # noqa: E402
from journey_checks import journey_checks  # noqa: E402
from controls_checks import controls_checks  # noqa: E402
from keypad_checks import keypad_checks  # noqa: E402
from search_checks import search_checks  # noqa: E402
from live_checks import live_checks  # noqa: E402

GPUS = {
    "bochs": ["-device", "bochs-display,vgamem=64M,xres=1280,yres=800"],
    # A second head that no display is attached to: the kiosk must wait for it, not fail.
    "virtio": ["-device", "virtio-gpu-pci,id=gpu,xres=1280,yres=800,max_outputs=2"],
}
EXPECTED_CONNECTOR = {"bochs": "Virtual-1", "virtio": "Virtual-1"}
# Scenarios that never touch the display driver (uinput and the virtio tablet through libinput, the keypad's speech
# into ALSA) run on one guest each instead of both: the guests boot side by side, so the stage lasts as long as the
# slower one, and these were 47 of its 210 s. Each guest is told on its kernel command line what it skips. The search
# typed on the screen does compare the display with a snapshot, but the journey check already compares the same card
# on both drivers: it runs on virtio alone, which is the quicker guest without the keypad. So does the live service's
# alert (a file source polled, the map and the departures drawn again: nothing of the driver's but the scan-out).
SKIPPED = {"bochs": ["touch", "pointer", "search", "live"], "virtio": ["keypad"]}


class Checks:
    def __init__(self, gpu):
        self.gpu = gpu
        self.results = []

    def record(self, name, problem):
        self.results.append((name, problem))
        status = "ok  " if problem is None else "FAIL"
        print(f"  [{status}] {self.gpu}: {name}" + ("" if problem is None else f": {problem}"), flush=True)

    def expect(self, name, condition, problem):
        self.record(name, None if condition else problem)

    @property
    def failed(self):
        return [n for n, p in self.results if p is not None]


def pattern_check(guest, checks, label, frames_expected, rotation, ended_by, head=None):
    """The test pattern is on screen, pixel for pixel, and the flips behaved."""
    m = guest.wait_for(r"test-pattern (\{.*\})", 120, f"the test pattern ({label})")
    summary = json.loads(m.group(1))
    shot = guest.screendump(f"pattern-{label}", *(("gpu", head) if head is not None else ()))
    w, h, rgb = pattern.expected_scanout(summary["width"], summary["height"], summary["marker"], rotation)
    checks.record(f"pattern-{label}-on-screen", pattern.compare(shot, w, h, rgb))
    checks.expect(f"pattern-{label}-all-flips-completed", summary["flips"] == frames_expected - 1,
                  f"{summary['flips']} flips completed for {frames_expected} frames (the first is a mode set)")
    period = summary["refresh_period_us"]
    # Virtual GPUs complete flips at once: the pacer must hold frames to the mode's refresh.
    checks.expect(f"pattern-{label}-paced-at-refresh", summary["mean_flip_interval_us"] >= 0.9 * period
                  and summary["min_flip_interval_us"] >= 0.5 * period,
                  f"mean flip interval {summary['mean_flip_interval_us']} us, min {summary['min_flip_interval_us']} us,"
                  f" refresh period {period} us")
    checks.expect(f"pattern-{label}-vt-in-graphics-mode-keyboard-off",
                  summary.get("vt") == "/dev/tty0: graphics, keyboard off", f"VT while showing: {summary.get('vt')}")
    guest.resume()
    m = guest.wait_for(r"PATTERN-EXIT rc=(\d+)", 30, f"the test pattern ({label}) to exit")
    checks.expect(f"pattern-{label}-exits-0-on-{ended_by}", m.group(1) == "0", f"exit status {m.group(1)}")
    return summary


def read_trace(path):
    """(phase, x, y, time_us) rows of a CSV trace."""
    rows = []
    for line in open(path):
        line = line.split("#")[0].strip()
        if not line or line.startswith("time_us"):
            continue
        t, slot, phase, x, y = (line.split(",") + ["", ""])[:5]
        rows.append((phase, float(x) if x else None, float(y) if y else None, int(t)))
    return rows


def touch_log(guest, label):
    """The JSON lines `metro-kiosk inputs` printed for one touch run, and how the run ended."""
    events = []
    while True:
        m = guest.wait_for(r".*", 90, f"the {label} touch run (TOUCH-END {label})")
        line = m.group(0)
        if line.startswith(f"TOUCH-END {label}"):
            return events, line
        if line.startswith(label + " {"):
            events.append(json.loads(line[len(label) + 1:]))


def read_trace_slots(path):
    """(phase, x, y, time_us) rows, positions None for lifts."""
    return read_trace(path)


def touch_checks(guest, checks, trace, pinch):
    expected = read_trace(trace)
    events, end = touch_log(guest, "swipe")
    checks.expect("swipe-inject-and-inputs-exit-0", end.endswith("inject=0 inputs=0"), end)
    added = [e["device_added"] for e in events if "device_added" in e]
    checks.expect("touchscreen-appears-in-libinput", "metro-kiosk inject touchscreen" in added,
                  f"devices libinput announced: {added}")
    touches = [(ev, f["touch"]["time_us"]) for f in (e for e in events if "touch" in e) for ev in f["touch"]["events"]]
    got = [(ev["event"], ev.get("x"), ev.get("y")) for ev, _ in touches]
    want = [(p, x, y) for p, x, y, _ in expected]
    mismatch = None
    if len(got) != len(want):
        mismatch = f"{len(got)} touch events arrived, the trace has {len(want)}: {got[:6]}..."
    else:
        for i, (g, w) in enumerate(zip(got, want)):
            if g[0] != w[0] or (w[1] is not None and (abs(g[1] - w[1]) > 0.5 or abs(g[2] - w[2]) > 0.5)):
                mismatch = f"event {i}: got {g}, trace has {w}"
                break
    checks.record("swipe-arrives-as-recorded", mismatch)
    if touches and not mismatch:
        played = touches[-1][1] - touches[0][1]
        recorded = expected[-1][3] - expected[0][3]
        checks.expect("swipe-keeps-its-timing", 0.8 * recorded <= played <= 1.5 * recorded + 20_000,
                      f"played over {played} us, recorded over {recorded} us")
    slots = {ev["slot"] for ev, _ in touches}
    checks.expect("swipe-uses-one-slot", len(slots) == 1, f"slots {sorted(slots)}")

    events, end = touch_log(guest, "pinch")
    checks.expect("pinch-inject-and-inputs-exit-0", end.endswith("inject=0 inputs=0"), end)
    frames = [e["touch"]["events"] for e in events if "touch" in e]
    want = {}
    for phase, x, y, t in read_trace_slots(pinch):
        want.setdefault(t, []).append((phase, x, y))
    want_frames = [sorted(v, key=lambda e: (e[1] or 0)) for _, v in sorted(want.items())]
    got_frames = [sorted([(ev["event"], ev.get("x"), ev.get("y")) for ev in f], key=lambda e: (e[1] or 0)) for f in frames]
    checks.expect("pinch-fingers-arrive-together-frame-by-frame", got_frames == want_frames,
                  f"{len(got_frames)} frames, trace has {len(want_frames)}; first differing: "
                  + next((f"got {g}, trace {w}" for g, w in zip(got_frames, want_frames) if g != w), "(lengths differ)"))

    events, end = touch_log(guest, "unplug")
    checks.expect("unplug-inject-and-inputs-exit-0", end.endswith("inject=0 inputs=0"), end)
    phases = [ev["event"] for f in (e for e in events if "touch" in e) for ev in f["touch"]["events"]]
    removed = any("device_removed" in e for e in events)
    checks.expect("unplug-mid-drag-cancels-no-lift",
                  removed and phases[:1] == ["down"] and phases[-1:] == ["cancel"] and "up" not in phases,
                  f"device removed: {removed}; touch phases: {phases}")


def tablet(guest, *events):
    guest.execute("input-send-event", events=list(events))
    time.sleep(0.1)


def pointer_checks(guest, checks):
    """QEMU's virtio tablet through libinput: the left button drags as one finger, the wheel zooms at the pointer.
    Tablet axes run 0...32767, so 16384 is the middle of the 1280x800 output and 8192 a quarter across."""
    guest.wait_for(r"CHECKPOINT pointer-ready", 60, "checkpoint pointer-ready")
    abs_ = lambda axis, value: {"type": "abs", "data": {"axis": axis, "value": value}}
    btn = lambda button, down: {"type": "btn", "data": {"button": button, "down": down}}
    tablet(guest, abs_("x", 16384), abs_("y", 16384))
    tablet(guest, btn("left", True))
    tablet(guest, abs_("x", 8192))
    tablet(guest, btn("left", False))
    tablet(guest, btn("wheel-up", True))
    tablet(guest, btn("wheel-up", False))
    guest.resume()
    events = []
    while True:
        line = guest.wait_for(r".*", 60, "the pointer log (POINTER-END)").group(0)
        if line == "POINTER-END":
            break
        if line.startswith("pointer {"):
            events.append(json.loads(line[len("pointer "):]))
    added = [e["device_added"] for e in events if "device_added" in e]
    checks.expect("tablet-appears-in-libinput", "QEMU Virtio Tablet" in added, f"devices: {added}")
    touches = [(ev["slot"], ev["event"], ev.get("x"), ev.get("y"))
               for e in events if "touch" in e for ev in e["touch"]["events"]]
    want = [(1000, "down", 640.0, 400.0), (1000, "move", 320.0, 400.0), (1000, "up", None, None)]
    checks.expect("pointer-drags-as-one-finger", touches == want, f"got {touches}, expected {want}")
    zooms = [(e["zoom"]["steps"], e["zoom"]["x"], e["zoom"]["y"]) for e in events if "zoom" in e]
    checks.expect("wheel-zooms-in-at-the-pointer", zooms == [(1.0, 320.0, 400.0)], f"got {zooms}")


def run_gpu(gpu, args):
    workdir = os.path.join(args.artifacts, gpu)
    shutil.rmtree(workdir, ignore_errors=True)
    checks = Checks(gpu)
    skipped = SKIPPED.get(gpu, [])
    guest = Guest(gpu, args.kernel, args.initrd, GPUS[gpu], workdir,
                  append=f"metro.skip={','.join(skipped)}" if skipped else "")
    started = time.monotonic()
    try:
        guest.start()
        m = guest.wait_for(r"GUEST-BOOTED (\S+) (.*)", 240, "the guest to boot (GUEST-BOOTED)")
        failed_modules = [l for l in getattr(guest, "history", []) if l.startswith("MODULE-FAILED")]
        checks.expect("kernel-modules-loaded", not failed_modules, "; ".join(failed_modules))
        checks.expect("drm-card-present", "card0" in m.group(2), f"/dev/dri has: {m.group(2) or 'nothing'}")

        guest.wait_for(r"CHECKPOINT console-before", 60, "checkpoint console-before")
        before = guest.screendump("console-before")
        guest.resume()

        guest.wait_for(r"OUTPUTS-BEGIN", 60, "`metro-kiosk outputs`")
        listing = []
        while True:
            m = guest.wait_for(r".*", 60, "the end of `metro-kiosk outputs`")
            if m.group(0).startswith("OUTPUTS-END"):
                break
            listing.append(m.group(0))
        text = "\n".join(listing)
        connector = EXPECTED_CONNECTOR[gpu]
        checks.expect("outputs-exit-0", m.group(0) == "OUTPUTS-END rc=0", m.group(0))
        checks.expect("outputs-lists-connected-connector",
                      re.search(rf"connector {connector} id=\d+ connected", text) is not None,
                      f"no connected {connector} in:\n{text}")
        # The physical size the kiosk draws millimetres at when its config has no [input] panel_size_mm.
        size = re.search(rf"connector {connector} id=\d+ connected size=(\d+)x(\d+)mm", text)
        panel_mm = (int(size.group(1)), int(size.group(2))) if size and int(size.group(1)) > 0 else None
        checks.expect("outputs-lists-1280x800-preferred",
                      re.search(r"mode 1280x800@\d+\.\d\d preferred", text) is not None,
                      f"no preferred 1280x800 mode in:\n{text}")

        guest.wait_for(r"OUTPUTS-ERRORS-BEGIN", 60, "the outputs error cases")
        errors = []
        while True:
            m = guest.wait_for(r".*", 60, "the end of the outputs error cases")
            if m.group(0) == "OUTPUTS-ERRORS-END":
                break
            errors.append(m.group(0))
        errors_text = "\n".join(errors)
        checks.expect("unknown-connector-names-the-available-ones",
                      f"connector HDMI-A-9 not found; this card has {connector}" in errors_text
                      and "rc=0" not in errors_text, f"got:\n{errors_text}")
        checks.expect("unavailable-mode-lists-the-offered-ones",
                      re.search(r"mode 1234x567 not offered by Virtual-1; it offers .*1280x800@", errors_text) is not None,
                      f"got:\n{errors_text}")

        if gpu == "virtio":
            checks.expect("outputs-lists-disconnected-second-head",
                          re.search(r"connector Virtual-2 id=\d+ disconnected", text) is not None,
                          f"no disconnected Virtual-2 in:\n{text}")
            checks.expect("disconnected-connector-is-waited-for-not-an-error",
                          "no connected display to show the test pattern on" in errors_text, f"got:\n{errors_text}")

        pattern_check(guest, checks, "upright", 120, 0, "stdin-line")

        guest.wait_for(r"CHECKPOINT console-after", 60, "checkpoint console-after")
        after = guest.screendump("console-after")
        problem = pattern.compare(after, before.width, before.height, before.rgb)
        checks.record("crtc-and-console-restored", problem and f"console after the kiosk differs from before: {problem}")
        dark = sum(1 for i in range(0, len(before.rgb), 3) if before.rgb[i:i + 3] != b"\0\0\0")
        checks.expect("console-before-shows-text", dark > 0, "the console screendump is all black")
        guest.resume()

        pattern_check(guest, checks, "rotated-90", 30, 90, "sigterm")
        guest.wait_for(r"CHECKPOINT console-after-sigterm", 60, "checkpoint console-after-sigterm")
        after = guest.screendump("console-after-sigterm")
        problem = pattern.compare(after, before.width, before.height, before.rgb)
        checks.record("sigterm-restores-crtc-and-console",
                      problem and f"console after SIGTERM differs from before: {problem}")
        guest.resume()

        if gpu == "virtio":
            summary = pattern_check(guest, checks, "hotplugged-head", 30, 0, "stdin-line", head=1)
            checks.expect("pattern-waited-for-the-hotplug", summary.get("waited_for_hotplug") is True,
                          "the display was already there when the pattern started: the hotplug path did not run")

        if "touch" not in skipped:
            touch_checks(guest, checks, args.trace, args.pinch)
        if "pointer" not in skipped:
            pointer_checks(guest, checks)
        run_checks(guest, checks, Snapshots(args.binary, args.config, args.maps, workdir, panel_mm),
                   args.trace, args.drag, args.pinch, before)
        seat_checks(guest, checks, Snapshots(args.binary, args.seat_config, args.maps, workdir, panel_mm), args.trace, before)
        service_checks(guest, checks, Snapshots(args.binary, args.service_config, args.maps, workdir, panel_mm), before)
        journey_checks(guest, checks, args.binary, args.journey_config, args.maps, workdir, panel_mm)
        controls_checks(guest, checks, Snapshots(args.binary, args.controls_config, args.maps, workdir, panel_mm))
        if "search" not in skipped:
            search_checks(guest, checks, args.binary, args.search_config, args.maps, workdir, panel_mm)
        if "keypad" not in skipped:
            keypad_checks(guest, checks)
        if "live" not in skipped:
            live_checks(guest, checks, args.live_config, args.maps)

        guest.wait_for(r"CHECKPOINT done", 120, "checkpoint done")
        guest.resume()
    except GuestError as error:
        checks.record("scenario-completed", str(error))
    finally:
        guest.stop()
    elapsed = time.monotonic() - started
    print(f"  {gpu}: {len(checks.results) - len(checks.failed)}/{len(checks.results)} checks passed in {elapsed:.1f} s",
          flush=True)
    if checks.failed or args.keep_artifacts:
        print(f"  {gpu}: serial log and screendumps kept in {workdir}", flush=True)
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return checks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--initrd", required=True)
    ap.add_argument("--artifacts", required=True)
    ap.add_argument("--trace", required=True, help="the swipe the guest injects (scripts/vm/swipe.csv)")
    ap.add_argument("--pinch", required=True, help="the pinch the guest injects (scripts/vm/pinch.csv)")
    ap.add_argument("--drag", required=True, help="the drag the guest unplugs mid-way (scripts/vm/drag.csv)")
    ap.add_argument("--binary", required=True, help="the metro-kiosk in the initramfs, for the host's snapshots")
    ap.add_argument("--config", required=True, help="the kiosk config the guest runs with (scripts/vm/kiosk.toml)")
    ap.add_argument("--seat-config", required=True,
                    help="the kiosk config the guest runs under seatd with (scripts/vm/kiosk-seat.toml)")
    ap.add_argument("--service-config", required=True,
                    help="the kiosk config of the guest's screen schedule run (scripts/vm/kiosk-service.toml)")
    ap.add_argument("--journey-config", required=True,
                    help="the kiosk config of the journey-card run (scripts/vm/journey.toml)")
    ap.add_argument("--search-config", required=True,
                    help="the kiosk config of the search run (scripts/vm/kiosk-search.toml)")
    ap.add_argument("--live-config", required=True,
                    help="the kiosk config of the live-service run (scripts/vm/kiosk-live.toml)")
    ap.add_argument("--controls-config", required=True,
                    help="the kiosk config of the controls run (scripts/vm/kiosk-controls.toml)")
    ap.add_argument("--maps", required=True, help="the folder holding the demo map the guest has (maps)")
    ap.add_argument("--gpu", action="append", choices=sorted(GPUS))
    ap.add_argument("--keep-artifacts", action="store_true", help="keep them even when every check passed")
    ap.add_argument("--one-at-a-time", action="store_true",
                    help="boot the guests one after the other (default: side by side when there are two or more)")
    args = ap.parse_args()
    gpus = args.gpu or ["bochs", "virtio"]
    if len(gpus) > 1 and not args.one_at_a_time:
        side_by_side(gpus)
        return
    failed = []
    for gpu in gpus:
        print(f"vm-test: booting with {gpu}", flush=True)
        checks = run_gpu(gpu, args)
        failed += [f"{gpu}: {name}" for name in checks.failed]
    if failed:
        print("vm-test: FAILED: " + ", ".join(failed))
        sys.exit(1)
    print("vm-test: all checks passed")


def side_by_side(gpus):
    """Runs each guest in a child process of this script at once. A TCG guest with one vCPU keeps one host core busy,
    so two guests one after the other leave the second core idle for the whole stage; side by side they halve it.
    Each child's output is kept and printed whole, in the order of the GPUs, so the log reads as a serial run."""
    argv = []
    rest = iter(sys.argv[1:])
    for arg in rest:
        if arg == "--gpu":
            next(rest, None)
        elif not arg.startswith("--gpu="):
            argv.append(arg)
    children = []
    for gpu in gpus:
        output = tempfile.TemporaryFile()
        child = subprocess.Popen([sys.executable, os.path.abspath(__file__), *argv, "--gpu", gpu],
                                 stdout=output, stderr=subprocess.STDOUT)
        children.append((gpu, child, output))
    failed = []
    for gpu, child, output in children:
        status = child.wait()
        output.seek(0)
        text = output.read().decode(errors="replace")
        # The child's own verdict line is replaced by the one below, which covers every guest.
        lines = [line for line in text.splitlines() if not line.startswith("vm-test: all checks passed")]
        for line in lines:
            if line.startswith("vm-test: FAILED: "):
                failed.append(line[len("vm-test: FAILED: "):])
            else:
                print(line, flush=True)
        if status != 0 and not any(line.startswith("vm-test: FAILED: ") for line in lines):
            failed.append(f"{gpu}: the harness exited with {status}")
    if failed:
        print("vm-test: FAILED: " + ", ".join(failed))
        sys.exit(1)
    print("vm-test: all checks passed")


if __name__ == "__main__":
    main()
