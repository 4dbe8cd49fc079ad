from typing import List


def interleaveHalves(nums: List[int]) -> List[int]:
    """Interleave the first half with the reversed second half: a0, z, a1, y, ..."""
    result: List[int] = []
    left, right = 0, len(nums) - 1
    while left <= right:
        result.append(nums[left])
        if left != right:
            result.append(nums[right])
        left += 1
        right -= 1
    return result
