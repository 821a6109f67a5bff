"""The site build, one module per step (build.py at the repository root is its command):

common           folders, the log, commands, hashes, pins
pyodide          the Pyodide runtime (npm, pinned), checked and trimmed
bytecode         Python 3.14 bytecode made inside Pyodide (wheels, standard library)
wheels           the engine's and the web's wheels, jinja2, markupsafe, the lock file
manifest         manifest.webmanifest and the icons
pages            index.html and rules/<game>.html
report           build.json and the site's sizes
service_worker   sw.js and its precache list
site             the build itself: each step in turn, then dist/ swapped in
headers, serve   the security policy, MIME types and the local server
"""
