from typing import List


def adjacentDifferences(nums: List[int]) -> List[int]:
    """Differences between each element and the one before it."""
    return [b - a for a, b in zip(nums, nums[1:])]
