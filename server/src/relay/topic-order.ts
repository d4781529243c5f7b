/**
 * Runs work in order per key: a task waits for the previous task of each of its keys (all of
 * them, so a batch on several topics keeps its place on each), and tasks on other keys run
 * alongside. The hub publishes in order per topic with it, so on one instance a topic's messages
 * are stored and handed to sockets in the same order (each socket keeps a cursor per topic). A
 * key is held only while a task on it waits or runs.
 */
const settledNothing = (): undefined => undefined;

export class KeyedOrder {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    if (keys.length === 1) return this.runOne(keys[0]!, task);
    const unique = [...new Set(keys)];
    const before = unique.flatMap((k) => this.tails.get(k) ?? []);
    const result = before.length ? Promise.all(before).then(task) : task();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    for (const k of unique) this.tails.set(k, tail);
    void tail.then(() => {
      for (const k of unique) if (this.tails.get(k) === tail) this.tails.delete(k);
    });
    return result;
  }

  /** `run` on one key (a single publish, the most frequent): no set, list or Promise.all. */
  private runOne<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    const result = before ? before.then(task) : task();
    const tail = result.then(settledNothing, settledNothing);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys held now. */
  get size(): number {
    return this.tails.size;
  }
}
