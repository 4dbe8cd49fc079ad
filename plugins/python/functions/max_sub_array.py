from typing import List


def maxSubArray(nums: List[int]) -> int:
    """Largest sum of a non-empty contiguous subarray (Kadane's scan)."""
    best = current = nums[0]
    for value in nums[1:]:
        current = max(value, current + value)
        best = max(best, current)
    return best
