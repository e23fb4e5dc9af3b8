/**
 * A policy backend that plays the install's part of the containment contract around a real backend (the local
 * engine, or HttpPolicyBackend to `tollgate serve`): it keeps one thread's provenance facts, sends the salt with
 * each output check and the facts with each input check, and records what the user says. The install side keeps
 * the same facts in the graph's state; this helper lets the engine's flow rules be tested on their own.
 */

import {
  appendOutputFacts,
  appendUserMessage,
  emptyProvenance,
  type ProvenanceFacts,
  type ToolOutputFacts,
} from "../../src/shared/provenance.js";
import type {
  InputCheckRequest,
  InputDecision,
  OutputCheckRequest,
  OutputDecision,
  PolicyBackend,
  ToolDescriptor,
} from "../../src/shared/types.js";

type WithProvenance<T> = T & { provenance?: ProvenanceFacts };

export class ThreadBackend implements PolicyBackend {
  readonly name = "thread";
  facts: ProvenanceFacts = emptyProvenance();
  readonly inputs: InputCheckRequest[] = [];

  constructor(readonly inner: PolicyBackend) {}

  /** A human message of the thread. */
  said(text: string): void {
    this.facts = appendUserMessage(this.facts, text);
  }

  async checkInput(request: InputCheckRequest): Promise<InputDecision> {
    const sent: WithProvenance<InputCheckRequest> = { ...request, provenance: this.facts };
    this.inputs.push(sent);
    return this.inner.checkInput(sent);
  }

  async checkOutput(request: OutputCheckRequest): Promise<OutputDecision> {
    const decision = (await this.inner.checkOutput({
      ...request,
      provenanceSalt: this.facts.salt,
    } as OutputCheckRequest)) as WithProvenance<OutputDecision> & { provenance?: ToolOutputFacts };
    const facts = (decision as { provenance?: ToolOutputFacts }).provenance;
    if (facts) this.facts = appendOutputFacts(this.facts, facts);
    return decision;
  }

  registerTools(serverName: string, tools: readonly ToolDescriptor[]) {
    return this.inner.registerTools?.(serverName, tools);
  }

  close() {
    return this.inner.close?.() ?? Promise.resolve();
  }
}
