from math import isqrt
from typing import List


def primesUpTo(n: int) -> List[int]:
    """All primes less than or equal to |n|."""
    n = abs(n)
    if n < 2:
        return []
    sieve = [True] * (n + 1)
    sieve[0] = sieve[1] = False
    for p in range(2, isqrt(n) + 1):
        if sieve[p]:
            for multiple in range(p * p, n + 1, p):
                sieve[multiple] = False
    return [i for i, is_prime in enumerate(sieve) if is_prime]
