def tribonacciMod(n: int) -> int:
    """The |n|-th tribonacci number (T0 = 0, T1 = T2 = 1), modulo 10007."""
    a, b, c = 0, 1, 1
    for _ in range(abs(n)):
        a, b, c = b, c, (a + b + c) % 10007
    return a
