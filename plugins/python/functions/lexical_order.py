from typing import List


def lexicalOrder(n: int) -> List[int]:
    """The numbers 1..|n| in dictionary (string) order, generated without sorting strings."""
    n = abs(n)
    order: List[int] = []
    current = 1
    for _ in range(n):
        order.append(current)
        if current * 10 <= n:
            current *= 10
        else:
            while current % 10 == 9 or current + 1 > n:
                current //= 10
            current += 1
    return order
