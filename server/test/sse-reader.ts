/** One Server-Sent Events message as the tests see it (heartbeat comments are skipped). */
export type SseMessage = { event?: string; id?: string; data?: string };

/**
 * Reads a `text/event-stream` response message by message (tests, and the events benchmark's
 * EventSource stand-in: Node 20 has none). `next` answers `null` once the server closed the
 * stream, or when nothing arrives in time, so a test can assert that a stream ended.
 */
export function readServerSentEvents(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // `Infinity` waits for as long as the stream stays open.
  const readWithin = async (ms: number) => {
    if (ms === Infinity) return reader.read();
    if (ms <= 0) return null;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
    try {
      return await Promise.race([reader.read(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  const next = async (timeoutMs = 10_000): Promise<SseMessage | null> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue; // heartbeat comment
        const message: SseMessage = {};
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(': ');
          if (field === 'event' || field === 'id' || field === 'data') message[field] = rest.join(': ');
        }
        return message;
      }
      const chunk = await readWithin(deadline - Date.now());
      if (!chunk || chunk.done) return null;
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  /** The next message of `type`, skipping others. */
  const nextOf = async (type: string) => {
    for (;;) {
      const message = await next();
      if (!message || message.event === type) return message;
    }
  };
  return { next, nextOf, close: () => reader.cancel().catch(() => {}) };
}
