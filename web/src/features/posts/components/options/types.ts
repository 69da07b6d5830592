import type { ReactNode } from 'react';
import type { Upload } from '@/api/get-uploads';
import type { OptionField } from '../../lib/option-fields';
import type { Issue } from './issues';

/** An upload the options can point at, with the label people tell it apart by. */
export type UploadChoice = { id: string; label: string; upload: Upload };

export type OptionControlProps<F extends OptionField = OptionField> = {
  field: F;
  /** The option's value; for options edited as JSON (kind `json`), its raw text. */
  value: unknown;
  /** Issues under this option, paths relative to it (`['options', 1]` for a poll's second choice). */
  issues: Issue[];
  uploads: UploadChoice[];
  onChange: (value: unknown) => void;
  /** An extra button beside a list's "Add" (e.g. moving the attached media into a carousel). */
  action?: ReactNode;
};

export const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
