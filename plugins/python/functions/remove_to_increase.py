from typing import List


def removeToIncrease(nums: List[int], k: int) -> List[int]:
    """Smallest subsequence (lexicographically) after deleting (|k| mod 4) + 1 elements, greedily with a stack."""
    drops = min(len(nums) - 2, abs(k) % 4 + 1) if len(nums) > 2 else 0
    stack: List[int] = []
    for value in nums:
        while drops and stack and stack[-1] > value:
            stack.pop()
            drops -= 1
        stack.append(value)
    return stack[: len(stack) - drops] if drops else stack
