def largestPrimeFactor(n: int) -> int:
    """Largest prime factor of |n| (0 for n in -1..1), with the sign of n."""
    value = abs(n)
    if value < 2:
        return 0
    factor, largest = 2, 1
    while factor * factor <= value:
        while value % factor == 0:
            largest = factor
            value //= factor
        factor += 1
    largest = max(largest, value) if value > 1 else largest
    return largest if n > 0 else -largest
