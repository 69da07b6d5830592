import { clsx, type ClassValue } from 'clsx';

/** Joins class names; later Tailwind classes are written to win by ordering, not by merging. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
