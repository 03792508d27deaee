"""The web apps: the big-screen clock, the player's page (and the director's console and the
dealer's tablet), served by ``floorman serve`` from the package itself, over the service's API
and WebSocket feeds. No build step and no CDN: plain ES modules and CSS under ``static/``, so
an event runs on a LAN without the internet (see ``docs/web.md``)."""
