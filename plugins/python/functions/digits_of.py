from typing import List


def digitsOf(n: int) -> List[int]:
    """Digits of |n| in base (|n| mod 7) + 3, most significant first, followed by the digit count."""
    value = abs(n)
    base = value % 7 + 3
    digits: List[int] = []
    while value:
        value, digit = divmod(value, base)
        digits.append(digit)
    return digits[::-1] + [len(digits)]
