import { randomBytes } from 'node:crypto';
import type { Product } from './stand-in-world';

/**
 * The stand-in's inbound and messaging state (decision 075): which Pages and Instagram accounts
 * subscribed the app to which webhook fields, the conversations between an account and the people
 * who write to it (Messenger PSIDs and Instagram-scoped ids), and the comments on the account's
 * posts. Tests make people write and comment here, then deliver the webhook Meta would send
 * (`webhookFor…`) or let the service poll. Written from Meta's reference, importing nothing from
 * the connectors.
 */
export type StandInMessage = {
  id: string;
  /** The account (Page or Instagram account id) or the person who wrote it. */
  from: string;
  to: string;
  text: string | null;
  attachments: { type: string; url: string }[];
  at: number;
  metadata: string | null;
  /** The Send API body's message or template, as received (tests read what was sent). */
  sent?: Record<string, unknown>;
  privateReplyTo?: string;
};

export type StandInConversation = { id: string; account: string; person: { id: string; name: string; username: string }; messages: StandInMessage[] };

export type StandInComment = {
  id: string;
  account: string;
  /** The Instagram media or Facebook post commented. */
  postId: string;
  /**
   * `messagingId`: the person's id in the account's DMs where it is not the id comments show (a
   * Page's commenters appear by their Facebook id, their Messenger thread by their PSID): what the
   * Send API answers a private reply with as `recipient_id` (decision 078).
   */
  from: { id: string; name: string; username: string; messagingId?: string };
  text: string;
  at: number;
  parentId: string | null;
  privateReplyId: string | null;
};

const DAY_MS = 86_400_000;

export class MessagingWorld {
  /** `subscribed_apps` per Page or Instagram account: the fields the app receives. */
  readonly subscriptions = new Map<string, string[]>();
  readonly conversations: StandInConversation[] = [];
  readonly comments: StandInComment[] = [];
  /** The posts (Instagram media, Page posts) people comment on here, by id: the account that published them. */
  readonly posts = new Map<string, string>();
  /** The apps (by the product of their tokens) App Review approved for Human Agent: only they may send the HUMAN_AGENT tag. */
  readonly humanAgentApps = new Set<Product>();

  constructor(private readonly now: () => number) {}

  static mid(): string {
    return `m_${randomBytes(18).toString('base64url')}`;
  }

  conversation(account: string, person: StandInConversation['person']): StandInConversation {
    let thread = this.conversations.find((candidate) => candidate.account === account && candidate.person.id === person.id);
    if (!thread) {
      thread = { id: `t_${randomBytes(12).toString('base64url')}`, account, person, messages: [] };
      this.conversations.push(thread);
    }
    return thread;
  }

  /** A person writes to the account: the message as Meta keeps it (and would notify). */
  personWrites(account: string, person: StandInConversation['person'], text: string, attachments: StandInMessage['attachments'] = []): StandInMessage {
    const message: StandInMessage = { id: MessagingWorld.mid(), from: person.id, to: account, text, attachments, at: this.now(), metadata: null };
    this.conversation(account, person).messages.push(message);
    return message;
  }

  /** A person comments on one of the account's posts. */
  personComments(account: string, postId: string, from: StandInComment['from'], text: string, parentId: string | null = null): StandInComment {
    this.posts.set(postId, account);
    const comment: StandInComment = {
      id: `${Date.now()}${randomBytes(4).readUInt32BE()}`,
      account,
      postId,
      from,
      text,
      at: this.now(),
      parentId,
      privateReplyId: null,
    };
    this.comments.push(comment);
    return comment;
  }

  /** The person's last message to the account: the Send API's 24-hour window starts there. */
  lastFromPerson(thread: StandInConversation): number | null {
    const theirs = thread.messages.filter((message) => message.from === thread.person.id);
    return theirs.length ? theirs[theirs.length - 1]!.at : null;
  }

  withinWindow(thread: StandInConversation, days: number): boolean {
    const last = this.lastFromPerson(thread);
    return last !== null && this.now() - last <= days * DAY_MS;
  }

  /** Every message the account sent (tests read what the Send API received). */
  sentBy(account: string): StandInMessage[] {
    return this.conversations.filter((thread) => thread.account === account).flatMap((thread) => thread.messages.filter((message) => message.from === account));
  }
}
