"""The build pipeline: data and texts in, the site out (build.py runs it). Build side
only: nothing here ships to the browser."""
