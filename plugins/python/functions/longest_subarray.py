from collections import deque
from typing import Deque, List


def longestSubarray(nums: List[int], limit: int) -> int:
    """Length of the longest window whose max minus min is at most |limit|."""
    limit = abs(limit)
    highs: Deque[int] = deque()
    lows: Deque[int] = deque()
    start = best = 0
    for end, value in enumerate(nums):
        while highs and nums[highs[-1]] < value:
            highs.pop()
        while lows and nums[lows[-1]] > value:
            lows.pop()
        highs.append(end)
        lows.append(end)
        while start <= end and nums[highs[0]] - nums[lows[0]] > limit:
            start += 1
            if highs[0] < start:
                highs.popleft()
            if lows[0] < start:
                lows.popleft()
        best = max(best, end - start + 1)
    return best
