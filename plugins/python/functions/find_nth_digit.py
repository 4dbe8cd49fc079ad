def findNthDigit(n: int) -> int:
    """The |n|-th digit (1-based; 0 counts as 1) of the sequence 123456789101112..."""
    n = max(1, abs(n))
    length, count, start = 1, 9, 1
    while n > length * count:
        n -= length * count
        length += 1
        count *= 10
        start *= 10
    number = start + (n - 1) // length
    return int(str(number)[(n - 1) % length])
