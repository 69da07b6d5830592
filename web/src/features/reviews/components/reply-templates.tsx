import { BookmarkPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { fillReplyTemplate, MAX_TEMPLATE_NAME_LENGTH, templateFromReply } from '@server/reviews/shared/reply-templates';
import { useDeleteReplyTemplate } from '../api/delete-reply-template';
import { useReplyTemplates } from '../api/get-reply-templates';
import { useSaveReplyTemplate } from '../api/save-reply-template';

type ReplyTemplatesProps = { teamId: string; reviewer: string; text: string; onUse: (text: string) => void };

/** The team's saved replies above the reply box: one click writes it with the reviewer's name in; the reply written can be saved as one. */
export function ReplyTemplates({ teamId, reviewer, text, onUse }: ReplyTemplatesProps) {
  const templates = useReplyTemplates(teamId);
  const remove = useDeleteReplyTemplate(teamId);
  const [naming, setNaming] = useState(false);
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Reply templates" className="flex flex-wrap items-center gap-1.5">
        {templates.data?.map((template) => (
          <span key={template.id} className="inline-flex items-center rounded-full border border-zinc-200 bg-white text-xs shadow-xs">
            <button
              type="button"
              className="rounded-l-full py-1 pr-1 pl-2.5 text-zinc-700 hover:text-zinc-950"
              title={template.text}
              onClick={() => onUse(fillReplyTemplate(template.text, reviewer))}
            >
              {template.name}
            </button>
            <button
              type="button"
              className="rounded-r-full py-1 pr-2 pl-1 text-zinc-400 hover:text-red-600"
              aria-label={`Delete the template ${template.name}`}
              onClick={() => remove.mutate(template.id, { onSuccess: () => toast.success(`Template “${template.name}” deleted`) })}
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        ))}
        {text.trim() && !naming ? (
          <Button variant="ghost" size="sm" onClick={() => setNaming(true)}>
            <BookmarkPlus className="size-3.5" aria-hidden />
            Save as template
          </Button>
        ) : null}
        {!templates.data?.length && !text.trim() ? (
          <span className="text-xs text-zinc-400">Write a reply to save it as a template; the reviewer’s name becomes {'{firstName}'}.</span>
        ) : null}
      </div>
      {naming ? <NameTemplate teamId={teamId} text={templateFromReply(text.trim(), reviewer)} onDone={() => setNaming(false)} /> : null}
    </div>
  );
}

function NameTemplate({ teamId, text, onDone }: { teamId: string; text: string; onDone: () => void }) {
  const save = useSaveReplyTemplate(teamId);
  const [name, setName] = useState('');
  const submit = () => {
    if (!name.trim()) return;
    save.mutate({ name: name.trim(), text }, { onSuccess: () => (toast.success('Template saved'), onDone()) });
  };
  return (
    // Not a <form>: it sits inside the reply's form, and Enter here must not send the reply.
    <div role="group" aria-label="Save as template" className="flex flex-wrap items-center gap-2">
      <Input
        aria-label="Template name"
        placeholder="Name, e.g. Thanks for the stars"
        value={name}
        autoFocus
        maxLength={MAX_TEMPLATE_NAME_LENGTH}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onDone();
          }
        }}
        className="h-8 max-w-64 text-sm"
      />
      <Button size="sm" variant="secondary" pending={save.isPending} disabled={!name.trim()} onClick={submit}>
        Save template
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
      {save.isError ? (
        <p role="alert" className="w-full text-xs text-red-700">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </div>
  );
}
