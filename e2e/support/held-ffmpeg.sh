#!/bin/sh
# The server's ffmpeg in a test that must hold renders (FFMPEG_PATH): while the file $FFMPEG_HOLD
# exists, ffmpeg waits before it starts; then it is the bundled one ($FFMPEG_REAL).
while [ -e "$FFMPEG_HOLD" ]; do sleep 0.1; done
exec "$FFMPEG_REAL" "$@"
