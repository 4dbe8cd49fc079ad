from bisect import bisect_left
from typing import List


def countPairsBelowTarget(nums: List[int], target: int) -> int:
    """Number of index pairs i < j whose values sum to less than target."""
    ordered = sorted(nums)
    count = 0
    for j, value in enumerate(ordered):
        count += bisect_left(ordered, target - value, 0, j)
    return count
