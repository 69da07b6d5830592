import type { ZodTypeAny } from 'zod';
import { platformOptionSchemas } from '@server/platforms/content-rules/registry';
import type { PostPlatform } from '@/lib/post-platforms';
import { FACEBOOK_TEXT_FORMAT_PRESETS } from '@server/platforms/shared/facebook-text-format-presets';
import { optionCopy } from './option-copy';

/** One option of a platform, read from its zod schema so the composer offers exactly what the API accepts. */
export type OptionField = {
  key: string;
  label: string;
  description?: string;
  required: boolean;
  /** Shown before "More options" (required options always are). */
  common: boolean;
  /** Words for the values of an enum or of a list of enum values. */
  valueLabels?: Record<string, string>;
} & (
  | { kind: 'enum'; values: string[]; defaultValue?: string }
  | { kind: 'boolean' }
  | { kind: 'string'; max?: number; multiline: boolean; format?: 'url' | 'datetime' }
  | { kind: 'number'; integer: boolean; min?: number; max?: number }
  | { kind: 'list'; itemValues?: string[]; min?: number; max?: number; itemMax?: number }
  /** One upload: `thumbnail` (images only) or an item's `uploadId` (any media). */
  | { kind: 'upload'; media: 'image' | 'any' }
  /** Several uploads (a thread post's `uploadIds`). */
  | { kind: 'uploads'; max?: number }
  /** A small object: one control per key of its zod shape. */
  | { kind: 'object'; fields: OptionField[] }
  /** A list of small objects, each edited like `object`. */
  | { kind: 'objectList'; fields: OptionField[]; max?: number }
  /** Anything the composer has no control for (none of the current schemas): edited as JSON. */
  | { kind: 'json' }
);

type Def = {
  typeName: string;
  innerType?: ZodTypeAny;
  schema?: ZodTypeAny;
  in?: ZodTypeAny;
  type?: ZodTypeAny;
  values?: string[];
  checks?: { kind: string; value?: number }[];
  defaultValue?: () => unknown;
  openapi?: { metadata?: { description?: string } };
};

const defOf = (schema: ZodTypeAny) => schema._def as Def;

/** Peels optional, nullable, default, effects and pipelines down to the type that says what the value is. */
function unwrap(schema: ZodTypeAny): { base: ZodTypeAny; required: boolean; defaultValue?: unknown; description?: string } {
  let current = schema;
  let required = true;
  let defaultValue: unknown;
  let description = defOf(schema).openapi?.metadata?.description;
  for (;;) {
    const def = defOf(current);
    description ??= def.openapi?.metadata?.description;
    if (def.typeName === 'ZodOptional' || def.typeName === 'ZodNullable') {
      required = false;
      current = def.innerType!;
    } else if (def.typeName === 'ZodDefault') {
      required = false;
      defaultValue = def.defaultValue?.();
      current = def.innerType!;
    } else if (def.typeName === 'ZodEffects') current = def.schema!;
    else if (def.typeName === 'ZodPipeline') current = def.in!;
    else return { base: current, required, defaultValue, description };
  }
}

const check = (schema: ZodTypeAny, kind: string) => defOf(schema).checks?.find((c) => c.kind === kind);

/** Labels the key alone cannot spell well, for parts the copy table (`option-copy.ts`) does not name. */
const LABELS: Record<string, string> = {
  gif: 'GIF',
  gifId: 'GIF ID',
  optionA: 'Option A',
  optionB: 'Option B',
  optionC: 'Option C',
  optionD: 'Option D',
  durationMinutes: 'Duration',
};

function humanize(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return (
    words.charAt(0).toUpperCase() +
    words
      .slice(1)
      .replace(/\burl\b/g, 'URL')
      .replace(/\bid\b/g, 'ID')
      .replace(/\bids\b/g, 'IDs')
      .replace(/\bai\b/g, 'AI')
  );
}

