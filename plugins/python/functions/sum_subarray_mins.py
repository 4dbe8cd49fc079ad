from typing import List


def sumSubarrayMins(arr: List[int]) -> int:
    """Sum of the minimum of every contiguous subarray."""
    total = 0
    stack: List[int] = []
    sums = [0] * len(arr)
    for i, value in enumerate(arr):
        while stack and arr[stack[-1]] >= value:
            stack.pop()
        start = stack[-1] if stack else -1
        sums[i] = (sums[start] if start >= 0 else 0) + value * (i - start)
        stack.append(i)
        total += sums[i]
    return total
