import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { CommentBody, EchoBody, MessageBody, PostbackBody, ReactionBody, ReadBody, ReviewBody } from '@server/sandbox-platform/sandbox.schemas';
import { Button } from '@/components/ui/button';
import { Form, FormError } from '@/components/ui/form';
import type { SocialAccount } from '@/api/get-team-accounts';
import { usePublishSandboxItem, type SandboxItem } from '../api/publish-sandbox-item';
import type { SandboxActivity, SandboxActivityBody, SandboxEmitResult } from '../api/send-sandbox-activity';
import { SandboxSelect, SandboxTextArea, SandboxTextField } from './sandbox-fields';

/** What earlier sends produced, offered as defaults so a reaction or an echo refers to a real message. */
export type SandboxMemory = {
  lastMessage?: { messageId: string; senderId: string; senderName: string | null };
  reviewIds: string[];
  lastItem?: SandboxItem;
};

export type SendActivity = <Activity extends SandboxActivity>(activity: Activity, body: SandboxActivityBody<Activity>) => Promise<SandboxEmitResult>;

type FormProps = { account: SocialAccount; memory: SandboxMemory; send: SendActivity };

function Submit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div className="flex justify-end pt-1">
      <Button type="submit" pending={pending}>
        {pending ? null : <Send className="size-4" aria-hidden />}
        {children}
      </Button>
    </div>
  );
}

const senderHint = 'Leave empty for a new person; reuse an id to continue their conversation.';

export function MessageForm({ account, memory, send }: FormProps) {
  return (
    <Form
      schema={MessageBody}
      defaultValues={{ socialAccountId: account.id }}
      aria-label="Send a direct message"
      onSubmit={async (values, form) => {
        await send('message', values);
        form.resetField('text');
      }}
    >
      {(form) => (
        <>
          <SandboxTextArea name="text" label="Message" placeholder="Hi! Do you ship to Canada?" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SandboxTextField name="senderName" label="Sender name" placeholder="Random if empty" />
            <SandboxTextField name="senderId" label="Sender id" placeholder={memory.lastMessage?.senderId ?? 'New person'} description={senderHint} />
          </div>
          <FormError />
          <Submit pending={form.formState.isSubmitting}>Send message</Submit>
        </>
      )}
    </Form>
  );
}

export function CommentForm({ account, memory, send, onPublished }: FormProps & { onPublished: (item: SandboxItem) => void }) {
  const publish = usePublishSandboxItem();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2.5 text-sm">
        <span className="min-w-0 text-zinc-600">
          {memory.lastItem ? (
            <>
              Comments go to the post <span className="font-mono text-xs text-zinc-800">{memory.lastItem.id}</span>
              {memory.lastItem.permalink ? <span className="block truncate text-xs text-zinc-500">{memory.lastItem.permalink}</span> : null}
            </>
          ) : (
            'Comments go to the latest post on the platform (one is made if there is none).'
          )}
        </span>
        <Button
          variant="secondary"
          size="sm"
          pending={publish.isPending}
          onClick={() =>
            publish.mutate(
              { socialAccountId: account.id },
              {
                onSuccess: (item) => {
                  onPublished(item);
                  toast.success('Sandbox post published');
                },
                onError: (error) => toast.error(error.message),
              },
            )
          }
        >
          Publish a sandbox post
        </Button>
      </div>
      <Form
        key={memory.lastItem?.id ?? 'latest'}
        schema={CommentBody}
        defaultValues={{ socialAccountId: account.id, itemId: memory.lastItem?.id }}
        aria-label="Send a comment"
        onSubmit={async (values, form) => {
          await send('comment', values);
          form.resetField('text');
        }}
      >
        {(form) => (
          <>
            <SandboxTextArea name="text" label="Comment" placeholder="Love this! Where can I buy it?" />
            <div className="grid gap-4 sm:grid-cols-2">
              <SandboxTextField name="authorName" label="Author name" placeholder="Random if empty" />
              <SandboxTextField name="itemId" label="Post id" placeholder="Latest post" />
            </div>
            <FormError />
            <Submit pending={form.formState.isSubmitting}>Send comment</Submit>
          </>
        )}
      </Form>
    </div>
  );
}

