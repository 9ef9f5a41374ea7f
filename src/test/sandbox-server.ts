/**
 * The sandbox as an msw/node server, for unit tests of src/api that need a provider to talk to (the
 * import boundary keeps src/api and the sandbox apart; src/test is the tests' side of it).
 */
export { createTestSandbox } from '@/sandbox/node';
