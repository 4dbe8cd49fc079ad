from typing import List


def beautifulArray(n: int) -> List[int]:
    """A permutation of 1..(|n| mod 16) + 3 with no i < k < j where 2 * a[k] = a[i] + a[j], by odd/even recursion."""
    size = abs(n) % 16 + 3
    result = [1]
    while len(result) < size:
        result = [2 * x - 1 for x in result] + [2 * x for x in result]
    return [x for x in result if x <= size]
