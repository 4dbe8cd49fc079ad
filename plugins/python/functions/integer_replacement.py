def integerReplacement(n: int) -> int:
    """Fewest steps to reach 1 from |n| (0 counts as 1) by halving evens and adding or subtracting one on odds."""
    n = max(1, abs(n))
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n //= 2
        elif n == 3 or n % 4 == 1:
            n -= 1
        else:
            n += 1
        steps += 1
    return steps
