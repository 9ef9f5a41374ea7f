/**
 * Last-resort error handling. Errors are counted in memory and never written to the console: their
 * messages could carry personal data (LGPD), and a back-office has no place to send them. Screens show
 * their own messages; route error boundaries catch render errors.
 */
let unexpectedErrors = 0;

export function reportError(): void {
  unexpectedErrors += 1;
}

export function unexpectedErrorCount(): number {
  return unexpectedErrors;
}

export function installGlobalErrorHandlers(): void {
  window.addEventListener('unhandledrejection', (event) => {
    reportError();
    event.preventDefault();
  });
}
