# The controls run of the VM test (issue 18), sourced by init after the journey run: `metro-kiosk run` with
# [controls], a + press injected through the real touchscreen path, and the screen at rest for the harness to compare
# with a host snapshot of the logged camera (the snapshot draws the controls at rest, as the kiosk does).
frames=/tmp/controls-frames.jsonl
metro-kiosk run --config /scenario/kiosk-controls.toml --frames-log $frames 2>/tmp/controls-run.log &
kiosk=$!
wait_until 60 at_rest_after 0 || { echo "RUN-NO-FIRST-FRAME"; sed "s/^/RUN-LOG /" /tmp/controls-run.log; }
print_frames 0 controls-home
checkpoint controls-home

# Not gesture(): a press leaves the map's fingers at 0 throughout, so the frame of the pressed look is already
# "at rest"; wait for the zoom the lift starts, then for rest after it.
before=$(frame_count)
metro-kiosk inject --trace /scenario/controls-press.csv --settle-ms 1500 > /tmp/inject-controls.log 2>&1; inject_rc=$?
zoomed() { tail -n +$((before + 1)) $frames | grep -q '"state":"zooming"'; }
zoomed_and_at_rest() { zoomed && tail -n 1 $frames | grep -q '"state":"idle","touches":0'; }
wait_until 60 zoomed || echo "RUN-NO-ZOOM controls-press"
wait_until 60 zoomed_and_at_rest || echo "RUN-NOT-AT-REST controls-press"
print_frames $before controls-press
echo "RUN-GESTURE controls-press inject=$inject_rc before=$before alive=$(kill -0 $kiosk 2>/dev/null && echo yes || echo no)"
checkpoint controls-press-rest

kill -TERM $kiosk
wait $kiosk
echo "RUN-EXIT rc=$?"
sed "s/^/RUN-LOG /" /tmp/controls-run.log
echo "CONTROLS-END"
