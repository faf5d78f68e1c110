#!/usr/bin/env python3
"""transformer-frames: render lecture scenes (MP4) and note figures (SVG) from real tensors.

    python render.py list
    python render.py pe_clock                 # out/pe_clock/pe_clock.mp4 (+ numbers files)
    python render.py pe_table --format png
    python render.py numbers pe_clock --at 3.5
    python render.py check
"""
from studio.cli import main

if __name__ == "__main__":
    main()
