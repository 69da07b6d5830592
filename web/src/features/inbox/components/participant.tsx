import { useState } from 'react';
import type { Conversation } from '../lib/inbox-types';

export function participantName(conversation: Pick<Conversation, 'participantDisplayName' | 'participantUsername' | 'externalParticipantId'>): string {
  return (
    conversation.participantDisplayName || (conversation.participantUsername ? `@${conversation.participantUsername}` : conversation.externalParticipantId)
  );
}

const initials = (name: string) =>
  name
    .replace(/^@/, '')
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** The person's picture, or their initials when there is none or it does not load (Meta's picture URLs expire). */
export function ParticipantAvatar({ conversation, size = 'md' }: { conversation: Conversation; size?: 'md' | 'lg' }) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const name = participantName(conversation);
  const box = size === 'lg' ? 'size-10 text-sm' : 'size-9 text-xs';
  const url = conversation.participantAvatarUrl;
  if (url && url !== brokenUrl) return <img src={url} alt="" className={`${box} rounded-full bg-zinc-100 object-cover`} onError={() => setBrokenUrl(url)} />;
  return (
    <span
      className={`${box} flex items-center justify-center rounded-full bg-gradient-to-br from-accent-100 to-accent-200 font-semibold text-accent-800`}
      aria-hidden
    >
      {initials(name) || '?'}
    </span>
  );
}
