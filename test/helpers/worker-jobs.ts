import type { DetectorWorkerPool } from "../../src/engine/parallel/detector-worker-pool.js";

/** Counts the jobs a pool actually takes (not the ones it declines), so a test can show the worker was used. */
export function countWorkerJobs(pool: DetectorWorkerPool): () => number {
  let taken = 0;
  const detect = pool.detect.bind(pool);
  pool.detect = (texts, timeoutMs) => {
    const job = detect(texts, timeoutMs);
    if (job !== undefined) taken++;
    return job;
  };
  return () => taken;
}
