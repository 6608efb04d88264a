"""Where greetings are kept."""
