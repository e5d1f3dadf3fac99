export { requestPasswordReset, resetPassword, RESET_MAILS_PER_HOUR } from "./recovery";
export { confirmEmailLink, requestEmailChange, resendVerification } from "./verification";
export { endOtherSessions, endSession, listSessions, publicSessionId } from "./sessions";
export { getPreferences, setPreferences, unsubscribe, unsubscribeTokenFor } from "./preferences";
export { EXPORT_FILE_NAME, exportCustomerData } from "./export";
