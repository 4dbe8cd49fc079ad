from math import isqrt


def countPrimes(n: int) -> int:
    """How many primes are strictly less than |n|."""
    n = abs(n)
    if n <= 2:
        return 0
    sieve = [True] * n
    sieve[0] = sieve[1] = False
    for p in range(2, isqrt(n - 1) + 1):
        if sieve[p]:
            sieve[p * p :: p] = [False] * len(range(p * p, n, p))
    return sum(sieve)
