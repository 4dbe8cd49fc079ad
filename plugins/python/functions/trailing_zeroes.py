def trailingZeroes(n: int) -> int:
    """Number of trailing zeros of |n|!, counting factors of five."""
    n = abs(n)
    zeros = 0
    while n:
        n //= 5
        zeros += n
    return zeros
