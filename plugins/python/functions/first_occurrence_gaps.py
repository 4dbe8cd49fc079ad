from typing import Dict, List


def firstOccurrenceGaps(nums: List[int]) -> List[int]:
    """For each element, the distance back to the previous occurrence of the same value mod 7, or its index + 1."""
    last: Dict[int, int] = {}
    answer: List[int] = []
    for i, value in enumerate(nums):
        key = value % 7
        answer.append(i - last[key] if key in last else i + 1)
        last[key] = i
    return answer
