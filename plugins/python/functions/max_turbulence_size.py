from typing import List


def maxTurbulenceSize(arr: List[int]) -> int:
    """Length of the longest subarray whose neighbour comparisons strictly alternate between < and >."""
    best = up = down = 1
    for previous, value in zip(arr, arr[1:]):
        if value > previous:
            up, down = down + 1, 1
        elif value < previous:
            up, down = 1, up + 1
        else:
            up = down = 1
        best = max(best, up, down)
    return best
