from typing import List


def minMoves2(nums: List[int]) -> int:
    """Fewest unit steps to make all elements equal, moving each one to the median."""
    ordered = sorted(nums)
    median = ordered[len(ordered) // 2]
    return sum(abs(value - median) for value in ordered)
