/**
 * Kept for review-and-submit.tsx and submit-outcome.tsx while they are rewritten on another branch:
 * import from field-labels.ts instead, and remove this file once they do.
 */
export { fieldLabel } from './field-labels';
