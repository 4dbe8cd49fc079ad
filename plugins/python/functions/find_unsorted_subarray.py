from typing import List


def findUnsortedSubarray(nums: List[int]) -> int:
    """Length of the shortest window which, once sorted, makes the whole list sorted."""
    ordered = sorted(nums)
    mismatches = [i for i, (a, b) in enumerate(zip(nums, ordered)) if a != b]
    return mismatches[-1] - mismatches[0] + 1 if mismatches else 0
