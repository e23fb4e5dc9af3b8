import { execFileSync } from "node:child_process";
import os from "node:os";

export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  commit: string;
  dirty: boolean;
}

function git(args: string[]): string {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

/** Where and on what a measurement ran: printed with every table and stored with every result file. */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 1e9),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit: git(["rev-parse", "--short", "HEAD"]) || "unknown",
    dirty: git(["status", "--porcelain", "--untracked-files=no"]) !== "",
  };
}

export function describeMachine(m: MachineInfo): string {
  return `${m.date} · ${m.cpu} (${m.cores} cores, ${m.memoryGb} GB) · ${m.os} · node ${m.node} · commit ${m.commit}${m.dirty ? " (dirty)" : ""}`;
}
