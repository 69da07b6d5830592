import { BookOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';

const STANDARD = `import { Webhook } from 'standardwebhooks';

// rawBody: the body exactly as received, before any JSON parsing
const event = new Webhook(secret).verify(rawBody, headers);
// verify() throws if the signature is wrong or the timestamp too old`;

const PLAIN = `import { createHmac, timingSafeEqual } from 'node:crypto';

const expected = createHmac('sha256', secret).update(rawBody).digest('hex');
// During a secret rotation the header holds two, comma-separated
const valid = headers['x-signature'].split(',').some((signature) =>
  signature.length === expected.length &&
  timingSafeEqual(Buffer.from(signature), Buffer.from(expected)));`;

/** How a receiver checks that a delivery came from here: the two signatures every delivery carries. */
export function SignatureHelp() {
  return (
    <div className="space-y-3 text-left">
      <p className="text-sm text-zinc-600">
        Every delivery is a <code className="font-mono text-[13px]">POST</code> of{' '}
        <code className="font-mono text-[13px]">{'{ id, type, createdAt, data }'}</code> signed with the endpoint's secret. Verify it with the Standard Webhooks
        headers (<code className="font-mono text-[13px]">webhook-id</code>, <code className="font-mono text-[13px]">webhook-timestamp</code>,{' '}
        <code className="font-mono text-[13px]">webhook-signature</code>):
      </p>
      <CodeBlock label="Verify with the standardwebhooks library">{STANDARD}</CodeBlock>
      <p className="text-sm text-zinc-600">
        or with a plain HMAC: <code className="font-mono text-[13px]">x-signature</code> is the hex HMAC-SHA256 of the raw body, keyed with the whole secret:
      </p>
      <CodeBlock label="Verify x-signature with a plain HMAC">{PLAIN}</CodeBlock>
      <Button asChild variant="secondary" size="sm">
        <a href="/docs#/Webhooks">
          <BookOpen className="size-4" aria-hidden />
          Webhooks in the API reference
        </a>
      </Button>
    </div>
  );
}

function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <pre aria-label={label} className="overflow-x-auto rounded-lg bg-zinc-900 px-4 py-3 font-mono text-xs leading-relaxed text-zinc-100">
      <code>{children}</code>
    </pre>
  );
}
