import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import type { Ref } from 'react';
import { fieldId, fieldLabel, useErrorMessage, type FieldProblem } from '../fields/form-fields';
import { focusField } from '../fields/row-list';
import { useCreditApplicationTranslation } from '../texts';

/**
 * The list of problems at the top of a step (GOV.UK error summary): it takes focus, each entry links to
 * its field and moves focus there (a field in a closed row opens its row first).
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
                focusField(problem.path);
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
