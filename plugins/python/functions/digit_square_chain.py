from typing import List


def digitSquareChain(n: int) -> List[int]:
    """Repeatedly replace |n| by the sum of squares of its digits until a value repeats; return the values seen."""
    value = abs(n)
    seen: List[int] = []
    while value not in seen:
        seen.append(value)
        value = sum(int(d) ** 2 for d in str(value))
    return seen
