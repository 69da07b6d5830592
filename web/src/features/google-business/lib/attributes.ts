import { z } from 'zod';
import type { AttributeMeta, GbpAttribute } from './location-types';

export type AttributeValue = boolean | string | string[];
/** Form field names: the attribute's id without `attributes/` (react-hook-form reads dots as paths). */
export const attributeKey = (meta: AttributeMeta) => meta.parent.replace(/^attributes\//, '').replaceAll('.', '_');

/** The value the form shows for an attribute: a switch, a select, checkboxes or links. */
export function formValue(meta: AttributeMeta, current: GbpAttribute | undefined): AttributeValue {
  switch (meta.valueType) {
    case 'BOOL':
      return current?.values?.[0] === true;
    case 'ENUM':
      return typeof current?.values?.[0] === 'string' ? current.values[0] : '';
    case 'REPEATED_ENUM':
      return current?.repeatedEnumValue?.setValues ?? [];
    default:
      return (current?.uriValues ?? []).join(' ');
  }
}

export function attributeFormValues(available: AttributeMeta[], current: GbpAttribute[]): { values: Record<string, AttributeValue> } {
  return {
    values: Object.fromEntries(
      available.map((meta) => [
        attributeKey(meta),
        formValue(
          meta,
          current.find((item) => item.name === meta.parent),
        ),
      ]),
    ),
  };
}

const links = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The form's check: links must be http(s) URLs (Google refuses anything else). */
export function attributesFormSchema(available: AttributeMeta[]) {
  return z.object({ values: z.record(z.union([z.boolean(), z.string(), z.array(z.string())])) }).superRefine((form, ctx) => {
    for (const meta of available) {
      if (meta.valueType !== 'URL') continue;
      const value = form.values[attributeKey(meta)];
      if (typeof value === 'string' && links(value).some((uri) => !/^https?:\/\/\S+\.\S+/.test(uri)))
        ctx.addIssue({ code: 'custom', path: ['values', attributeKey(meta)], message: 'Enter links starting with https://' });
    }
  });
}

/** The attribute as Google takes it, or null when the form clears it (named in the mask, not sent). */
export function attributeOf(meta: AttributeMeta, value: AttributeValue | undefined): GbpAttribute | null {
  switch (meta.valueType) {
    case 'BOOL':
      return { name: meta.parent, values: [value === true] };
    case 'ENUM':
      return typeof value === 'string' && value ? { name: meta.parent, values: [value] } : null;
    case 'REPEATED_ENUM':
      return Array.isArray(value) && value.length > 0 ? { name: meta.parent, repeatedEnumValue: { setValues: value } } : null;
    default:
      return typeof value === 'string' && links(value).length > 0 ? { name: meta.parent, uriValues: links(value) } : null;
  }
}

/** Attributes in Google's groups ("Accessibility", "Amenities"…), in the order Google lists them. */
export function groupsOf(available: AttributeMeta[]): [string, AttributeMeta[]][] {
  const groups = new Map<string, AttributeMeta[]>();
  for (const meta of available) {
    const group = meta.groupDisplayName ?? 'Other';
    groups.set(group, [...(groups.get(group) ?? []), meta]);
  }
  return [...groups];
}
