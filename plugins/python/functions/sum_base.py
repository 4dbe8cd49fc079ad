def sumBase(n: int, k: int) -> int:
    """Digit sum of |n| written in base k (bases outside 2..10 are wrapped into that range)."""
    base = k if 2 <= k <= 10 else 2 + abs(k) % 9
    n = abs(n)
    total = 0
    while n:
        n, digit = divmod(n, base)
        total += digit
    return total
