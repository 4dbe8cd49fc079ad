def sumOfMultiples(n: int) -> int:
    """Sum of the numbers in 1..|n| divisible by 3, 5 or 7."""
    return sum(i for i in range(1, abs(n) + 1) if i % 3 == 0 or i % 5 == 0 or i % 7 == 0)
