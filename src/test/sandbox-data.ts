/**
 * The sandbox's seeded data for page tests, which may not import src/sandbox themselves (the import
 * boundary keeps features and the sandbox apart; src/test is the tests' side of it).
 */
export { seededAnalysisCpfs, seededCpfs } from '@/sandbox/seed';
