import { ArrowDownToLine, RotateCcw, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { BLUESKY_LENGTH } from '@server/platforms/content-rules/bluesky';
import { TWEET_LENGTH } from '@server/platforms/content-rules/twitter';
import { FIRST_COMMENT_PLATFORMS } from '@server/platforms/content-rules/first-comment';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { platformLabel, type PostPlatform } from '@/lib/post-platforms';
import type { Upload } from '@/api/get-uploads';
import { hasOwnTitle, issueField, type ComposerValues, type Issue } from '../lib/composer-state';
import { issueSentence } from '../lib/issue-words';
import { mediaLabel } from '../lib/media';
import { acceptsMedia, platformFields, textIsTitle } from '../lib/option-fields';
import { Textarea } from '@/components/ui/textarea';
import { CharacterCounter, FieldIssues } from './controls';
import { MediaThumb } from './media-thumb';
import { PlatformOption, type UploadChoice } from './option-control';
import { PlatformOptions } from './platform-options';

type PlatformPanelProps = {
  platform: PostPlatform;
  /** `data.<PLATFORM>` as it will be sent. */
  data: Record<string, unknown>;
  /** Every issue of the platform, paths inside `data.<PLATFORM>`. */
  issues: Issue[];
  uploads: Upload[];
};

/** Options that list uploads with details (alt text...), used instead of the tab's plain media. */
const MEDIA_LISTS = new Set(['carouselItems', 'mediaItems']);

/** The limit a reader notices: X and Bluesky accept longer text only in special modes. */
function textLimit(platform: PostPlatform, data: Record<string, unknown>): number | undefined {
  if (platform === 'TWITTER' && !data.tweetStorm) return TWEET_LENGTH;
  if (platform === 'BLUESKY') return BLUESKY_LENGTH;
  return platformFields(platform).text.max;
}

/** One platform's tab: its text (or title), media, options, first comment and violations (the preview sits beside the tabs). */
export function PlatformPanel({ platform, data, issues, uploads }: PlatformPanelProps) {
  const id = useId();
  const { register, getValues, setValue } = useFormContext<ComposerValues>();
  const [sharedText, sharedMedia] = useWatch<ComposerValues, ['sharedText', 'sharedMedia']>({ name: ['sharedText', 'sharedMedia'] });
  // null: the tab uses the shared text or media.
  const { field: ownText } = useController<ComposerValues, `drafts.${PostPlatform}.text`>({ name: `drafts.${platform}.text` });
  const { field: ownMedia } = useController<ComposerValues, `drafts.${PostPlatform}.media`>({ name: `drafts.${platform}.media` });
  const label = platformLabel(platform);
  const fields = platformFields(platform);
  const isTitle = textIsTitle(platform);
  const ownTitle = hasOwnTitle(platform);
  const text = ownTitle ? (ownText.value ?? '') : (ownText.value ?? sharedText);
  const limit = textLimit(platform, data);
  const messagesFor = (field: string) => issues.filter((issue) => issueField(issue) === field).map((issue) => issue.message);
  const textIssues = messagesFor('text');
  const mediaIssues = messagesFor('media');
  const library = new Map(uploads.map((upload) => [upload.id, upload]));
  const media = ownMedia.value ?? sharedMedia;
  // Numbered, so two uploads of the same size and type can be told apart in a select.
  const choices: UploadChoice[] = uploads.map((upload, i) => ({ id: upload.id, label: `${i + 1}. ${mediaLabel(upload)}`, upload }));
  const textLabel = isTitle ? `${label} title` : `${label} text`;
  const moveMediaInto = (key: string) => {
    const current = getValues(`drafts.${platform}.options.${key}`);
    const items = Array.isArray(current) ? (current as unknown[]) : [];
    ownMedia.onChange([]);
    setValue(`drafts.${platform}.options.${key}`, [...items, ...media.map((uploadId) => ({ uploadId }))]);
  };

  return (
    <div className="min-w-0 space-y-5">
      {issues.length > 0 ? (
        <div role="alert" aria-label={`Problems on ${label}`} className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            {issues.length === 1 ? `1 problem to fix for ${label}` : `${issues.length} problems to fix for ${label}`}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-9 text-xs">
            {issues.map((issue) => (
              <li key={`${issue.path.join('.')}-${issue.message}`}>{issueSentence(platform, issue, data, library)}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="space-y-1.5">
        <div className="flex items-end justify-between gap-3">
          <Label htmlFor={`${id}-text`}>{textLabel}</Label>
          {ownText.value !== null && !ownTitle ? (
            <Button variant="ghost" size="sm" onClick={() => ownText.onChange(null)}>
              <RotateCcw className="size-3.5" aria-hidden />
              Use the shared text
            </Button>
          ) : null}
        </div>
        <Textarea
          id={`${id}-text`}
          rows={isTitle ? 2 : 5}
          placeholder={ownTitle ? `The ${label} title people see first` : undefined}
          value={text}
          onChange={(event) => ownText.onChange(event.target.value)}
          aria-invalid={textIssues.length > 0 || undefined}
          aria-describedby={`${id}-text-hint ${id}-text-count ${id}-text-issues`}
        />
        <div className="flex items-start justify-between gap-3">
          <p id={`${id}-text-hint`} className="text-xs text-zinc-500">
            {ownTitle
              ? `Only on ${label}; the shared text becomes the description.`
              : ownText.value === null
                ? `Uses the shared text. Edit it here to change it on ${label} only.`
                : `Only on ${label}.`}
            {fields.text.description && !ownTitle ? ` ${fields.text.description}.` : ''}
          </p>
          {limit ? <CharacterCounter id={`${id}-text-count`} length={text.trim().length} max={limit} /> : null}
        </div>
        <FieldIssues id={`${id}-text-issues`} messages={textIssues} />
      </div>

      {acceptsMedia(platform) ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-zinc-800">Media on {label}</legend>
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-own-media`}
              checked={ownMedia.value !== null}
              onCheckedChange={(checked) => ownMedia.onChange(checked ? [...sharedMedia] : null)}
            />
            <Label htmlFor={`${id}-own-media`} className="font-normal">
              Choose different media for {label}
            </Label>
          </div>
          {ownMedia.value === null ? (
            <div className="flex flex-wrap gap-2">
              {media.length === 0 ? <p className="text-xs text-zinc-500">No media attached. Pick some in the library.</p> : null}
              {media.map((uploadId) => {
                const upload = library.get(uploadId);
                return upload ? (
                  <span key={uploadId} className="size-16 overflow-hidden rounded-md ring-1 ring-zinc-200" title={mediaLabel(upload)}>
                    <MediaThumb upload={upload} />
                  </span>
                ) : null;
              })}
            </div>
          ) : (
            <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6" aria-label={`Media for ${label}`}>
              {uploads.map((upload) => (
                <li key={upload.id} className="relative">
                  <label htmlFor={`${id}-m-${upload.id}`} className="block aspect-square cursor-pointer overflow-hidden rounded-md ring-1 ring-zinc-200">
                    <MediaThumb upload={upload} />
                  </label>
                  <Checkbox
                    id={`${id}-m-${upload.id}`}
                    aria-label={`Use ${mediaLabel(upload)} on ${label}`}
                    className="absolute top-1 left-1 bg-white/90"
                    checked={media.includes(upload.id)}
                    onCheckedChange={(checked) => ownMedia.onChange(checked ? [...media, upload.id] : media.filter((m) => m !== upload.id))}
                  />
                </li>
              ))}
            </ul>
          )}
          <FieldIssues messages={mediaIssues} />
        </fieldset>
      ) : null}

      {fields.options.length > 0 ? (
        <PlatformOptions
          platform={platform}
          fields={fields.options}
          data={data}
          issues={issues}
          renderOption={(field) => (
            <PlatformOption
              platform={platform}
              field={field}
              uploads={choices}
              action={
                MEDIA_LISTS.has(field.key) && media.length > 0 ? (
                  <Button variant="ghost" size="sm" onClick={() => moveMediaInto(field.key)}>
                    <ArrowDownToLine className="size-3.5" aria-hidden />
                    Move the attached media here
                  </Button>
                ) : undefined
              }
            />
          )}
        />
      ) : null}

      {(FIRST_COMMENT_PLATFORMS as readonly string[]).includes(platform) ? (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-comment`}>First comment on {label}</Label>
          <Textarea id={`${id}-comment`} rows={2} maxLength={2200} {...register(`drafts.${platform}.firstComment`)} aria-describedby={`${id}-comment-hint`} />
          <p id={`${id}-comment-hint`} className="text-xs text-zinc-500">
            Optional. Posted under the published {label} post right after it goes out.
          </p>
          <FieldIssues messages={messagesFor('firstComment')} />
        </div>
      ) : null}
    </div>
  );
}
