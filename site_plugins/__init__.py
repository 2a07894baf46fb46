"""Le greffon MkDocs ``jdr`` : blocs d'exemples et de lanceurs, runtime Pyodide embarqué."""
