/**
 * Saves the gallery order without flooding the server: one call at a time, and while one is
 * under way only the newest order waits (a burst of arrow-key moves sends at most two calls).
 */
export class OrderSaver {
  private pending: number[] | undefined;
  private running = false;

  constructor(
    private readonly send: (order: number[]) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly onIdle: () => void = () => undefined,
  ) {}

  /** Ask for this order to be saved (replaces any order still waiting). */
  save(order: readonly number[]): void {
    this.pending = [...order];
    if (!this.running) void this.run();
  }

  /** Whether a save is under way or waiting. */
  busy(): boolean {
    return this.running || this.pending !== undefined;
  }

  private async run(): Promise<void> {
    this.running = true;
    while (this.pending) {
      const order = this.pending;
      this.pending = undefined;
      try {
        await this.send(order);
      } catch (error) {
        // What waits was built on the failed order: drop it; the caller reloads the gallery.
        this.pending = undefined;
        this.onError(error);
      }
    }
    this.running = false;
    this.onIdle();
  }
}
