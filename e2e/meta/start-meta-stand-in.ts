import { createServer } from 'node:http';
import { deliver, messageDelivery } from '../../server/platforms/live/meta/graph-stand-in/webhook-delivery';
import { META_APPS, startMetaStandIn } from '../../server/platforms/live/meta/meta-test-kit';

/**
 * The Graph API stand-in (decision 072) for the Playwright journeys, in its own process as Meta is:
 * its hosts on fixed ports from META_FIRST_PORT (the app's settings name them), and a control port
 * where a journey makes a person write to an account (the stand-in keeps the message and sends the
 * signed webhook to the app, as Meta does) and reads what the app sent. Stops on SIGTERM.
 */
const appUrl = required('APP_URL');
const meta = await startMetaStandIn({ publicUrl: appUrl, firstPort: Number(required('META_FIRST_PORT')) });

/** `object`: Meta's webhook object (`instagram`, `page`); `signedBy`: the app whose secret signs it (Instagram Login: `instagram`). */
type PersonWrites = {
  account: string;
  object: 'instagram' | 'page';
  signedBy: 'facebook' | 'instagram';
  person: { id: string; name: string; username: string };
  text: string;
};

const control = createServer((request, response) => {
  void (async () => {
    const url = new URL(request.url ?? '/', 'http://control');
    const reply = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    try {
      if (request.method === 'GET' && url.pathname === '/health') return reply(200, { ok: true });
      if (request.method === 'POST' && url.pathname === '/person-writes') {
        const input = JSON.parse(await bodyOf(request)) as PersonWrites;
        const message = meta.world.messaging.personWrites(input.account, input.person, input.text);
        const delivered = await deliver(
          (body, headers) => fetch(`${appUrl}/webhooks/meta`, { method: 'POST', body, headers }),
          messageDelivery(input.object, input.account, message),
          META_APPS[input.signedBy].secret,
        );
        return reply(200, { messageId: message.id, webhookStatus: delivered.status });
      }
      if (request.method === 'GET' && url.pathname === '/sent') return reply(200, meta.world.messaging.sentBy(url.searchParams.get('account') ?? ''));
      reply(404, { error: `no control route ${request.method} ${url.pathname}` });
    } catch (error) {
      reply(500, { error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
control.listen(Number(required('META_CONTROL_PORT')), '127.0.0.1');

const stop = () => {
  control.close();
  void meta.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function bodyOf(request: import('node:http').IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
