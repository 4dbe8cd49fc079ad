from typing import List


def thirdMax(nums: List[int]) -> int:
    """Third largest distinct value, or the largest value when fewer than three distinct values exist."""
    distinct = sorted(set(nums), reverse=True)
    return distinct[2] if len(distinct) >= 3 else distinct[0]
