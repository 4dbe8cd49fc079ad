def coloredCells(n: int) -> int:
    """Cells coloured after |n| minutes (0 counts as 1) when the diamond grows by one ring per minute."""
    n = max(1, abs(n))
    return 2 * n * (n - 1) + 1
