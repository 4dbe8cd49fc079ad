from typing import List


def maximumGap(nums: List[int]) -> int:
    """Largest difference between neighbours once the list is sorted (0 for fewer than two elements)."""
    ordered = sorted(nums)
    return max((b - a for a, b in zip(ordered, ordered[1:])), default=0)
