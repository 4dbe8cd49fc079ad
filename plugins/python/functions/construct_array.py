from typing import List


def constructArray(n: int, k: int) -> List[int]:
    """A permutation of 1..n whose neighbour differences take exactly k distinct values (out-of-range n, k are folded in)."""
    n = max(2, abs(n))
    k = k if 1 <= k < n else 1 + abs(k) % (n - 1)
    low, high = 1, k + 1
    result: List[int] = []
    while low <= high:
        result.append(low)
        low += 1
        if low <= high:
            result.append(high)
            high -= 1
    return result + list(range(k + 2, n + 1))
