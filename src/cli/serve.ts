import { isIP } from "node:net";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { LocalPolicyEngine } from "../engine/local-engine.js";
import { loadPolicyFile } from "../engine/policy.js";
import { isTollgateError } from "../errors.js";
import { createPolicyServer } from "../server/create-policy-server.js";

export const SERVE_USAGE = `  serve [--policy FILE] [--host 127.0.0.1] [--port 8787] [--token T] [--body-limit BYTES] [--log-level info]
      Runs the policy service (check-input / check-output, /healthz, /readyz). The token may also come from
      TOLLGATE_TOKEN. Prints {"event":"listening","url":...} on stdout; logs JSON lines on stderr.`;

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

interface ServeIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/** `tollgate serve`: resolves with the exit code once SIGTERM/SIGINT has drained the server. */
export async function serveCommand(
  args: string[],
  io: ServeIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args,
      strict: true,
      options: {
        policy: { type: "string" },
        host: { type: "string", default: "127.0.0.1" },
        port: { type: "string", default: "8787" },
        token: { type: "string" },
        "body-limit": { type: "string" },
        "log-level": { type: "string", default: "info" },
      },
    }).values;
  } catch (error) {
    io.stderr.write(`tollgate serve: ${(error as Error).message}\n`);
    return 2;
  }
  const host = String(values.host);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr.write(`tollgate serve: --port must be 0..65535\n`);
    return 2;
  }
  if (!LOOPBACK.has(host) && isIP(host) === 0 && host !== "0.0.0.0") {
    io.stderr.write(`tollgate serve: --host must be an IP address or localhost\n`);
    return 2;
  }
  const token = typeof values.token === "string" ? values.token : io.env.TOLLGATE_TOKEN || undefined;
  // A policy service on a reachable interface without a token would let anyone probe the policy.
  if (!LOOPBACK.has(host) && !token) {
    io.stderr.write(`tollgate serve: refusing to listen on ${host} without --token (or TOLLGATE_TOKEN)\n`);
    return 2;
  }
  const bodyLimit = values["body-limit"] === undefined ? undefined : Number(values["body-limit"]);
  if (bodyLimit !== undefined && (!Number.isInteger(bodyLimit) || bodyLimit <= 0)) {
    io.stderr.write(`tollgate serve: --body-limit must be a positive integer\n`);
    return 2;
  }

  const logger = pino(
    { level: String(values["log-level"]), base: { service: "tollgate" } },
    pino.destination({ dest: 2, sync: false }),
  );
  let engine: LocalPolicyEngine;
  try {
    engine =
      typeof values.policy === "string"
        ? new LocalPolicyEngine(await loadPolicyFile(values.policy))
        : new LocalPolicyEngine();
  } catch (error) {
    io.stderr.write(`tollgate serve: ${isTollgateError(error) ? error.message : String(error)}\n`);
    return 1;
  }
  if (typeof values.policy !== "string") logger.warn("no --policy given: serving the safe defaults");
  // Started now rather than on the first long request, which would otherwise be checked without it.
  void engine.startWorker().then((running) => logger.info({ running }, "detector worker thread"));

  const server = createPolicyServer({
    engine,
    logger,
    ...(token ? { token } : {}),
    ...(bodyLimit !== undefined ? { bodyLimitBytes: bodyLimit } : {}),
  });
  let url: string;
  try {
    url = await server.listen(port, host);
  } catch (error) {
    io.stderr.write(`tollgate serve: cannot listen on ${host}:${port}: ${(error as Error).message}\n`);
    return 2;
  }
  io.stdout.write(`${JSON.stringify({ event: "listening", url, pid: process.pid })}\n`);

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGTERM", stop);
      process.off("SIGINT", stop);
      logger.info({ signal }, "shutting down");
      void server.close().then(resolve);
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
  return 0;
}
