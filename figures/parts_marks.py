"""The marks shared by the position figures: one shape per starting position p, the same in every figure."""

# One shape per starting position p across the position figures (pe_distance_gap, pe_dot_distance,
# seq_number_dots): start r of a figure is START_MARKERS[r] (marker, size, face; None: the marker's own
# face). Hollow shapes mean "a start p" and nothing else there; a filled dot is a value at a whole position.
START_MARKERS = (("o", 7, "none"), ("^", 7, "none"), ("x", 6.5, None), ("D", 5, "none"))
# the sizes at which the starts' marks nest on one point, one inside the next, so none hides another
START_NESTED = {"o": 13, "^": 9, "x": 5.5, "D": 3.4}
