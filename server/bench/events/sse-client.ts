import { readServerSentEvents } from '../../test/sse-reader';

/**
 * A minimal EventSource over fetch (Node 20 has no global EventSource): reads the live stream and
 * reports each event's id the moment its message is complete.
 */
export async function openEventStream(url: string, headers: Record<string, string>, onEvent: (id: string, data: string) => void) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
  const stream = readServerSentEvents(response);
  if (!(await stream.nextOf('ready'))) throw new Error('event stream: closed before it was ready');
  void (async () => {
    try {
      for (let message = await stream.next(Infinity); message; message = await stream.next(Infinity)) {
        if (message.id) onEvent(message.id, message.data ?? '');
      }
    } catch {
      // Aborted on close.
    }
  })();
  return { close: () => controller.abort() };
}
