"""The journey-card check of the VM test (issue 17): a tap on a station at the home view of a kiosk that knows where
it stands raises the journey card; once the card rests at peek and the camera has fitted the route beside it, the
screen must be, pixel for pixel, `metro-kiosk snapshot --route FROM,TO` of the same config rendered headless on
the host (the same loop on a simulated clock)."""
import os
import subprocess

from guest import GuestError, Image
from kiosk_checks import collect, frames_of, markers, snapshot_config
import pattern

ORIGIN, DESTINATION = "north-gate", "central-square"


def route_snapshot(binary, config, maps, workdir, width, height, origin=ORIGIN, destination=DESTINATION):
    path = os.path.join(workdir, f"route-{origin}-{destination}-snapshot.png")
    command = [binary, "snapshot", "--size", f"{width}x{height}", "--config", config,
               "--route", f"{origin},{destination}", "--out", path]
    env = dict(os.environ, METRO_KIOSK_DATA_DIR=os.path.abspath(maps))
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise GuestError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()}")
    return Image.load_png(path)


def resting_card_problem(last, origin, destination):
    """What is wrong with the last frame of a journey's run, if anything: the card at rest at peek, the route from
    `origin` to `destination`."""
    card = last.get("card") or {}
    if card.get("state") != "resting" or card.get("anchor") != "peek":
        return f"the card did not come to rest at peek: {card}"
    if (last.get("route") or [None])[0] != origin or last["route"][-1] != destination:
        return f"the route is not {origin} to {destination}: {last.get('route')}"
    return None


def screen_problem(guest, name, binary, config, maps, workdir, origin, destination):
    """The screen now (dumped as `name`) against `snapshot --route origin,destination` of the same config."""
    shot = guest.screendump(name)
    want = route_snapshot(binary, config, maps, workdir, shot.width, shot.height, origin, destination)
    problem = pattern.compare(shot, want.width, want.height, want.rgb)
    return problem and f"screen differs from snapshot --route {origin},{destination}: {problem}"


def journey_checks(guest, checks, binary, config, maps, workdir, panel_mm=None):
    config = snapshot_config(config, panel_mm, workdir)
    lines, _ = collect(guest, r"CHECKPOINT journey-card", 180, "the journey card (CHECKPOINT journey-card)")
    frames = frames_of(lines, "journey")
    problems = markers(lines)
    if not frames:
        problems.append("no frames after the tap")
    else:
        problems.append(resting_card_problem(frames[-1], ORIGIN, DESTINATION))
    if not any(f.get("state") == "zooming" for f in frames):
        problems.append("the camera never moved to fit the route")
    problems.append(screen_problem(guest, "journey-card", binary, config, maps, workdir, ORIGIN, DESTINATION))
    problems = [p for p in problems if p]
    checks.record("journey-card-on-screen-equals-route-snapshot", "; ".join(problems) or None)
    guest.resume()
