/**
 * Remembers `compute(text)` for the text most recently seen, so several detectors that run one after another on the
 * same string can share one scan. The entry is dropped in a microtask: detectors run synchronously over a string,
 * so the cache lives exactly as long as one pass and never keeps a large string alive afterwards.
 */
export function memoizeLastText<T>(compute: (text: string) => T): (text: string) => T {
  let lastText: string | undefined;
  let lastValue: T | undefined;
  let clearScheduled = false;
  return (text: string): T => {
    if (lastValue !== undefined && text === lastText) return lastValue;
    const value = compute(text);
    lastText = text;
    lastValue = value;
    if (!clearScheduled) {
      clearScheduled = true;
      queueMicrotask(() => {
        clearScheduled = false;
        lastText = undefined;
        lastValue = undefined;
      });
    }
    return value;
  };
}
