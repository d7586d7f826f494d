"""The station-search check of the VM test (issue 33): on a kiosk standing in Central Square, the search button, the
keys l, i, b of the on-screen keyboard and the first result, all tapped through the real touchscreen path, raise
Library's journey card; once it rests at peek with the route fitted, the screen must be, pixel for pixel,
`metro-kiosk snapshot --route central-square,library` of the same config rendered headless on the host."""
from journey_checks import resting_card_problem, screen_problem
from kiosk_checks import collect, expect_run_exit_0, frames_of, markers, snapshot_config

ORIGIN, DESTINATION, TYPED = "central-square", "library", "lib"


def search_checks(guest, checks, binary, config, maps, workdir, panel_mm=None):
    config = snapshot_config(config, panel_mm, workdir)
    lines, _ = collect(guest, r"CHECKPOINT search-card", 180, "the search run's card (CHECKPOINT search-card)")
    frames = frames_of(lines, "search")
    problems = markers(lines)
    typed = [f["search"]["query"] for f in frames if f.get("search")]
    if TYPED not in typed:
        problems.append(f"the sheet never showed the query {TYPED!r}: {sorted(set(typed))}")
    if not frames:
        problems.append("no frames after the search button's press")
    elif frames[-1].get("search"):
        problems.append(f"the sheet is still open: {frames[-1]['search']}")
    else:
        problems.append(resting_card_problem(frames[-1], ORIGIN, DESTINATION))
    problems.append(screen_problem(guest, "search-card", binary, config, maps, workdir, ORIGIN, DESTINATION))
    problems = [p for p in problems if p]
    checks.record("search-typed-on-screen-opens-card-equal-to-snapshot", "; ".join(problems) or None)
    guest.resume()

    expect_run_exit_0(guest, checks, "search-run-exit-0", "SEARCH-END")
