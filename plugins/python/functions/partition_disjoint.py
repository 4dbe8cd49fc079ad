from typing import List


def partitionDisjoint(nums: List[int]) -> int:
    """Smallest left-part length such that every left element is <= every right element (len(nums) if none)."""
    suffix_min = nums[:]
    for i in range(len(nums) - 2, -1, -1):
        suffix_min[i] = min(suffix_min[i], suffix_min[i + 1])
    running_max = nums[0]
    for i in range(1, len(nums)):
        if running_max <= suffix_min[i]:
            return i
        running_max = max(running_max, nums[i])
    return len(nums)
