/**
 * The install's part of the containment contract (issue 17 item 1), played by the bench until the install reads it
 * from the graph's state: a backend around the local engine that keeps ONE case's provenance facts (the user's
 * prompt, hashed; the facts each output check returns), sends the salt with each output check and the facts with
 * each input check. One per lane: a lane runs one case at a time, and `startCase` begins the next thread.
 * It mirrors test/helpers/provenance-backend.ts of branch i17-contain (the contract those tests use).
 */
import { LocalPolicyEngine, type PolicyConfig } from "../../src/index.js";
import {
  appendOutputFacts,
  appendUserMessage,
  emptyProvenance,
  type ProvenanceFacts,
} from "../../src/shared/provenance.js";
import type {
  InputCheckRequest,
  InputDecision,
  OutputCheckRequest,
  OutputDecision,
  PolicyBackend,
  ToolDescriptor,
} from "../../src/shared/types.js";

export class ProvenanceStandIn implements PolicyBackend {
  readonly name = "bench-provenance";
  #facts: ProvenanceFacts = emptyProvenance();
  readonly #inner: LocalPolicyEngine;

  constructor(policy: PolicyConfig) {
    this.#inner = new LocalPolicyEngine(policy);
  }

  /** A new thread: fresh salt, and what the user said. */
  startCase(prompt: string): void {
    this.#facts = appendUserMessage(emptyProvenance(), prompt);
  }

  checkInput(request: InputCheckRequest): Promise<InputDecision> {
    return this.#inner.checkInput({ ...request, provenance: this.#facts });
  }

  async checkOutput(request: OutputCheckRequest): Promise<OutputDecision> {
    const decision = await this.#inner.checkOutput({ ...request, provenanceSalt: this.#facts.salt });
    if (decision.provenance) this.#facts = appendOutputFacts(this.#facts, decision.provenance);
    return decision;
  }

  registerTools(serverName: string, tools: readonly ToolDescriptor[]) {
    return this.#inner.registerTools?.(serverName, tools);
  }
}
