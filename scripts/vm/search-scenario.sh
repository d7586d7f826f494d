# The search run of the VM test (issue 33), sourced by init after the controls run: `metro-kiosk run` with the search
# button, a search typed on the on-screen keyboard through the real touchscreen path (search, l, i, b, the first
# result), and the screen with Library's journey card at rest for the harness to compare with `snapshot --route`.
frames=/tmp/search-frames.jsonl
metro-kiosk run --config /scenario/kiosk-search.toml --frames-log $frames 2>/tmp/search-run.log &
kiosk=$!
wait_until 60 at_rest_after 0 || { echo "RUN-NO-FIRST-FRAME"; sed "s/^/RUN-LOG /" /tmp/search-run.log; }
# The card's own rest, with a route: a frame at rest before the result's tap (the sheet open) does not count.
routed_card_at_rest_after() {
    [ "$(frame_count)" -gt "$1" ] && tail -n 1 $frames | grep '"state":"idle","touches":0' \
        | grep '"state":"resting"' | grep -q '"route":\["central-square"'
}
before=$(frame_count)
metro-kiosk inject --trace /scenario/search-type.csv --settle-ms 1500 > /tmp/inject-search.log 2>&1
echo "RUN-INJECT search rc=$?"
wait_until 60 routed_card_at_rest_after $before || echo "RUN-NOT-AT-REST search"
print_frames $before search
checkpoint search-card
kill -TERM $kiosk
wait $kiosk
echo "RUN-EXIT rc=$?"
sed "s/^/RUN-LOG /" /tmp/search-run.log
echo "SEARCH-END"
