from typing import List


def maxAscendingSum(nums: List[int]) -> int:
    """Largest sum of a strictly increasing contiguous run."""
    best = current = nums[0]
    for previous, value in zip(nums, nums[1:]):
        current = current + value if value > previous else value
        best = max(best, current)
    return best
