/**
 * Stands in for the table a team keeps its approved tools in (Postgres, DynamoDB, an admin UI...). The lookup is
 * async like a real query, so the backend built on it has the same shape it would have in production.
 */
export interface AllowListEntry {
  /** `server.tool`, as the policy backend sees it. */
  connectorType: string;
  approvedBy: string;
  /** Approvals lapse; an expired entry counts as absent. */
  expiresAt: Date;
}

export class AllowListStore {
  readonly #rows = new Map<string, AllowListEntry>();

  constructor(entries: readonly AllowListEntry[] = []) {
    for (const entry of entries) this.#rows.set(entry.connectorType, entry);
  }

  async find(connectorType: string, now = new Date()): Promise<AllowListEntry | undefined> {
    const row = this.#rows.get(connectorType);
    return row && row.expiresAt > now ? row : undefined;
  }
}
