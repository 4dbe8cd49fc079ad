from typing import List


def minimumDeletions(nums: List[int]) -> int:
    """Fewest removals from either end that delete both the minimum and the maximum element."""
    size = len(nums)
    a, b = sorted((nums.index(min(nums)), nums.index(max(nums))))
    return min(b + 1, size - a, a + 1 + size - b)
