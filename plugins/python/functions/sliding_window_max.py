from collections import deque
from typing import Deque, List


def slidingWindowMax(nums: List[int], k: int) -> List[int]:
    """Maximum of every window of width 2 + (|k| mod 3), using a monotonic deque."""
    width = min(len(nums), 2 + abs(k) % 3)
    window: Deque[int] = deque()
    answer: List[int] = []
    for i, value in enumerate(nums):
        while window and nums[window[-1]] <= value:
            window.pop()
        window.append(i)
        if window[0] <= i - width:
            window.popleft()
        if i >= width - 1:
            answer.append(nums[window[0]])
    return answer
