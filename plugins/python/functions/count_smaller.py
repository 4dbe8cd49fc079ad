from bisect import bisect_left, insort
from typing import List


def countSmaller(nums: List[int]) -> List[int]:
    """For each element, how many later elements are strictly smaller."""
    seen: List[int] = []
    answer = [0] * len(nums)
    for i in range(len(nums) - 1, -1, -1):
        answer[i] = bisect_left(seen, nums[i])
        insort(seen, nums[i])
    return answer
