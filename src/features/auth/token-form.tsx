import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { useAuthTranslation } from './texts';
import { LiveRegion } from '@/components/live-region';
import { TextInput } from '@/components/text-input';
import { useRuntimeConfig } from '@/config/config-context';
import { decodeJwtClaims } from '@/lib/jwt';
import { sandboxTokens } from './sandbox-tokens';
import { formatDateTime } from '@/lib/date-time-format';

interface TokenFormProps {
  submitLabel: string;
  /** `home`: where a sandbox token's person starts (an analyst on the status lookup). */
  onToken: (token: string, home?: string) => void;
  /** Extra actions beside the submit button (the re-auth dialog's "sign out"). */
  secondaryAction?: ReactNode;
  autoFocus?: boolean;
  /** A token was taken and the sign-in is under way: the submit button says so, and nothing more is taken. */
  pending?: boolean;
}

/**
 * Paste-a-token form shared by sign-in and re-authentication. The token never leaves memory: the field
 * is a text field, masked by style until "show" (no shoulder surfing), never a password field, which
 * browsers offer to save whatever `autocomplete` says; `autocomplete="off"` keeps it out of the form
 * history.
 *
 * The field is the truth (uncontrolled: the submission reads it, what a password manager or a paste put
 * there included). The form cannot submit itself as a plain HTML form (`method="dialog"` outside a
 * dialog submits nowhere), so a token can never reach an address, whatever runs or does not.
 */
export function TokenForm(props: TokenFormProps) {
  const { submitLabel, onToken, secondaryAction, autoFocus = false, pending = false } = props;
  const { t, i18n } = useAuthTranslation();
  const config = useRuntimeConfig();
  const fieldRef = useRef<HTMLInputElement>(null);
  // What the field holds, for the token's claims below; the submission reads the field itself.
  const [value, setValue] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Counts refused submits, so that the same error refused twice is said twice.
  const [refusals, setRefusals] = useState(0);
  const claimsId = useId();
  const trimmed = value.trim();
  const claims = trimmed ? decodeJwtClaims(trimmed) : null;
  // Read once per form: an expiry shown as "future" does not need to flip while the form is open.
  const [openedAt] = useState(() => Date.now());
  const expired = claims?.expiresAt != null && claims.expiresAt.getTime() < openedAt;
  const formatDate = (date: Date) => formatDateTime(date, i18n.language);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const token = (fieldRef.current?.value ?? value).trim();
    const refusal = !token ? t('auth.tokenRequired') : /\s/.test(token) ? t('auth.tokenHasSpaces') : null;
    if (refusal) {
      setError(refusal);
      setRefusals((count) => count + 1);
      return;
    }
    setError(null);
    onToken(token);
  };

  return (
    <Stack spacing={2}>
      <Box component="form" method="dialog" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextInput
            label={t('auth.tokenLabel')}
            name="token"
            type="text"
            // Masked by style (Chromium, WebKit, Firefox ≥ 126 read -webkit-text-security).
            sx={visible ? undefined : { '& input': { WebkitTextSecurity: 'disc' } }}
            inputRef={fieldRef}
            onChange={(event) => setValue(event.target.value)}
            shrinkLabel
            errorText={error}
            required
            fullWidth
            autoFocus={autoFocus}
            autoComplete="off"
            inputProps={{
              spellCheck: false,
              autoCapitalize: 'off',
              'aria-describedby': claims ? claimsId : undefined,
            }}
            endAdornment={
              <InputAdornment position="end">
                <IconButton
                  onClick={() => setVisible((shown) => !shown)}
                  aria-label={visible ? t('auth.hideToken') : t('auth.showToken')}
                  edge="end"
                >
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            }
          />
          {/* Focus stays in the field on a refused submit: the error is also said aloud. */}
          <LiveRegion
            politeness="assertive"
            serial={refusals}
            message={error ? `${t('auth.tokenLabel')}: ${error}` : null}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {secondaryAction}
            <Button type="submit" variant="contained">
              {pending ? t('auth.entering') : submitLabel}
            </Button>
          </Stack>
          {/* Below the button: a pasted token's claims appear under it, and nothing the operator is aiming
              at moves then. */}
          {claims ? (
            <Alert id={claimsId} severity={expired ? 'warning' : 'info'}>
              <strong>{t('auth.jwtInfo')}</strong>
              {claims.subject ? <div>{t('auth.jwtSubject', { subject: claims.subject })}</div> : null}
              <div>
                {claims.expiresAt === null
                  ? t('auth.jwtNoExpiry')
                  : expired
                    ? t('auth.jwtExpired', { date: formatDate(claims.expiresAt) })
                    : t('auth.jwtExpires', { date: formatDate(claims.expiresAt) })}
              </div>
              <div>
                {claims.scopes.length > 0
                  ? t('auth.jwtScopes', { scopes: claims.scopes.join(', ') })
                  : t('auth.jwtNoScopes')}
              </div>
            </Alert>
          ) : null}
        </Stack>
      </Box>
      {config.mode === 'sandbox' ? (
        <Box component="section" aria-labelledby={`${claimsId}-sandbox`}>
          <Typography id={`${claimsId}-sandbox`} variant="subtitle1" component="h2">
            {t('auth.sandboxTokensTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('auth.sandboxTokensIntro')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {sandboxTokens.map(({ token, labelKey, home }) => (
              <Button key={token} variant="outlined" onClick={() => pending || onToken(token, home)}>
                {t(labelKey)}
              </Button>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
