def clamp(value: float, low: float = 0.0) -> float:
    return max(value, low)
