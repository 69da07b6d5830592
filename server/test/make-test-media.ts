import { makeAllTestMedia } from './test-media';

/** Vitest global setup: the test media exist before the parallel test files start reading them. */
export default async function setup(): Promise<void> {
  await makeAllTestMedia();
}
