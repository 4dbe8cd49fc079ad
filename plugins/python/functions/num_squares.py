def numSquares(n: int) -> int:
    """Fewest perfect squares summing to |n| (0 for n = 0)."""
    n = abs(n)
    best = [0] + [n] * n
    for total in range(1, n + 1):
        root = 1
        while root * root <= total:
            best[total] = min(best[total], best[total - root * root] + 1)
            root += 1
    return best[n]
