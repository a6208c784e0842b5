/**
 * Keepalive requests outlive their page: the browser finishes them after a reload or a closed
 * tab. Browsers allow a page 64 KiB of their bodies in flight in all and refuse the request
 * beyond that, so the bodies on their way are counted here and a write that would cross the limit
 * is sent as an ordinary request instead.
 */
export class KeepaliveQuota {
  private inFlight = 0;

  constructor(private readonly limit = 60_000) {}

  /** Takes room for a body of `bytes`; false (and nothing taken) when it would not fit. */
  take(bytes: number): boolean {
    if (this.inFlight + bytes > this.limit) return false;
    this.inFlight += bytes;
    return true;
  }

  /** Gives the room back once the request has its answer (or failed). */
  give(bytes: number): void {
    this.inFlight = Math.max(0, this.inFlight - bytes);
  }
}
