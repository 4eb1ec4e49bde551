"""Health check for load balancers: ``/salud/`` answers whether this web process can serve."""
