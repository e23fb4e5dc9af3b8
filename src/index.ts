// The interceptor pipeline

export type { BudgetConfig, BudgetPolicyConfig } from "./engine/budgets/policy-types.js";
export {
  createRedisBudgetStore,
  RedisBudgetStore,
  type RedisBudgetStoreOptions,
} from "./engine/budgets/redis-store.js";
export type { BudgetStore, WindowCharge, WindowResult } from "./engine/budgets/store.js";
// The local engine
export type { CustomDetector } from "./engine/detector-set.js";
export { type DescriptorCheck, type LocalEngineOptions, LocalPolicyEngine } from "./engine/local-engine.js";
export {
  checkPolicyFile,
  loadPolicyFile,
  type PolicyFileCheck,
  parsePolicyText,
  type ResolvedPolicy,
  resolvePolicy,
  validatePolicy,
} from "./engine/policy.js";
export {
  type JsonSchemaNode,
  type JsonSchemaValue,
  type PolicySchema,
  policySchema,
} from "./engine/policy-schema.js";
export type * from "./engine/policy-types.js";
export { ACTION_ALIASES, ACTIONS } from "./engine/rules/actions.js";
export {
  BUILT_IN_RULES,
  HAZARD_TYPES,
  INJECTION_TYPES,
  PII_TYPES,
  SECRET_TYPES,
} from "./engine/rules/registry.js";
export type {
  HookRuleRecord,
  PolicyFamily,
  RuleRecord,
  ScannedRuleRecord,
} from "./engine/rules/rule-record.js";
export { runContextKeys } from "./engine/run-context-conditions.js";
export { type Envelope, readEnvelope } from "./engine/scan/envelope.js";
export type { TextDetector, TextMatch } from "./engine/types.js";
// Errors
export * from "./errors.js";
// Installing into MultiServerMCPClient (LangGraph agents use the tools it returns)
export {
  type CatalogAwareInterceptor,
  type InstallOptions,
  installInterceptors,
  isGuardedTool,
} from "./install/install-interceptors.js";
export { createReviewNode, type ReviewNodeOptions } from "./install/review-node.js";
export type {
  ReviewDecision,
  ReviewDecisionType,
  ReviewResponse,
  TollgateActionRequest,
  TollgateReviewRequest,
} from "./install/review-tool-calls.js";
export {
  comparePin,
  PINNED_FIELDS,
  type PinMismatch,
  type PinnableTool,
  type PinnedField,
  pinTool,
  readToolLock,
  type ToolLock,
  type ToolPin,
} from "./install/tool-pins.js";
export type { AuditRecord } from "./interceptor/audit.js";
export {
  type BlockMessageInput,
  defaultBlockMessage,
  type FormatBlockMessage,
} from "./interceptor/block-message.js";
export type { CallbackFailureHandler } from "./interceptor/callback-failure.js";
export { composeInterceptors } from "./interceptor/compose.js";
export {
  createToolInterceptor,
  type InputPreview,
  type TollgateInterceptor,
  type ToolInterceptorOptions,
} from "./interceptor/create-tool-interceptor.js";
export type { ContentCheckRequest, ContentSurface, InstallEvent } from "./interceptor/install-hooks.js";
export {
  type CheckPhase,
  type PolicyViolationDetails,
  PolicyViolationError,
} from "./interceptor/policy-violation-error.js";
export { runContextFrom } from "./interceptor/run-context.js";
export type { CallOptions, ToolCallHandler, ToolCallRequest, ToolInterceptor } from "./interceptor/types.js";
// Remote policy service: the HTTP backend (client), its wire protocol, and the policy server
export type { BackoffOptions } from "./policy/http/backoff.js";
export type { CircuitBreakerOptions, CircuitState } from "./policy/http/circuit-breaker.js";
export type { ReplicaOptions } from "./policy/http/replica-set.js";
export {
  CHECK_INPUT_PATH,
  CHECK_OUTPUT_PATH,
  type WireAnswer,
  type WireAnswerExtension,
  type WireErrorAnswer,
  type WireExfiltrationInfo,
  type WireInputRequest,
  type WireOutputRequest,
  type WirePolicyMatch,
  type WireRequestExtension,
} from "./policy/http/wire-types.js";
export {
  type HttpPolicyAuth,
  HttpPolicyBackend,
  type HttpPolicyBackendOptions,
} from "./policy/http-backend.js";
export {
  createPolicyServer,
  type PolicyServer,
  type PolicyServerMetricsOptions,
  type PolicyServerOptions,
} from "./server/create-policy-server.js";
export type { HandleEntry, HandleSealing } from "./shared/handles.js";
// Policy backends
export type {
  CallToolResult,
  Finding,
  InputCheckRequest,
  InputDecision,
  JsonObject,
  JsonValue,
  MonitorOutcome,
  OutputCheckRequest,
  OutputDecision,
  PolicyBackend,
  PolicyDecision,
  ReviewRequirement,
  RunContext,
  ToolDescriptor,
} from "./shared/types.js";
export { assertCallToolResult } from "./shared/validate-result.js";
export type { FindingKind, RuleKind } from "./shared/vocabulary.js";
// OpenTelemetry attribute names and the instrumentation scope (for views and dashboards)
export { ATTR as TELEMETRY_ATTRIBUTES, INSTRUMENTATION_NAME } from "./telemetry/check-telemetry.js";
