/*
 * Player protection (COMPLIANCE.md): the gate every order passes, the limits players set for
 * themselves, and the operator's view of harm.
 */
export {
  assertAdult,
  assertCreditCardAllowed,
  assertMayBuy,
  buyerFailureMessage,
  DOB_NEEDED_MESSAGE,
  recordRefusal,
  suspensionMessage,
  UNDER_18_MESSAGE,
  type EntryCheck,
} from "./gate";
export { BREAK_PERIODS, closeAccount, getLimits, setLimit, takeBreak, type BreakPeriod, type LimitsView } from "./limits";
export { answerComplaint, playerSignals, restrictAccount } from "./harm-signals";
