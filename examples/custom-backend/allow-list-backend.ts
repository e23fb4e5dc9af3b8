import { randomUUID } from "node:crypto";
import {
  type InputCheckRequest,
  type InputDecision,
  LocalPolicyEngine,
  type OutputCheckRequest,
  type OutputDecision,
  type PolicyBackend,
  type PolicyConfig,
  type ToolDescriptor,
} from "mcp-tollgate";
import type { AllowListStore } from "./allow-list-store.js";

/**
 * A user's own backend: which tools may run is decided by an allow-list the team maintains in a database, and
 * everything the allow-list has no opinion on (argument hazards, PII and secret redaction, injection, schemas) is
 * left to the bundled LocalPolicyEngine. Composition instead of reimplementation: the detectors stay in one place.
 */
export class AllowListBackend implements PolicyBackend {
  readonly name = "allow-list";
  readonly #store: AllowListStore;
  readonly #engine: LocalPolicyEngine;

  constructor(store: AllowListStore, policy: PolicyConfig = {}) {
    this.#store = store;
    this.#engine = new LocalPolicyEngine(policy);
  }

  registerTools(serverName: string, tools: readonly ToolDescriptor[]): void {
    this.#engine.registerTools(serverName, tools);
  }

  async checkInput(request: InputCheckRequest): Promise<InputDecision> {
    const started = performance.now();
    request.signal?.throwIfAborted();
    const entry = await this.#store.find(request.connectorType);
    if (!entry) {
      const reason = `${request.connectorType} is not on the approved-tools list (or its approval expired)`;
      return {
        allowed: false,
        reason,
        findings: [
          { kind: "capability", type: "not_allow_listed", path: "", ruleId: "allow-list", action: "block" },
        ],
        ruleIds: ["allow-list"],
        decisionId: randomUUID(),
        durationMs: performance.now() - started,
        backend: this.name,
      };
    }
    const decision = await this.#engine.checkInput(request);
    return { ...decision, backend: `${this.name}+local`, durationMs: performance.now() - started };
  }

  async checkOutput(request: OutputCheckRequest): Promise<OutputDecision> {
    const decision = await this.#engine.checkOutput(request);
    return { ...decision, backend: `${this.name}+local` };
  }
}
