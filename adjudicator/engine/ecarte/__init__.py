"""The engine layer: what lawful écarté is, and what happened at the table.

The rules of play and scoring on bitmasks (``rules``), the state of the table (``table``), the
replay of a record (``replay``), the questions the laws ask of a state (``queries``), and the
generator of lawful games (``generate``). It judges nothing: a departure from lawful play is a
fact (a deviation) for the laws. It imports only from the notation layer.
"""
