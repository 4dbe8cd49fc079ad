from typing import List


def getRow(rowIndex: int) -> List[int]:
    """Row |rowIndex| mod 34 of Pascal's triangle (row 0 is [1])."""
    row = [1]
    for _ in range(abs(rowIndex) % 34):
        row = [a + b for a, b in zip([0] + row, row + [0])]
    return row
