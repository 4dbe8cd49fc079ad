from typing import List


def pathInZigZagTree(label: int) -> List[int]:
    """Labels from the root to node |label| (0 counts as 1) in a binary tree labelled in zigzag row order."""
    label = max(1, abs(label))
    path: List[int] = []
    while label >= 1:
        path.append(label)
        level = label.bit_length() - 1
        mirrored = (1 << level) + (1 << (level + 1)) - 1 - label
        label = mirrored // 2
    return path[::-1]
