import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { platformLabel, type PostPlatform } from '@/lib/post-platforms';
import { issueField, type Issue } from '../lib/composer-state';
import type { OptionField } from '../lib/option-fields';
import { isWide } from './option-control';

type PlatformOptionsProps = {
  platform: PostPlatform;
  fields: OptionField[];
  data: Record<string, unknown>;
  issues: Issue[];
  renderOption: (field: OptionField) => ReactNode;
};

/**
 * The common options, then the rest behind "More options". An option that is set, or has a problem,
 * is never hidden: the person must see what the post will carry and what blocks it.
 */
export function PlatformOptions({ platform, fields, data, issues, renderOption }: PlatformOptionsProps) {
  const [expanded, setExpanded] = useState(false);
  const label = platformLabel(platform);
  const mustShow = (field: OptionField) =>
    field.common ||
    issues.some((issue) => issueField(issue) === field.key) ||
    (data[field.key] !== undefined && !(field.kind === 'enum' && data[field.key] === field.defaultValue));
  const shown = fields.filter((field) => expanded || mustShow(field));
  const hidden = fields.length - fields.filter(mustShow).length;
  const grid = (list: OptionField[]) => (
    <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
      {list.map((field) => (
        <div key={field.key} className={isWide(field) ? 'sm:col-span-2' : undefined}>
          {renderOption(field)}
        </div>
      ))}
    </div>
  );
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium text-zinc-800">{label} options</legend>
      {grid(shown)}
      {hidden > 0 ? (
        <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          <ChevronDown className={expanded ? 'size-3.5 rotate-180' : 'size-3.5'} aria-hidden />
          {expanded ? 'Fewer options' : `More options (${hidden})`}
        </Button>
      ) : null}
    </fieldset>
  );
}