/** An option (or a part of one) at `scope`: `PLATFORM.option`, `PLATFORM.option.part`. */
function describe(scope: string, key: string, schema: ZodTypeAny): OptionField {
  const { base, required, defaultValue, description } = unwrap(schema);
  const copy = optionCopy(`${scope}.${key}`);
  const common = {
    key,
    label: copy?.label ?? humanize(key),
    description: copy?.help ?? description,
    required,
    common: required || !!copy?.common,
    valueLabels: copy?.values,
  };
  const def = defOf(base);
  // Facebook's backgrounds are a fixed list the API shares with the browser: a choice, not an ID to type.
  if (scope === 'FACEBOOK' && key === 'textFormatPresetId') {
    const values = FACEBOOK_TEXT_FORMAT_PRESETS.map((preset) => preset.id);
    return { ...common, kind: 'enum', values, valueLabels: Object.fromEntries(FACEBOOK_TEXT_FORMAT_PRESETS.map((preset) => [preset.id, preset.label])) };
  }
  if (key === 'thumbnail') return { ...common, kind: 'upload', media: 'image', description: common.description ?? 'An image from your media library' };
  if (key === 'uploadId' && def.typeName === 'ZodString') return { ...common, kind: 'upload', media: 'any' };
  switch (def.typeName) {
    case 'ZodEnum':
      return { ...common, kind: 'enum', values: def.values!, defaultValue: defaultValue as string | undefined };
    case 'ZodBoolean':
      return { ...common, kind: 'boolean' };
    case 'ZodNumber':
      return { ...common, kind: 'number', integer: !!check(base, 'int'), min: check(base, 'min')?.value, max: check(base, 'max')?.value };
    case 'ZodString': {
      const max = check(base, 'max')?.value;
      const format = check(base, 'url') ? 'url' : check(base, 'datetime') ? 'datetime' : undefined;
      return { ...common, kind: 'string', max, format, multiline: (max ?? 0) > 300 };
    }
    case 'ZodArray': {
      const item = unwrap(def.type!).base;
      const itemDef = defOf(item);
      const lengths = base._def as { minLength?: { value: number } | null; maxLength?: { value: number } | null };
      const max = lengths.maxLength?.value;
      if (key === 'uploadIds' && itemDef.typeName === 'ZodString') return { ...common, kind: 'uploads', max };
      if (itemDef.typeName === 'ZodString') return { ...common, kind: 'list', min: lengths.minLength?.value, max, itemMax: check(item, 'max')?.value };
      if (itemDef.typeName === 'ZodEnum') return { ...common, kind: 'list', itemValues: itemDef.values, max };
      if (itemDef.typeName === 'ZodObject') return { ...common, kind: 'objectList', fields: objectFields(`${scope}.${key}`, item), max };
      return { ...common, kind: 'json' };
    }
    case 'ZodObject':
      return { ...common, kind: 'object', fields: objectFields(`${scope}.${key}`, base) };
    default:
      return { ...common, kind: 'json' };
  }
}

function objectFields(scope: string, schema: ZodTypeAny): OptionField[] {
  return Object.entries((schema as unknown as { shape: Record<string, ZodTypeAny> }).shape).map(([key, value]) => describe(scope, key, value));
}

/** Fields the composer draws itself rather than as generic options. */
const OWN_CONTROLS = new Set(['text', 'uploadIds']);

const cache = new Map<PostPlatform, { text: OptionField & { kind: 'string' }; options: OptionField[] }>();

function shapeOf(platform: PostPlatform): Record<string, ZodTypeAny> {
  return (unwrap(platformOptionSchemas[platform]).base as unknown as { shape: Record<string, ZodTypeAny> }).shape;
}

/** The platform's text field (its label says when the text is a title) and its other options, type first. */
export function platformFields(platform: PostPlatform) {
  const known = cache.get(platform);
  if (known) return known;
  const shape = shapeOf(platform);
  const text = describe(platform, 'text', shape.text!) as OptionField & { kind: 'string' };
  const options = Object.entries(shape)
    .filter(([key]) => !OWN_CONTROLS.has(key))
    .map(([key, schema]) => describe(platform, key, schema))
    // The post type changes which other options apply, so it comes first; required ones next.
    .sort((a, b) => Number(b.key === 'type') - Number(a.key === 'type') || Number(b.required) - Number(a.required));
  const result = { text, options };
  cache.set(platform, result);
  return result;
}

/** Whether the platform's text is a title (the schema's description says so: YouTube, Pinterest, Reddit, Snapchat). */
export function textIsTitle(platform: PostPlatform): boolean {
  return /title/i.test(platformFields(platform).text.description ?? '');
}

export function acceptsMedia(platform: PostPlatform): boolean {
  return 'uploadIds' in shapeOf(platform);
}
