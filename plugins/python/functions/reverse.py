def reverse(x: int) -> int:
    """Digits of x in reverse order, keeping the sign (0 if the result leaves the 32-bit range)."""
    sign = -1 if x < 0 else 1
    result = sign * int(str(abs(x))[::-1])
    return result if -(2**31) <= result < 2**31 else 0