export function PostbackForm({ account, memory, send }: FormProps) {
  return (
    <Form
      schema={PostbackBody}
      defaultValues={{ socialAccountId: account.id, kind: 'QUICK_REPLY', senderId: memory.lastMessage?.senderId }}
      aria-label="Send a quick reply or button tap"
      onSubmit={(values) => send('postback', values)}
    >
      {(form) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SandboxSelect name="kind" label="What was tapped">
              <option value="QUICK_REPLY">Quick reply</option>
              <option value="BUTTON">Button</option>
              <option value="ICE_BREAKER">Ice breaker (Instagram)</option>
              <option value="MENU_ITEM">Menu item (Facebook)</option>
              <option value="GET_STARTED">Get Started (Facebook)</option>
            </SandboxSelect>
            <SandboxTextField name="title" label="Title shown" placeholder="Yes, please" description="Ice breakers and the menu use their synced title." />
          </div>
          <SandboxTextField
            name="payload"
            label="Payload"
            placeholder="WANTS_CATALOG"
            description="The value your automation set on the reply or button, or a synced ice breaker’s or menu item’s payload."
          />
          <SandboxTextField name="senderId" label="Sender id" placeholder="New person" description={senderHint} />
          <FormError />
          <Submit pending={form.formState.isSubmitting}>Send tap</Submit>
        </>
      )}
    </Form>
  );
}

export function ReactionForm({ account, memory, send }: FormProps) {
  return (
    <Form
      schema={ReactionBody}
      defaultValues={{
        socialAccountId: account.id,
        messageId: memory.lastMessage?.messageId,
        reaction: 'love',
        action: 'react',
        senderId: memory.lastMessage?.senderId,
      }}
      aria-label="Send a reaction"
      onSubmit={(values) => send('reaction', values)}
    >
      {(form) => (
        <>
          <SandboxTextField name="messageId" label="Message id" placeholder="m_…" description="Send a direct message first: its id is filled in here." />
          <div className="grid gap-4 sm:grid-cols-2">
            <SandboxTextField name="reaction" label="Reaction" placeholder="love" />
            <SandboxSelect name="action" label="Action">
              <option value="react">React</option>
              <option value="unreact">Remove reaction</option>
            </SandboxSelect>
          </div>
          <SandboxTextField name="senderId" label="Sender id" placeholder="New person" description={senderHint} />
          <FormError />
          <Submit pending={form.formState.isSubmitting}>Send reaction</Submit>
        </>
      )}
    </Form>
  );
}

export function ReadForm({ account, memory, send }: FormProps) {
  return (
    <Form
      schema={ReadBody}
      defaultValues={{ socialAccountId: account.id, senderId: memory.lastMessage?.senderId }}
      aria-label="Send a read receipt"
      onSubmit={(values) => send('read', values)}
    >
      {(form) => (
        <>
          <p className="text-sm text-zinc-600">The person reads the conversation: every message up to now is marked as seen.</p>
          <SandboxTextField name="senderId" label="Reader id" placeholder="New person" description={senderHint} />
          <FormError />
          <Submit pending={form.formState.isSubmitting}>Send read receipt</Submit>
        </>
      )}
    </Form>
  );
}

export function EchoForm({ account, memory, send }: FormProps) {
  return (
    <Form
      schema={EchoBody}
      defaultValues={{ socialAccountId: account.id, recipientId: memory.lastMessage?.senderId }}
      aria-label="Send an owner echo"
      onSubmit={async (values, form) => {
        await send('echo', values);
        form.resetField('text');
      }}
    >
      {(form) => (
        <>
          <p className="text-sm text-zinc-600">The account owner answers from the platform's own app; the platform echoes that message back.</p>
          <SandboxTextField
            name="recipientId"
            label="Recipient id"
            placeholder="The person's id"
            description="Filled in with the sender of the last direct message."
          />
          <SandboxTextArea name="text" label="Message" placeholder="Thanks, we'll check and get back to you." />
          <FormError />
          <Submit pending={form.formState.isSubmitting}>Send echo</Submit>
        </>
      )}
    </Form>
  );
}

export function ReviewForm({ account, memory, send }: FormProps) {
  return (
    <Form
      schema={ReviewBody}
      defaultValues={{ socialAccountId: account.id, rating: 5 }}
      aria-label="Send a review"
      onSubmit={(values) => send('review', values)}
    >
      {(form) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SandboxSelect name="reviewId" label="Review">
              <option value="">A new review</option>
              {memory.reviewIds.map((id) => (
                <option key={id} value={id}>
                  Edit {id.split('/').pop()}
                </option>
              ))}
            </SandboxSelect>
            <SandboxSelect name="rating" label="Rating" number>
              {[5, 4, 3, 2, 1].map((stars) => (
                <option key={stars} value={stars}>
                  {'★'.repeat(stars)}
                  {'☆'.repeat(5 - stars)} ({stars})
                </option>
              ))}
            </SandboxSelect>
          </div>
          <SandboxTextArea name="comment" label="Comment" placeholder="Friendly staff and quick service." />
          <SandboxTextField name="reviewerName" label="Reviewer name" placeholder="Random if empty" />
          <FormError />
          <Submit pending={form.formState.isSubmitting}>Send review</Submit>
        </>
      )}
    </Form>
  );
}
