"""Broker-Yard game engines: pure standard-library Python that runs in CPython and Pyodide."""

ENGINE_VERSION = 1
