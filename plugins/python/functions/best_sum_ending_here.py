from typing import List


def bestSumEndingHere(nums: List[int]) -> List[int]:
    """For each position, the largest sum of a contiguous subarray ending there."""
    answer: List[int] = []
    current = None
    for value in nums:
        current = value if current is None or current < 0 else current + value
        answer.append(current)
    return answer
