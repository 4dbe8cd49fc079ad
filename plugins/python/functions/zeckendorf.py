from typing import List


def zeckendorf(n: int) -> List[int]:
    """Fibonacci numbers (no two consecutive) summing to |n| + 10, largest first, chosen greedily."""
    target = abs(n) + 10
    fibs = [1, 2]
    while fibs[-1] <= target:
        fibs.append(fibs[-1] + fibs[-2])
    parts: List[int] = []
    for fib in reversed(fibs):
        if fib <= target:
            parts.append(fib)
            target -= fib
    return parts
