def divisorSum(n: int) -> int:
    """Sum of the positive divisors of |n| (0 for n = 0)."""
    n = abs(n)
    return sum(d for d in range(1, n + 1) if n % d == 0)
