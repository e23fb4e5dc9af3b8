import { BackendProtocolError } from "../../errors.js";

/**
 * Reads an answer body, refusing one larger than `limit` bytes: a broken or hostile service must not make the
 * agent buffer an unbounded answer. The declared length is checked before anything is read.
 */
export async function readCappedBody(
  body: AsyncIterable<Uint8Array> & { destroy(error?: Error): unknown },
  limit: number,
  declaredLength: string | string[] | undefined,
  where: string,
): Promise<Buffer> {
  const tooLarge = () =>
    new BackendProtocolError(`policy service ${where} sent an answer larger than ${limit} bytes`, [
      { path: "", message: `answer over ${limit} bytes` },
    ]);
  const declared = typeof declaredLength === "string" ? Number(declaredLength) : Number.NaN;
  if (declared > limit) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  const only = chunks.length === 1 ? chunks[0]! : undefined;
  return only ? Buffer.from(only.buffer, only.byteOffset, only.byteLength) : Buffer.concat(chunks, size);
}
