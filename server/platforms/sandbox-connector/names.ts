import { randomInt } from 'node:crypto';

const FIRST = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Omar', 'Lena', 'Kai', 'Nora', 'Ravi', 'Sofia', 'Jonas', 'Amara', 'Theo', 'Iris', 'Mateo'];
const LAST = ['Martin', 'Okafor', 'Lindqvist', 'Tanaka', 'Moreau', 'Silva', 'Novak', 'Haddad', 'Kowalski', 'Brennan', 'Rossi', 'Chen'];
const BUSINESS = ['Bakery', 'Studio', 'Coffee', 'Outdoors', 'Books', 'Fitness', 'Design', 'Garden'];

function pick<T>(list: readonly T[]): T {
  return list[randomInt(0, list.length)]!;
}

/** A plausible person or small business, for profiles nobody named. */
export function randomIdentity(): { username: string; displayName: string } {
  const first = pick(FIRST);
  const last = pick(LAST);
  if (randomInt(0, 3) === 0) {
    const business = pick(BUSINESS);
    return { username: `${last}${business}${randomInt(10, 99)}`.toLowerCase(), displayName: `${last} ${business}` };
  }
  return { username: `${first}.${last}${randomInt(10, 999)}`.toLowerCase(), displayName: `${first} ${last}` };
}

/** A display name guessed from a username someone typed (`ava.martin` → `Ava Martin`). */
export function displayNameFor(username: string): string {
  const words = username
    .replace(/^@/, '')
    .split(/[._\-\s]+|(?<=[a-z])(?=[A-Z])/)
    .map((word) => word.replace(/\d+$/, ''))
    .filter(Boolean);
  if (words.length === 0) return username;
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase()).join(' ');
}

/** Someone writing to or about an account: commenters, DM senders, reviewers. */
export function randomPerson(): { name: string; handle: string } {
  const first = pick(FIRST);
  const last = pick(LAST);
  return { name: `${first} ${last}`, handle: `${first}${last[0]}${randomInt(1, 99)}`.toLowerCase() };
}
