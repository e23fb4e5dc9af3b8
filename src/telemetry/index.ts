export {
  ATTR,
  type CheckAction,
  type CheckOutcome,
  type CheckPhase,
  type CheckSide,
  decisionOutcome,
  INSTRUMENTATION_NAME,
  traceCheck,
  traceDecision,
} from "./check-telemetry.js";
