from typing import List


def stackCancelSum(nums: List[int]) -> int:
    """Push values on a stack, popping the top instead when it has the opposite sign, then sum what is left."""
    stack: List[int] = []
    for value in nums:
        if stack and stack[-1] * value < 0:
            stack.pop()
        else:
            stack.append(value)
    return sum(stack)
