"""Several server processes over one PostgreSQL database (issue 21): change announcements,
the bridge that carries them to each process's feeds, and starting workers on one host."""
