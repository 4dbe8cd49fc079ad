from math import prod
from typing import List


def maximumProduct(nums: List[int]) -> int:
    """Largest product of any three elements, considering the two most negative values too."""
    ordered = sorted(nums)
    if len(ordered) < 3:
        return prod(ordered)
    return max(ordered[-1] * ordered[-2] * ordered[-3], ordered[0] * ordered[1] * ordered[-1])
