// Test utilities for users of mcp-tollgate: a scripted tool-calling model (no API key) and fake credentials built
// at run time, for testing a policy without real secrets in the repository.

export * from "../shared/fake-credentials.js";
export {
  type Script,
  ScriptedChatModel,
  type ScriptedToolCall,
  type ScriptedTurn,
} from "./scripted-chat-model.js";
