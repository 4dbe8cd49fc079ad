from typing import List


def minPairwiseDifferenceSum(nums: List[int], k: int) -> int:
    """Smallest max-minus-min over any window of k sorted values, with k wrapped into 2..len(nums)."""
    ordered = sorted(nums)
    size = len(ordered)
    width = 2 + abs(k) % max(1, size - 1)
    width = min(width, size)
    return min(ordered[i + width - 1] - ordered[i] for i in range(size - width + 1))
