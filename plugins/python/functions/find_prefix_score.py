from typing import List


def findPrefixScore(nums: List[int]) -> List[int]:
    """Running total of value + running maximum, for each prefix."""
    scores: List[int] = []
    high = total = None
    for value in nums:
        high = value if high is None else max(high, value)
        total = (0 if total is None else total) + value + high
        scores.append(total)
    return scores
