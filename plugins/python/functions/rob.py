from typing import List


def rob(nums: List[int]) -> int:
    """Largest sum of elements with no two adjacent picks (picking nothing gives 0)."""
    skip, take = 0, 0
    for value in nums:
        skip, take = max(skip, take), skip + value
    return max(skip, take)
