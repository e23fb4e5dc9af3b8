// Apart from pin.ts so `tollgate --help` lists the command without loading @langchain/mcp-adapters (a peer).
export const PIN_USAGE = `Usage: tollgate pin --servers FILE [--out FILE]

Connects to every server of a MultiServerMCPClient config and writes, per server and tool, SHA-256 hashes of the
RFC 8785 canonical JSON of the tool's name, title, description, input and output schemas and annotations.
Review the tools first: pinning says "these definitions are the ones I accept".

Options:
  --servers FILE  the client config as JSON: {"mcpServers": {...}} (or the plain server map)
  --out FILE      the lock file to write (default tollgate.lock.json)
  -h, --help      this text

Exit status: 0 written, 1 a server could not be listed, 2 bad usage or config.`;
