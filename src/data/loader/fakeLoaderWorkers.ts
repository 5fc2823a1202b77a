/**
 * In-process stand-ins for loader workers, for unit tests and Node benchmarks: each fake runs the real
 * loaderCore on its own inbox, and a test decides which worker handles its next message (so workers can
 * race in a seeded random order). Messages back are structured-cloned with their transfer list, exactly as
 * postMessage would, so a batch's original buffers end up detached.
 * No tfjs, no DOM.
 */
import type { DecodeSquare } from '../files/fileDataset';
import type { Rng } from '../random';
import { createLoaderCore } from './loaderCore';
import type { LoaderEvents, SpawnLoader } from './loaderEndpoint';
import type { FromLoader, ToLoader } from './loaderProtocol';

export interface FakeLoader {
  readonly workerIndex: number;
  /** Messages posted to it and not handled yet, oldest first. */
  readonly inbox: ToLoader[];
  readonly events: LoaderEvents;
  /** Build requests it has received in all. */
  buildsRequested: number;
  terminated: boolean;
}

export interface FakeLoaderOptions {
  /** Handle a worker's queued builds in random order instead of first-in first-out (a harsher race). */
  shuffleWithinWorker?: boolean;
  /** spawn() throws for this worker index. */
  failSpawnAt?: number;
  /** The decoder each fake uses for file datasets. */
  decode?: DecodeSquare;
}

export class FakeLoaderWorkers {
  readonly loaders: FakeLoader[] = [];
  /** Every buffer a fake posted, as it was before the transfer (detached afterwards). */
  readonly sentBuffers: ArrayBuffer[] = [];
  private readonly handlers: ((message: ToLoader) => void)[] = [];

  constructor(private readonly options: FakeLoaderOptions = {}) {}

  readonly spawn: SpawnLoader = (workerIndex, events) => {
    if (this.options.failSpawnAt === workerIndex) throw new Error('no worker for you');
    const loader: FakeLoader = { workerIndex, inbox: [], events, buildsRequested: 0, terminated: false };
    const post = (message: FromLoader, transfer: Transferable[]) => {
      for (const t of transfer) if (t instanceof ArrayBuffer) this.sentBuffers.push(t);
      const copy = structuredClone(message, { transfer });
      if (!loader.terminated) events.onMessage(copy);
    };
    this.loaders[workerIndex] = loader;
    this.handlers[workerIndex] = createLoaderCore(post, undefined, this.options.decode);
    return {
      post: (message) => {
        if (loader.terminated) return;
        if (message.type === 'build') loader.buildsRequested++;
        loader.inbox.push(structuredClone(message));
      },
      terminate: () => {
        loader.terminated = true;
        loader.inbox.length = 0;
      },
    };
  };

  /** Live workers with queued messages. */
  busy(): FakeLoader[] {
    return this.loaders.filter((l) => !l.terminated && l.inbox.length > 0);
  }

  /** One randomly chosen busy worker handles one message. Returns false when no worker has any. */
  step(rng: Rng): boolean {
    const busy = this.busy();
    if (busy.length === 0) return false;
    const loader = busy[rng.int(0, busy.length)];
    if (!loader) return false;
    this.handleOne(loader, rng);
    return true;
  }

  /** Workers handle messages (in a seeded random order) until every inbox is empty. */
  runAll(rng: Rng): void {
    while (this.step(rng));
  }

  private handleOne(loader: FakeLoader, rng: Rng): void {
    let at = 0;
    if (this.options.shuffleWithinWorker) {
      // Only builds race each other; init and crash-next keep their place.
      let builds = 0;
      while (loader.inbox[builds]?.type === 'build') builds++;
      at = builds > 1 ? rng.int(0, builds) : 0;
    }
    const [message] = loader.inbox.splice(at, 1);
    if (message) this.handlers[loader.workerIndex]?.(message);
  }
}
