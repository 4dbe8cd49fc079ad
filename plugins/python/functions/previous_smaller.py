from typing import List


def previousSmaller(nums: List[int]) -> List[int]:
    """For each element, the nearest earlier strictly smaller value, or the element itself if none."""
    stack: List[int] = []
    answer: List[int] = []
    for value in nums:
        while stack and stack[-1] >= value:
            stack.pop()
        answer.append(stack[-1] if stack else value)
        stack.append(value)
    return answer
