"""The station-search check of the VM test (issue 33): on a kiosk standing in Central Square, the search button, the
keys l, i, b of the on-screen keyboard and the first result, all tapped through the real touchscreen path, raise
Library's journey card; once it rests at peek with the route fitted, the screen must be, pixel for pixel,
`metro-kiosk snapshot --route central-square,library` of the same config rendered headless on the host."""
from journey_checks import route_snapshot
from kiosk_checks import collect, frames_of, markers, snapshot_config
import pattern

ORIGIN, DESTINATION, TYPED = "central-square", "library", "lib"


def search_checks(guest, checks, binary, config, maps, workdir, panel_mm=None):
    config = snapshot_config(config, panel_mm, workdir)
    lines, _ = collect(guest, r"CHECKPOINT search-card", 180, "the search run's card (CHECKPOINT search-card)")
    frames = frames_of(lines, "search")
    problems = markers(lines)
    typed = [f["search"]["query"] for f in frames if f.get("search")]
    if TYPED not in typed:
        problems.append(f"the sheet never showed the query {TYPED!r}: {sorted(set(typed))}")
    last = frames[-1] if frames else {}
    card = last.get("card") or {}
    if not frames:
        problems.append("no frames after the search button's press")
    elif last.get("search"):
        problems.append(f"the sheet is still open: {last['search']}")
    elif card.get("state") != "resting" or card.get("anchor") != "peek":
        problems.append(f"the card did not come to rest at peek: {card}")
    elif (last.get("route") or [None])[0] != ORIGIN or last["route"][-1] != DESTINATION:
        problems.append(f"the route is not {ORIGIN} to {DESTINATION}: {last.get('route')}")
    shot = guest.screendump("search-card")
    want = route_snapshot(binary, config, maps, workdir, shot.width, shot.height, ORIGIN, DESTINATION)
    problem = pattern.compare(shot, want.width, want.height, want.rgb)
    if problem:
        problems.append(f"screen differs from snapshot --route {ORIGIN},{DESTINATION}: {problem}")
    checks.record("search-typed-on-screen-opens-card-equal-to-snapshot", "; ".join(problems) or None)
    guest.resume()

    lines, _ = collect(guest, r"SEARCH-END", 60, "the search run to stop (SEARCH-END)")
    exit_line = next((l for l in lines if l.startswith("RUN-EXIT")), "no RUN-EXIT line")
    checks.expect("search-run-exit-0", exit_line == "RUN-EXIT rc=0", f"`run` ended with {exit_line}")
