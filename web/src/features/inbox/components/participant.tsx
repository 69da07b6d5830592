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

export function ParticipantAvatar({ conversation, size = 'md' }: { conversation: Conversation; size?: 'md' | 'lg' }) {
  const name = participantName(conversation);
  const box = size === 'lg' ? 'size-10 text-sm' : 'size-9 text-xs';
  if (conversation.participantAvatarUrl)
    return <img src={conversation.participantAvatarUrl} alt="" className={`${box} rounded-full bg-zinc-100 object-cover`} />;
  return (
    <span
      className={`${box} flex items-center justify-center rounded-full bg-gradient-to-br from-accent-100 to-accent-200 font-semibold text-accent-800`}
      aria-hidden
    >
      {initials(name) || '?'}
    </span>
  );
}
