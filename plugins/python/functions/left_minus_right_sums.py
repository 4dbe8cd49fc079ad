from typing import List


def leftMinusRightSums(nums: List[int]) -> List[int]:
    """For each position, sum of elements to its left minus sum of elements to its right."""
    total = sum(nums)
    left = 0
    answer: List[int] = []
    for value in nums:
        answer.append(left - (total - left - value))
        left += value
    return answer
