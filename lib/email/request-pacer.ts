/**
 * Spaces one process's requests to the email provider at its rate limit (Resend: 2 requests a second per
 * team unless raised; RESEND_REQUESTS_PER_SECOND). Without it the batch path sent as fast as it could,
 * drew a 429 and then waited the whole second its Retry-After rounds up to, where the next token was a
 * fraction of a second away (#19 point 2: 39 429s in a 10,000-email run). Other processes sharing the
 * team's limit still meet 429s, which the caller waits out as before.
 *
 * Callers take turns: each waits until `1 / requestsPerSecond` after the previous turn began, measured on
 * `clock` after that turn's wait, so an injected instant `sleep` (tests) never lets the schedule run ahead of
 * the clock.
 */
export type RequestPacer = (sleep: (ms: number) => Promise<void>) => Promise<void>;

export function createRequestPacer({
  requestsPerSecond,
  clock = () => performance.now(),
}: {
  requestsPerSecond: number;
  clock?: () => number;
}): RequestPacer {
  if (!(requestsPerSecond > 0)) throw new Error("requestsPerSecond must be positive");
  const interval = 1000 / requestsPerSecond;
  let lastTurn = -Infinity;
  let queue: Promise<void> = Promise.resolve();
  return (sleep) => {
    const turn = queue.then(async () => {
      const wait = lastTurn + interval - clock();
      if (wait > 0) await sleep(wait);
      lastTurn = clock();
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
}
