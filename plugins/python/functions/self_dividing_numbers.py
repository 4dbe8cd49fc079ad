from typing import List


def selfDividingNumbers(left: int, right: int) -> List[int]:
    """Numbers between |left| and |right| (either order) divisible by each of their digits and containing no zero."""
    low, high = sorted((abs(left), abs(right)))
    return [
        value
        for value in range(max(1, low), high + 1)
        if all(digit != "0" and value % int(digit) == 0 for digit in str(value))
    ]
