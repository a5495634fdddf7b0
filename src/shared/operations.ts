/** What `GET /api/ready` answers when the process should not be sent traffic (decision 023). */
export const READY_TEXTS = {
  databaseDown: 'The database is not answering.',
  migrationsPending: 'The database is missing migrations this version needs.',
  shuttingDown: 'The server is shutting down.',
} as const;

/** `GET /metrics` from another machine without the right `METRICS_TOKEN`. */
export const METRICS_TEXTS = {
  tokenRequired: 'The metrics are available from this machine, or with the METRICS_TOKEN as a bearer token.',
} as const;
