from typing import List


def pairwiseSums(nums: List[int]) -> List[int]:
    """Sum of each element with its mirror element (first with last, second with second-to-last, ...)."""
    size = len(nums)
    return [nums[i] + nums[size - 1 - i] for i in range((size + 1) // 2)]
