import type { Upload } from '@/api/get-uploads';
import type { PostPlatform } from '@/lib/post-platforms';
import type { Issue } from './composer-state';
import { mediaLabel } from './media';
import { platformFields, textIsTitle, type OptionField } from './option-fields';

/** Rules whose message names no fix, and the fix a person can apply. */
const FIXES: { pattern: RegExp; fix: string }[] = [
  { pattern: /^Upload .+ was not found in this team$/, fix: 'This file is no longer in the media library: remove it and pick another.' },
  { pattern: /limited to \d+ characters/, fix: 'Shorten it, or write a different text for this platform only.' },
  { pattern: /^Images and a video cannot be mixed/, fix: 'Choose different media for this platform: only photos, or only the video.' },
  { pattern: /^At most \d+ (image|video)/, fix: 'Choose different media for this platform, or remove some.' },
];

/** "Carousel slides, item 2, alt text": the option and its part, from the labels the composer shows. */
function optionWhere(fields: OptionField[], path: (string | number)[]): string {
  const words: string[] = [];
  let current: OptionField[] | undefined = fields;
  for (const step of path) {
    if (typeof step === 'number') {
      words.push(`item ${step + 1}`);
      continue;
    }
    const field: OptionField | undefined = current?.find((candidate) => candidate.key === step);
    if (!field) break;
    words.push(words.length ? field.label.toLowerCase() : field.label);
    current = field.kind === 'object' || field.kind === 'objectList' ? field.fields : undefined;
  }
  return words.join(', ');
}

/**
 * An issue of a platform's tab as a sentence a person can act on: what it is about (the text, a
 * named file, an option by its label) rather than the API's path, and a fix where the rule has one.
 */
export function issueSentence(platform: PostPlatform, issue: Issue, data: Record<string, unknown>, library: ReadonlyMap<string, Upload>): string {
  const [head, index] = issue.path;
  let where: string | null = null;
  if (head === undefined) where = null;
  else if (head === 'text') where = textIsTitle(platform) ? 'Title' : 'Text';
  else if (head === 'firstComment') where = 'First comment';
  else if (head === 'uploadIds') {
    const ids = Array.isArray(data.uploadIds) ? (data.uploadIds as string[]) : [];
    const upload = typeof index === 'number' ? library.get(ids[index] ?? '') : undefined;
    where = typeof index !== 'number' ? 'Media' : upload ? `Media ${index + 1} (${mediaLabel(upload)})` : `Media ${index + 1}`;
  } else where = optionWhere(platformFields(platform).options, issue.path) || null;
  const fix = FIXES.find(({ pattern }) => pattern.test(issue.message))?.fix;
  const sentence = /[.!?]$/.test(issue.message) ? issue.message : `${issue.message}.`;
  return [where ? `${where}: ${sentence}` : sentence, fix].filter(Boolean).join(' ');
}
