"""Print the boiling point of water in Celsius."""

from harvest import Converter

converter = Converter("fahrenheit")
print(converter.convert(212))
