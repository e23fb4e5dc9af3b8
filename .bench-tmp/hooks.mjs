export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (globalThis.__mark !== false) process.stderr.write(`R ${r.url}\n`);
  return r;
}
