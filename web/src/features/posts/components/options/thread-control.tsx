import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import type { OptionField } from '../../lib/option-fields';
import { Textarea } from '@/components/ui/textarea';
import { CharacterCounter, FieldIssues } from '../controls';
import { allMessages, issuesUnder, ownMessages } from './issues';
import { ItemActions, moveItem } from './item-actions';
import type { OptionControlProps } from './types';
import { isRecord } from './types';
import { UploadPicker } from './upload-picker';

type ObjectListField = Extract<OptionField, { kind: 'objectList' }>;
type ThreadPost = { text?: string; uploadIds?: string[] };

/** X's thread: the posts that follow the main one as replies, each with its own counter and optional media. */
export function ThreadControl({ field, value, issues, uploads, onChange }: OptionControlProps<ObjectListField>) {
  const id = useId();
  const [added, setAdded] = useState<number | null>(null);
  const posts = (Array.isArray(value) ? value : []).map((item) => (isRecord(item) ? (item as ThreadPost) : {}));
  const textField = field.fields.find((inner) => inner.key === 'text');
  const limit = textField?.kind === 'string' ? (textField.max ?? 280) : 280;
  const mediaField = field.fields.find((inner) => inner.key === 'uploadIds');
  const set = (next: ThreadPost[]) => onChange(next.length ? next : undefined);
  const update = (index: number, change: ThreadPost) => set(posts.map((post, i) => (i === index ? { ...post, ...change } : post)));

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">
        {field.label}
        {field.max ? (
          <span className="font-normal text-zinc-500">
            {' '}
            ({posts.length} of at most {field.max})
          </span>
        ) : null}
      </legend>
      <p className="text-xs text-zinc-500">Posted in order as replies under the main post.</p>
      <FieldIssues messages={ownMessages(issues)} />
      {posts.length > 0 ? (
        <ol className="space-y-2">
          {posts.map((post, index) => {
            const name = `Thread post ${index + 1}`;
            const inputId = `${id}-post-${index}`;
            const own = issuesUnder(issues, index);
            const textMessages = allMessages(issuesUnder(own, 'text'));
            const text = post.text ?? '';
            return (
              <li key={index} className="rounded-lg border border-zinc-200 bg-zinc-50/60 p-3">
                <div className="mb-1.5 flex items-center justify-between gap-2">
                  <Label htmlFor={inputId}>{name}</Label>
                  <ItemActions
                    name={name.toLowerCase()}
                    index={index}
                    count={posts.length}
                    idPrefix={id}
                    onMove={(from, to) => set(moveItem(posts, from, to))}
                    onRemove={() => set(posts.filter((_, i) => i !== index))}
                  />
                </div>
                <Textarea
                  id={inputId}
                  rows={3}
                  value={text}
                  autoFocus={index === added}
                  aria-invalid={textMessages.length > 0 || undefined}
                  aria-describedby={`${inputId}-count${textMessages.length ? ` ${inputId}-issues` : ''}`}
                  onChange={(event) => update(index, { text: event.target.value })}
                />
                <div className="mt-1 flex items-start justify-between gap-3">
                  <FieldIssues id={`${inputId}-issues`} messages={[...ownMessages(own), ...textMessages]} />
                  <span className="ml-auto">
                    <CharacterCounter id={`${inputId}-count`} length={text.length} max={limit} />
                  </span>
                </div>
                {mediaField && uploads.length > 0 ? (
                  <div className="mt-2">
                    <UploadPicker
                      id={`${inputId}-media`}
                      label={`Media for ${name.toLowerCase()}`}
                      uploads={uploads}
                      value={post.uploadIds ?? []}
                      max={mediaField.kind === 'uploads' ? mediaField.max : undefined}
                      onChange={(uploadIds) => update(index, { uploadIds })}
                    />
                    <FieldIssues messages={allMessages(issuesUnder(own, 'uploadIds'))} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        disabled={field.max !== undefined && posts.length >= field.max}
        onClick={() => {
          setAdded(posts.length);
          set([...posts, { text: '' }]);
        }}
      >
        <Plus className="size-3.5" aria-hidden />
        Add a thread post
      </Button>
    </fieldset>
  );
}
