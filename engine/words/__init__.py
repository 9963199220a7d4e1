"""Words, made at the edge: a step's text, a why-answer's text and their labels (English, Chinese)."""
