import type { JsonObject } from "mcp-tollgate";

/**
 * What the scripted "model" does: one tool call per turn, so the trace reads as a story. A real model would
 * choose these calls itself; scripting them makes the demo deterministic and free of API keys.
 */
export interface DemoCall {
  id: string;
  name: string;
  args: JsonObject;
  /** One line of narration: what this call is meant to show. */
  why: string;
}

export const DEMO_CALLS: DemoCall[] = [
  {
    id: "call_search",
    name: "search_customers",
    args: { query: "Jane Roe" },
    why: "the result is full of PII: e-mail, phone, card number, IBAN, SSN",
  },
  {
    id: "call_settings",
    name: "get_integration_settings",
    args: {},
    why: "the result contains an access token",
  },
  {
    id: "call_ticket",
    name: "get_ticket",
    args: { ticketId: "T-1042" },
    why: "a customer wrote a prompt injection into the ticket",
  },
  {
    id: "call_log",
    name: "tail_sync_log",
    args: {},
    why: "the log carries ANSI colour, an OSC terminal-title escape and a zero-width space",
  },
  {
    id: "call_billing",
    name: "sync_billing",
    args: {},
    why: "the tool fails (isError) and its error text carries an API key",
  },
  {
    id: "call_health",
    name: "get_account_health",
    args: { accountId: "A-7" },
    why: "the result breaks its own outputSchema: the guard validates structuredContent against it",
  },
  {
    id: "call_company",
    name: "lookup_company",
    args: { domain: "globex.example" },
    why: "the tool whose description was poisoned (see the catalogue above)",
  },
  {
    id: "call_delete",
    name: "delete_customer",
    args: { customerId: 42 },
    why: "deleting needs a human approval: the run pauses before the call, and the reviewer says no",
  },
  {
    id: "call_report",
    name: "run_report",
    args: { sql: "SELECT name FROM customers WHERE id = '' OR 1=1 --" },
    why: "the model was talked into an SQL injection",
  },
  {
    id: "call_note",
    name: "add_note",
    args: { customerId: 42, note: "Call back at jane.roe@example.com or +1 415-555-0132" },
    why: "the model copies the customer's e-mail and phone (they came from search_customers) into a note: containment asks a human first",
  },
];
