/**
 * Work a worker process starts itself right after the transaction that recorded it commits (the
 * event consumed, the run started) instead of waiting for a job fetch. The job sent in that same
 * transaction is due this long after, as the durable fallback for a process that stopped first;
 * the work claims its row (PENDING → PROCESSED, QUEUED → RUNNING), so only one of the two acts.
 */
export const IN_PROCESS_FALLBACK_MS = 30_000;
