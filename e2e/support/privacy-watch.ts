/**
 * The values a test must never find outside memory: tokens, CPFs, names. The `privacy` fixture gives
 * every test one; the test registers what it types or receives, and the runtime guard
 * (runtime-guard.ts) sweeps URLs, titles, storage, cookies and history.state for them after the test.
 */
import { SANDBOX_TOKENS } from './sandbox-sign-in';

/** Values that must never leave memory: the tokens, plus whatever a test registers (CPFs, names). */
export class PrivacyWatch {
  readonly secrets = new Set<string>(SANDBOX_TOKENS);
  readonly allowedRequestUrls: RegExp[] = [];
  watch(value: string) {
    this.secrets.add(value);
  }
  /**
   * Values that pass through a URL once by protocol (an OAuth authorisation code on the callback) and
   * must be gone afterwards: swept in storage, history.state and the final address, not in past URLs.
   */
  readonly transient = new Set<string>();
  watchTransient(value: string) {
    this.transient.add(value);
  }
  /**
   * Request URLs the interface itself fills with personal data (the status lookup's
   * `/v1/cards/request/{document}/` carries the CPF by contract), left out of the URL sweep. Page URLs,
   * titles and storage are still swept.
   */
  allowInRequestUrl(pattern: RegExp) {
    this.allowedRequestUrls.push(pattern);
  }
  /** The sandbox's status lookups (any of its stores), whose path carries the CPF by contract. */
  allowStatusLookups() {
    this.allowInRequestUrl(STATUS_LOOKUP_URL);
  }
}

/**
 * `/v1/cards/request/{document}/` on the e2e sandbox: the root, a profile's or a lane's store; with paging
 * parameters at most (names and numbers of up to 6 digits, too short to hold a CPF).
 */
const STATUS_LOOKUP_URL =
  /^http:\/\/127\.0\.0\.1:\d+(\/profiles\/[a-z0-9-]+)?(\/lanes\/[a-z0-9-]+)?\/api\/v1\/cards\/request\/\d{11}\/(\?[A-Za-z][\w.-]*=\d{1,6}(&[A-Za-z][\w.-]*=\d{1,6})*)?$/;
