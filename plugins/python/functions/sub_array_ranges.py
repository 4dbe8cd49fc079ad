from typing import List


def subArrayRanges(nums: List[int]) -> int:
    """Sum over all contiguous subarrays of their largest minus smallest element."""
    total = 0
    for start in range(len(nums)):
        low = high = nums[start]
        for end in range(start + 1, len(nums)):
            low = min(low, nums[end])
            high = max(high, nums[end])
            total += high - low
    return total
