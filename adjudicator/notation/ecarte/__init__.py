"""The Écarté Transcript Notation: its grammar, reader, model and writer."""
