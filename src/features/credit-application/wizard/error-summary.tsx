import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import type { Ref } from 'react';
import { focusField } from './field-focus';
import { useCreditApplicationTranslation } from '../texts';
import { fieldId, fieldLabel, useErrorMessage } from './field-labels';
import type { FieldProblem } from './use-form-errors';

/**
 * The element the summary's link for `path` moves to: its input, or for an array's own error ("exactly
 * one mailing address") the first input that error describes.
 */
export function targetElement(path: string): HTMLElement | null {
  return (
    document.getElementById(fieldId(path)) ??
    document.querySelector<HTMLElement>(`[aria-describedby~="${fieldId(path)}-error"]`)
  );
}

/** In page order, so that the summary reads like the form. */
export function sortByPosition(problems: FieldProblem[]): FieldProblem[] {
  return [...problems].sort((a, b) => {
    const first = targetElement(a.path);
    const second = targetElement(b.path);
    if (!first || !second) return 0;
    return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/**
 * The list of problems at the top of a step (GOV.UK error summary): it takes focus, each entry links to
 * its field and moves focus there.
 */
export function ErrorSummary({
  problems,
  summaryRef,
}: {
  problems: FieldProblem[];
  summaryRef: Ref<HTMLDivElement>;
}) {
  const { t } = useCreditApplicationTranslation();
  const message = useErrorMessage();
  return (
    <Alert
      severity="error"
      ref={summaryRef}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      sx={{ mb: 3 }}
    >
      <AlertTitle id="error-summary-title" component="h3">
        {t('creditApplication.errors.summaryTitle', { count: problems.length })}
      </AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {problems.map((problem) => (
          <li key={problem.path}>
            <Link
              href={`#${fieldId(problem.path)}`}
              color="inherit"
              sx={{ display: 'inline-block', minHeight: 24, py: 0.25 }}
              onClick={(event) => {
                event.preventDefault();
                // A field in a closed row opens its row first.
                const target = targetElement(problem.path);
                if (target) focusField(target);
              }}
            >
              {fieldLabel(problem.path, t)}: {message(problem.code)}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
