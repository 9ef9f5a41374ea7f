import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { maskCpfRuns } from '@/lib/personal-data-mask';

/**
 * What support needs and the operator does not (the HTTP status, the operation, the shape of the
 * provider's answer), folded away under "Detalhes técnicos" with a button that copies it for a support
 * ticket. The message above it stays in the operator's words. Nothing here holds a token or personal
 * data: the lines are built from path templates and the provider's Error object without its texts
 * (describeApiError), and any CPF-like digit run left in a line is masked here, whatever built it.
 */
export function TechnicalDetails({ lines }: { lines: readonly string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  if (lines.length === 0) return null;
  const text = lines.map(maskCpfRuns).join('\n');
  return (
    <Box component="details" sx={{ mt: 1, '& summary': { cursor: 'pointer' } }}>
      <Box component="summary">{t('errors.technical.summary')}</Box>
      <TechnicalText>{text}</TechnicalText>
      <Button
        size="small"
        color="inherit"
        sx={{ mt: 0.5 }}
        onClick={() =>
          // Refused without focus or permission: the text stays selectable in the box above.
          void navigator.clipboard.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('errors.technical.copied') : t('errors.technical.copy')}
      </Button>
    </Box>
  );
}

/**
 * Text for support (a status line, the provider's raw answer, the request body): monospace, wrapped
 * rather than scrolled sideways, so a narrow screen reads it whole with no scroll area to reach.
 */
export function TechnicalText({ children }: { children: ReactNode }) {
  return (
    <Box
      component="pre"
      sx={{
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        m: 0,
        mt: 1,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      {children}
    </Box>
  );
}
