from typing import List


def nextGreaterElements(nums: List[int]) -> List[int]:
    """For each element, the next strictly greater value going around the list circularly, or -1."""
    size = len(nums)
    answer = [-1] * size
    stack: List[int] = []
    for step in range(2 * size):
        i = step % size
        while stack and nums[stack[-1]] < nums[i]:
            answer[stack.pop()] = nums[i]
        if step < size:
            stack.append(i)
    return answer
