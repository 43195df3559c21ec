// Erases the rest of a terminal line (a shorter text over a longer one).
const CLEAR_TO_END = '\x1b[K';

/** Progress of a long import: a bar on a terminal, occasional plain counts otherwise. */
export class Progress {
  private readonly started = performance.now();
  private lastDraw = 0;
  private lastPlain = 0;

  constructor(
    private readonly total: number,
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly unit = 'facts',
  ) {}

  /** Reports `done` items so far, and what was done to them (`read`, `written`). */
  update(done: number, verb = 'done'): void {
    const now = performance.now();
    const rate = done / Math.max((now - this.started) / 1000, 1e-3);
    if (this.out.isTTY) {
      if (now - this.lastDraw < 100 && done < this.total) return;
      this.lastDraw = now;
      const share = this.total > 0 ? Math.min(done / this.total, 1) : 1;
      const width = 30;
      const filled = Math.round(share * width);
      this.out.write(
        `\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ` +
          `${done.toLocaleString('en-US')}/${this.total.toLocaleString('en-US')} ${this.unit} ${verb} ` +
          `${Math.round(rate).toLocaleString('en-US')}/s${CLEAR_TO_END}`,
      );
    } else if (done - this.lastPlain >= 25_000) {
      this.lastPlain = done;
      this.out.write(
        `${done.toLocaleString('en-US')} ${this.unit} ${verb} (${Math.round(rate).toLocaleString('en-US')}/s)\n`,
      );
    }
  }

  /** Says what a long step is doing (in place of the bar on a terminal, as a line otherwise). */
  status(text: string): void {
    if (this.out.isTTY) this.out.write(`\r${text}…${CLEAR_TO_END}`);
    else this.out.write(`${text}\n`);
  }

  /** Ends the bar line. */
  finish(): void {
    if (this.out.isTTY) this.out.write('\n');
  }

  /** Seconds since the start. */
  get seconds(): number {
    return (performance.now() - this.started) / 1000;
  }
}
