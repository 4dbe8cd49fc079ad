def addDigits(num: int) -> int:
    """Repeatedly sum the digits of |num| until one digit remains."""
    num = abs(num)
    while num >= 10:
        num = sum(int(digit) for digit in str(num))
    return num
