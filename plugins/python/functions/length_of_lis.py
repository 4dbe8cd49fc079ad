from bisect import bisect_left
from typing import List


def lengthOfLIS(nums: List[int]) -> int:
    """Length of the longest strictly increasing subsequence, via patience-sorting tails."""
    tails: List[int] = []
    for value in nums:
        position = bisect_left(tails, value)
        if position == len(tails):
            tails.append(value)
        else:
            tails[position] = value
    return len(tails)
