def mySqrt(x: int) -> int:
    """Integer square root of |x| (rounded down), found by binary search."""
    x = abs(x)
    low, high = 0, x
    while low < high:
        middle = (low + high + 1) // 2
        if middle * middle <= x:
            low = middle
        else:
            high = middle - 1
    return low
