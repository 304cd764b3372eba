// jest stand-in for the "server-only" marker package, whose real export throws outside a server bundle.
export {};
