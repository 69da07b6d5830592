import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformError } from '../../../platform-error';
import { stillProcessing, type PublishRequest } from '../../../publishing';

/** A container's `status_code` (Instagram) or `status` (Threads): the same five states on both. */
export type ContainerState = { code: 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED'; detail: string | null };

/**
 * What the container flow needs from one platform (Instagram or Threads): reading a container,
 * publishing it, finding the media a published container became, and the error a failed container
 * means in our words.
 */
export type ContainerApi = {
  platform: 'INSTAGRAM' | 'THREADS';
  status(containerId: string): Promise<ContainerState>;
  /** `media_publish` / `threads_publish`: the new media's id. */
  publish(containerId: string): Promise<string>;
  /**
   * The media an earlier attempt published, after a crash lost `media_publish`'s answer: neither
   * platform links a container to its media, so it is the account's newest media since the attempt
   * began with the same text.
   */
  findPublished(input: { since: Date; text: string | null }): Promise<string | null>;
  failed(state: ContainerState, operation: string): PlatformError;
};

/** What one publish saves toward its intent (`PublishRequest.progress`), as strings. */
export type ContainerProgress = {
  /** Carousel items' containers, comma-separated, once made. */
  children?: string;
  /** The container `media_publish` takes, once made: the intent Meta knows. */
  containerId?: string;
  /** When `media_publish` was first called: the window a lost answer is looked for in. */
  publishingAt?: string;
  mediaId?: string;
};

export type ContainerPlan = {
  /** Reads the daily cap before anything is made, so a full quota is reported instead of a failed publish. */
  checkLimit(): Promise<void>;
  /** Makes the carousel items' containers (none for a single media or text). */
  makeChildren?: () => Promise<string[]>;
  /** Makes the container to publish, with the children's ids for a carousel. */
  makeContainer(children: string[]): Promise<string>;
  /** The text the post carries (its caption): how a lost publish is recognized. */
  text: string | null;
};

const POLL_INTERVAL_MS = 2_000;

/**
 * Instagram's and Threads' two-step publishing (create a container, wait for `FINISHED`, publish
 * it), resumable: every container made is saved with `checkpoint` before the next step, so a retry
 * polls the same containers instead of making new ones, and a crash after `media_publish` finds the
 * published container (`PUBLISHED`) and its media instead of publishing twice. Waiting is brief
 * (`waitSeconds`): a container still processing lets the worker go with `stillProcessing`, and the
 * next attempt goes on from the checkpoint.
 */
export async function publishThroughContainer(
  api: ContainerApi,
  request: Pick<PublishRequest, 'progress' | 'checkpoint'>,
  plan: ContainerPlan,
  waitSeconds: number,
): Promise<{ mediaId: string; containerId: string }> {
  const saved: ContainerProgress = { ...request.progress };
  const save = async (progress: ContainerProgress) => {
    Object.assign(saved, progress);
    await request.checkpoint?.(progress as Record<string, string>);
  };
  const deadline = Date.now() + waitSeconds * 1000;
  const operation = 'publishing.publish';

  if (saved.mediaId) return { mediaId: saved.mediaId, containerId: saved.containerId ?? '' };
  if (saved.containerId) {
    const state = await api.status(saved.containerId);
    if (state.code === 'PUBLISHED') return { mediaId: await recover(api, saved, plan.text, save), containerId: saved.containerId };
    // Never published and no longer publishable: start again from nothing.
    if (state.code === 'EXPIRED') await save({ containerId: '', children: '' });
  }
  if (!saved.containerId) {
    if (!saved.children) await plan.checkLimit();
    let children = saved.children ? saved.children.split(',') : [];
    if (children.length === 0 && plan.makeChildren) {
      children = await plan.makeChildren();
      await save({ children: children.join(',') });
    }
    // A carousel container takes finished items only.
    if (children.length > 0) await waitFinished(api, children, deadline, save, operation);
    await save({ containerId: await plan.makeContainer(children) });
  }
  const containerId = saved.containerId!;
  const ready = await waitFinished(api, [containerId], deadline, save, operation);
  if (ready === 'PUBLISHED') return { mediaId: await recover(api, saved, plan.text, save), containerId };
  await save({ publishingAt: saved.publishingAt || new Date().toISOString() });
  const mediaId = await api.publish(containerId);
  await save({ mediaId });
  return { mediaId, containerId };
}

/** Polls until every container is `FINISHED` (or the one is `PUBLISHED`), within the attempt's deadline. */
async function waitFinished(
  api: ContainerApi,
  ids: string[],
  deadline: number,
  save: (progress: ContainerProgress) => Promise<void>,
  operation: string,
): Promise<'FINISHED' | 'PUBLISHED'> {
  for (;;) {
    const states = await Promise.all(ids.map((id) => api.status(id)));
    if (ids.length === 1 && states[0]!.code === 'PUBLISHED') return 'PUBLISHED';
    const failed = states.find((state) => state.code === 'ERROR' || state.code === 'EXPIRED');
    if (failed) {
      // A failed container never becomes publishable: the next attempt makes new ones.
      await save({ containerId: '', children: '' });
      throw api.failed(failed, operation);
    }
    if (states.every((state) => state.code === 'FINISHED')) return 'FINISHED';
    const left = deadline - Date.now();
    if (left <= 0) {
      throw stillProcessing({
        platform: api.platform,
        operation,
        message: `${operation}: ${api.platform === 'INSTAGRAM' ? 'Instagram' : 'Threads'} is still processing the media (container ${ids.join(', ')})`,
        meta: { containers: ids },
      });
    }
    await sleep(Math.min(POLL_INTERVAL_MS, left));
  }
}

async function recover(api: ContainerApi, saved: ContainerProgress, text: string | null, save: (progress: ContainerProgress) => Promise<void>) {
  // Without a recorded start (a container published elsewhere), Meta's own window: a day.
  const since = saved.publishingAt ? new Date(Date.parse(saved.publishingAt) - 60_000) : new Date(Date.now() - 24 * 3600_000);
  const mediaId = await api.findPublished({ since, text });
  if (!mediaId) {
    // Published for sure (the container says so): never publish again, look again later.
    throw new PlatformError({
      code: 'TRANSIENT',
      message: `publishing.find: container ${saved.containerId} is published but its media is not among the account's latest yet`,
      httpStatus: 200,
      userFacingMessage: 'The post was published; its link is looked up again shortly.',
      meta: { platform: api.platform, operation: 'publishing.find', containerId: saved.containerId },
    });
  }
  await save({ mediaId });
  return mediaId;
}

/** Progress read back for `findByIntent`: the media id if a publish got that far, after checking a lost one. */
export async function findThroughContainer(
  api: ContainerApi,
  progress: Record<string, string> | undefined,
  text: string | null,
): Promise<{ mediaId: string; containerId: string } | null> {
  const saved: ContainerProgress = { ...progress };
  if (!saved.containerId) return saved.mediaId ? { mediaId: saved.mediaId, containerId: '' } : null;
  if (saved.mediaId) return { mediaId: saved.mediaId, containerId: saved.containerId };
  const state = await api.status(saved.containerId);
  if (state.code !== 'PUBLISHED') return null;
  return { mediaId: await recover(api, saved, text, async () => {}), containerId: saved.containerId };
}
