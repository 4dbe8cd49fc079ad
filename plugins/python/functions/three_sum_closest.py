from typing import List


def threeSumClosest(nums: List[int], target: int) -> int:
    """Sum of three elements closest to target (ties go to the sum found first in sorted two-pointer order)."""
    ordered = sorted(nums)
    if len(ordered) < 3:
        return sum(ordered)
    best = ordered[0] + ordered[1] + ordered[2]
    for i in range(len(ordered) - 2):
        left, right = i + 1, len(ordered) - 1
        while left < right:
            total = ordered[i] + ordered[left] + ordered[right]
            if abs(total - target) < abs(best - target):
                best = total
            if total < target:
                left += 1
            elif total > target:
                right -= 1
            else:
                return total
    return best
