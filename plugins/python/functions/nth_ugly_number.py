def nthUglyNumber(n: int) -> int:
    """The |n|-th positive number whose only prime factors are 2, 3 and 5 (n = 0 is treated as 1)."""
    n = max(1, abs(n))
    ugly = [1]
    i2 = i3 = i5 = 0
    while len(ugly) < n:
        following = min(ugly[i2] * 2, ugly[i3] * 3, ugly[i5] * 5)
        ugly.append(following)
        if following == ugly[i2] * 2:
            i2 += 1
        if following == ugly[i3] * 3:
            i3 += 1
        if following == ugly[i5] * 5:
            i5 += 1
    return ugly[-1]
