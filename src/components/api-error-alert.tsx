import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from '@/hooks/use-translation';
import { useRuntimeConfig } from '@/config/config-context';
import { describeApiError } from '@/api/describe-api-error';
import { TechnicalDetails } from './technical-details';

interface ApiErrorAlertProps {
  error: unknown;
  title: string;
  /** Shown as a "Tentar novamente" button when trying again may help. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed provider call, said plainly: what happened, the provider's own message, and what to do. */
export function ApiErrorAlert({ error, title, onRetry, retrying = false }: ApiErrorAlertProps) {
  const { t } = useTranslation();
  const { requestTimeoutMs } = useRuntimeConfig();
  const { summary, providerMessages, retryable, technical } = describeApiError(error, t, requestTimeoutMs);
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry && retryable ? (
          <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
            {t('errors.retry')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {/* Provider text, rendered as text (never as HTML). */}
      {providerMessages.map((message, index) => (
        <div key={`${index}:${message}`}>{message}</div>
      ))}
      <div>{summary}</div>
      <TechnicalDetails lines={technical} />
    </Alert>
  );
}
