from bisect import bisect_left
from typing import List


def smallerNumbersThanCurrent(nums: List[int]) -> List[int]:
    """For each element, how many elements are strictly smaller."""
    ordered = sorted(nums)
    return [bisect_left(ordered, value) for value in nums]
