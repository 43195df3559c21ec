/**
 * Serialises writes of one memory: resolution reads what earlier writes created, so two
 * concurrent `addTriples` calls naming the same new entity still create it once.
 */
export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task queued before it has settled. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    // The caller gets the task's error through `result`; the queue only waits for it to settle.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
