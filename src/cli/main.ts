#!/usr/bin/env node
import { runCli } from "./program.js";

// The binary: everything but process.exitCode is in program.ts, where tests run it in-process.
runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
