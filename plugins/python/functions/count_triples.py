def countTriples(n: int) -> int:
    """Number of ordered triples (a, b, c) within 1..|n| with a*a + b*b = c*c."""
    n = abs(n)
    squares = {c * c for c in range(1, n + 1)}
    return sum(1 for a in range(1, n + 1) for b in range(1, n + 1) if a * a + b * b in squares)
