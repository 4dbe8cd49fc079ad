from math import prod


def subtractProductAndSum(n: int) -> int:
    """Product of the digits of |n| minus their sum."""
    digits = [int(d) for d in str(abs(n))]
    return prod(digits) - sum(digits)
