// Browser-safe (see docs/decisions/011): the API's limits and the dashboard's filling of a template.

export const MAX_REPLY_TEMPLATES = 50;
export const MAX_TEMPLATE_NAME_LENGTH = 60;

/** `{name}` becomes the reviewer's name as the platform shows it, `{firstName}` its first word. */
export function fillReplyTemplate(text: string, reviewer: string | null): string {
  const name = reviewer?.trim() || 'there';
  const firstName = name.split(/\s+/)[0]!;
  return text.replaceAll('{name}', name).replaceAll('{firstName}', firstName);
}

/** A written reply as a template: the reviewer's name (and first name) become their placeholders again. */
export function templateFromReply(text: string, reviewer: string | null): string {
  const name = reviewer?.trim();
  if (!name) return text;
  const firstName = name.split(/\s+/)[0]!;
  const withName = text.replaceAll(name, '{name}');
  return firstName.length > 1 ? withName.replace(new RegExp(`\\b${firstName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g'), '{firstName}') : withName;
}
