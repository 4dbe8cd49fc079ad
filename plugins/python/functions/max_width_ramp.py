from typing import List


def maxWidthRamp(nums: List[int]) -> int:
    """Largest j - i with i < j and nums[i] <= nums[j], or 0 when no such pair exists."""
    stack: List[int] = []
    for i, value in enumerate(nums):
        if not stack or nums[stack[-1]] > value:
            stack.append(i)
    best = 0
    for j in range(len(nums) - 1, -1, -1):
        while stack and nums[stack[-1]] <= nums[j]:
            best = max(best, j - stack.pop())
    return best
