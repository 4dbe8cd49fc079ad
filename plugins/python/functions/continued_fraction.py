from typing import List


def continuedFraction(a: int, b: int) -> List[int]:
    """Continued-fraction terms of |a| / |b| (a zero denominator counts as 1)."""
    numerator, denominator = abs(a), abs(b) or 1
    terms: List[int] = []
    while denominator:
        whole, rest = divmod(numerator, denominator)
        terms.append(whole)
        numerator, denominator = denominator, rest
    return terms
