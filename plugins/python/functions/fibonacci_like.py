from typing import List


def fibonacciLike(a: int, b: int) -> List[int]:
    """Eight terms of the sequence starting a, b where each term is the sum of the previous two."""
    terms = [a, b]
    while len(terms) < 8:
        terms.append(terms[-1] + terms[-2])
    return terms
