/**
 * The old home of `fieldLabel`, still imported by review-and-submit.tsx and submit-outcome.tsx: new code
 * imports field-labels.ts. Remove this file once those two do.
 */
export { fieldLabel } from './field-labels';
