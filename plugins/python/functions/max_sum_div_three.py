from typing import List


def maxSumDivThree(nums: List[int]) -> int:
    """Largest sum of a subset (possibly empty) that is divisible by three."""
    best = [0, -(10**9), -(10**9)]
    for value in nums:
        updated = best[:]
        for remainder in range(3):
            target = (remainder + value) % 3
            updated[target] = max(updated[target], best[remainder] + value)
        best = updated
    return best[0]
