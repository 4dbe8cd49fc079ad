from typing import List


def grayCodeSequence(n: int) -> List[int]:
    """The reflected binary Gray code sequence for (|n| mod 5) + 1 bits."""
    bits = abs(n) % 5 + 1
    return [i ^ (i >> 1) for i in range(1 << bits)]
