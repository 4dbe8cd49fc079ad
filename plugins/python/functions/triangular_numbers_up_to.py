from typing import List


def triangularNumbersUpTo(n: int) -> List[int]:
    """Triangular numbers 1, 3, 6, 10, ... not exceeding |n| * 3."""
    limit = abs(n) * 3
    result: List[int] = []
    step = total = 1
    while total <= limit:
        result.append(total)
        step += 1
        total += step
    return result
