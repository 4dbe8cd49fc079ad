def integerPartitions(n: int) -> int:
    """Number of ways to write |n| as an unordered sum of positive integers."""
    n = abs(n)
    ways = [1] + [0] * n
    for part in range(1, n + 1):
        for total in range(part, n + 1):
            ways[total] += ways[total - part]
    return ways[n]
