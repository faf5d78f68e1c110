"""Colour arithmetic for checking a palette: contrast, colour-vision-deficiency simulation, ΔE.

- Contrast: the WCAG 2.x ratio (L1 + 0.05) / (L2 + 0.05) of relative luminances; text needs ≥ 4.5:1
  (level AA), graphical marks ≥ 3:1 (WCAG 2.1 §1.4.11).
- Simulation: Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of
  color vision deficiency", IEEE TVCG 15(6), severity 1.0 matrices, applied to linear sRGB (as the
  colorspacious package does), then clipped to the gamut.
- Difference: CIEDE2000 (Sharma, Wu & Dalal 2005) between CIELAB colours under the D65 white.
"""
from __future__ import annotations

import math

import numpy as np

MACHADO_2009 = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
VISIONS = ("normal", "deuteranopia", "protanopia")


def rgb(hex_color: str) -> np.ndarray:
    """'#rrggbb' → sRGB in [0, 1], shape [3]."""
    h = hex_color.lstrip("#")
    return np.array([int(h[k:k + 2], 16) / 255 for k in (0, 2, 4)])


def to_hex(srgb) -> str:
    return "#" + "".join(f"{round(float(c) * 255):02x}" for c in np.clip(srgb, 0, 1))


def linear(srgb: np.ndarray) -> np.ndarray:
    """sRGB → linear RGB (IEC 61966-2-1)."""
    srgb = np.asarray(srgb, dtype=float)
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def gamma(lin: np.ndarray) -> np.ndarray:
    lin = np.clip(lin, 0, 1)
    return np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055)


def luminance(hex_color: str) -> float:
    """WCAG relative luminance."""
    return float(np.dot([0.2126, 0.7152, 0.0722], linear(rgb(hex_color))))


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio between two colours, 1..21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def legible(color: str, background: str, ink: str, ratio: float = 7.0) -> str:
    """`color` as a headline reads it: unchanged when it already stands `ratio`:1 against the background,
    else mixed toward the ink (same hue family, one meaning) in small steps until it does."""
    for k in range(21):
        mixed = to_hex((1.0 - k / 20) * rgb(color) + (k / 20) * rgb(ink))
        if contrast(mixed, background) >= ratio:
            return mixed
    return ink


def simulate(hex_color: str, vision: str) -> str:
    """The colour as seen with `vision` ("normal" returns it unchanged)."""
    if vision == "normal":
        return hex_color
    lin = MACHADO_2009[vision] @ linear(rgb(hex_color))  # [3, 3] @ [3] → [3]
    return to_hex(gamma(lin))


_M_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                   [0.2126729, 0.7151522, 0.0721750],
                   [0.0193339, 0.1191920, 0.9503041]])
_WHITE = np.array([0.95047, 1.0, 1.08883])  # D65


def lab(hex_color: str) -> np.ndarray:
    """CIELAB (D65) of an sRGB colour, shape [3]."""
    xyz = _M_XYZ @ linear(rgb(hex_color)) / _WHITE  # [3]
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e2000(c1: str, c2: str) -> float:
    """CIEDE2000 colour difference between two sRGB colours (kL = kC = kH = 1)."""
    return delta_e2000_lab(lab(c1), lab(c2))


def delta_e2000_lab(lab1, lab2) -> float:
    """CIEDE2000 between two CIELAB colours."""
    L1, a1, b1 = (float(v) for v in lab1)
    L2, a2, b2 = (float(v) for v in lab2)
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, C2p - C1p
    if C1p * C2p == 0:
        dhp = 0.0
    else:
        dhp = h2p - h1p
        if dhp > 180:
            dhp -= 360
        elif dhp < -180:
            dhp += 360
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dhp / 2))
    Lpm, Cpm = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0:
        hpm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hpm = (h1p + h2p) / 2
    else:
        hpm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hpm - 30)) + 0.24 * math.cos(math.radians(2 * hpm))
         + 0.32 * math.cos(math.radians(3 * hpm + 6)) - 0.20 * math.cos(math.radians(4 * hpm - 63)))
    dtheta = 30 * math.exp(-(((hpm - 275) / 25) ** 2))
    Rc = 2 * math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lpm - 50) ** 2 / math.sqrt(20 + (Lpm - 50) ** 2)
    Sc = 1 + 0.045 * Cpm
    Sh = 1 + 0.015 * Cpm * T
    Rt = -math.sin(math.radians(2 * dtheta)) * Rc
    return math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


def min_delta_e(colours, vision: str = "normal") -> tuple[float, tuple[str, str]]:
    """The smallest CIEDE2000 between any two of `colours` as seen with `vision`, and that pair."""
    seen = [simulate(c, vision) for c in colours]
    best = (math.inf, ("", ""))
    for i in range(len(colours)):
        for j in range(i + 1, len(colours)):
            d = delta_e2000(seen[i], seen[j])
            if d < best[0]:
                best = (d, (colours[i], colours[j]))
    return best
