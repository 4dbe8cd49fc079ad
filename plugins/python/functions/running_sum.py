from itertools import accumulate
from typing import List


def runningSum(nums: List[int]) -> List[int]:
    """Prefix sums: element i is the sum of the first i + 1 elements."""
    return list(accumulate(nums))
