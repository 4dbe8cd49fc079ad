from typing import List


def dailyTemperatures(temperatures: List[int]) -> List[int]:
    """For each day, how many days until a strictly warmer one (0 if never)."""
    wait = [0] * len(temperatures)
    stack: List[int] = []
    for i, value in enumerate(temperatures):
        while stack and temperatures[stack[-1]] < value:
            earlier = stack.pop()
            wait[earlier] = i - earlier
        stack.append(i)
    return wait
