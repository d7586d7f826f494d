# The keypad run of the VM test (issue 34), sourced by init after the controls run: `metro-kiosk run` with speech
# into ALSA's file plugin (/etc/asound.conf's `speechfile`), and a uinput keypad made by `metro-kiosk inject --keys`
# beside the touchscreen. Plugging it in starts audio mode and its guide; 5 and 2 walk the first line to University;
# Enter opens its journey. After each step the guest waits for the speech file to stop growing (the null device takes
# samples as fast as espeak-ng makes them, so that is when synthesis is done) and notes its size, so the harness
# can measure each step's audio on its own.
frames=/tmp/keypad-frames.jsonl
speech=/tmp/speech.raw
keylog=/tmp/keypad-run.log
rm -f $speech
metro-kiosk run --config /scenario/kiosk-keypad.toml --frames-log $frames 2>$keylog &
kiosk=$!
wait_until 60 at_rest_after 0 || { echo "RUN-NO-FIRST-FRAME"; sed "s/^/RUN-LOG /" $keylog; }

speech_size() { if [ -e $speech ]; then wc -c < $speech; else echo 0; fi; }
said_count() { grep -c "said: " $keylog; }
# Speech is done: more phrase lists said than $1, and the file has grown past $2 and not for 3 s since.
speech_done() {
    [ "$(said_count)" -gt "$1" ] || return 1
    size=$(speech_size)
    [ "$size" -gt "$2" ] || return 1
    sleep 3
    [ "$(speech_size)" = "$size" ]
}
# $1 = label, $2 = key trace: plays it on a keypad plugged in for it, then waits for speech to end.
keys() {
    said=$(said_count); start=$(speech_size)
    metro-kiosk inject --keys "$2" --settle-ms 1500 > /tmp/inject-$1.log 2>&1; inject_rc=$?
    wait_until 180 speech_done $said $start || echo "KEYPAD-NO-SPEECH $1"
    end=$(speech_size)
    segments="$segments $1=$start:$end"
    echo "KEYPAD-STEP $1 inject=$inject_rc bytes=$start:$end alive=$(kill -0 $kiosk 2>/dev/null && echo yes || echo no)"
}
segments=""
keys guide /scenario/keypad-plug.csv
keys walk /scenario/keypad-walk.csv
before=$(frame_count)
keys journey /scenario/keypad-enter.csv
card_at_rest_after() {
    [ "$(frame_count)" -gt "$1" ] && tail -n 1 $frames | grep '"state":"idle","touches":0' | grep -q '"state":"resting"'
}
wait_until 60 card_at_rest_after $before || echo "RUN-NOT-AT-REST keypad-journey"
print_frames $before keypad-journey
[ -e $speech ] && python3 -I -S /scenario/speech_stats.py $speech $segments 2>&1
checkpoint keypad-journey

kill -TERM $kiosk
wait $kiosk
echo "RUN-EXIT rc=$?"
sed "s/^/RUN-LOG /" $keylog
echo "KEYPAD-END"
