def minOperationsToZero(n: int) -> int:
    """Fewest additions or subtractions of powers of two that bring |n| to zero."""
    n = abs(n)
    operations = 0
    while n:
        if n % 2 == 0:
            n //= 2
        elif n % 4 == 3:
            n += 1
            operations += 1
        else:
            n -= 1
            operations += 1
    return operations
