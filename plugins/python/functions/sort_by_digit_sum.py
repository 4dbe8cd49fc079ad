from typing import List


def sortByDigitSum(nums: List[int]) -> List[int]:
    """Sort by the digit sum of the absolute value, breaking ties by the value itself."""
    return sorted(nums, key=lambda value: (sum(int(d) for d in str(abs(value))), value))
